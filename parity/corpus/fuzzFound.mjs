// Cases the differential fuzzer (parity/fuzz.mjs) found, each shrunk to its smallest form and
// kept here as a permanent case, so a difference fixed once stays fixed. Message cases run over
// HTTP and stdio, step cases (bytes and headers) over HTTP. Add what `npm run parity:fuzz`
// prints for a new finding, then `npm run parity:corpus` and record (docs/parity.md).
import { clientInfo } from "./protocol.mjs";

const json = "application/json";
const both = "application/json, text/event-stream";
const req = (id, method, params) => (params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
const init = { method: "POST", headers: { "content-type": json, accept: both }, body: JSON.stringify(req(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo })), session: "none" };
const initialized = { method: "POST", headers: { "content-type": json, accept: both }, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), session: "current", version: true };
const bytes = (hex) => ({ method: "POST", headers: { "content-type": json, accept: both }, bodyHex: hex, session: "current", version: true });
const text = (body) => ({ method: "POST", headers: { "content-type": json, accept: both }, body, session: "current", version: true });

/** Issue 46's five causes, and what the fuzzer found since, in the order found. */
export function fuzzFoundCases() {
  const messages = [];
  const steps = [];
  const add = (name, list, raw = false) => messages.push({ name: `fuzz/${name}`, messages: list, raw });
  const http = (name, list) => steps.push({ name: `fuzz/${name}`, steps: [init, initialized, ...list] });

  // 1. A body that starts with a UTF-8 byte-order mark: the decoder names its first byte, 'ï'.
  http("body-byte-order-mark", [bytes(Buffer.from('\ufeff{"jsonrpc":"2.0","id":2,"method":"ping"}', "utf8").toString("hex"))]);
  // A literal is compared whole by the go-sdk's decoder (segmentio/encoding).
  http("body-literal-cut", [text('{"jsonrpc":"2.0","id":2,"method":"ping","params":tré}')]);
  // 2. A `_meta` that is not an object: every params struct embeds Meta, a map.
  add("tools-call-meta-number", [req(2, "tools/call", { name: "get_ride_status", arguments: {}, _meta: 5 })]);
  add("ping-meta-string", [req(2, "ping", { _meta: "x" })]);
  add("resources-unsubscribe-meta-number", [req(2, "resources/unsubscribe", { uri: "ui://careem-mcp-app", _meta: 3 })]);
  // 3. `"params": null` where params are required: missing after unmarshalling.
  add("prompts-get-params-null", [req(2, "prompts/get", null)]);
  add("tools-call-params-null", [req(2, "tools/call", null)]);
  add("logging-setLevel-params-null", [req(2, "logging/setLevel", null)]);
  add("initialize-params-null", [req(1, "initialize", null)], true);
  // 4. A list cursor the server never issued.
  add("resources-list-cursor", [req(2, "resources/list", { cursor: "abc" })]);
  add("resources-templates-list-cursor", [req(2, "resources/templates/list", { cursor: "abc" })]);
  add("prompts-list-cursor", [req(2, "prompts/list", { cursor: "abc" })]);
  // 5. Several array items failing: jsonschema-go checks items in index order and names the
  // first that fails (here the second), whatever fails in the ones after it. Which of several
  // failing properties it names is Go's map order, random per call: not a case (see fuzz.mjs).
  add("add-grocery-items-three-failing-items", [
    req(2, "tools/call", {
      name: "add_grocery_items",
      arguments: { basket_id: "bsk_1", items: [{ product_id: "prd_1", quantity: 1 }, { product_id: "prd_2", quantity: 0 }, { product_id: "x", quantity: 1 }, { product_id: "prd_3" }] },
    }),
  ]);
  // Found by the fuzzer since: the decoder's words and the dispatch's order.
  add("ping-params-true", [req(2, "ping", true)]);
  add("initialize-capabilities-string", [req(1, "initialize", { protocolVersion: "2025-06-18", capabilities: "x", clientInfo })], true);
  add("initialize-clientInfo-number", [req(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: 5 })], true);
  add("completion-complete-ref-number", [req(2, "completion/complete", { ref: 5, argument: "x" })]);
  add("completion-complete-no-ref", [req(2, "completion/complete", {})]);
  add("prompts-get-arguments-number-value", [req(2, "prompts/get", { name: "x", arguments: { b: "ok", a: 1 } })]);
  add("resources-read-uri-null", [req(2, "resources/read", { uri: null })]);
  add("id-past-int64", [req(1e21, "ping")]);
  add("id-past-2-53", [req(2 ** 60, "ping")]);
  add("notification-method-with-id", [req(2, "notifications/initialized", {})]);
  add("notifications-cancelled-with-id-reason-number", [req(2, "notifications/cancelled", { requestId: 1, reason: 5 })]);
  add("tools-call-arguments-deep-array", [req(2, "tools/call", { name: "get_wallet_balance", arguments: Array.from({ length: 40 }).reduce((a) => [a], 1) })]);
  // A 2026-07-28 `_meta` on a session a legacy initialize opened (stdio): serverInfo in the
  // result's _meta, and no resultType on a tool call's or a read's result (v1.7.0 on).
  const eraMeta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": clientInfo, "io.modelcontextprotocol/clientCapabilities": {} };
  add("era-meta-on-legacy-session", [req(2, "tools/call", { name: "get_user_profile", arguments: { x: 1 }, _meta: eraMeta }), req(3, "resources/read", { uri: "ui://careem-mcp-app", _meta: eraMeta }), req(4, "tools/list", { _meta: eraMeta })]);
  http("body-arguments-spaced-not-object", [text('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_wallet_balance","arguments":[\r\n1,\r\n2]}}')]);
  http("body-tab-in-string", [text('{"jsonrpc":"2.0","id":2,"method":"ping","params":{"a":"x\ty"}}')]);
  http("body-cut-in-string", [text('{"jsonrpc":"2.0","id":2,"method":"pi')]);
  http("body-cut-in-number", [text('{"jsonrpc":"2.0","id":-4.')]);
  http("body-number-sign-alone", [text('{"jsonrpc":"2.0","id":-,"method":"ping"}')]);
  http("body-id-1E400", [text('{"jsonrpc":"2.0","id":1E400,"method":"ping"}')]);
  http("body-duplicate-method-first-not-string", [text('{"method":true,"jsonrpc":"2.0","id":2,"method":"ping"}')]);
  http("body-arguments-number-past-float64", [text('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_grocery_items","arguments":{"items":[{"product_id":"prd_1","quantity":1E400}]}}}')]);
  http("body-cut-inside-a-character", [text('{"jsonrpc":2,"id":2,"method":"","params":"ééééé"}')]);
    http("body-method-empty-notification", [text('{"jsonrpc":"2.0","method":""}')]);
  return { messages, steps };
}
