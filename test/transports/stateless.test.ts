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
import { rawHttp } from "./rawHttp.js";

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
  it("refuses --stateless on a release whose Stateless mode is measured but not served, and releases with no profile", async () => {
    const later = await runCliInProcess("--go-sdk", "1.8.0", "--stateless", "--port", "0");
    expect(later.status).toBe(USAGE_STATUS);
    expect(later.stderr).toContain("--stateless with --go-sdk 1.8.0 is measured (parity/profiles/v1.8.0-stateless) but not served yet; --stateless serves 1.6.1");
    const other = await runCliInProcess("--go-sdk", "2.0.0", "--check");
    expect(other.status).toBe(USAGE_STATUS);
    expect(other.stderr).toContain('--go-sdk "2.0.0": the releases are 1.6.1 (production\'s today), 1.7.0 and 1.8.0 (partly: see docs/configuration.md)');
  });
});
