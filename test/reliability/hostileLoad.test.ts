// Issue 45's numbered cases at a small scale: what a client sends must not take the server down
// or make it keep more than its bounds. Each case runs the real built server (spawned, loopback)
// with a small heap where memory is the question, so a structure that keeps what a client sent
// ends the process (V8's "Reached heap limit") instead of only growing it. The full scale of
// each case is `npm run soak:hostile` (scripts/soakHostile.mjs); docs/security.md lists the bounds.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { nestedText, openRawSession } from "./rawSession.js";
import { projectRoot, spawnServer, tempCatalog, type SpawnedServer } from "./spawnServer.js";

const HOSTILE = path.join(projectRoot, "test", "fixtures", "hostile");

let server: SpawnedServer | undefined;
let catalog: ReturnType<typeof tempCatalog> | undefined;

afterEach(async () => {
  await server?.stop();
  catalog?.remove();
  server = undefined;
  catalog = undefined;
});

async function start(opts: { heapMiB?: number; args?: string[] } = {}): Promise<SpawnedServer> {
  catalog = tempCatalog(HOSTILE);
  server = await spawnServer({
    toolsDir: catalog.toolsDir,
    runDir: catalog.runDir,
    args: opts.args,
    env: opts.heapMiB ? { NODE_OPTIONS: `--max-old-space-size=${opts.heapMiB}` } : {},
  });
  return server;
}


describe("hostile load (issue 45)", { timeout: 60_000 }, () => {
  it("item 1: 45 calls with distinct 1 MB schema-less strings leave a 48 MiB heap standing", async () => {
    // Before: remembered format verdicts and the journal's closest-miss finders kept every
    // string; the server died of its heap limit at about the 25th call.
    const s = await start({ heapMiB: 48 });
    const session = await openRawSession(s.mcpUrl);
    for (let i = 0; i < 45; i++) {
      const at = `2026-01-01T00:00:00Z${String(i).padStart(6, "0")}${"x".repeat(1_000_000)}`;
      const answer = await session.call("echo_note", JSON.stringify({ at, note: "n" }));
      expect((answer.result?.structuredContent?.at as string).length).toBe(at.length);
    }
    expect(s.proc.exitCode).toBeNull();
    expect((await fetch(`${s.baseUrl}/health`)).status).toBe(200);
  });

  it("item 2: arguments nested 5,000 deep answer normally with the dashboard's feed open, and /_local/calls answers 200", async () => {
    // Before: with a feed subscriber each such call answered -32603 "Maximum call stack size
    // exceeded", and GET /_local/calls answered 500 while one was in the ring.
    const s = await start();
    const feed = new AbortController();
    const events = await fetch(`${s.baseUrl}/_local/events`, { signal: feed.signal });
    const heard: string[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of events.body as unknown as AsyncIterable<Uint8Array>) heard.push(decoder.decode(chunk, { stream: true }));
    })().catch(() => undefined);
    const session = await openRawSession(s.mcpUrl);
    for (let i = 0; i < 20; i++) {
      const answer = await session.call("echo_note", `{"note":"n${i}","deep":${nestedText(5_000)}}`);
      expect(answer.error).toBeUndefined();
      expect(answer.result?.structuredContent?.chars).toBe(`n${i}`.length);
    }
    const calls = await fetch(`${s.baseUrl}/_local/calls`);
    expect(calls.status).toBe(200);
    const entries = ((await calls.json()) as { calls: { arguments: unknown }[] }).calls;
    expect(entries).toHaveLength(20);
    expect(entries[0]?.arguments).toEqual({ truncated: true, reason: "nested too deeply to write as JSON" });
    feed.abort();
    await reading;
    expect(heard.join("").match(/^event: call$/gm)).toHaveLength(20);
  });
});
