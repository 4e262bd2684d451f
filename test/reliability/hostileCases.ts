// The hostile-requests corpus: one table, each row saying what the real server answers over
// streamable HTTP and over stdio (production's words where known, measured by the parity twin,
// and the SDK's words elsewhere).
// A transport a row means nothing to says why ("n/a: ...").

/** Sentinel a row's body can ask for: the id the runner substitutes per transport. */
export const HEALTHY_CALL = { jsonrpc: "2.0", method: "tools/call", params: { name: "healthy", arguments: { rideId: "ride_1" } } } as const;
// No isError: the go-sdk omits a false one (omitempty), measured by the parity twin.
export const HEALTHY_RESULT = {
  content: [{ type: "text", text: '{"ok":true,"rideId":"ride_1"}' }],
  structuredContent: { ok: true, rideId: "ride_1" },
};

export type Body = string | Buffer | (() => string | Buffer);

export interface HttpRequest {
  method?: string;
  /** Default /mcp. */
  path?: string;
  /** Header overrides on top of a valid session's headers; null removes one. */
  headers?: Record<string, string | null>;
  body?: Body;
  /** Which Mcp-Session-Id to send: the live one (default), none, or a dead one. */
  session?: "live" | "none" | "stale";
  /** Send the body in chunks without Content-Length. */
  chunked?: boolean;
  /** Bytes written straight to the socket instead of an HTTP request. */
  rawSocket?: Buffer;
}

export interface HttpExpect {
  status: number;
  /** Exact JSON body (application/json). */
  json?: unknown;
  /** Exact JSON-RPC messages of an SSE body, in order. */
  sse?: unknown[];
  /** Exact text/plain body (without its final newline): Go's http.Error, as the go-sdk refuses. */
  text?: string;
  /** Body must be empty. */
  empty?: boolean;
  headers?: Record<string, string>;
}

export interface StdioExpect {
  /** Exact JSON-RPC lines the server writes in answer, before the next request's answer. */
  responses: unknown[];
  /** A line the server must log to stderr. */
  log?: RegExp;
}

export interface HostileCase {
  name: string;
  http: { req: HttpRequest; expect: HttpExpect } | `n/a: ${string}`;
  stdio: { line: Body; expect: StdioExpect } | `n/a: ${string}`;
}

const rpc = (id: unknown, method: string, params?: unknown) => JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
const call = (id: unknown, args: unknown, name: unknown = "healthy") => rpc(id, "tools/call", { name, arguments: args });
const parseError = (message: string) => ({ jsonrpc: "2.0", error: { code: -32700, message }, id: null });
const transportError = (code: number, message: string) => ({ jsonrpc: "2.0", error: { code, message }, id: null });
const rpcError = (id: unknown, code: number, message: string) => ({ jsonrpc: "2.0", id, error: { code, message } });
const result = (id: unknown, value: unknown) => ({ result: value, jsonrpc: "2.0", id });
const isErrorText = (id: unknown, text: string) => result(id, { content: [{ type: "text", text }], isError: true });
const validation = (reason: string) => `validating "arguments": validating root: ${reason}`;
/** Arguments that are not an object fail in the go-sdk's JSON decoder, before validation (parity twin). */
const notAnObject = (raw: string) => `validating "arguments": unmarshaling arguments: json: cannot unmarshal ${JSON.stringify(raw)} into Go value of type map[string]interface {}`;

// /mcp refuses as the go-sdk's streamable handler does: http.Error, text/plain (measured by the
// parity twin; go-sdk v1.6.1 mcp/streamable.go). stdio gives the same words as a JSON-RPC error.
const go = (status: number, text: string, headers?: Record<string, string>): HttpExpect => ({ status, text, ...(headers ? { headers } : {}) });
/** The decoder's reason after `malformed payload: `, over HTTP and over stdio. */
const goMalformed = (reason: string) => go(400, `malformed payload: ${reason}`);
const stdioMalformed = (reason: string): StdioExpect => ({ responses: [parseError(`malformed payload: ${reason}`)] });
const unmarshaling = (reason: string) => `unmarshaling jsonrpc message: ${reason}`;
const EOF_REASON = unmarshaling("unexpected EOF");
const tagReason = (tag: string) => `invalid message version tag ${JSON.stringify(tag)}; expected "2.0"`;
const goTag = (tag: string) => goMalformed(tagReason(tag));
const notWire = (raw: string) => unmarshaling(`json: cannot unmarshal ${JSON.stringify(raw)} into Go value of type jsonrpc2.wireCombined`);
const UTF8_REASON = unmarshaling(`json: expected '"' at the beginning of a string value: ${Buffer.from([0xff, 0xfe, 0x7d]).toString("utf8")}`);
const TLS_BYTES = [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03];
const TLS_REASON = unmarshaling(`json: invalid character '\u0016' looking for beginning of value: ${Buffer.from(TLS_BYTES).toString("utf8")}`);
const nameNotString = `handling 'tools/call': unmarshaling ${JSON.stringify('{"name":5,"arguments":{}}')} into a *mcp.CallToolParamsRaw: json: cannot unmarshal ${JSON.stringify('5,"arguments":{}}')} into Go struct field mcp.CallToolParamsRaw.name of type string`;
const listParamsArray = `handling 'tools/list': unmarshaling "[1]" into a *mcp.ListToolsParams: json: cannot unmarshal "[1]" into Go value of type mcp.ListToolsParams`;
const GO_ACCEPT = go(400, "Accept must contain both 'application/json' and 'text/event-stream'");
const GO_MEDIA = go(415, "Content-Type must be 'application/json'");
const GO_SESSION = go(404, "session not found");
const GO_VERSION = go(400, "Bad Request: Unsupported protocol version (supported versions: 2025-11-25,2025-06-18,2025-03-26,2024-11-05)");
const goHost = (host: string) => go(403, `Forbidden: invalid Host header ${JSON.stringify(host)}`);
const MIB = 1024 * 1024;
/** A ping whose JSON text is exactly `bytes` long. */
function sized(bytes: number, id: number): string {
  const bare = rpc(id, "ping", { x: "" });
  return rpc(id, "ping", { x: "a".repeat(bytes - bare.length) });
}
const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
const forbidden = (host: string) => transportError(-32000, `Forbidden: Host header "${host}" is not a loopback name (DNS rebinding protection)`);
const headerOnly = "n/a: stdio has no HTTP headers" as const;

/** What initialize answers, again, to a second initialize over stdio and legacy SSE. */
export const SECOND_INITIALIZE = {
  capabilities: { logging: {}, resources: { listChanged: true }, tools: { listChanged: true } },
  protocolVersion: "2025-06-18",
  serverInfo: { name: "careem-mcp-service", version: "v1.0.0" },
};

export const hostileCases: HostileCase[] = [
  // --- Not JSON, or not JSON-RPC ---
  {
    name: "malformed JSON",
    http: { req: { body: '{"jsonrpc":' }, expect: goMalformed(EOF_REASON) },
    stdio: { line: '{"jsonrpc":', expect: { ...stdioMalformed(EOF_REASON), log: /stdio: a line the go-sdk could not decode/ } },
  },
  {
    name: "empty body / empty line",
    http: { req: { body: "" }, expect: go(400, "POST requires a non-empty body") },
    // A blank line is whitespace between messages to the go-sdk's decoder.
    stdio: { line: "", expect: { responses: [] } },
  },
  {
    name: "invalid UTF-8 outside any string",
    http: { req: { body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) }, expect: goMalformed(UTF8_REASON) },
    stdio: { line: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), expect: stdioMalformed(UTF8_REASON) },
  },
  {
    name: "valid JSON that is not JSON-RPC",
    http: { req: { body: '{"hello":"world"}' }, expect: goTag("") },
    stdio: { line: '{"hello":"world"}', expect: stdioMalformed(tagReason("")) },
  },
  {
    name: "JSON null",
    http: { req: { body: "null" }, expect: go(400, "malformed payload: empty batch") },
    stdio: { line: "null", expect: stdioMalformed("empty batch") },
  },
  {
    name: "a JSON string",
    http: { req: { body: '"tools/list"' }, expect: goMalformed(notWire('"tools/list"')) },
    stdio: { line: '"tools/list"', expect: stdioMalformed(notWire('"tools/list"')) },
  },
  {
    name: "an array of numbers",
    http: { req: { body: "[1,2,3]" }, expect: goMalformed(notWire("1")) },
    stdio: { line: "[1,2,3]", expect: stdioMalformed(notWire("1")) },
  },
  {
    name: "an empty batch",
    http: { req: { body: "[]" }, expect: go(400, "malformed payload: empty batch") },
    stdio: { line: "[]", expect: stdioMalformed("empty batch") },
  },
  {
    name: "a batch of two requests",
    http: { req: { body: `[${rpc(5, "ping")},${rpc(6, "ping")}]` }, expect: go(400, "JSON-RPC batching is not supported in 2025-06-18 and later (request version: 2025-06-18)") },
    // The go-sdk's stdio connection reads a batch as its messages.
    stdio: { line: `[${rpc(5, "ping")},${rpc(6, "ping")}]`, expect: { responses: [result(5, {}), result(6, {})] } },
  },
  {
    name: "a batch with one invalid member",
    http: { req: { body: `[${rpc(5, "ping")},{"x":1}]` }, expect: goTag("") },
    stdio: { line: `[${rpc(5, "ping")},{"x":1}]`, expect: stdioMalformed(tagReason("")) },
  },
  {
    name: 'wrong "jsonrpc" version',
    http: { req: { body: '{"jsonrpc":"1.0","id":7,"method":"ping"}' }, expect: goTag("1.0") },
    stdio: { line: '{"jsonrpc":"1.0","id":7,"method":"ping"}', expect: stdioMalformed(tagReason("1.0")) },
  },
  {
    name: 'no "jsonrpc" member',
    http: { req: { body: '{"id":7,"method":"ping"}' }, expect: goTag("") },
    stdio: { line: '{"id":7,"method":"ping"}', expect: stdioMalformed(tagReason("")) },
  },
  {
    name: "a null id",
    http: { req: { body: rpc(null, "ping") }, expect: go(400, 'invalid request: missing id for "ping"') },
    // A null id is a notification to the go-sdk: nothing is answered (parity twin).
    stdio: { line: rpc(null, "ping"), expect: { responses: [] } },
  },
  {
    name: "an object id",
    http: { req: { body: rpc({ a: 1 }, "ping") }, expect: goMalformed("parse error: invalid ID type map[string]interface {}") },
    stdio: { line: rpc({ a: 1 }, "ping"), expect: stdioMalformed("parse error: invalid ID type map[string]interface {}") },
  },
  {
    name: "a fractional id",
    // jsonrpc2 reads a number id as an integer: 1.5 is answered as 1 (parity twin).
    http: { req: { body: rpc(1.5, "ping") }, expect: { status: 200, sse: [result(1, {})] } },
    stdio: { line: rpc(1.5, "ping"), expect: { responses: [result(1, {})] } },
  },
  {
    name: "a boolean id",
    http: { req: { body: rpc(true, "ping") }, expect: goMalformed("parse error: invalid ID type bool") },
    stdio: { line: rpc(true, "ping"), expect: stdioMalformed("parse error: invalid ID type bool") },
  },
  {
    name: "a string id is echoed",
    http: { req: { body: rpc("abc", "ping") }, expect: { status: 200, sse: [result("abc", {})] } },
    stdio: { line: rpc("abc", "ping"), expect: { responses: [result("abc", {})] } },
  },
  {
    name: "a method that is not a string",
    http: { req: { body: '{"jsonrpc":"2.0","id":8,"method":5}' }, expect: goMalformed(unmarshaling('json: cannot unmarshal "5}" into Go struct field jsonrpc2.wireCombined.method of type string')) },
    stdio: { line: '{"jsonrpc":"2.0","id":8,"method":5}', expect: stdioMalformed(unmarshaling('json: cannot unmarshal "5}" into Go struct field jsonrpc2.wireCombined.method of type string')) },
  },
  {
    name: "params that are an array",
    http: { req: { body: rpc(11, "tools/list", [1]) }, expect: { status: 200, sse: [rpcError(11, 0, listParamsArray)] } },
    stdio: { line: rpc(11, "tools/list", [1]), expect: { responses: [rpcError(11, 0, listParamsArray)] } },
  },
  {
    name: "an unsolicited response from the client",
    http: { req: { body: '{"jsonrpc":"2.0","id":12,"result":{}}' }, expect: { status: 202, empty: true } },
    stdio: { line: '{"jsonrpc":"2.0","id":12,"result":{}}', expect: { responses: [] } },
  },
  {
    name: "an unknown notification",
    http: { req: { body: '{"jsonrpc":"2.0","method":"notifications/whatever"}' }, expect: go(400, 'JSON RPC not handled: "notifications/whatever" unsupported') },
    stdio: { line: '{"jsonrpc":"2.0","method":"notifications/whatever"}', expect: { responses: [] } },
  },
  {
    name: "an unknown method",
    http: { req: { body: rpc(8, "foo/bar") }, expect: go(400, 'JSON RPC not handled: "foo/bar" unsupported') },
    stdio: { line: rpc(8, "foo/bar"), expect: { responses: [rpcError(8, 0, 'JSON RPC not handled: "foo/bar" unsupported')] } },
  },
  {
    name: "initialize again in the same session",
    http: {
      req: { body: rpc(27, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } }) },
      expect: { status: 200, sse: [result(27, SECOND_INITIALIZE)] },
    },
    // The go-sdk v1.6.1 answers a second initialize again, on every transport (parity twin).
    stdio: {
      line: rpc(27, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } }),
      expect: { responses: [result(27, SECOND_INITIALIZE)] },
    },
  },

  // --- tools/call with bad names and arguments ---
  {
    name: "tools/call without params",
    http: { req: { body: rpc(9, "tools/call") }, expect: go(400, 'invalid request: missing required "params"') },
    stdio: { line: rpc(9, "tools/call"), expect: { responses: [rpcError(9, -32600, 'invalid request: missing required "params"')] } },
  },
  {
    name: "tools/call with no name",
    http: { req: { body: rpc(9, "tools/call", { arguments: {} }) }, expect: { status: 200, sse: [rpcError(9, -32602, 'unknown tool ""')] } },
    stdio: { line: rpc(9, "tools/call", { arguments: {} }), expect: { responses: [rpcError(9, -32602, 'unknown tool ""')] } },
  },
  {
    name: "tools/call with a name that is not a string",
    http: { req: { body: call(10, {}, 5) }, expect: { status: 200, sse: [rpcError(10, 0, nameNotString)] } },
    stdio: { line: call(10, {}, 5), expect: { responses: [rpcError(10, 0, nameNotString)] } },
  },
  {
    name: "tools/call with a path-traversal name",
    http: { req: { body: call(10, {}, "../../etc/passwd") }, expect: { status: 200, sse: [rpcError(10, -32602, 'unknown tool "../../etc/passwd"')] } },
    stdio: { line: call(10, {}, "../../etc/passwd"), expect: { responses: [rpcError(10, -32602, 'unknown tool "../../etc/passwd"')] } },
  },
  {
    name: "arguments that are a string",
    http: { req: { body: call(10, "x") }, expect: { status: 200, sse: [isErrorText(10, notAnObject('"x"'))] } },
    stdio: { line: call(10, "x"), expect: { responses: [isErrorText(10, notAnObject('"x"'))] } },
  },
  {
    name: "arguments that are an array",
    http: { req: { body: call(10, [1]) }, expect: { status: 200, sse: [isErrorText(10, notAnObject("[1]"))] } },
    stdio: { line: call(10, [1]), expect: { responses: [isErrorText(10, notAnObject("[1]"))] } },
  },
  {
    name: "arguments that are a number",
    http: { req: { body: call(10, 5) }, expect: { status: 200, sse: [isErrorText(10, notAnObject("5"))] } },
    stdio: { line: call(10, 5), expect: { responses: [isErrorText(10, notAnObject("5"))] } },
  },
  {
    name: "arguments null count as {}",
    http: { req: { body: call(10, null) }, expect: { status: 200, sse: [result(10, { content: [{ type: "text", text: '{"ok":true}' }], structuredContent: { ok: true } })] } },
    stdio: { line: call(10, null), expect: { responses: [result(10, { content: [{ type: "text", text: '{"ok":true}' }], structuredContent: { ok: true } })] } },
  },
  {
    name: "__proto__ and constructor keys in arguments",
    http: { req: { body: call(13, JSON.parse('{"__proto__":{"rideId":"x"},"constructor":{"prototype":{"polluted":1}}}')) }, expect: { status: 200, sse: [isErrorText(13, validation('unexpected additional properties ["__proto__" "constructor"]'))] } },
    stdio: { line: call(13, JSON.parse('{"__proto__":{"rideId":"x"},"constructor":{"prototype":{"polluted":1}}}')), expect: { responses: [isErrorText(13, validation('unexpected additional properties ["__proto__" "constructor"]'))] } },
  },
  {
    name: "__proto__ in arguments meeting a __proto__ key in a match block",
    http: {
      req: { body: call(14, JSON.parse('{"__proto__":{"rideId":"x"},"constructor":"c"}'), "proto_keys") },
      expect: { status: 200, sse: [result(14, { content: [{ type: "text", text: '{"matched":"proto"}' }], structuredContent: { matched: "proto" } })] },
    },
    stdio: {
      line: call(14, JSON.parse('{"__proto__":{"rideId":"x"},"constructor":"c"}'), "proto_keys"),
      expect: { responses: [result(14, { content: [{ type: "text", text: '{"matched":"proto"}' }], structuredContent: { matched: "proto" } })] },
    },
  },
  {
    name: "no inherited __proto__ or constructor satisfies a match block",
    http: {
      req: { body: call(15, { rideId: "r" }, "proto_keys") },
      expect: {
        status: 200,
        sse: [result(15, { content: [{ type: "text", text: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"rideId":"r"}' }], structuredContent: JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"rideId":"r"}') })],
      },
    },
    stdio: {
      line: call(15, { rideId: "r" }, "proto_keys"),
      expect: {
        responses: [result(15, { content: [{ type: "text", text: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"rideId":"r"}' }], structuredContent: JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"rideId":"r"}') })],
      },
    },
  },
  {
    name: "__proto__ in the params of tools/list",
    http: { req: { body: '{"jsonrpc":"2.0","id":16,"method":"ping","params":{"__proto__":{"_meta":5}}}' }, expect: { status: 200, sse: [result(16, {})] } },
    stdio: { line: '{"jsonrpc":"2.0","id":16,"method":"ping","params":{"__proto__":{"_meta":5}}}', expect: { responses: [result(16, {})] } },
  },
  {
    name: "10,000-deep arguments",
    http: { req: { body: () => `{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"healthy","arguments":{"rideId":${deep(10_000)}}}}` }, expect: { status: 200, sse: [isErrorText(17, validation(`validating /properties/rideId: type: ${deep(10_000)} has type "array", want "string"`))] } },
    stdio: { line: () => `{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"healthy","arguments":{"rideId":${deep(10_000)}}}}`, expect: { responses: [isErrorText(17, validation(`validating /properties/rideId: type: ${deep(10_000)} has type "array", want "string"`))] } },
  },
  {
    name: "100,000-deep params",
    http: { req: { body: () => `{"jsonrpc":"2.0","id":18,"method":"ping","params":{"x":${deep(100_000)}}}` }, expect: { status: 200, sse: [result(18, {})] } },
    stdio: { line: () => `{"jsonrpc":"2.0","id":18,"method":"ping","params":{"x":${deep(100_000)}}}`, expect: { responses: [result(18, {})] } },
  },
  {
    name: "invalid UTF-8 inside a string argument is read as U+FFFD",
    http: {
      req: { body: Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":19,"method":"tools/call","params":{"name":"proto_keys","arguments":{"rideId":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}}}')]) },
      expect: { status: 200, sse: [result(19, { content: [{ type: "text", text: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"rideId":"\ufffd\ufffd"}' }], structuredContent: JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"rideId":"\ufffd\ufffd"}') })] },
    },
    stdio: {
      line: Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":19,"method":"tools/call","params":{"name":"proto_keys","arguments":{"rideId":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}}}')]),
      expect: { responses: [result(19, { content: [{ type: "text", text: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"rideId":"\ufffd\ufffd"}' }], structuredContent: JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"rideId":"\ufffd\ufffd"}') })] },
    },
  },

  // --- Size ---
  {
    name: "a 10 MB body",
    http: { req: { body: () => rpc(20, "ping", { x: "a".repeat(10 * MIB) }) }, expect: go(413, "Payload Too Large: request body exceeds 4194304 bytes (see --body-limit)", { connection: "close" }) },
    // stdio applies the same limit to a line; the next line is still read (see also the test below).
    stdio: { line: () => rpc(20, "ping", { x: "a".repeat(10 * MIB) }), expect: { responses: [{ jsonrpc: "2.0", id: null, error: { code: -32000, message: "Payload Too Large: request body exceeds 4194304 bytes (see --body-limit)" } }] } },
  },
  {
    name: "a body of exactly the limit is read",
    http: { req: { body: () => sized(4 * MIB, 21) }, expect: { status: 200, sse: [result(21, {})] } },
    stdio: { line: () => sized(4 * MIB, 21), expect: { responses: [result(21, {})] } },
  },
  {
    name: "a chunked body one byte over the limit (no Content-Length)",
    http: { req: { chunked: true, body: () => sized(4 * MIB + 1, 21) }, expect: go(413, "Payload Too Large: request body exceeds 4194304 bytes (see --body-limit)") },
    stdio: { line: () => sized(4 * MIB + 1, 21), expect: { responses: [{ jsonrpc: "2.0", id: null, error: { code: -32000, message: "Payload Too Large: request body exceeds 4194304 bytes (see --body-limit)" } }] } },
  },
  {
    name: "a 3 MB body under the limit",
    http: { req: { body: () => call(22, { rideId: "r".repeat(3 * MIB) }) }, expect: { status: 200, sse: [result(22, { content: [{ type: "text", text: `{"ok":true}` }], structuredContent: { ok: true } })] } },
    stdio: { line: () => call(22, { rideId: "r".repeat(3 * MIB) }), expect: { responses: [result(22, { content: [{ type: "text", text: `{"ok":true}` }], structuredContent: { ok: true } })] } },
  },

  // --- HTTP headers: Accept, Content-Type, method ---
  { name: "Accept: application/json only", http: { req: { headers: { accept: "application/json" }, body: rpc(23, "ping") }, expect: GO_ACCEPT }, stdio: headerOnly },
  { name: "no Accept header", http: { req: { headers: { accept: null }, body: rpc(23, "ping") }, expect: GO_ACCEPT }, stdio: headerOnly },
  { name: "Accept: text/html", http: { req: { headers: { accept: "text/html" }, body: rpc(23, "ping") }, expect: GO_ACCEPT }, stdio: headerOnly },
  { name: "Content-Type: text/plain", http: { req: { headers: { "content-type": "text/plain" }, body: rpc(24, "ping") }, expect: GO_MEDIA }, stdio: headerOnly },
  { name: "no Content-Type", http: { req: { headers: { "content-type": null }, body: rpc(24, "ping") }, expect: GO_MEDIA }, stdio: headerOnly },
  { name: "a form body", http: { req: { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=b&c=d" }, expect: GO_MEDIA }, stdio: headerOnly },
  {
    name: "GET without text/event-stream in Accept",
    http: { req: { method: "GET", headers: { accept: "application/json" } }, expect: go(400, "Accept must contain 'text/event-stream' for GET requests") },
    stdio: headerOnly,
  },
  { name: "PUT", http: { req: { method: "PUT", body: "{}" }, expect: go(405, "Method Not Allowed", { allow: "GET, POST, DELETE" }) }, stdio: headerOnly },
  { name: "PATCH", http: { req: { method: "PATCH", body: "{}" }, expect: go(405, "Method Not Allowed", { allow: "GET, POST, DELETE" }) }, stdio: headerOnly },
  { name: "a header over 16 KB (Node's parser answers)", http: { req: { headers: { "x-big": "a".repeat(20_000) }, body: rpc(25, "ping") }, expect: { status: 431, empty: true } }, stdio: headerOnly },
  {
    name: "bytes that are not HTTP at all",
    http: { req: { rawSocket: Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a]) }, expect: { status: 400, empty: true } },
    stdio: { line: Buffer.from(TLS_BYTES), expect: stdioMalformed(TLS_REASON) },
  },

  // --- Sessions ---
  { name: "an unknown session id", http: { req: { headers: { "mcp-session-id": "00000000-0000-4000-8000-000000000000" }, body: rpc(26, "ping") }, expect: GO_SESSION }, stdio: "n/a: stdio has one session, the process" },
  // An empty id is no id to the go-sdk: a session is made for the request, and closed after it.
  { name: "an empty session id", http: { req: { headers: { "mcp-session-id": "" }, body: rpc(26, "ping") }, expect: { status: 200, sse: [result(26, {})] } }, stdio: "n/a: stdio has one session, the process" },
  { name: "a stale session id (ended by DELETE)", http: { req: { session: "stale", body: rpc(26, "ping") }, expect: GO_SESSION }, stdio: "n/a: stdio has one session, the process" },
  { name: "DELETE of a stale session", http: { req: { session: "stale", method: "DELETE" }, expect: GO_SESSION }, stdio: "n/a: stdio has one session, the process" },
  { name: "no session id on a request other than initialize", http: { req: { session: "none", body: rpc(26, "ping") }, expect: { status: 200, sse: [result(26, {})] } }, stdio: "n/a: stdio has one session, the process" },
  { name: "a session id with a header-injection attempt", http: { req: { headers: { "mcp-session-id": "abc, def" }, body: rpc(26, "ping") }, expect: GO_SESSION }, stdio: "n/a: stdio has one session, the process" },

  // --- Protocol version header ---
  { name: "an unsupported MCP-Protocol-Version", http: { req: { headers: { "mcp-protocol-version": "1999-01-01" }, body: rpc(27, "ping") }, expect: GO_VERSION }, stdio: headerOnly },
  // The go-sdk reads an empty MCP-Protocol-Version as absent (2025-03-26).
  { name: "an empty MCP-Protocol-Version", http: { req: { headers: { "mcp-protocol-version": "" }, body: rpc(27, "ping") }, expect: { status: 200, sse: [result(27, {})] } }, stdio: headerOnly },
  { name: "a future MCP-Protocol-Version", http: { req: { headers: { "mcp-protocol-version": "2099-12-31" }, body: rpc(27, "ping") }, expect: GO_VERSION }, stdio: headerOnly },
  { name: "an older supported MCP-Protocol-Version", http: { req: { headers: { "mcp-protocol-version": "2024-11-05" }, body: rpc(27, "ping") }, expect: { status: 200, sse: [result(27, {})] } }, stdio: headerOnly },

  // --- Host and Origin (DNS rebinding) ---
  { name: "a foreign Host", http: { req: { headers: { host: "evil.example" }, body: rpc(28, "ping") }, expect: goHost("evil.example") }, stdio: headerOnly },
  { name: "a foreign Host with our port", http: { req: { headers: { host: "evil.example:8080" }, body: rpc(28, "ping") }, expect: goHost("evil.example:8080") }, stdio: headerOnly },
  { name: "a rebinding name that embeds 127.0.0.1", http: { req: { headers: { host: "127.0.0.1.nip.io" }, body: rpc(28, "ping") }, expect: goHost("127.0.0.1.nip.io") }, stdio: headerOnly },
  { name: "a name that starts with localhost", http: { req: { headers: { host: "localhost.evil.example" }, body: rpc(28, "ping") }, expect: goHost("localhost.evil.example") }, stdio: headerOnly },
  { name: "a foreign Host on GET /health", http: { req: { method: "GET", path: "/health", headers: { host: "evil.example" } }, expect: { status: 403, json: forbidden("evil.example") } }, stdio: headerOnly },
  { name: "Host [::1] is loopback", http: { req: { headers: { host: "[::1]" }, body: rpc(29, "ping") }, expect: { status: 200, sse: [result(29, {})] } }, stdio: headerOnly },
  {
    name: "a foreign Origin is allowed, as production's CORS * does",
    http: { req: { headers: { origin: "https://evil.example" }, body: rpc(30, "ping") }, expect: { status: 200, sse: [result(30, {})], headers: { "access-control-allow-origin": "*" } } },
    stdio: headerOnly,
  },
  {
    name: "a CORS preflight from a foreign Origin",
    http: { req: { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "POST" } }, expect: { status: 200, empty: true, headers: { "access-control-allow-origin": "*" } } },
    stdio: headerOnly,
  },
];
