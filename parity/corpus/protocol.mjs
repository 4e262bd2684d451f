// Protocol cases: lifecycle, listing, logging, resources, unknown methods, notifications.
// Each case is a name and a list of JSON-RPC messages sent after a fresh initialize (unless
// `raw` says the case does its own initializing). Run over HTTP and stdio alike.

export const versions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

export const clientInfo = { name: "parity-corpus", version: "1.0.0" };

export function initialize(id, protocolVersion, extra = {}) {
  return { jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo, ...extra } };
}

export const initialized = { jsonrpc: "2.0", method: "notifications/initialized" };

const req = (id, method, params) => (params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });

/** Cases whose messages follow initialize + initialized (version 2025-06-18 unless stated). */
export function protocolCases() {
  const cases = [];
  const add = (name, messages, opts = {}) => cases.push({ name, messages, ...opts });
  const raw = (name, messages) => cases.push({ name, messages, raw: true });

  for (const v of versions) raw(`initialize/version-${v}`, [initialize(1, v), initialized, req(2, "ping")]);
  raw("initialize/unknown-version-2099-01-01", [initialize(1, "2099-01-01")]);
  raw("initialize/unknown-version-2024-10-07", [initialize(1, "2024-10-07")]);
  raw("initialize/version-not-a-string", [initialize(1, 20250618)]);
  raw("initialize/missing-protocolVersion", [{ jsonrpc: "2.0", id: 1, method: "initialize", params: { capabilities: {}, clientInfo } }]);
  raw("initialize/missing-clientInfo", [{ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {} } }]);
  raw("initialize/missing-capabilities", [{ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", clientInfo } }]);
  raw("initialize/no-params", [req(1, "initialize")]);
  raw("initialize/params-array", [req(1, "initialize", [])]);
  raw("initialize/with-client-capabilities", [initialize(1, "2025-06-18", { capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} } })]);
  raw("initialize/string-id", [{ ...initialize("init-1", "2025-06-18") }]);
  raw("lifecycle/tools-list-before-initialize", [req(1, "tools/list")]);
  raw("lifecycle/ping-before-initialize", [req(1, "ping")]);
  raw("lifecycle/call-before-initialized-notification", [initialize(1, "2025-06-18"), req(2, "tools/call", { name: "get_wallet_balance", arguments: {} })]);
  add("lifecycle/second-initialize", [initialize(3, "2025-06-18")]);
  add("lifecycle/second-initialize-other-version", [initialize(3, "2025-03-26")]);

  // An escaped half of a surrogate pair: Go's decoder reads it as U+FFFD, and the validation
  // message quotes the value as decoded.
  const ride = { pickup: { latitude: -90, longitude: -180 }, dropoff: { latitude: -90, longitude: -180 }, paymentMethodId: "sample" };
  add("tools-call/lone-surrogate-in-argument", [req(3, "tools/call", { name: "book_ride", arguments: { ...ride, productId: "NOT\ud800IN_ENUM" } })]);
  add("tools-call/lone-surrogate-in-key", [req(3, "tools/call", { name: "book_ride", arguments: { ...ride, productId: "GO", "x\udfffy": 1 } })]);
  add("tools-list/plain", [req(3, "tools/list")]);
  add("tools-list/empty-params", [req(3, "tools/list", {})]);
  add("tools-list/cursor-unknown", [req(3, "tools/list", { cursor: "bogus" })]);
  add("tools-list/params-null", [req(3, "tools/list", null)]);
  // Params the go-sdk cannot unmarshal into its params struct (wire/goParams.ts).
  add("tools-list/params-array", [req(3, "tools/list", [1])]);
  add("tools-list/cursor-number", [req(3, "tools/list", { cursor: 5 })]);

  add("ping/plain", [req(3, "ping")]);
  add("ping/empty-params", [req(3, "ping", {})]);
  add("ping/id-zero", [req(0, "ping")]);
  add("ping/id-negative", [req(-7, "ping")]);
  add("ping/id-string", [req("abc", "ping")]);
  add("ping/id-null", [{ jsonrpc: "2.0", id: null, method: "ping" }]);
  add("ping/id-float", [req(1.5, "ping")]);
  // jsonrpc2 cuts a number id to an integer, toward zero.
  add("ping/id-negative-float", [req(-2.7, "ping")]);
  add("ping/params-null", [req(3, "ping", null)]);

  for (const level of ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]) {
    add(`logging/setLevel-${level}`, [req(3, "logging/setLevel", { level })]);
  }
  add("logging/setLevel-invalid", [req(3, "logging/setLevel", { level: "verbose" })]);
  add("logging/setLevel-missing", [req(3, "logging/setLevel", {})]);
  add("logging/setLevel-number", [req(3, "logging/setLevel", { level: 3 })]);
  add("logging/setLevel-uppercase", [req(3, "logging/setLevel", { level: "DEBUG" })]);
  add("logging/debug-then-call", [req(3, "logging/setLevel", { level: "debug" }), req(4, "tools/call", { name: "get_wallet_balance", arguments: {} })]);

  add("resources/list", [req(3, "resources/list")]);
  add("resources/templates-list", [req(3, "resources/templates/list")]);
  add("resources/read-widget", [req(3, "resources/read", { uri: "ui://careem-mcp-app" })]);
  add("resources/read-unknown", [req(3, "resources/read", { uri: "ui://nope" })]);
  add("resources/read-file-uri", [req(3, "resources/read", { uri: "file:///etc/passwd" })]);
  add("resources/read-missing-uri", [req(3, "resources/read", {})]);
  add("resources/read-uri-number", [req(3, "resources/read", { uri: 7 })]);
  add("resources/subscribe", [req(3, "resources/subscribe", { uri: "ui://careem-mcp-app" })]);

  add("prompts/list", [req(3, "prompts/list")]);
  add("completion/complete", [req(3, "completion/complete", { ref: { type: "ref/prompt", name: "x" }, argument: { name: "a", value: "b" } })]);
  add("method/unknown", [req(3, "foo/bar")]);
  add("method/empty", [req(3, "")]);
  add("method/rpc-prefix", [req(3, "rpc.discover")]);
  add("method/notification-unknown", [{ jsonrpc: "2.0", method: "notifications/whatever" }, req(3, "ping")]);
  add("method/notification-cancelled", [{ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 99, reason: "x" } }, req(3, "ping")]);
  add("method/notification-roots-changed", [{ jsonrpc: "2.0", method: "notifications/roots/list_changed" }, req(3, "ping")]);
  add("method/response-from-client", [{ jsonrpc: "2.0", id: 77, result: {} }, req(3, "ping")]);

  add("tools-call/unknown-tool", [req(3, "tools/call", { name: "no_such_tool", arguments: {} })]);
  add("tools-call/unknown-tool-empty-name", [req(3, "tools/call", { name: "", arguments: {} })]);
  add("tools-call/missing-name", [req(3, "tools/call", { arguments: {} })]);
  add("tools-call/name-number", [req(3, "tools/call", { name: 5, arguments: {} })]);
  add("tools-call/no-params", [req(3, "tools/call")]);
  add("tools-call/params-array", [req(3, "tools/call", ["get_wallet_balance"])]);
  add("tools-call/params-string", [req(3, "tools/call", "get_wallet_balance")]);

  add("jsonrpc/missing-jsonrpc", [{ id: 3, method: "ping" }]);
  add("jsonrpc/wrong-jsonrpc", [{ jsonrpc: "1.0", id: 3, method: "ping" }]);
  add("jsonrpc/method-number", [{ jsonrpc: "2.0", id: 3, method: 5 }]);
  return cases;
}
