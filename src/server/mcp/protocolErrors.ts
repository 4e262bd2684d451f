// The one place the answers to bad protocol input are worded, for every transport: streamable
// HTTP (/mcp), legacy SSE (/sse) and stdio give the same JSON-RPC error, as JSON, for the same
// bad input. The words are the ones /mcp has always answered (the TypeScript SDK's, and our
// host's where it reads the body); the routes check these cases before the SDK sees a request,
// so a text changed here (to the Go SDK's words, say) changes on every transport at once. The
// README's "Transports at the edges" lists the differences that stay on purpose.
import { isInitializeRequest, JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { supportedVersions } from "./protocolVersions.js";

export interface ProtocolError {
  /** HTTP status, where the transport has one. */
  status: number;
  code: number;
  message: string;
}

const error = (status: number, code: number, message: string): ProtocolError => ({ status, code, message });

export const protocolErrors = {
  invalidJson: error(400, -32700, "Parse error: Invalid JSON"),
  notJsonRpc: error(400, -32700, "Parse error: Invalid JSON-RPC message"),
  oneInitializeOnly: error(400, -32600, "Invalid Request: Only one initialization request is allowed"),
  unsupportedMediaType: error(415, -32000, "Unsupported Media Type: Content-Type must be application/json"),
  sessionNotFound: error(404, -32001, "Session not found"),
  sessionIdRequired: error(400, -32000, "Bad Request: Mcp-Session-Id header is required"),
  tooLarge: (limit: number) => error(413, -32000, `Payload Too Large: request body exceeds ${limit} bytes (see --body-limit)`),
  unsupportedVersion: (version: string) =>
    error(400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${supportedVersions.join(", ")})`),
  forbiddenHost: (host: string, what = "a loopback name") => error(403, -32000, `Forbidden: Host header "${host}" is not ${what} (DNS rebinding protection)`),
};

/** The JSON-RPC message for an error that answers no request in particular (id null). */
export function errorMessage(e: ProtocolError): JSONRPCMessage {
  return { jsonrpc: "2.0", id: null, error: { code: e.code, message: e.message } } as unknown as JSONRPCMessage;
}

export type Classified = { ok: true; messages: JSONRPCMessage[] } | { ok: false; error: ProtocolError };

/**
 * A parsed body or line -> its JSON-RPC messages, as /mcp takes them: a batch is its members (an
 * empty batch none); anything that is not a JSON-RPC message, or a batch holding one, is refused
 * whole; a batch may hold at most one initialize.
 */
export function classifyMessages(value: unknown): Classified {
  const members = Array.isArray(value) ? value : [value];
  const messages: JSONRPCMessage[] = [];
  for (const member of members) {
    const parsed = JSONRPCMessageSchema.safeParse(member);
    if (!parsed.success) return { ok: false, error: protocolErrors.notJsonRpc };
    messages.push(parsed.data);
  }
  if (messages.filter(isInitialize).length > 1) return { ok: false, error: protocolErrors.oneInitializeOnly };
  return { ok: true, messages };
}

/** An initialize request as the SDK recognises one (params with clientInfo and the rest). */
export function isInitialize(message: unknown): boolean {
  return isInitializeRequest(message);
}

/** A POST body (one message or a batch) that holds an initialize request. */
export function holdsInitialize(body: unknown): boolean {
  return (Array.isArray(body) ? body : [body]).some(isInitialize);
}

/** `Content-Type: application/json`, parameters allowed (charset), as the SDK reads it. */
export function isJsonContentType(header: string | undefined): boolean {
  return (header ?? "").split(";")[0]?.trim().toLowerCase() === "application/json";
}
