// `record --upstream` against a real go-sdk server (the parity twin, serving a copy of the
// catalog and test/fixtures/record-probe): six calls through the spawned recording proxy with
// the SDK client, repeats among them; then the recorded files served by a normal local server
// answer the same six calls with the same content and structuredContent, text for text. The
// files pass the honesty check and hold no credential.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseToolFile } from "../../src/toolFile/parseToolFile.js";
import { runCliInProcess } from "../cli/runCliInProcess.js";
import { cli, spawnServer, type SpawnedServer } from "../reliability/spawnServer.js";
import { rawHttp } from "../transports/rawHttp.js";
import { RecordingTransport } from "../transports/recordingTransport.js";
import { copyCatalog, goHint, hasGo, projectRoot, startTwin, TWIN_BUILD_TIMEOUT_MS, type Twin } from "../upstream/twin.js";
import { missing } from "../dependencies.js";

const TOKEN = "tok-SECRET-abc123";
const CARD = "4111111111111111";

type Args = Record<string, unknown>;
const calls: [string, Args][] = [
  ["get_wallet_balance", {}],
  ["get_ride_status", { rideId: "ride_rec_1" }],
  ["get_ride_status", { rideId: "ride_rec_2" }],
  ["record_probe", { mode: "fail" }],
  ["record_probe", { mode: "echo", card: CARD, note: `sent with Bearer ${TOKEN}` }],
  ["record_probe", { mode: "Echo", tags: ["b", "a"] }],
];
/** Sent again while recording: each must be written once. */
const repeats = [0, 3, 4];

interface Answer {
  text: string;
  structured: string | undefined;
  isError: boolean;
}

/** One session of the SDK client; each answer as the server wrote it (key order included). */
async function callAll(url: string, list: [string, Args][]): Promise<{ answers: Answer[]; tools: string[] }> {
  const transport = new RecordingTransport(new StreamableHTTPClientTransport(new URL(url)));
  const client = new Client({ name: "record-test", version: "1" });
  await client.connect(transport);
  try {
    const tools = (await client.listTools()).tools.map((t) => t.name);
    const answers: Answer[] = [];
    for (const [name, args] of list) {
      const before = transport.received.length;
      await client.callTool({ name, arguments: args });
      const reply = transport.received.slice(before).find((m: JSONRPCMessage) => "result" in m) as unknown as { result: { content: { text: string }[]; structuredContent?: unknown; isError?: boolean } };
      answers.push({ text: reply.result.content[0]?.text ?? "", structured: reply.result.structuredContent === undefined ? undefined : JSON.stringify(reply.result.structuredContent), isError: reply.result.isError === true });
    }
    return { answers, tools };
  } finally {
    await client.close();
  }
}

function startRecorder(upstream: string, toolsDir: string): Promise<{ proc: ChildProcess; url: string; stderr: () => string; exited: Promise<number | null> }> {
  const proc = spawn(process.execPath, [cli, "record", "--upstream", upstream, "--tools", toolsDir, "--port", "0", "--header", `Authorization: Bearer ${TOKEN}`, "--redact", "card"], { cwd: projectRoot, stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  proc.stderr?.setEncoding("utf8");
  proc.stderr?.on("data", (c: string) => (err += c));
  // "close", not "exit": the last stderr lines may still be in the pipe when the process exits.
  const exited = new Promise<number | null>((resolve) => proc.once("close", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`recorder not ready:\n${err}`)), 20_000);
    proc.stderr?.on("data", () => {
      const m = /recording on (http:\/\/\S+\/mcp)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, url: m[1] as string, stderr: () => err, exited });
      }
    });
    void exited.then((code) => reject(new Error(`recorder exited (${code}):\n${err}`)));
  });
}

describe.skipIf(missing("Go", hasGo, goHint))("record --upstream a live go-sdk server", () => {
  let upstream: { root: string; toolsDir: string };
  let twin: Twin;
  let recordDir: string;
  let recorded: Answer[];
  let listedThrough: string[];
  let recorderLog: string;
  let recorderExit: number | null;
  let replayServer: SpawnedServer;
  let runDir: string;
  let hostRefusal: string;
  let otherPath: string;

  beforeAll(async () => {
    upstream = copyCatalog();
    fs.cpSync(path.join(projectRoot, "test", "fixtures", "record-probe"), upstream.toolsDir, { recursive: true });
    twin = await startTwin({ toolsDir: upstream.toolsDir });
    recordDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "recorded-")), "tools");
    const recorder = await startRecorder(twin.mcpUrl, recordDir);
    const host = await rawHttp(recorder.url.replace(/\/mcp$/, ""), { method: "POST", path: "/mcp", headers: { host: "evil.example", "content-type": "application/json" }, body: "{}" });
    expect(host.status).toBe(403);
    hostRefusal = host.body;
    const other = await rawHttp(recorder.url.replace(/\/mcp$/, ""), { path: "/health" });
    otherPath = `${other.status} ${other.body}`;
    const first = await callAll(recorder.url, [...calls, ...repeats.map((i) => calls[i] as [string, Args])]);
    recorded = first.answers.slice(0, calls.length);
    // The repeats answered as the first time (the upstream is deterministic for these).
    repeats.forEach((i, n) => expect(first.answers[calls.length + n]?.isError).toBe(recorded[i]?.isError));
    listedThrough = first.tools;
    recorder.proc.kill("SIGTERM");
    recorderExit = await recorder.exited;
    recorderLog = recorder.stderr();
    runDir = fs.mkdtempSync(path.join(os.tmpdir(), "replay-run-"));
    replayServer = await spawnServer({ toolsDir: recordDir, runDir });
  }, TWIN_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([twin?.stop(), replayServer?.stop()]);
    for (const dir of [upstream?.root, recordDir && path.dirname(recordDir), runDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers only /mcp, and only to loopback Host names", () => {
    expect(hostRefusal).toBe('{"jsonrpc":"2.0","error":{"code":-32000,"message":"Forbidden: Host header \\"evil.example\\" is not a loopback name (DNS rebinding protection)"},"id":null}');
    expect(otherPath).toBe(`404 {"jsonrpc":"2.0","error":{"code":-32000,"message":"Not Found: the recorder serves /mcp only (it forwards to ${twin.mcpUrl})"},"id":null}`);
  });

  it("proxies initialize and tools/list, and stops cleanly with every call on disk", () => {
    expect(listedThrough).toContain("record_probe");
    expect(listedThrough).toContain("get_wallet_balance");
    expect(recorderExit).toBe(0);
    expect(recorderLog).toContain("record: stopped; every recorded call is on disk");
    expect(recorderLog).not.toContain("WARNING");
    expect(recorded[3]).toEqual({ text: "probe failed for fail", structured: undefined, isError: true });
  });

  it("writes each distinct call once, the first answer of a new file as its default", () => {
    const scenarios = (tool: string) => parseToolFile(tool, fs.readFileSync(path.join(recordDir, "misc", `${tool}.md`), "utf8")).scenarios;
    expect(fs.readdirSync(path.join(recordDir, "misc")).sort()).toEqual(["get_ride_status.md", "get_wallet_balance.md", "record_probe.md"]);
    expect(scenarios("get_wallet_balance").map((s) => s.name)).toEqual(["get-wallet-balance-no-arguments", "default"]);
    expect(scenarios("get_ride_status").map((s) => s.name)).toEqual(["get-ride-status-rideid-ride-rec-2", "get-ride-status-rideid-ride-rec-1", "default"]);
    expect(scenarios("record_probe").map((s) => s.name)).toEqual(["record-probe-mode-echo-tags-b-a", "record-probe-card-redacted-mode-echo-note-sent-with-redacted", "record-probe-mode-fail", "default"]);
    expect(recorderLog.match(/already recorded as scenario/g)?.length).toBe(repeats.length);
    const status = scenarios("get_ride_status");
    expect(status[2]?.response?.value).toBe(status[1]?.response?.value);
  });

  it("keeps the Authorization token and redacted values out of every file", () => {
    const texts = fs.readdirSync(path.join(recordDir, "misc")).map((f) => fs.readFileSync(path.join(recordDir, "misc", f), "utf8"));
    for (const text of texts) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(CARD);
    }
    const probe = texts.join("\n");
    expect(probe).toContain('"card": "*"');
    expect(probe).toContain('"card": "[redacted]"');
    expect(probe).toContain('"note": "sent with [redacted]"');
  });

  it("passes the honesty check", async () => {
    const check = await runCliInProcess("check", "--tools", recordDir);
    expect(check.stdout).toBe("check: 3 tools, 9 scenarios, 0 problems: ok\n");
    expect(check.status).toBe(0);
  });

  it("answers the six calls from the recorded files as the upstream did, text for text", async () => {
    // The redacted call is replayed as the file holds it: the card matches any value, the
    // echoed credential only as "[redacted]".
    const replayCalls = calls.map(([name, args]): [string, Args] => [name, args.note ? { ...args, note: "sent with [redacted]" } : args]);
    const replayed = (await callAll(replayServer.mcpUrl, replayCalls)).answers;
    const scrub = (s: string | undefined) => s?.split(`Bearer ${TOKEN}`).join("[redacted]").split(CARD).join("[redacted]");
    for (let i = 0; i < calls.length; i++) {
      const want = recorded[i] as Answer;
      expect(replayed[i]).toEqual({ text: scrub(want.text), structured: scrub(want.structured), isError: want.isError });
    }
    // Only the call that carried secrets differs from what the client saw through the proxy.
    expect(replayed.map((a, i) => a.text === recorded[i]?.text)).toEqual([true, true, true, true, false, true]);
  });
});
