// The built entry point as a process: the ready line, graceful shutdown, a clean stdio channel
// that ends with stdin, and broken tool files named in the log.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { defaults } from "../../src/config.js";
import { listenHttp } from "../../src/server/http/http.js";
import { copyCatalog, projectRoot, type TempCatalog } from "./catalog.js";
import { readStreamUntil } from "./rawHttp.js";
import { assertBuilt, cli } from "./transports.js";
import { serverNodeFlags } from "../../scripts/serverNodeFlags.mjs";

const catalogs: TempCatalog[] = [];
const children: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const catalog of catalogs.splice(0)) catalog.remove();
});

function spawnCli(args: string[]) {
  assertBuilt();
  const catalog = copyCatalog();
  catalogs.push(catalog);
  const child = spawn(process.execPath, [...serverNodeFlags, cli, ...args, "--tools", catalog.dir, "--run-dir", catalog.runDir], { cwd: projectRoot });
  children.push(child);
  let stderr = "";
  let stdout = "";
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, catalog, exited, stderr: () => stderr, stdout: () => stdout };
}

describe("HTTP process", () => {
  it("prints one ready line naming the /mcp and /sse URLs, and exits 0 on SIGTERM after closing streams", async () => {
    const proc = spawnCli(["--port", "0"]);
    await expect.poll(proc.stderr, { timeout: 15_000 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/mcp .*http:\/\/127\.0\.0\.1:\d+\/sse/);
    const base = /(http:\/\/127\.0\.0\.1:\d+)\/mcp/.exec(proc.stderr())![1]!;
    // SIGTERM once the stream is open; the server must end the stream itself (never `until`).
    let signalled = false;
    const stream = await readStreamUntil(
      base,
      { path: "/sse" },
      (text) => {
        if (!signalled && text.includes("event: endpoint")) signalled = proc.child.kill("SIGTERM");
        return false;
      },
      10_000,
    );
    expect(stream.text).toMatch(/^event: endpoint\n/);
    expect(await proc.exited).toBe(0);
    expect(proc.stdout()).toBe("");
  });
});

describe("stdio process", () => {
  it("speaks newline-delimited JSON-RPC on stdout, logs on stderr, and exits when stdin closes", async () => {
    const proc = spawnCli(["--stdio"]);
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };
    proc.child.stdin.write(`${JSON.stringify(init)}\n`);
    proc.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    proc.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "track_ride", arguments: { rideId: "ride_1" } } })}\n`);
    await expect.poll(() => proc.stdout().split("\n").length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const lines = proc.stdout().trimEnd().split("\n");
    expect(lines.map((l) => (JSON.parse(l) as { id: number }).id)).toEqual([1, 2]);
    expect(JSON.parse(lines[0]!)).toMatchObject({ result: { protocolVersion: "2024-11-05", serverInfo: { name: "careem-mcp-service" } } });
    proc.child.stdin.end();
    expect(await proc.exited).toBe(0);
    expect(proc.stderr()).toMatch(/call transport=stdio session=- tool="track_ride" scenario=on-the-way/);
  });
  it("at end of input answers every request already read, writes every answer, then exits 0", async () => {
    const proc = spawnCli(["--stdio"]);
    const script = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "pipe", version: "1" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "track_ride", arguments: { rideId: "ride_1" } } },
      { jsonrpc: "2.0", id: 4, method: "ping" },
    ];
    // As `printf ... | careem-mcp.sh --stdio` does: everything at once, then end of input.
    proc.child.stdin.end(script.map((m) => `${JSON.stringify(m)}\n`).join(""));
    expect(await proc.exited).toBe(0);
    const ids = proc.stdout().trimEnd().split("\n").map((l) => (JSON.parse(l) as { id: number }).id);
    expect(ids).toEqual([1, 2, 3, 4]);
  });
});

describe("stdio early initialize", () => {
  // A first-line initialize is answered before the engine's modules load (earlyInitialize.ts);
  // the same request as a later line is the session's to answer. Both must be the same bytes.
  const init = (id: number | string, protocolVersion: unknown) =>
    `${JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw", version: "1" } } })}\n`;
  it.each([
    ["a supported version", 1, "2025-11-25", "result"],
    ["an unknown version (answered 2025-11-25)", "one", "1999-01-01", "result"],
    // The go-sdk cannot unmarshal the params: its decoder's error, code 0 (parity twin).
    ["a version that is not a string", 3, 42, "error"],
  ])("%s: the early answer is the session's answer, byte for byte", async (_label, id, version, answer) => {
    const early = spawnCli(["--stdio"]);
    early.child.stdin.write(init(id, version));
    const late = spawnCli(["--stdio"]);
    // A notification first: the SDK is loaded and answers the initialize that follows.
    late.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n${init(id, version)}`);
    for (const proc of [early, late]) await expect.poll(() => proc.stdout().includes("\n"), { timeout: 15_000 }).toBe(true);
    expect(early.stdout()).toBe(late.stdout());
    if (answer === "result") expect(JSON.parse(early.stdout())).toMatchObject({ id, result: { serverInfo: { name: "careem-mcp-service" } } });
    else expect(JSON.parse(early.stdout())).toMatchObject({ id, error: { code: 0, message: expect.stringMatching(/^handling 'initialize': unmarshaling .* into Go struct field mcp\.initializeParamsV2\.protocolVersion of type string$/) } });
    for (const proc of [early, late]) proc.child.stdin.end();
    expect([await early.exited, await late.exited]).toEqual([0, 0]);
  });
});

describe("stdio parse errors", () => {
  it("a line that is not JSON gets the go-sdk decoder's words as a JSON-RPC parse error, and the session goes on", async () => {
    const proc = spawnCli(["--stdio"]);
    proc.child.stdin.write("{not json\n");
    proc.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" })}\n`);
    await expect.poll(() => proc.stdout().split("\n").length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const lines = proc.stdout().trimEnd().split("\n").sort();
    // Envelope in the go-sdk's order (jsonrpc, id, result), as the parity twin measured.
    expect(lines).toEqual(['{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"malformed payload: unmarshaling jsonrpc message: json: expected \'\\"\' at the beginning of a string value: not json"}}', '{"jsonrpc":"2.0","id":7,"result":{}}'].sort());
    proc.child.stdin.end();
    expect(await proc.exited).toBe(0);
  });
});

describe("broken tool files", () => {
  it("are logged as file:line: reason at start and the moment one appears", async () => {
    const catalog = copyCatalog();
    catalogs.push(catalog);
    fs.writeFileSync(catalog.file("rides/no_definition.md"), "---\ntool: no_definition\n---\n\n# no_definition\n\n## Scenario: only\n\n```json response\n{}\n```\n");
    const lines: string[] = [];
    const host = await listenHttp({ ...defaults, port: 0, toolsDir: catalog.dir, runDir: catalog.runDir }, { log: (l) => lines.push(l) });
    try {
      // The catalog loads in the background after listen; its problems are logged when it has.
      await host.ready;
      expect(lines.join("\n")).toMatch(/broken tool file \(left out of tools\/list\): \S*no_definition\.md:\d+: /);
      fs.writeFileSync(catalog.file("travel/bad_json.md"), "---\ntool: bad_json\n---\n\n## Scenario: x\n\n```json response\n{ nope\n```\n");
      await expect.poll(() => lines.join("\n"), { timeout: 10_000 }).toMatch(/broken tool file \(left out of tools\/list\): \S*bad_json\.md:\d+: /);
      expect(host.engine.listTools().map((t) => t.name)).toEqual(["offer_search", "track_ride"]);
    } finally {
      await host.close();
    }
  });
});
