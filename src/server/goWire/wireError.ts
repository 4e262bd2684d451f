// The one error type of the wire, and every refusal text in one table, worded as go-sdk v1.6.1
// words them (measured against the parity twin). A refusal knows its HTTP status and its
// JSON-RPC code; each transport renders it one way: /mcp and /messages as Go's http.Error
// (text/plain, the text and a newline), stdio as a JSON-RPC error with id null, and an answer to
// a request as a JSON-RPC error inside the response (`rpc` refusals).
import { supportedVersions } from "./protocolVersions.js";
import { goQuote } from "../../base/goQuote.js";

export class WireError extends Error {
  constructor(
    /** The HTTP status, where the transport has one. */
    readonly status: number,
    /** The JSON-RPC code, where the refusal is a JSON-RPC error (stdio, and answers to requests). */
    readonly code: number,
    message: string,
    readonly data?: unknown,
    /** Extra HTTP headers (Allow on a 405). */
    readonly headers?: Readonly<Record<string, string>>,
    /** Rendered as a JSON-RPC error body (application/json) with this status, not as http.Error's text. */
    readonly json = false,
  ) {
    super(message);
    this.name = "WireError";
  }
}

const refusal = (status: number, message: string, headers?: Record<string, string>) => new WireError(status, -32000, message, undefined, headers);
/** A JSON-RPC error answering one request (HTTP 200: it travels inside the response). */
const rpc = (code: number, message: string, data?: unknown) => new WireError(200, code, message, data);
/** go-sdk's writeJSONRPCError: a JSON-RPC error as the whole HTTP answer, naming the request's id. */
const jsonRefusal = (status: number, code: number, message: string, data?: unknown) => new WireError(status, code, message, data, undefined, true);

/** The `_meta` keys of a 2026-07-28 request (SEP-2575). */
export const metaKeys = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  serverInfo: "io.modelcontextprotocol/serverInfo",
  subscriptionId: "io.modelcontextprotocol/subscriptionId",
} as const;

export const refusals = {
  // The streamable HTTP handler's checks before it reads a body, in its order.
  forbiddenHost: (host: string) => refusal(403, `Forbidden: invalid Host header ${goQuote(host)}`),
  contentType: () => refusal(415, "Content-Type must be 'application/json'"),
  acceptGet: () => refusal(400, "Accept must contain 'text/event-stream' for GET requests"),
  acceptPost: () => refusal(400, "Accept must contain both 'application/json' and 'text/event-stream'"),
  sessionNotFound: () => refusal(404, "session not found"),
  // serveGET's own checks, after the handler's. No event store is configured (nor in the twin),
  // so a well-formed Last-Event-ID asks for a replay that cannot be done.
  malformedLastEventId: (id: string) => refusal(400, `malformed Last-Event-ID ${goQuote(id)}`),
  replayUnsupported: () => refusal(400, "stream replay unsupported"),
  // The session's GET stream is one logical stream: a second GET while it is held is refused.
  streamConflict: () => refusal(409, "stream ID conflicts with ongoing stream"),
  deleteNeedsSession: () => refusal(400, "Bad Request: DELETE requires an Mcp-Session-Id header"),
  getNeedsSession: () => refusal(400, "Bad Request: GET requires an Mcp-Session-Id header"),
  methodNotAllowed: () => refusal(405, "Method Not Allowed", { Allow: "GET, POST, DELETE" }),
  /** Stateless: no standalone stream, so only POST (and DELETE, which v1.6.1 still answers). */
  statelessMethodNotAllowed: () => refusal(405, "Method Not Allowed", { Allow: "POST" }),
  // `eraListed`: from v1.7.0 the list names 2026-07-28 too (supported-versions-text), though a
  // stateful server refuses that version otherwise.
  unsupportedVersion: (eraListed: boolean) => refusal(400, `Bad Request: Unsupported protocol version (supported versions: ${[...(eraListed ? ["2026-07-28"] : []), ...supportedVersions].join(",")})`),
  /** v1.8.0, stateful: a 2026-07-28-era request, answered with the legacy versions a dual-era client falls back on. */
  statefulUnsupportedVersion: (version: string) => jsonRefusal(400, -32022, `protocol version ${goQuote(version)} is not supported by this server`, { supported: supportedVersions, requested: version }),
  /** v1.7.0, stateful: a 2026-07-28-era request; `version` is the header's. */
  statefulOnlyVersion: (version: string) => refusal(400, `Bad Request: protocol version ${goQuote(version)} is only supported on stateless HTTP servers (set StreamableHTTPOptions.Stateless = true)`),
  // Reading the body.
  emptyBody: () => refusal(400, "POST requires a non-empty body"),
  /** `reason`: the JSON decoder's words (goDecode.ts). Code -32700 where it is a JSON-RPC error (stdio). */
  malformed: (reason: string) => new WireError(400, -32700, `malformed payload: ${reason}`),
  batchNotSupported: (version: string) => refusal(400, `JSON-RPC batching is not supported in 2025-06-18 and later (request version: ${version})`),
  /** checkRequest's words for a request the server cannot take (methods.ts). */
  badRequest: (text: string) => new WireError(400, -32600, text),
  // The 2026-07-28 era's checks of a POST (go-sdk v1.7.0 servePOST, validateMcpHeaders): JSON, 400.
  versionHeaderRequired: () => jsonRefusal(400, -32020, `Mcp-Protocol-Version header is required for requests carrying ${goQuote(metaKeys.protocolVersion)}`),
  versionHeaderMismatch: (header: string, meta: string) => jsonRefusal(400, -32020, `Mcp-Protocol-Version header ${goQuote(header)} does not match request ${metaKeys.protocolVersion} ${goQuote(meta)}`),
  methodHeaderMissing: () => jsonRefusal(400, -32020, "missing required Mcp-Method header"),
  methodHeaderMismatch: (header: string, body: string) => jsonRefusal(400, -32020, `header mismatch: Mcp-Method header value '${header}' does not match body value '${body}'`),
  nameHeaderMissing: (method: string) => jsonRefusal(400, -32020, `missing required Mcp-Name header for method ${goQuote(method)}`),
  nameUnreadable: (method: string) => jsonRefusal(400, -32020, `failed to extract name from parameters for method ${goQuote(method)}`),
  nameHeaderMismatch: (header: string, body: string) => jsonRefusal(400, -32020, `header mismatch: Mcp-Name header value '${header}' does not match body value '${body}'`),
  /** A call of the 2026-07-28 era to a method the server lacks: 404 where the legacy protocol has a 400 text. */
  eraNotHandled: (method: string) => jsonRefusal(404, -32601, `JSON RPC not handled: ${goQuote(method)} unsupported`),
  // Ours, not the go-sdk's: the go-sdk sets no body limit; the
  // limit bounds what a client can make us hold.
  tooLarge: (limit: number) => refusal(413, `Payload Too Large: request body exceeds ${limit} bytes (see --body-limit)`),
  // The legacy SSE handler's own words.
  sseSessionIdRequired: () => refusal(400, "sessionid must be provided"),
  unparsableBody: () => refusal(400, "failed to parse body"),
  /** The non-MCP routes' DNS-rebinding refusal (rendered as JSON by sendRpcError). */
  forbiddenSiteHost: (host: string, what = "a loopback name") => refusal(403, `Forbidden: Host header "${host}" is not ${what} (DNS rebinding protection)`),
  // Answers to a request, inside the JSON-RPC response.
  notHandled: (method: string) => rpc(0, `JSON RPC not handled: ${goQuote(method)} unsupported`),
  /** v1.7.0's stdio words for a method it lacks (over HTTP it still answers notHandled). */
  methodNotFound: (method: string) => rpc(-32601, `method not found: ${goQuote(method)}`),
  missingParams: () => rpc(-32600, 'invalid request: missing required "params"'),
  /** The JSON decoder's own words with no code: jsonrpc2's reading of a cancellation's params. */
  undecodable: (text: string) => rpc(0, text),
  /**
   * `"params": null` where they are required: found after unmarshalling, so the handler's error
   * (every release; initialize has its own unmarshaller, whose error carries no code).
   */
  nullParams: (method: string) => (method === "initialize" ? rpc(0, `handling 'initialize': missing required "params"`) : rpc(-32600, `handling '${method}': invalid request: missing required "params"`)),
  duringInitialization: (method: string) => rpc(0, `method ${goQuote(method)} is invalid during session initialization`),
  /** Params the go-sdk cannot unmarshal into the method's params struct (goParams.ts): code 0, -32602 from v1.7.0. */
  unreadableParams: (text: string, coded: boolean) => rpc(coded ? -32602 : 0, text),
  // The `_meta` triple of a 2026-07-28 call (servePOST and validateRequestMeta), and what its
  // version asks. JSON with status 400 whether the POST or the session refuses it (goWire/eraStatus.ts).
  metaMissing: (key: string) => jsonRefusal(400, -32602, `missing or invalid _meta field ${goQuote(key)}`),
  metaInvalid: (key: string) => jsonRefusal(400, -32602, `invalid _meta field ${goQuote(key)}`),
  /** `supported`: every version the server speaks, the era's included. */
  unsupportedMetaVersion: (requested: string, supported: readonly string[]) => jsonRefusal(400, -32022, "unsupported protocol version", { supported, requested }),
  /** v1.7.0 on: a session answers initialize once. */
  duplicate: (method: string) => rpc(0, `duplicate ${goQuote(method)} received`),
};

/** The error of a JSON-RPC answer: code, message and data as any thrown error carries them. */
export function rpcErrorOf(err: unknown): { code: number; message: string; data?: unknown } {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const code = Number.isSafeInteger(e.code) ? (e.code as number) : -32603;
  const message = typeof e.message === "string" ? e.message : "Internal error";
  return e.data === undefined ? { code, message } : { code, message, data: e.data };
}
