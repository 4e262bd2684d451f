// The fuzzer's grammar of MCP traffic: JSON-RPC messages (methods, ids of every JSON type, params
// shapes, tool arguments from each inputSchema then mutated), the bytes of a body (cut short,
// bytes after it, a byte-order mark, batches, duplicate and re-cased keys, numbers written oddly)
// and the headers around it (content type, accept, protocol version, session). One case is one
// session's worth: what opens it, then one to three requests. fast-check draws and shrinks it.
import fc from "fast-check";
import { anyJson, argumentsFor, oddStrings } from "./schemaValues.mjs";

const era = "2026-07-28";
const versions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];
const clientInfo = { name: "parity-fuzz", version: "1.0.0" };
const eraMeta = { "io.modelcontextprotocol/protocolVersion": era, "io.modelcontextprotocol/clientInfo": clientInfo, "io.modelcontextprotocol/clientCapabilities": {} };

const id = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 0, max: 99 }) },
  { weight: 3, arbitrary: fc.string({ minLength: 0, maxLength: 6 }) },
  { weight: 2, arbitrary: fc.constantFrom(-1, 1.5, -2.7, 2 ** 53 + 1, 1e21, 0) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, {}, [], [1], { a: 1 }) },
);

/** A `_meta`: mostly none, else a progress token, a 2026-07-28 triple, or not an object. */
const meta = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.record({ progressToken: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.string({ maxLength: 4 })) }) },
  { weight: 1, arbitrary: fc.constant(eraMeta) },
  { weight: 1, arbitrary: fc.constantFrom(5, "x", [], null, true, {}) },
);

const withMeta = (params, m) => (m === undefined || params === null || typeof params !== "object" || Array.isArray(params) ? params : { ...params, _meta: m });

/** Params any method may get: none, null, or the wrong shape. */
const oddParams = fc.constantFrom(undefined, null, [], [1], 5, "x", true, {});

function paramsFor(method, tools) {
  const toolNames = tools.map((t) => t.name);
  const cursor = fc.record({ cursor: fc.oneof(fc.constantFrom("", "abc", "Zm9v", 5, null), fc.string({ maxLength: 6 })) }, { requiredKeys: [] });
  switch (method) {
    case "tools/call":
      return fc.oneof(
        { weight: 10, arbitrary: fc.constantFrom(...tools).chain((t) => fc.record({ name: fc.constant(t.name), arguments: fc.oneof({ weight: 8, arbitrary: argumentsFor(t) }, { weight: 1, arbitrary: fc.constantFrom(undefined, null, [], "x", 5) }) }, { requiredKeys: ["name"] })) },
        { weight: 1, arbitrary: fc.record({ name: fc.oneof(fc.constantFrom(...toolNames).map((n) => n.toUpperCase()), fc.constantFrom("", "nope", 7, null)), arguments: anyJson }, { requiredKeys: [] }) },
      );
    case "tools/list":
    case "prompts/list":
    case "resources/list":
    case "resources/templates/list":
      return cursor;
    case "resources/read":
    case "resources/subscribe":
    case "resources/unsubscribe":
      return fc.record({ uri: fc.constantFrom("ui://careem-mcp-app", "ui://careem-mcp-app/", "UI://CAREEM-MCP-APP", "", "file:///etc/passwd", 5, null) }, { requiredKeys: [] });
    case "logging/setLevel":
      return fc.record({ level: fc.constantFrom("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency", "DEBUG", "verbose", "", 3, null) }, { requiredKeys: [] });
    case "prompts/get":
      return fc.record({ name: fc.constantFrom("", "greet", 5, null), arguments: fc.constantFrom({}, { a: "b" }, { a: 1 }, "x", null) }, { requiredKeys: [] });
    case "completion/complete":
      return fc.record({ ref: fc.constantFrom({ type: "ref/prompt", name: "x" }, { type: "ref/resource", uri: "ui://careem-mcp-app" }, 5), argument: fc.constantFrom({ name: "a", value: "b" }, "x") }, { requiredKeys: [] });
    case "initialize":
      return fc.record(
        { protocolVersion: fc.constantFrom(...versions, era, "2099-01-01", "", 20250618, null), capabilities: fc.constantFrom({}, { roots: { listChanged: true } }, null, [], "x"), clientInfo: fc.constantFrom(clientInfo, { name: "x" }, null, 5) },
        { requiredKeys: [] },
      );
    case "notifications/cancelled":
      return fc.record({ requestId: id, reason: fc.constantFrom("stop", 5) }, { requiredKeys: [] });
    case "notifications/progress":
      return fc.record({ progressToken: id, progress: fc.constantFrom(1, "x") }, { requiredKeys: [] });
    default:
      return anyJson;
  }
}

/** Methods by weight: the tools most, every method the go-sdk knows, and what it does not. */
const methods = [
  [30, "tools/call"],
  [4, "tools/list"],
  [3, "ping"],
  [3, "initialize"],
  [2, "resources/list"],
  [2, "resources/read"],
  [2, "resources/templates/list"],
  [2, "prompts/list"],
  [2, "prompts/get"],
  [2, "logging/setLevel"],
  [1, "completion/complete"],
  [1, "resources/subscribe"],
  [1, "resources/unsubscribe"],
  [2, "notifications/initialized"],
  [1, "notifications/cancelled"],
  [1, "notifications/progress"],
  [1, "notifications/roots/list_changed"],
  [1, "server/discover"],
  [1, "Tools/List"],
  [1, "foo/bar"],
  [1, ""],
];

/** One JSON-RPC message. `wellFormed`: always JSON-RPC 2.0 with a string or number id, or a notification (stdio: see stdioCase). */
export function message(tools, { wellFormed = false } = {}) {
  const method = fc.oneof(...methods.map(([weight, m]) => ({ weight, arbitrary: fc.constant(m) })));
  return method.chain((m) => {
    const notification = m.startsWith("notifications/");
    const theId = wellFormed ? fc.oneof(fc.integer({ min: 0, max: 99 }), fc.string({ minLength: 1, maxLength: 6 })) : id;
    return fc.record({
      jsonrpc: wellFormed ? fc.constant("2.0") : fc.oneof({ weight: 20, arbitrary: fc.constant("2.0") }, { weight: 1, arbitrary: fc.constantFrom("1.0", 2, null, undefined) }),
      // Over stdio a message with neither method nor id is not JSON-RPC (see stdioCase).
      id: notification ? fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: theId }) : wellFormed && m === "" ? theId : fc.oneof({ weight: 12, arbitrary: theId }, { weight: 1, arbitrary: fc.constant(undefined) }),
      params: fc.oneof({ weight: 8, arbitrary: paramsFor(m, tools) }, { weight: 1, arbitrary: oddParams }),
      meta,
      m: fc.constant(m),
    }).map(({ jsonrpc, id: i, params, meta: mt, m: name }) => {
      const msg = {};
      if (jsonrpc !== undefined) msg.jsonrpc = jsonrpc;
      if (i !== undefined) msg.id = i;
      msg.method = name;
      const p = withMeta(params, mt);
      if (p !== undefined) msg.params = p;
      return msg;
    });
  });
}

/** What is done to a body's text once it is JSON: `text` is the JSON, `at` a number to place a cut. */
const bodyShape = fc.oneof(
  { weight: 30, arbitrary: fc.constant({ kind: "plain" }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cut"), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("trailing"), tail: fc.constantFrom(" x", "}", "\n\n", "{}", ",", "\u0000", "é") }) },
  { weight: 1, arbitrary: fc.constant({ kind: "bom" }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("duplicateKey"), key: fc.constantFrom("id", "method", "jsonrpc", "params"), value: anyJson }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("keyCase"), key: fc.constantFrom("jsonrpc", "id", "method", "params") }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("number"), text: fc.constantFrom("1.0", "1e2", "-0", "12345678901234567890123", "1E400", "0.0000001", "01", "1.", "-") }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("spaces"), space: fc.constantFrom(" ", "\n", "\t", "\r\n", "\u00a0") }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("garbage"), text: fc.constantFrom("mxyz", "", "  ", "nul", "tru", "[", "{", '{"a" é}', "[1,]", '"x"', "42", "[]", "null", "\ud800") }) },
);

/** The body's text: the message (or batch) as JSON, then the shape's change. */
export function bodyText(value, shape) {
  const text = JSON.stringify(value);
  switch (shape.kind) {
    case "cut":
      return text.slice(0, shape.at % Math.max(1, text.length));
    case "trailing":
      return text + shape.tail;
    case "bom":
      return `\ufeff${text}`;
    case "duplicateKey":
      return text.startsWith("{") ? `{${JSON.stringify(shape.key)}:${JSON.stringify(shape.value) ?? "null"},${text.slice(1)}` : text;
    case "keyCase":
      return text.replace(`"${shape.key}":`, `"${shape.key.toUpperCase()}":`);
    case "number":
      return /:-?\d+(?=[,}\]])/.test(text) ? text.replace(/:-?\d+(?=[,}\]])/, `:${shape.text}`) : text;
    case "spaces":
      return text.replace(/([:,{[])/g, `$1${shape.space}`);
    case "garbage":
      return shape.text;
  }
  return text;
}

const json = "application/json";
const both = "application/json, text/event-stream";
/** Headers of a POST: mostly right, else each of them off in one way. */
const headers = fc.record({
  contentType: fc.oneof({ weight: 20, arbitrary: fc.constant(json) }, { weight: 1, arbitrary: fc.constantFrom("application/json; charset=utf-8", "APPLICATION/JSON", "text/plain", "application/json-rpc", undefined, "") }),
  accept: fc.oneof({ weight: 20, arbitrary: fc.constant(both) }, { weight: 1, arbitrary: fc.constantFrom(json, "text/event-stream", "*/*", "application/*, text/*", undefined, "text/event-stream, application/json;q=0.9") }),
  version: fc.oneof({ weight: 20, arbitrary: fc.constant("negotiated") }, { weight: 1, arbitrary: fc.constantFrom(undefined, ...versions, era, "2099-01-01", "garbage") }),
  session: fc.oneof({ weight: 20, arbitrary: fc.constant("current") }, { weight: 1, arbitrary: fc.constantFrom("none", "bogus") }),
});

/** The name a 2026-07-28 request names in its Mcp-Name header. */
function nameOf(msg) {
  if (msg === null || typeof msg !== "object" || Array.isArray(msg)) return undefined;
  if (msg.method === "tools/call" || msg.method === "prompts/get") return msg.params?.name;
  if (msg.method === "resources/read") return msg.params?.uri;
  return undefined;
}

/** One HTTP step of a request, as parity/runner.mjs sends it. */
function postStep(value, shape, h, eraRequest) {
  const hs = {};
  if (h.contentType !== undefined) hs["content-type"] = h.contentType;
  if (h.accept !== undefined) hs.accept = h.accept;
  if (eraRequest) {
    hs["mcp-protocol-version"] = era;
    if (value && typeof value.method === "string") hs["mcp-method"] = value.method;
    const name = nameOf(value);
    if (typeof name === "string") hs["mcp-name"] = name;
  } else if (h.version !== undefined && h.version !== "negotiated") hs["mcp-protocol-version"] = h.version;
  return { method: "POST", headers: hs, body: bodyText(value, shape), session: eraRequest ? "none" : h.session, version: !eraRequest && h.version === "negotiated" };
}

/** A request of a case over HTTP: a message or a batch, its body's shape and headers; now and then a GET or DELETE. */
function httpRequest(tools, eraRequests) {
  const msg = message(tools);
  const value = fc.oneof({ weight: 12, arbitrary: msg }, { weight: 1, arbitrary: fc.array(msg, { minLength: 1, maxLength: 3 }) });
  const post = fc.tuple(value, bodyShape, headers, eraRequests ? fc.boolean() : fc.constant(false)).map(([v, shape, h, e]) => {
    // A request of the new era carries the _meta triple, as a 2026-07-28 client sends it.
    const sent = e && v && !Array.isArray(v) && v.params !== null && typeof v.params === "object" && !Array.isArray(v.params) ? { ...v, params: { ...v.params, _meta: { ...eraMeta, ...(typeof v.params._meta === "object" ? v.params._meta : {}) } } } : v;
    return postStep(sent, shape, h, e);
  });
  const other = fc.constantFrom(
    { method: "DELETE", headers: {}, session: "current", version: true },
    { method: "GET", headers: { accept: "text/event-stream" }, session: "bogus", version: true },
    { method: "PUT", headers: { "content-type": json, accept: both }, body: "{}", session: "current", version: true },
  );
  return fc.oneof({ weight: 40, arbitrary: post }, { weight: 1, arbitrary: other });
}

/** What opens an HTTP session: initialize at a version and initialized (mostly), or less. */
const opening = fc.oneof(
  { weight: 16, arbitrary: fc.record({ kind: fc.constant("full"), version: fc.constantFrom(...versions) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("no-initialized"), version: fc.constantFrom(...versions) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "none" }) },
);

function openingSteps(o) {
  if (o.kind === "none") return [];
  const init = { method: "POST", headers: { "content-type": json, accept: both }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: o.version, capabilities: {}, clientInfo } }), session: "none" };
  const initialized = { method: "POST", headers: { "content-type": json, accept: both }, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), session: "current", version: true };
  return o.kind === "full" ? [init, initialized] : [init];
}

/** A case over streamable HTTP: { transport: "http", name, steps } as the corpus writes one. */
export function httpCase(tools, { eraRequests }) {
  return fc.tuple(opening, fc.array(httpRequest(tools, eraRequests), { minLength: 1, maxLength: 3 })).map(([o, requests]) => ({ transport: "http", name: "http/fuzz/case", steps: [...openingSteps(o), ...requests] }));
}

/** A case over SSE: the messages POSTed to the stream's endpoint, each a body and its content type. */
export function sseCase(tools) {
  const post = fc.tuple(message(tools), bodyShape, fc.oneof({ weight: 20, arbitrary: fc.constant(json) }, { weight: 1, arbitrary: fc.constantFrom("text/plain", undefined, "application/json; charset=utf-8") })).map(([v, shape, contentType]) => ({
    body: bodyText(v, shape),
    headers: contentType === undefined ? {} : { "content-type": contentType },
  }));
  return fc.tuple(opening, fc.array(post, { minLength: 1, maxLength: 3 })).map(([o, posts]) => ({ transport: "sse", name: "sse/fuzz/case", opening: o.kind === "none" ? "none" : o.version, initialized: o.kind === "full", posts }));
}

/**
 * A case over stdio: JSON-RPC 2.0 messages only. A line that is not one ends the go-sdk's stdio
 * connection and the local build reads on, an allowed difference (test/parity/allowed-differences.md);
 * every line of a case shares one process with the cases before it.
 */
export function stdioCase(tools) {
  return fc.array(message(tools, { wellFormed: true }), { minLength: 1, maxLength: 3 }).map((messages) => ({ transport: "stdio", name: "stdio/fuzz/case", messages }));
}

export { oddStrings };
