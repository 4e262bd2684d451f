// Issue 48, items 1, 2 and 7: the helper commands find a server on any port through the run dir
// it was started with (<run-dir>/server.json), `why` answers with the running server's state,
// and the errors name the fix. Against real spawned servers on ports the system picks (never
// 8080), the commands run through the real runCli in this process.
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findServer } from "../../src/client/findServer.js";
import { localRequest } from "../../src/client/localClient.js";
import { runCliInProcess } from "../cli/runCliInProcess.js";
import { catalogFixture, fixturesDir } from "../transports/catalog.js";
import { spawnServer, tempCatalog, type SpawnedServer } from "../reliability/spawnServer.js";

let server: SpawnedServer;
let temp: ReturnType<typeof tempCatalog>;
let client: Client;
let session: string;

const run = async (...args: string[]) => {
  const r = await runCliInProcess(...args);
  return { status: r.status ?? 0, stdout: r.stdout, stderr: r.stderr };
};

/** The message a command stops with (src/cli.ts prints it as `careem-mcp: <message>`, exit 1). */
const refusal = (...args: string[]) =>
  runCliInProcess(...args).then(
    (r) => `no refusal: ${JSON.stringify(r)}`,
    (err: Error) => err.message,
  );

beforeAll(async () => {
  temp = tempCatalog([catalogFixture, path.join(fixturesDir, "dashboard", "tools")], "careem-find-");
  server = await spawnServer({ toolsDir: temp.toolsDir, runDir: temp.runDir });
  const transport = new StreamableHTTPClientTransport(new URL(server.mcpUrl));
  client = new Client({ name: "find-server-test", version: "2.0.1" });
  await client.connect(transport);
  session = transport.sessionId as string;
}, 60_000);
afterAll(async () => {
  await client?.close();
  await server?.stop();
  temp?.remove();
});

describe("a server started from a run dir is found through it", () => {
  it("writes <run-dir>/server.json naming its port and pid", () => {
    const file = JSON.parse(fs.readFileSync(path.join(temp.runDir, "server.json"), "utf8")) as Record<string, unknown>;
    expect(file).toMatchObject({ url: server.baseUrl, host: "127.0.0.1", port: Number(new URL(server.baseUrl).port), pid: server.proc.pid });
  });

  it("sessions, with the client's name, and sessions --json", async () => {
    const r = await run("sessions", "--run-dir", temp.runDir);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain(`${session} http client="find-server-test 2.0.1" calls=`);
    const json = JSON.parse((await run("sessions", "--json", "--run-dir", temp.runDir)).stdout) as { sessions: { id: string; client: string }[] };
    expect(json.sessions.find((s) => s.id === session)?.client).toBe("find-server-test 2.0.1");
  });

  it("calls", async () => {
    await client.callTool({ name: "track_ride", arguments: { rideId: "ride_missing_7" } });
    const r = await run("calls", "--run-dir", temp.runDir, "--tool", "track_ride");
    expect(r.stdout).toContain('track_ride {"rideId":"ride_missing_7"} -> ride-not-found');
  });

  it("calls --json says it prints JSON Lines, and does", async () => {
    // Commander wraps help to the terminal's width: compared with its spaces folded.
    expect((await run("calls", "--help")).stdout.replace(/\s+/g, " ")).toContain("--json JSON Lines: one journal entry as a JSON object per line (not one JSON array)");
    const lines = (await run("calls", "--json", "--run-dir", temp.runDir)).stdout.trim().split("\n");
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty("tool");
  });

  it("scenario --session", async () => {
    const r = await run("scenario", "track_ride", "backend-crash", "--session", session, "--times", "1", "--run-dir", temp.runDir, "--tools", temp.toolsDir);
    expect(r.stdout).toBe(`track_ride: forcing scenario backend-crash for session ${session} for 1 call (clear with: ./careem-mcp.sh scenario track_ride --clear --session ${session})\n`);
    const cleared = await run("scenario", "track_ride", "--clear", "--session", session, "--run-dir", temp.runDir, "--tools", temp.toolsDir);
    expect(cleared.stdout).toBe(`track_ride: no longer forced for session ${session} (was backend-crash)\n`);
  });

  it("--port still wins over the run dir", async () => {
    expect(await refusal("sessions", "--run-dir", temp.runDir, "--port", "9")).toMatch(/^cannot reach a careem-mcp server at http:\/\/127\.0\.0\.1:9\/_local\/sessions \(.+\); start one with \.\/careem-mcp\.sh, or pass its --port$/);
  });

  it("a run dir without a running server is named in the error, with the fix", async () => {
    const empty = fs.mkdtempSync(path.join(temp.runDir, "empty-"));
    expect(await refusal("sessions", "--run-dir", empty, "--port", "9")).not.toContain("server.json");
    // A file left by a killed server names a pid that is gone: ignored, and said.
    fs.writeFileSync(path.join(empty, "server.json"), JSON.stringify({ url: "http://127.0.0.1:9", host: "127.0.0.1", port: 9, pid: 2 ** 22 + 17, startedAt: "2026-12-07T00:00:00Z" }));
    expect(await refusal("calls", "--run-dir", empty, "--host", "127.0.0.1", "--port", "9")).not.toContain("server.json");
    // The default port stands in for 8080 here (something on this machine may listen there).
    const at = findServer({ host: "127.0.0.1", port: 9, given: false, runDir: empty });
    expect(at).toMatchObject({ port: 9, found: "default" });
    await expect(localRequest(at, "GET", "/calls")).rejects.toThrow(`; ${path.join(empty, "server.json")} names process ${2 ** 22 + 17}, which is no longer running; start one with ./careem-mcp.sh, or pass --run-dir DIR of the server or its --port`);
  });
});

describe("why asks the running server, so its state counts", () => {
  it("a note just saved is already-saved for why, as for the next call", async () => {
    await client.callTool({ name: "save_note", arguments: { noteId: "n-why", text: "pick up at gate 2" } });
    const r = await run("why", "save_note", '{"noteId":"n-why","text":"again"}', "--run-dir", temp.runDir, "--tools", temp.toolsDir);
    expect(r.stdout.split("\n").at(-2)).toBe("answer: already-saved, state");
    expect(r.stderr).toBe(`why: asked the server at ${server.baseUrl} (run dir ${temp.runDir}): its state and the overrides file count\n`);
    const next = await client.callTool({ name: "save_note", arguments: { noteId: "n-why", text: "again" } });
    expect(next.structuredContent).toEqual({ saved: false, noteId: "n-why", reason: "ALREADY_SAVED" });
  });

  it("--files reads the files alone, and says so", async () => {
    const r = await run("why", "save_note", '{"noteId":"n-why","text":"again"}', "--files", "--run-dir", temp.runDir, "--tools", temp.toolsDir);
    expect(r.stdout.split("\n").at(-2)).toBe("answer: saved, the default");
  });
});

describe("token finds the server and names --auth when it is missing", () => {
  let authServer: SpawnedServer;
  let authTemp: ReturnType<typeof tempCatalog>;
  beforeAll(async () => {
    authTemp = tempCatalog(catalogFixture, "careem-find-auth-");
    authServer = await spawnServer({ toolsDir: authTemp.toolsDir, runDir: authTemp.runDir, args: ["--auth-auto-approve"] });
  }, 60_000);
  afterAll(async () => {
    await authServer?.stop();
    authTemp?.remove();
  });

  it("signs in against the run dir's server", async () => {
    const r = await run("token", "--run-dir", authTemp.runDir);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
  });

  it("against a server without --auth, says to start it with --auth", async () => {
    const r = await run("token", "--run-dir", temp.runDir);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`careem-mcp token: ${server.baseUrl} does not sign in (no protected resource metadata at /mcp: it runs without --auth, and its calls need no token); to sign in, start it with ./careem-mcp.sh --auth\n`);
  });

  it("a server stopped cleanly removes its server.json", async () => {
    expect(JSON.parse(fs.readFileSync(path.join(authTemp.runDir, "server.json"), "utf8"))).toMatchObject({ pid: authServer.proc.pid });
    await authServer.stop();
    expect(fs.existsSync(path.join(authTemp.runDir, "server.json"))).toBe(false);
  });
});
