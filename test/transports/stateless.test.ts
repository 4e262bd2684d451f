// --stateless against a spawned server, as go-sdk v1.6.1's Stateless mode answers (measured by
// the parity twin, test/parity/profiles/v1.6.1-stateless/): calls need no initialize and no
// session, a session id is never looked up, GET is 405, DELETE needs a session id and gets 204,
// and the user's state carries from one POST to the next. Also the flags' refusals.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../cli/runCliInProcess.js";
import { projectRoot, spawnServer, type SpawnedServer } from "../reliability/spawnServer.js";
import { rawHttp, readStreamUntil } from "./rawHttp.js";

const USAGE_STATUS = 2;
const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
const post = (base: string, message: object, extra: Record<string, string> = {}) => rawHttp(base, { method: "POST", path: "/mcp", headers: { ...headers, ...extra }, body: JSON.stringify(message) });
const resultOf = (body: string) => JSON.parse(/^data: (.*)$/m.exec(body)?.[1] ?? "null") as { result?: { structuredContent?: Record<string, unknown> }; error?: unknown };

describe("--stateless", () => {
  let server: SpawnedServer;
  let runDir: string;
  beforeAll(async () => {
    runDir = fs.mkdtempSync(path.join(os.tmpdir(), "stateless-run-"));
    server = await spawnServer({ toolsDir: path.join(projectRoot, "tools"), runDir, args: ["--stateless"] });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(runDir, { recursive: true, force: true });
  });

  it("answers tools/call without initialize or a session, and never names a session then", async () => {
    const res = await post(server.baseUrl, { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_wallet_balance", arguments: {} } });
    expect(res.status).toBe(200);
    expect(res.headers["mcp-session-id"]).toBeUndefined();
    expect(resultOf(res.body).result?.structuredContent?.success).toBe(true);
  });

  it("serves an id it has never seen instead of 404, and names the given id on initialize", async () => {
    const ping = await post(server.baseUrl, { jsonrpc: "2.0", id: 2, method: "ping" }, { "mcp-session-id": "bogus" });
    expect(ping.status).toBe(200);
    expect(resultOf(ping.body)).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
    const init = await post(server.baseUrl, { jsonrpc: "2.0", id: 3, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }, { "mcp-session-id": "given-id" });
    expect(init.headers["mcp-session-id"]).toBe("given-id");
  });

  it("GET is 405 with Allow: POST; DELETE needs a session id, then 204", async () => {
    const get = await rawHttp(server.baseUrl, { path: "/mcp", headers: { accept: "text/event-stream", "mcp-session-id": "x" } });
    expect([get.status, get.headers.allow, get.body]).toEqual([405, "POST", "Method Not Allowed\n"]);
    const bare = await rawHttp(server.baseUrl, { method: "DELETE", path: "/mcp" });
    expect([bare.status, bare.body]).toEqual([400, "Bad Request: DELETE requires an Mcp-Session-Id header\n"]);
    const named = await rawHttp(server.baseUrl, { method: "DELETE", path: "/mcp", headers: { "mcp-session-id": "x" } });
    expect(named.status).toBe(204);
  });

  it("keeps the user's state from one POST to the next (state is the user's, not a session's)", async () => {
    const call = (id: number, name: string, args: object) => post(server.baseUrl, { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
    const opened = resultOf((await call(4, "add_grocery_items", { items: [{ product_id: "prd_200113", quantity: 2 }] })).body).result?.structuredContent;
    expect(opened?.basket_id).toMatch(/^bsk_/);
    const basket = resultOf((await call(5, "get_basket", { basket_id: opened?.basket_id })).body).result?.structuredContent as { items: { item_id: string; quantity: number }[] };
    expect(basket.items.map((l) => [l.item_id, l.quantity])).toEqual([["prd_200113", 2]]);
  });
});

describe("--go-sdk", () => {
  it("refuses a release with no profile", async () => {
    const other = await runCliInProcess("--go-sdk", "2.0.0", "--check");
    expect(other.status).toBe(USAGE_STATUS);
    expect(other.stderr).toContain('--go-sdk "2.0.0": the releases are 1.6.1 (production\'s today), 1.7.0 and 1.8.0');
  });
});

// --stateless --go-sdk 1.8.0: the 2026-07-28 era as go-sdk v1.8.0's Stateless mode answers it
// (measured: test/parity/profiles/v1.8.0-stateless/, parity/profiles/README.md).
const eraMeta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" }, "io.modelcontextprotocol/clientCapabilities": {} };
const eraHeaders = { "mcp-protocol-version": "2026-07-28" };
const serverInfo = { "io.modelcontextprotocol/serverInfo": { name: "careem-mcp-service", version: "v1.0.0" } };
const jsonBody = (body: string) => JSON.parse(body) as Record<string, unknown>;

/** One request, and what its answer must be: status, content type, and the JSON-RPC message. */
const eraRows: { what: string; method?: string; message?: object; headers?: Record<string, string>; status: number; type?: RegExp; check(message: Record<string, unknown>, body: string): void }[] = [
  {
    what: "server/discover lists every version and the capabilities, with resultType, serverInfo and the cache fields first",
    message: { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: eraMeta } },
    headers: { "mcp-method": "server/discover" },
    status: 200,
    type: /^text\/event-stream/,
    check: (m) => {
      expect(Object.keys(m.result as object)).toEqual(["resultType", "_meta", "ttlMs", "cacheScope", "supportedVersions", "capabilities"]);
      expect(m.result).toEqual({ resultType: "complete", _meta: serverInfo, ttlMs: 0, cacheScope: "public", supportedVersions: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"], capabilities: { logging: {}, resources: { listChanged: true }, tools: { listChanged: true } } });
    },
  },
  {
    what: "a list result carries resultType, serverInfo and ttlMs/cacheScope",
    message: { jsonrpc: "2.0", id: 2, method: "resources/templates/list", params: { _meta: eraMeta } },
    headers: { "mcp-method": "resources/templates/list" },
    status: 200,
    type: /^text\/event-stream/,
    check: (m) => expect(m.result).toEqual({ resultType: "complete", _meta: serverInfo, ttlMs: 0, cacheScope: "public", resourceTemplates: [] }),
  },
  {
    what: "a tools/call result carries resultType (last) and serverInfo, but no cache fields",
    message: { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "get_wallet_balance", arguments: {}, _meta: eraMeta } },
    headers: { "mcp-method": "tools/call", "mcp-name": "get_wallet_balance" },
    status: 200,
    type: /^text\/event-stream/,
    check: (m) => {
      const keys = Object.keys(m.result as object);
      expect(keys[0]).toBe("_meta");
      expect(keys.at(-1)).toBe("resultType");
      expect(keys).not.toContain("ttlMs");
      expect(keys).not.toContain("cacheScope");
    },
  },
  {
    what: "a Mcp-Method header that is not the body's method is -32020",
    message: { jsonrpc: "2.0", id: 4, method: "tools/list", params: { _meta: eraMeta } },
    headers: { "mcp-method": "server/discover" },
    status: 400,
    type: /^application\/json/,
    check: (m) => expect(m).toEqual({ jsonrpc: "2.0", id: 4, error: { code: -32020, message: "header mismatch: Mcp-Method header value 'server/discover' does not match body value 'tools/list'" } }),
  },
  {
    what: "a call without the _meta triple is -32602",
    message: { jsonrpc: "2.0", id: 5, method: "tools/list", params: {} },
    headers: { "mcp-method": "tools/list" },
    status: 400,
    type: /^application\/json/,
    check: (m) => expect(m).toEqual({ jsonrpc: "2.0", id: 5, error: { code: -32602, message: 'missing or invalid _meta field "io.modelcontextprotocol/protocolVersion"' } }),
  },
  {
    what: "a _meta version the server lacks is -32022 naming the supported and the requested",
    message: { jsonrpc: "2.0", id: 6, method: "tools/list", params: { _meta: { ...eraMeta, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } } },
    headers: { "mcp-protocol-version": "2099-01-01", "mcp-method": "tools/list" },
    status: 400,
    type: /^application\/json/,
    check: (m) => expect(m).toEqual({ jsonrpc: "2.0", id: 6, error: { code: -32022, message: "unsupported protocol version", data: { supported: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"], requested: "2099-01-01" } } }),
  },
  {
    what: "an unknown method is 404 -32601",
    message: { jsonrpc: "2.0", id: 7, method: "foo/bar", params: { _meta: eraMeta } },
    headers: { "mcp-method": "foo/bar" },
    status: 404,
    type: /^application\/json/,
    check: (m) => expect(m).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32601, message: 'JSON RPC not handled: "foo/bar" unsupported' } }),
  },
  {
    what: "ping, removed from the new protocol, is 404 -32601",
    message: { jsonrpc: "2.0", id: 8, method: "ping", params: { _meta: eraMeta } },
    headers: { "mcp-method": "ping" },
    status: 404,
    type: /^application\/json/,
    check: (m) => expect(m).toEqual({ jsonrpc: "2.0", id: 8, error: { code: -32601, message: 'method not found: "ping"' } }),
  },
  {
    what: "DELETE is 405 Allow: POST, with a session id or without",
    method: "DELETE",
    headers: { "mcp-session-id": "some-session" },
    status: 405,
    check: (_m, body) => expect(body).toBe("Method Not Allowed\n"),
  },
];

describe("--stateless --go-sdk 1.8.0 (the 2026-07-28 era)", () => {
  let server: SpawnedServer;
  let runDir: string;
  beforeAll(async () => {
    runDir = fs.mkdtempSync(path.join(os.tmpdir(), "stateless-era-run-"));
    server = await spawnServer({ toolsDir: path.join(projectRoot, "tools"), runDir, args: ["--stateless", "--go-sdk", "1.8.0", "--service-version", "v1.0.0"] });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(runDir, { recursive: true, force: true });
  });

  for (const row of eraRows) {
    it(row.what, async () => {
      const res = row.message
        ? await post(server.baseUrl, row.message, { ...eraHeaders, ...row.headers })
        : await rawHttp(server.baseUrl, { method: row.method ?? "POST", path: "/mcp", headers: { ...headers, ...eraHeaders, ...row.headers } });
      expect(res.status).toBe(row.status);
      if (row.type) expect(String(res.headers["content-type"])).toMatch(row.type);
      if (row.status === 405) expect(res.headers.allow).toBe("POST");
      // No answer names a session any more (v1.7.0 on), not even one a client sent.
      expect(res.headers["mcp-session-id"]).toBeUndefined();
      const message = row.type?.test("text/event-stream") ? (resultOf(res.body) as Record<string, unknown>) : row.type ? jsonBody(res.body) : {};
      row.check(message, res.body);
    });
  }

  // The bytes the v1.8.0 twin answered (measured 2026-12-02): the acknowledgement first, then the
  // result at once when nothing was agreed (no prompts capability, no resource subscriptions).
  it("subscriptions/listen acknowledges what it agreed to, tagged with the request id", async () => {
    const listen = (notifications: object) =>
      post(server.baseUrl, { jsonrpc: "2.0", id: 7, method: "subscriptions/listen", params: { _meta: eraMeta, notifications } }, { ...eraHeaders, "mcp-method": "subscriptions/listen" });
    const none = await listen({ promptsListChanged: true, resourceSubscriptions: ["ui://careem-mcp-app"] });
    expect(none.status).toBe(200);
    expect(none.body).toBe(
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":7},"notifications":{}}}\n\n' +
        'event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"careem-mcp-service","version":"v1.0.0"},"io.modelcontextprotocol/subscriptionId":7}}}\n\n',
    );
    // Agreed to: the stream stays open after the acknowledgement (no result within 1.5 s), until
    // the client goes.
    const open = readStreamUntil(
      server.baseUrl,
      { method: "POST", path: "/mcp", headers: { ...headers, ...eraHeaders, "mcp-method": "subscriptions/listen" }, body: JSON.stringify({ jsonrpc: "2.0", id: 8, method: "subscriptions/listen", params: { _meta: eraMeta, notifications: { toolsListChanged: true, resourcesListChanged: true } } }) },
      (t) => t.includes('"id":8,"result"'),
      1_500,
    );
    // The timeout's message quotes what the stream carried, JSON-escaped.
    await expect(open).rejects.toThrow('\\"notifications\\":{\\"toolsListChanged\\":true,\\"resourcesListChanged\\":true}');
  });

  it("answers initialize, a legacy request, without naming a session", async () => {
    const init = await post(server.baseUrl, { jsonrpc: "2.0", id: 9, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    expect(init.status).toBe(200);
    expect(init.headers["mcp-session-id"]).toBeUndefined();
    expect(resultOf(init.body).result).toMatchObject({ protocolVersion: "2025-06-18" });
  });
});
