// HTTP-only cases: what the streamable HTTP transport itself accepts and refuses. Each step is
// one HTTP request; `session: "current"` sends the session the case's initialize opened.
import { clientInfo } from "./protocol.mjs";

const json = "application/json";
const both = "application/json, text/event-stream";
const post = (body, extra = {}) => ({ method: "POST", headers: { "content-type": json, accept: both, ...extra.headers }, body: typeof body === "string" ? body : JSON.stringify(body), session: "current", version: true, ...extra.opts });
const init = (v = "2025-06-18") => ({ method: "POST", headers: { "content-type": json, accept: both }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: v, capabilities: {}, clientInfo } }), session: "none" });
const initialized = post({ jsonrpc: "2.0", method: "notifications/initialized" });
const open = (v) => [init(v), initialized];
const ping = (id = 2) => ({ jsonrpc: "2.0", id, method: "ping" });

export function httpCases() {
  const cases = [];
  const add = (name, steps) => cases.push({ name, steps });

  add("body/malformed-json", [...open(), post('{"jsonrpc":"2.0","id":2,"method":')]);
  add("body/malformed-json-no-session", [{ ...post('{"jsonrpc":'), session: "none", version: false }]);
  add("body/empty", [...open(), post("")]);
  add("body/null", [...open(), post("null")]);
  add("body/number", [...open(), post("42")]);
  add("body/string", [...open(), post('"ping"')]);
  add("body/object-not-jsonrpc", [...open(), post('{"hello":"world"}')]);
  add("body/trailing-garbage", [...open(), post('{"jsonrpc":"2.0","id":2,"method":"ping"} x')]);
  add("body/invalid-utf8", [...open(), { ...post(""), bodyHex: "7b226a736f6e727063223a22322e30222c226964223a322c226d6574686f64223a2270ff6e67227d" }]);
  add("body/oversized-5MiB", [...open(), { ...post(""), oversize: 5 * 1024 * 1024 }]);
  add("body/response-object-only", [...open(), post({ jsonrpc: "2.0", id: 9, result: {} })]);
  add("body/notification-only", [...open(), post({ jsonrpc: "2.0", method: "notifications/roots/list_changed" })]);
  add("body/duplicate-keys", [...open(), post('{"jsonrpc":"2.0","id":2,"id":3,"method":"ping"}')]);
  // Go's decoder matches a struct's field names case-insensitively (an exact match first).
  add("body/keys-other-case", [...open(), post('{"JSONRPC":"2.0","Id":2,"METHOD":"ping"}')]);
  add("body/params-key-other-case", [...open(), post('{"jsonrpc":"2.0","id":2,"method":"tools/call","Params":{"name":"get_user_profile","arguments":{}}}')]);
  // A params text the decoder quotes, sent with spaces.
  add("body/params-spaced-mistyped", [...open(), post('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{ "name" : 7 }}')]);
  // The JSON decoder's own words for what is not JSON, or not a message (wire/goDecode.ts).
  add("body/not-json", [...open(), post("mxyz")]);
  add("body/whitespace-only", [...open(), post("  \n ")]);
  add("body/missing-colon", [...open(), post('{"jsonrpc" "2.0"}')]);
  add("body/missing-comma", [...open(), post('{"jsonrpc":"2.0" "id":2}')]);
  add("body/trailing-comma", [...open(), post('{"jsonrpc":"2.0","id":2,"method":"ping",}')]);
  add("body/key-not-a-string", [...open(), post('{jsonrpc:"2.0"}')]);
  add("body/bare-word-true", [...open(), post("true")]);
  add("body/unclosed-object", [...open(), post('{"jsonrpc":"2.0","id":2,"method":"ping","params":{"a":[1,2,3,4,5,6,7,8,9,10]}')]);
  // A type error quotes at most 32 bytes of the input from the bad value on, then "...".
  add("body/method-number-long-tail", [...open(), post('{"jsonrpc":"2.0","method":12345,"id":2,"params":{"a":[1,2,3,4,5,6,7,8,9,10]}}')]);
  add("body/batch-of-numbers", [...open(), post("[1,2,3]", { opts: { version: false } })]);
  add("body/jsonrpc-not-a-string", [...open(), post('{"jsonrpc":2,"id":2,"method":"ping"}')]);
  add("body/id-bool", [...open(), post('{"jsonrpc":"2.0","id":true,"method":"ping"}')]);
  add("body/id-object", [...open(), post('{"jsonrpc":"2.0","id":{},"method":"ping"}')]);
  add("body/result-without-id", [...open(), post('{"jsonrpc":"2.0","result":{}}')]);
  add("body/second-value-ignored", [...open(), post('{"jsonrpc":"2.0","id":2,"method":"ping"}{"x"')]);

  add("headers/content-type-text-plain", [...open(), post(ping(), { headers: { "content-type": "text/plain" } })]);
  add("headers/content-type-missing", [...open(), { ...post(ping()), headers: { accept: both } }]);
  add("headers/content-type-json-charset", [...open(), post(ping(), { headers: { "content-type": "application/json; charset=utf-8" } })]);
  add("headers/accept-missing", [...open(), { ...post(ping()), headers: { "content-type": json } }]);
  add("headers/accept-json-only", [...open(), post(ping(), { headers: { accept: json } })]);
  add("headers/accept-sse-only", [...open(), post(ping(), { headers: { accept: "text/event-stream" } })]);
  add("headers/accept-star", [...open(), post(ping(), { headers: { accept: "*/*" } })]);
  add("headers/initialize-accept-missing", [{ ...init(), headers: { "content-type": json } }]);
  add("headers/initialize-content-type-text", [{ ...init(), headers: { "content-type": "text/plain", accept: both } }]);
  add("headers/protocol-version-unsupported", [...open(), post(ping(), { headers: { "mcp-protocol-version": "1999-01-01" } })]);
  add("headers/protocol-version-other-supported", [...open(), post(ping(), { headers: { "mcp-protocol-version": "2025-03-26" } })]);
  add("headers/protocol-version-absent", [...open(), post(ping(), { opts: { version: false } })]);
  add("headers/protocol-version-unsupported-on-initialize", [{ ...init(), headers: { "content-type": json, accept: both, "mcp-protocol-version": "1999-01-01" } }]);
  add("headers/host-foreign", [{ ...init(), headers: { "content-type": json, accept: both, host: "evil.example.com" } }]);
  add("headers/host-foreign-with-port", [{ ...init(), headers: { "content-type": json, accept: both, host: "evil.example.com:8080" } }]);
  add("headers/host-localhost", [{ ...init(), headers: { "content-type": json, accept: both, host: "localhost" } }]);
  add("headers/host-foreign-on-session", [...open(), post(ping(), { headers: { host: "evil.example.com" } })]);

  add("session/unknown-id", [...open(), { ...post(ping()), session: "bogus" }]);
  add("session/unknown-id-on-initialize", [{ ...init(), session: "bogus" }]);
  add("session/missing-on-request", [...open(), { ...post(ping()), session: "none" }]);
  add("session/initialize-with-existing-session", [...open(), post({ jsonrpc: "2.0", id: 5, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo } })]);
  add("session/delete-then-use", [...open(), { method: "DELETE", session: "current", version: true }, post(ping())]);
  add("session/delete-twice", [...open(), { method: "DELETE", session: "current", version: true }, { method: "DELETE", session: "current", version: true }]);
  add("session/delete-unknown", [...open(), { method: "DELETE", session: "bogus", version: true }]);
  add("session/delete-without-session", [...open(), { method: "DELETE", session: "none", version: true }]);
  add("session/two-sessions-independent", [...open(), init(), post(ping())]);

  add("get/stream-with-session", [...open(), { method: "GET", headers: { accept: "text/event-stream" }, session: "current", version: true, streamMs: 300 }]);
  add("get/stream-without-session", [{ method: "GET", headers: { accept: "text/event-stream" }, session: "none", streamMs: 300 }]);
  add("get/stream-unknown-session", [...open(), { method: "GET", headers: { accept: "text/event-stream" }, session: "bogus", version: true, streamMs: 300 }]);
  add("get/stream-accept-json", [...open(), { method: "GET", headers: { accept: json }, session: "current", version: true, streamMs: 300 }]);
  add("get/stream-accept-missing", [...open(), { method: "GET", session: "current", version: true, streamMs: 300 }]);
  // One GET stream per session (go-sdk's stream ""): a second while the first is held.
  const stream = (extra = {}) => ({ method: "GET", headers: { accept: "text/event-stream", ...extra.headers }, session: "current", version: true, streamMs: 300, ...extra.opts });
  add("get/second-stream-while-open", [...open(), stream({ opts: { background: true, streamMs: 900 } }), stream()]);
  // Last-Event-ID asks for a replay; no event store is configured.
  add("get/last-event-id-malformed", [...open(), stream({ headers: { "last-event-id": "not-an-event" } })]);
  add("get/last-event-id-negative", [...open(), stream({ headers: { "last-event-id": "_-1" } })]);
  add("get/last-event-id-empty", [...open(), stream({ headers: { "last-event-id": "" } })]);
  add("get/last-event-id-replay", [...open(), stream({ headers: { "last-event-id": "_0" } })]);

  add("method/put", [...open(), { ...post(ping()), method: "PUT" }]);
  add("method/patch", [...open(), { ...post(ping()), method: "PATCH" }]);
  add("method/head", [...open(), { method: "HEAD", session: "current", version: true }]);

  // One request per batch: the go-sdk handles a batch's requests concurrently, so the order of
  // two answers is not deterministic.
  add("batch/ping-2025-11-25", [...open("2025-11-25"), post([ping(2)])]);
  add("batch/ping-2025-06-18", [...open("2025-06-18"), post([ping(2)])]);
  add("batch/ping-2025-03-26", [...open("2025-03-26"), post([ping(2)])]);
  add("batch/ping-2024-11-05", [...open("2024-11-05"), post([ping(2)])]);
  add("batch/empty", [...open(), post([])]);
  add("batch/with-notification", [...open("2025-03-26"), post([{ jsonrpc: "2.0", method: "notifications/roots/list_changed" }, ping(3)])]);
  add("batch/initialize-in-batch", [{ ...init(), body: JSON.stringify([JSON.parse(init().body)]) }]);
  add("batch/tools-call-2025-03-26", [...open("2025-03-26"), post([{ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "get_wallet_balance", arguments: {} } }])]);
  add("batch/two-notifications-2025-03-26", [...open("2025-03-26"), post([{ jsonrpc: "2.0", method: "notifications/roots/list_changed" }, { jsonrpc: "2.0", method: "notifications/roots/list_changed" }])]);
  return cases;
}
