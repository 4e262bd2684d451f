// The /mcp fast path (src/server/http/fastPath/) must be invisible: for every request it answers,
// the bytes on the wire are the ones the SDK's transport sends. Each request goes twice on a
// raw socket, once as the fast path takes it (Content-Type exactly application/json) and once
// with a charset parameter, which the fast path leaves to the SDK and the SDK accepts alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaults } from "../../src/config.js";
import { fastPathStats } from "../../src/server/http/fastPath/answerFast.js";
import { listenHttp, type HttpHost } from "../../src/server/http/http.js";
import fs from "node:fs";
import path from "node:path";
import { copyCatalog, fixturesDir, type TempCatalog } from "./catalog.js";
import { initializeBody, mcpHeaders, rawExchange, rawHttp, sseMessages } from "./rawHttp.js";

let catalog: TempCatalog;
let host: HttpHost;
let session: string;
const logLines: string[] = [];

beforeAll(async () => {
  catalog = copyCatalog();
  // A tool whose scenario declares dynamics (a delay, progress): the SDK path plays them.
  fs.mkdirSync(path.join(catalog.dir, "conformance"), { recursive: true });
  fs.copyFileSync(path.join(fixturesDir, "conformance-tools", "conformance", "test_tool_with_progress.md"), path.join(catalog.dir, "conformance", "test_tool_with_progress.md"));
  host = await listenHttp({ ...defaults, port: 0, toolsDir: catalog.dir, runDir: catalog.runDir }, { log: (line: string) => void logLines.push(line) });
  await host.ready;
  const init = await rawHttp(host.baseUrl, { method: "POST", path: "/mcp", headers: mcpHeaders, body: initializeBody() });
  session = init.headers["mcp-session-id"] as string;
  await rawHttp(host.baseUrl, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, "mcp-session-id": session }, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
});

afterAll(async () => {
  await host.close();
  catalog.remove();
});

/** A whole HTTP/1.1 answer with Content-Length, or a chunked one up to its last chunk. */
function whole(bytes: string): boolean {
  const end = bytes.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const length = /\r\ncontent-length: (\d+)\r\n/i.exec(bytes.slice(0, end + 2));
  if (length) return Buffer.byteLength(bytes.slice(end + 4)) >= Number(length[1]);
  return bytes.endsWith("\r\n0\r\n\r\n");
}

async function exchange(body: string, contentType: string, extra: Record<string, string> = {}): Promise<string> {
  const headers = { Host: `127.0.0.1:${host.port}`, "Content-Type": contentType, Accept: "application/json, text/event-stream", "mcp-session-id": session, "mcp-protocol-version": "2025-06-18", ...extra };
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("");
  const answer = await rawExchange(host.port, `POST /mcp HTTP/1.1\r\n${head}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, whole);
  return answer.replace(/\r\nDate: [^\r]*/, "\r\nDate: <date>");
}

const call = (id: unknown, params: unknown) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params });

const answered: [string, string][] = [
  ["a success with Go escaping", call(1, { name: "track_ride", arguments: { rideId: "ride_1" } })],
  ["a business failure", call(2, { name: "track_ride", arguments: { rideId: "ride_missing_9" } })],
  ["a json error string", call(3, { name: "track_ride", arguments: { rideId: "timeout" } })],
  ["a json error object", call(4, { name: "track_ride", arguments: { rideId: "crash" } })],
  ["an argument validation failure", call(5, { name: "track_ride", arguments: { rideId: 5 } })],
  ["missing arguments", call(6, { name: "track_ride" })],
  ["null arguments", call(7, { name: "track_ride", arguments: null })],
  ["an unknown tool (JSON-RPC error)", call("eight", { name: "no_such_tool", arguments: {} })],
  ["a name that is not a string", call(9, { name: 42 })],
  ["a string id with quotes and unicode", call('id "ü" \u2028', { name: "track_ride", arguments: { rideId: "ride_2" } })],
  ["a plain _meta", call(10, { name: "track_ride", arguments: { rideId: "ride_3" }, _meta: { trace: "x" } })],
  ["arguments with __proto__ and constructor keys", '{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"track_ride","arguments":{"rideId":"r","__proto__":{"x":1},"constructor":2}}}'],
  ["tools/list", JSON.stringify({ jsonrpc: "2.0", id: 12, method: "tools/list", params: {} })],
  ["tools/list without params", JSON.stringify({ jsonrpc: "2.0", id: 13, method: "tools/list" })],
];

describe("the /mcp fast path answers byte for byte as the SDK transport does", () => {
  it.each(answered)("%s", async (_label, body) => {
    const before = fastPathStats.answered;
    const fast = await exchange(body, "application/json");
    expect(fastPathStats.answered, "the fast path answered").toBe(before + 1);
    const viaSdk = await exchange(body, "application/json; charset=utf-8");
    expect(fastPathStats.answered, "the SDK answered").toBe(before + 1);
    expect(fast).toBe(viaSdk);
    expect(fast).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  const declined: [string, string, Record<string, string>?][] = [
    ["a batch", `[${call(20, { name: "track_ride", arguments: { rideId: "a" } })}]`],
    ["a task-augmented call", call(21, { name: "track_ride", arguments: { rideId: "a" }, task: { ttl: 1000 } })],
    ["a progress token", call(22, { name: "track_ride", arguments: { rideId: "a" }, _meta: { progressToken: "p" } })],
    ["a fractional id", call(23.5, { name: "track_ride", arguments: { rideId: "a" } })],
    ["an extra top-level key", '{"jsonrpc":"2.0","id":24,"method":"tools/call","params":{"name":"track_ride"},"extra":1}'],
    ["params that are an array", call(25, ["track_ride"])],
    ["a tools/list cursor", JSON.stringify({ jsonrpc: "2.0", id: 26, method: "tools/list", params: { cursor: "x" } })],
    ["an Accept without text/event-stream", call(27, { name: "track_ride", arguments: { rideId: "a" } }), { Accept: "application/json" }],
  ];
  it.each(declined)("leaves %s to the SDK", async (_label, body, extra) => {
    const before = fastPathStats.answered;
    await exchange(body, "application/json", extra);
    expect(fastPathStats.answered).toBe(before);
  });

  it("a tool whose scenarios declare dynamics is left to the SDK, which plays them", async () => {
    const before = fastPathStats.answered;
    const answer = await exchange(call(40, { name: "test_tool_with_progress", arguments: {}, _meta: { trace: "t" } }), "application/json");
    expect(fastPathStats.answered).toBe(before);
    const messages = sseMessages(answer.slice(answer.indexOf("\r\n\r\n") + 4).replace(/\r\n[0-9a-f]+\r\n/g, "\n")) as { id?: number; result?: unknown }[];
    expect(messages.find((m) => m.id === 40)?.result).toBeDefined();
    // The fast path looked at the tool and declined before deciding anything: one call, one log line.
    expect(logLines.filter((l) => l.startsWith("call ") && l.includes("test_tool_with_progress")).length).toBe(1);
  });

  it("a session at logging level debug gets its notification first: the SDK path answers", async () => {
    await exchange(JSON.stringify({ jsonrpc: "2.0", id: 30, method: "logging/setLevel", params: { level: "debug" } }), "application/json");
    const before = fastPathStats.answered;
    const answer = await exchange(call(31, { name: "track_ride", arguments: { rideId: "ride_4" } }), "application/json");
    expect(fastPathStats.answered).toBe(before);
    const messages = sseMessages(answer.slice(answer.indexOf("\r\n\r\n") + 4).replace(/\r\n[0-9a-f]+\r\n/g, "")) as { method?: string; id?: number }[];
    expect(messages.map((m) => m.method ?? m.id)).toEqual(["notifications/message", 31]);
    await exchange(JSON.stringify({ jsonrpc: "2.0", id: 32, method: "logging/setLevel", params: { level: "info" } }), "application/json");
  });
});
