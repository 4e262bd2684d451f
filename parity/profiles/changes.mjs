// The go-sdk changes a profile's differences come from, and the rules that attribute each
// classified difference (differences.mjs) to one of them. Sources name the module's own files,
// as `go mod download` puts them in the module cache (`go env GOMODCACHE`): the go-sdk ships no
// CHANGELOG, but docs/mcpgodebug.md lists every behaviour change that has an opt-out, by release.
// A rule's `when` sees { sdk, mode, name, kind, detail } for one difference; the first rule that
// matches names the change. A difference no rule matches is "unattributed" and differences.mjs
// says how many there are: the point of the table is that there are none.

const dbg = (release, param) => `go-sdk@${release} docs/mcpgodebug.md, ${release}: \`${param}\``;

export const changes = {
  "stateless-no-session-id": {
    summary: "a stateless server ignores Mcp-Session-Id entirely: none on any answer (initialize included), an unknown one is not refused, DELETE answers 405",
    source: `${dbg("v1.7.0", "allowsessionsinstateless")}; mcp/streamable.go serveStateless`,
  },
  "stateless-session-not-validated": {
    summary: "a stateless server does not look the Mcp-Session-Id up: an unknown one is answered, not 404; DELETE of one answers 204",
    source: "go-sdk@v1.6.1 mcp/streamable.go, StreamableHTTPOptions.Stateless doc and ServeHTTP",
  },
  "stateless-get-405": {
    summary: "a stateless server has no standalone stream: GET (and any method but POST and DELETE) answers 405 with `Allow: POST`",
    source: "go-sdk@v1.6.1 mcp/streamable.go ServeHTTP (`w.Header().Set(\"Allow\", \"POST\")`)",
  },
  "stateless-default-session": {
    summary: "a stateless server gives each request a temporary session already initialized (version from the Mcp-Protocol-Version header, else 2025-03-26), so requests without initialize are answered",
    source: "go-sdk@v1.6.1 mcp/streamable.go ServeHTTP (`state.InitializeParams = &InitializeParams{ProtocolVersion: protocolVersion}`); v1.7.0 ephemeralConnectOpts",
  },
  "cache-hints": {
    summary: "list and read results carry `ttlMs` and `cacheScope` (0 and \"public\" unless the server sets them)",
    source: "go-sdk@v1.7.0 mcp/protocol.go `Cacheable`, mcp/cache.go (SEP-2549)",
  },
  "false-tool-hints": {
    summary: "tool annotations write `readOnlyHint: false` and `idempotentHint: false` instead of omitting them",
    source: dbg("v1.7.0", "hintomitempty"),
  },
  "html-escaping": {
    summary: "`<`, `>` and `&` in resources/read text escaped as `\\u003c`, `\\u003e`, `\\u0026`",
    source: "go-sdk@v1.7.0 mcp/protocol.go `ReadResourceResult.MarshalJSON` (new for resultType, encodes with encoding/json's escaping Marshal)",
  },
  "resource-not-found-code": {
    summary: "an unknown resource answers `-32602` instead of `-32002`",
    source: dbg("v1.7.0", "customresnotfounderrcode"),
  },
  "invalid-params-code": {
    summary: "params that do not decode answer `-32602` and `invalid params: ...` instead of code 0; completion/complete without ref or argument.name answers -32602",
    source: `${dbg("v1.7.0", "nowrapinvalidparams")}; ${dbg("v1.7.0", "disablecompleteparamsvalidation")}`,
  },
  "stdio-method-not-found": {
    summary: "over stdio an unknown method answers `-32601 method not found: \"x\"` instead of code 0 `JSON RPC not handled`, and method \"\" is answered",
    source: dbg("v1.7.0", "nomethodnotfoundcodeinerror"),
  },
  "empty-method-key": {
    summary: "a `\"method\"` key is told apart from none: method \"\" is a call (HTTP 400 `JSON RPC not handled`, not 202), and decode errors name `jsonrpc2.wireDecode`",
    source: "go-sdk@v1.7.0 internal/jsonrpc2/messages.go `wireDecode` (go-sdk#976)",
  },
  "duplicate-initialize": {
    summary: "a second initialize on a session answers code 0 `duplicate \"initialize\" received`",
    source: "go-sdk@v1.7.0 mcp/server.go (`duplicate %q received`)",
  },
  "pre-initialize-methods": {
    summary: "logging/setLevel, resources/subscribe and resources/unsubscribe are answered before initialize (a request without a session on a stateful server gets a temporary session)",
    source: "go-sdk@v1.7.0 mcp/server.go ServerSession.handle (the methods allowed before initialization)",
  },
  "subscribe-not-supported-text": {
    summary: "resources/subscribe on a server without subscriptions: `method not found: \"resources/subscribe\"`",
    source: "go-sdk@v1.7.0 mcp/server.go (method table)",
  },
  "complete-params-checked": {
    summary: "completion/complete checks its params before looking for a completion handler: no `ref`, or no `argument.name`, is -32602 `invalid params: missing required '...' field`",
    source: `${dbg("v1.7.0", "disablecompleteparamsvalidation")}; mcp/server.go Server.complete`,
  },
  "method-checked-first": {
    summary: "an HTTP method other than GET, POST, DELETE answers 405 with `Allow` before any header check (HEAD was a 400 for Accept)",
    source: "go-sdk@v1.7.0 mcp/streamable.go serveStateful / serveStateless",
  },
  "sse-ok-comment": {
    summary: "a GET stream starts with a `: ok` comment at once",
    source: "go-sdk@v1.7.0 mcp/streamable.go (`fmt.Fprint(w, \": ok\\n\\n\")`, issue #410)",
  },
  "body-limit-413": {
    summary: "a body over the limit answers `413 request body exceeds N bytes` instead of `400 failed to read body`",
    source: "go-sdk@v1.7.0 mcp/streamable.go (`*http.MaxBytesError` -> StatusRequestEntityTooLarge)",
  },
  "supported-versions-text": {
    summary: "the unsupported-version 400 text lists `2026-07-28` among the supported versions",
    source: "go-sdk@v1.7.0 mcp/shared.go supportedProtocolVersions",
  },
  "era-2026-stateful-plaintext": {
    summary: "a stateful server meets a 2026-07-28 request (header or `_meta`) with `400 Bad Request: protocol version ... is only supported on stateless HTTP servers` (plain text), server/discover excepted",
    source: "go-sdk@v1.7.0 mcp/streamable.go servePOST (SEP-2575)",
  },
  "era-2026-stateful-32022": {
    summary: "a stateful server meets a 2026-07-28 request with a JSON-RPC `-32022` whose `data.supported` lists the legacy versions (what dual-era clients fall back on), server/discover excepted",
    source: dbg("v1.8.0", "plaintextstatefulrejection"),
  },
  "era-2026-served": {
    summary: "the 2026-07-28 header is accepted and the request served (server/discover, sessionless calls)",
    source: "go-sdk@v1.7.0 mcp/streamable.go (`protocolVersion < protocolVersion20260728` gate), mcp/server.go discover (SEP-2575)",
  },
  "era-2026-result-fields": {
    summary: "2026-07-28 results carry `resultType: \"complete\"` and `_meta[\"io.modelcontextprotocol/serverInfo\"]`",
    source: "go-sdk@v1.7.0 mcp/mrtr.go, mcp/protocol.go resultType (SEP-2322 multi round-trip), MetaKeyServerInfo (SEP-2575)",
  },
  "era-2026-meta-validation": {
    summary: "the per-request `_meta` triple is checked: missing protocolVersion or clientCapabilities, or a clientInfo that does not decode, answers -32602; a version the server lacks answers -32022 with data.supported",
    source: "go-sdk@v1.7.0 mcp/shared.go validateRequestMeta, mcp/server.go handle (SEP-2575)",
  },
  "era-2026-header-checks": {
    summary: "Mcp-Protocol-Version, Mcp-Method and Mcp-Name must be present and match the body: else -32020 (HTTP 400)",
    source: "go-sdk@v1.7.0 mcp/streamable_headers.go validateMcpHeaders, mcp/streamable.go servePOST, CodeHeaderMismatch in mcp/shared.go (SEP-2243)",
  },
  "era-2026-removed-methods": {
    summary: "under the 2026-07-28 header initialize, ping, logging/setLevel and resources/(un)subscribe are `404` `-32601 method not found: \"x\"` (the new protocol has no such methods); server/discover as a legacy request is -32601",
    source: "go-sdk@v1.7.0 mcp/server.go handle (SEP-2575, SEP-2577)",
  },
  "era-2026-notifications-exempt": {
    summary: "a notification under the 2026-07-28 header needs no `_meta` triple: 202 (v1.7.0 refused it: -32602 missing _meta when stateless, the plain-text 400 when stateful)",
    source: "go-sdk@v1.8.0 mcp/streamable.go servePOST (`The _meta triple is defined for calls only`), mcp/shared.go validateRequestMeta",
  },
  "era-2026-status-codes": {
    summary: "2026-07-28 errors carry HTTP status: -32601 is 404, -32602/-32020/-32021/-32022 are 400, as JSON (not SSE)",
    source: "go-sdk@v1.7.0 mcp/streamable.go (status for JSON-RPC errors, protocolVersion >= 2026-07-28)",
  },
  "era-2026-transport-errors": {
    summary: "with the 2026-07-28 header accepted, a malformed body, batch, notification-only or response-only POST reaches the transport's own checks (their texts and statuses) instead of the version 400",
    source: "go-sdk@v1.7.0 mcp/streamable.go servePOST",
  },
  unattributed: { summary: "no rule in parity/profiles/changes.mjs explains it", source: "" },
};

const era = (name) => name.startsWith("http/era-2026/") && !name.startsWith("http/era-2026/legacy/");
const stateless = (c) => c.mode === "stateless";
const d = (c, re) => re.test(c.detail);
const notification = (name) => /\/(notifications-initialized|notification-cancelled|discover\/notification)$/.test(name);

/** Ordered: the first matching rule wins. */
const rules = [
  // Transport-level stateless behaviour, all releases.
  ["stateless-no-session-id", (c) => stateless(c) && c.kind === "header" && d(c, /mcp-session-id: <session-\d+> -> \(absent\)/)],
  ["stateless-session-not-validated", (c) => stateless(c) && c.kind === "header" && d(c, /mcp-session-id: \(absent\) -> <session/)],
  ["stateless-get-405", (c) => stateless(c) && (c.kind === "header" && d(c, /allow: .* -> POST/))],
  ["stateless-get-405", (c) => stateless(c) && /\/get(\/|-|$)/.test(c.name) && (d(c, /-> 405/) || d(c, /-> "Method Not Allowed"/) || (c.kind === "content-type" && d(c, /-> text\/plain/)))],
  ["stateless-no-session-id", (c) => stateless(c) && c.sdk >= "v1.7.0" && /delete/.test(c.name) && (d(c, /-> 405/) || d(c, /Method Not Allowed/) || c.kind === "content-type")],
  ["stateless-session-not-validated", (c) => stateless(c) && /delete/.test(c.name) && (d(c, /404 -> 204/) || d(c, /"session not found" -> ""/) || c.kind === "content-type")],
  ["stateless-session-not-validated", (c) => stateless(c) && (d(c, /^(answer \d+: )?404 -> /) || d(c, /"session not found"/)) && (!era(c.name) || /bogus-session|with-bogus-session/.test(c.name))],
  ["stateless-default-session", (c) => stateless(c) && (d(c, /is invalid during session initialization/) && (c.kind === "error-became-result" || c.kind === "result-became-error"))],
  ["pre-initialize-methods", (c) => c.mode === "stateful" && c.kind === "error-became-result" && d(c, /logging\/setLevel|resources\/(un)?subscribe/)],
  // Result encoding (v1.7.0), any mode.
  ["cache-hints", (c) => c.kind === "cache-hints"],
  ["false-tool-hints", (c) => c.kind === "false-hints"],
  ["html-escaping", (c) => c.kind === "html-escaping"],
  ["era-2026-result-fields", (c) => c.kind === "result-type" || (c.kind === "result-meta" && d(c, /serverInfo/))],
  // The 2026-07-28 era.
  ["era-2026-notifications-exempt", (c) => notification(c.name) && c.sdk >= "v1.8.0"],
  ["era-2026-stateful-32022", (c) => c.mode === "stateful" && c.sdk >= "v1.8.0" && (d(c, /is not supported by this server/) || (c.kind === "error-data" && d(c, /supported/) && !d(c, /2026-07-28/)))],
  ["era-2026-stateful-plaintext", (c) => c.mode === "stateful" && d(c, /only supported on stateless HTTP servers|only su/)],
  ["era-2026-header-checks", (c) => d(c, /-32020/) || d(c, /Mcp-Protocol-Version header|Mcp-Method|Mcp-Name|header mismatch|failed to extract name/)],
  ["era-2026-status-codes", (c) => era(c.name) && d(c, /JSON RPC not handled/) && d(c, /-32601/)],
  ["era-2026-removed-methods", (c) => d(c, /is not supported in the new protocol|is only supported in protocol version|method not found: \\"(server\/discover|initialize|ping|logging\/setLevel|resources\/(un)?subscribe)\\"/)],
  ["era-2026-meta-validation", (c) => d(c, /_meta field|-32022|unsupported protocol version|"supported"/)],
  ["invalid-params-code", (c) => era(c.name) && d(c, /-32602/) && /resources-read|prompts-get|completion|tools-call/.test(c.name)],
  ["resource-not-found-code", (c) => d(c, /-32002 -> -32602/)],
  ["invalid-params-code", (c) => (c.kind === "error-code" && d(c, /0 -> -32602/)) || (c.kind === "error-message" && d(c, /-> "handling '[^']+': invalid params:/))],
  ["stdio-method-not-found", (c) => c.name.startsWith("stdio/") && (d(c, /0 -> -32601/) || d(c, /-> "method not found/) || c.kind === "answer-count")],
  ["duplicate-initialize", (c) => d(c, /duplicate \\"initialize\\" received/)],
  ["subscribe-not-supported-text", (c) => d(c, /server does not support resource subscriptions/)],
  ["complete-params-checked", (c) => d(c, /missing required '(ref|argument\.name)' field/) || (/fuzz\/completion-complete-no-ref$/.test(c.name) && d(c, /-32601 -> -32602/))],
  ["sse-ok-comment", (c) => c.kind === "sse-comment" || d(c, /"" -> ": ok"/)],
  ["body-limit-413", (c) => /oversized/.test(c.name)],
  // jsonrpc-not-a-string: its detail is cut before the struct's name (wireDecode for wireCombined).
  // The fuzzer's bodies: a type error cut before the struct's name, a duplicate method kept raw, "method": "".
  ["empty-method-key", (c) => d(c, /wireDecode|wireCombined/) || (/method\/empty|method-number|jsonrpc-not-a-string|fuzz\/body-(cut-inside-a-character|duplicate-method-first-not-string|method-empty-notification)/.test(c.name) && !era(c.name))],
  ["method-checked-first", (c) => /\/(head|put|patch)$/.test(c.name) && (d(c, /405|allow|Method Not Allowed/) || c.kind === "content-type")],
  ["supported-versions-text", (c) => !era(c.name) && d(c, /Unsupported protocol version/) && c.kind === "text-body"],
  // What is left in an era case: the version gate lifted (statuses, content types, bodies of
  // errors the transport raises once it reads the request), and JSON-RPC statuses.
  ["era-2026-status-codes", (c) => era(c.name) && c.kind === "status-code" && d(c, /-> 40[04]/) && !/transport\//.test(c.name)],
  ["era-2026-transport-errors", (c) => era(c.name) && /transport\/|discover\/notification|method\/empty/.test(c.name)],
  ["era-2026-served", (c) => era(c.name) || (c.name.startsWith("http/era-2026/legacy/") && c.sdk >= "v1.7.0" && d(c, /Unsupported protocol version|JSON RPC not handled: \\"server\/discover\\"|content-type|-> 200|-> 400|-> 202/))],
  ["era-2026-header-checks", (c) => c.name.startsWith("http/era-2026/legacy/meta-2026") || /legacy-version-header|no-version-header/.test(c.name)],
  ["stateless-default-session", (c) => stateless(c) && c.name.includes("/legacy/")],
];

export function attribute(c) {
  for (const [change, when] of rules) if (when(c)) return change;
  return "unattributed";
}
