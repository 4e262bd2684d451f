// Writes parity/corpus/cases-2026.jsonl: the cases of the 2026-07-28 protocol era (stateless,
// SEP-2575) and of a stateless server's legacy handling, every one a list of raw HTTP steps with
// no session. Kept apart from cases.jsonl so the pinned profile's snapshots, replay and drift
// check stay exactly as they are; each profile records both files (parity/record.mjs), and a
// stateful profile's answers to these cases are how it refuses the new era.
//
// Reads cases.jsonl for the tool calls (each tool's scenarios and argument breakers as the main
// generator built them), so run generate.mjs first; it runs this at its end.
import fs from "node:fs";
import path from "node:path";
import { clientInfo } from "./protocol.mjs";

const here = import.meta.dirname;
export const era = "2026-07-28";
const json = "application/json";
const both = "application/json, text/event-stream";
const meta = (extra = {}) => ({
  "io.modelcontextprotocol/protocolVersion": era,
  "io.modelcontextprotocol/clientInfo": clientInfo,
  "io.modelcontextprotocol/clientCapabilities": {},
  ...extra,
});
const withMeta = (params = {}, m = meta()) => ({ ...params, _meta: { ...(params._meta ?? {}), ...m } });
/** The name header SEP-2575 asks for on the three named methods (what the body names). */
function nameOf(msg) {
  if (msg.method === "tools/call" || msg.method === "prompts/get") return msg.params?.name;
  if (msg.method === "resources/read") return msg.params?.uri;
  return undefined;
}
/** A POST as a 2026-07-28 client sends it: version header, Mcp-Method, Mcp-Name where named. `h` overrides or (null) removes headers. */
function post(msg, h = {}) {
  const headers = { "content-type": json, accept: both, "mcp-protocol-version": era };
  if (msg && !Array.isArray(msg) && typeof msg.method === "string") headers["mcp-method"] = msg.method;
  const name = msg && !Array.isArray(msg) ? nameOf(msg) : undefined;
  if (typeof name === "string") headers["mcp-name"] = name;
  for (const [k, v] of Object.entries(h)) v === null ? delete headers[k] : (headers[k] = v);
  return { method: "POST", headers, body: typeof msg === "string" ? msg : JSON.stringify(msg), session: "none" };
}
/** A legacy-era POST with no session: what a stateless server makes of it. */
function legacy(msg, version, h = {}) {
  const headers = { "content-type": json, accept: both, ...(version ? { "mcp-protocol-version": version } : {}), ...h };
  return { method: "POST", headers, body: JSON.stringify(msg), session: "none" };
}
const rpc = (id, method, params) => (params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
const call = (id, method, params = {}) => rpc(id, method, withMeta(params));

export function era2026Cases(baseCases) {
  const cases = [];
  const add = (name, steps) => cases.push({ transport: "http", name: `http/era-2026/${name}`, steps });

  // server/discover: the handshake's replacement, and every way its _meta or headers can be off.
  add("discover/plain", [post(call(1, "server/discover"))]);
  add("discover/id-string", [post(call("d-1", "server/discover"))]);
  add("discover/no-meta", [post(rpc(1, "server/discover", {}))]);
  add("discover/no-params", [post(rpc(1, "server/discover"))]);
  add("discover/no-version-header", [post(call(1, "server/discover"), { "mcp-protocol-version": null })]);
  add("discover/legacy-version-header", [post(call(1, "server/discover"), { "mcp-protocol-version": "2025-06-18" })]);
  add("discover/header-2099", [post(call(1, "server/discover"), { "mcp-protocol-version": "2099-01-01" })]);
  add("discover/meta-2099", [post(rpc(1, "server/discover", withMeta({}, meta({ "io.modelcontextprotocol/protocolVersion": "2099-01-01" }))), { "mcp-protocol-version": "2099-01-01" })]);
  add("discover/meta-legacy-version", [post(rpc(1, "server/discover", withMeta({}, meta({ "io.modelcontextprotocol/protocolVersion": "2025-06-18" }))))]);
  add("discover/missing-capabilities", [post(rpc(1, "server/discover", { _meta: { "io.modelcontextprotocol/protocolVersion": era, "io.modelcontextprotocol/clientInfo": clientInfo } }))]);
  add("discover/missing-clientInfo", [post(rpc(1, "server/discover", { _meta: { "io.modelcontextprotocol/protocolVersion": era, "io.modelcontextprotocol/clientCapabilities": {} } }))]);
  add("discover/clientInfo-string", [post(rpc(1, "server/discover", withMeta({}, meta({ "io.modelcontextprotocol/clientInfo": "parity" }))))]);
  add("discover/capabilities-array", [post(rpc(1, "server/discover", withMeta({}, meta({ "io.modelcontextprotocol/clientCapabilities": [] }))))]);
  add("discover/version-number", [post(rpc(1, "server/discover", withMeta({}, meta({ "io.modelcontextprotocol/protocolVersion": 20260728 }))))]);
  add("discover/no-method-header", [post(call(1, "server/discover"), { "mcp-method": null })]);
  add("discover/method-header-mismatch", [post(call(1, "server/discover"), { "mcp-method": "tools/list" })]);
  add("discover/method-header-case", [post(call(1, "server/discover"), { "mcp-method": "Server/Discover" })]);
  add("discover/with-log-level", [post(call(1, "server/discover", { _meta: { "io.modelcontextprotocol/logLevel": "debug" } }))]);
  add("discover/with-bogus-session", [{ ...post(call(1, "server/discover")), session: "bogus" }]);
  add("discover/legacy-no-meta-legacy-header", [legacy(rpc(1, "server/discover", {}), "2025-06-18")]);
  add("discover/notification", [post({ jsonrpc: "2.0", method: "server/discover", params: withMeta({}) })]);

  // Listing and reading, with the headers right and then wrong one at a time.
  for (const [m, slug] of [["tools/list", "tools-list"], ["resources/list", "resources-list"], ["resources/templates/list", "resources-templates-list"], ["prompts/list", "prompts-list"]]) {
    add(`${slug}/plain`, [post(call(2, m))]);
    add(`${slug}/no-method-header`, [post(call(2, m), { "mcp-method": null })]);
    add(`${slug}/method-header-mismatch`, [post(call(2, m), { "mcp-method": "server/discover" })]);
    add(`${slug}/no-meta`, [post(rpc(2, m, {}))]);
    add(`${slug}/meta-version-mismatch`, [post(rpc(2, m, withMeta({}, meta({ "io.modelcontextprotocol/protocolVersion": "2025-11-25" }))))]);
  }
  add("tools-list/cursor-bogus", [post(call(2, "tools/list", { cursor: "not-a-cursor" }))]);
  add("tools-list/no-version-header", [post(call(2, "tools/list"), { "mcp-protocol-version": null })]);
  add("tools-list/header-2099", [post(rpc(2, "tools/list", withMeta({}, meta({ "io.modelcontextprotocol/protocolVersion": "2099-01-01" }))), { "mcp-protocol-version": "2099-01-01" })]);
  add("tools-list/missing-capabilities", [post(rpc(2, "tools/list", { _meta: { "io.modelcontextprotocol/protocolVersion": era } }))]);
  add("tools-list/log-level-debug", [post(call(2, "tools/list", { _meta: { "io.modelcontextprotocol/logLevel": "debug" } }))]);
  const widget = "ui://careem-mcp-app";
  add("resources-read/widget", [post(call(3, "resources/read", { uri: widget }))]);
  add("resources-read/widget-no-name-header", [post(call(3, "resources/read", { uri: widget }), { "mcp-name": null })]);
  add("resources-read/widget-name-mismatch", [post(call(3, "resources/read", { uri: widget }), { "mcp-name": "ui://other" })]);
  add("resources-read/unknown", [post(call(3, "resources/read", { uri: "ui://nothing-here" }))]);
  add("resources-read/missing-uri", [post(call(3, "resources/read", {}))]);
  add("resources-read/uri-number", [post(call(3, "resources/read", { uri: 7 }), { "mcp-name": "7" })]);
  add("prompts-get/unknown", [post(call(4, "prompts/get", { name: "nothing" }))]);
  add("prompts-get/no-name-header", [post(call(4, "prompts/get", { name: "nothing" }), { "mcp-name": null })]);
  add("completion/complete", [post(call(5, "completion/complete", { ref: { type: "ref/prompt", name: "x" }, argument: { name: "a", value: "" } }))]);

  // Methods the new era removed, and methods nobody has.
  add("removed/initialize", [post(rpc(1, "initialize", withMeta({ protocolVersion: era, capabilities: {}, clientInfo })))]);
  add("removed/ping", [post(call(2, "ping"))]);
  add("removed/logging-setLevel", [post(call(2, "logging/setLevel", { level: "debug" }))]);
  add("removed/resources-subscribe", [post(call(2, "resources/subscribe", { uri: widget }))]);
  add("removed/resources-unsubscribe", [post(call(2, "resources/unsubscribe", { uri: widget }))]);
  add("removed/notifications-initialized", [post({ jsonrpc: "2.0", method: "notifications/initialized" })]);
  add("method/unknown", [post(call(2, "foo/bar"))]);
  add("method/unknown-no-meta", [post(rpc(2, "foo/bar", {}))]);
  add("method/empty", [post(call(2, ""), { "mcp-method": null })]);
  add("method/notification-cancelled", [post({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 9 } })]);
  add("method/subscriptions-listen", [{ ...post(call(2, "subscriptions/listen", {})), streamMs: 300 }]);

  // Tool calls: each tool's first three scenarios and its first argument breaker, as the main
  // corpus generated them, re-sent as 2026-07-28 requests; then the header checks on one tool.
  const byTool = new Map();
  for (const c of baseCases) {
    const m = /^http\/tools-call\/([a-z_]+)\/(.+)$/.exec(c.name);
    if (!m || !c.messages) continue;
    const list = byTool.get(m[1]) ?? { scenarios: [], breakers: [] };
    (m[2].startsWith("scenario-") ? list.scenarios : list.breakers).push({ rest: m[2], msg: c.messages.find((x) => x.method === "tools/call") });
    byTool.set(m[1], list);
  }
  for (const [tool, { scenarios, breakers }] of [...byTool].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const s of scenarios.slice(0, 3)) add(`tools-call/${tool}/${s.rest}`, [post(call(s.msg.id, "tools/call", s.msg.params))]);
    const br = breakers.find((b) => b.rest.includes("/") && b.msg);
    if (br) add(`tools-call/${tool}/${br.rest}`, [post(call(br.msg.id, "tools/call", br.msg.params))]);
  }
  const some = { name: "get_wallet_balance", arguments: {} };
  add("tools-call/headers/no-name-header", [post(call(6, "tools/call", some), { "mcp-name": null })]);
  add("tools-call/headers/name-mismatch", [post(call(6, "tools/call", some), { "mcp-name": "get_ride_status" })]);
  add("tools-call/headers/name-case", [post(call(6, "tools/call", some), { "mcp-name": "Get_Wallet_Balance" })]);
  add("tools-call/headers/no-method-header", [post(call(6, "tools/call", some), { "mcp-method": null })]);
  add("tools-call/headers/method-mismatch", [post(call(6, "tools/call", some), { "mcp-method": "tools/list" })]);
  add("tools-call/headers/no-version-header", [post(call(6, "tools/call", some), { "mcp-protocol-version": null })]);
  add("tools-call/headers/legacy-version-header", [post(call(6, "tools/call", some), { "mcp-protocol-version": "2025-06-18" })]);
  add("tools-call/unknown-tool", [post(call(6, "tools/call", { name: "no_such_tool", arguments: {} }))]);
  add("tools-call/no-meta", [post(rpc(6, "tools/call", some))]);
  add("tools-call/arguments-absent", [post(call(6, "tools/call", { name: "get_wallet_balance" }))]);
  add("tools-call/name-number", [post(call(6, "tools/call", { name: 5, arguments: {} }), { "mcp-name": "5" })]);
  add("tools-call/progress-token", [post(call(6, "tools/call", { ...some, _meta: { progressToken: "p-1" } }))]);

  // The transport around it: methods, Accept, Content-Type, batches, bodies, session headers.
  add("transport/get", [{ method: "GET", headers: { accept: "text/event-stream", "mcp-protocol-version": era }, session: "none", streamMs: 300 }]);
  add("transport/get-with-session", [{ method: "GET", headers: { accept: "text/event-stream", "mcp-protocol-version": era }, session: "bogus", streamMs: 300 }]);
  add("transport/delete", [{ method: "DELETE", headers: { "mcp-protocol-version": era }, session: "none" }]);
  add("transport/delete-with-session", [{ method: "DELETE", headers: { "mcp-protocol-version": era }, session: "bogus" }]);
  add("transport/head", [{ method: "HEAD", headers: { "mcp-protocol-version": era }, session: "none" }]);
  add("transport/put", [{ ...post(call(2, "tools/list")), method: "PUT" }]);
  add("transport/accept-json-only", [post(call(2, "tools/list"), { accept: json })]);
  add("transport/accept-sse-only", [post(call(2, "tools/list"), { accept: "text/event-stream" })]);
  add("transport/content-type-text", [post(call(2, "tools/list"), { "content-type": "text/plain" })]);
  add("transport/batch-one", [post([call(2, "tools/list")], { "mcp-method": "tools/list" })]);
  add("transport/batch-empty", [post([])]);
  add("transport/body-empty", [post("")]);
  add("transport/body-malformed", [post('{"jsonrpc":"2.0","id":2,"method":')]);
  add("transport/response-object", [post({ jsonrpc: "2.0", id: 9, result: {} })]);
  add("transport/bogus-session-tools-list", [{ ...post(call(2, "tools/list")), session: "bogus" }]);
  add("transport/duplicate-id-string", [post(call("same", "tools/list"))]);
  add("transport/id-null", [post({ ...call(2, "tools/list"), id: null })]);

  // Legacy-era requests without a session: what a stateless server answers a client that never
  // initializes, or initializes and then sends no Mcp-Session-Id.
  for (const v of [undefined, "2025-03-26", "2025-06-18", "2025-11-25"]) {
    const tag = v ?? "no-version-header";
    add(`legacy/${tag}/tools-list`, [legacy(rpc(2, "tools/list", {}), v)]);
    add(`legacy/${tag}/tools-call`, [legacy(rpc(3, "tools/call", some), v)]);
    add(`legacy/${tag}/ping`, [legacy(rpc(4, "ping"), v)]);
  }
  add("legacy/initialize", [legacy(rpc(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo }), undefined)]);
  add("legacy/initialize-2025-11-25", [legacy(rpc(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo }), undefined)]);
  add("legacy/initialize-asks-2026", [legacy(rpc(1, "initialize", { protocolVersion: era, capabilities: {}, clientInfo }), undefined)]);
  add("legacy/initialize-then-tools-list", [legacy(rpc(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo }), undefined), legacy({ jsonrpc: "2.0", method: "notifications/initialized" }, "2025-06-18"), legacy(rpc(2, "tools/list", {}), "2025-06-18")]);
  add("legacy/resources-read-widget", [legacy(rpc(3, "resources/read", { uri: widget }), "2025-06-18")]);
  add("legacy/logging-setLevel", [legacy(rpc(3, "logging/setLevel", { level: "debug" }), "2025-06-18")]);
  add("legacy/discover", [legacy(rpc(3, "server/discover", {}), "2025-06-18")]);
  add("legacy/unknown-method", [legacy(rpc(3, "foo/bar", {}), "2025-06-18")]);
  add("legacy/bogus-session-ping", [{ ...legacy(rpc(4, "ping"), "2025-06-18"), session: "bogus" }]);
  add("legacy/header-2026-no-meta-ping", [legacy(rpc(4, "ping"), era)]);
  add("legacy/meta-2026-legacy-header", [legacy(rpc(2, "tools/list", withMeta({})), "2025-06-18")]);
  add("legacy/delete-with-session", [{ method: "DELETE", headers: { "mcp-protocol-version": "2025-06-18" }, session: "bogus" }]);
  add("legacy/get-with-session", [{ method: "GET", headers: { accept: "text/event-stream", "mcp-protocol-version": "2025-06-18" }, session: "bogus", streamMs: 300 }]);
  add("legacy/get-without-session", [{ method: "GET", headers: { accept: "text/event-stream" }, session: "none", streamMs: 300 }]);
  // A legacy version header, which every release accepts before it reads the body: with the
  // 2026-07-28 header v1.6.1 answers 400 before reading and the unread 5 MiB reset the
  // connection, so the recording depended on timing.
  add("legacy/body-oversized-5MiB", [{ ...legacy(rpc(2, "ping"), "2025-06-18"), oversize: 5 * 1024 * 1024 }]);
  add("legacy/batch-2025-03-26", [{ ...legacy(rpc(2, "ping"), "2025-03-26"), body: JSON.stringify([rpc(2, "ping")]) }]);

  const names = new Set();
  for (const c of cases) {
    if (names.has(c.name)) throw new Error(`duplicate case name ${c.name}`);
    names.add(c.name);
  }
  return cases;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = fs.readFileSync(path.join(here, "cases.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  const cases = era2026Cases(base);
  fs.writeFileSync(path.join(here, "cases-2026.jsonl"), cases.map((c) => JSON.stringify(c)).join("\n") + "\n");
  console.log(`parity corpus (2026-07-28 era): ${cases.length} cases`);
}
