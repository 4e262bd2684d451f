// The checks /mcp and /messages make on a POST before the SDK transport sees it, worded from
// protocolErrors.ts, in the order the SDK's streamable transport makes them.
import type { Request } from "express";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { classifyMessages, isInitialize, isJsonContentType, protocolErrors, type ProtocolError } from "../mcp/protocolErrors.js";

export type PostCheck = { ok: true; messages: JSONRPCMessage[] } | { ok: false; error: ProtocolError };

/**
 * `streamable`: /mcp also wants Accept to name both JSON and SSE (legacy SSE POSTs are answered
 * on the stream, so any Accept does). `initialized`: the session exists, so initialize is refused.
 */
export function checkPost(req: Request, body: unknown, opts: { streamable: boolean; initialized: boolean }): PostCheck {
  if (opts.streamable) {
    const accept = req.headers.accept ?? "";
    if (!accept.includes("application/json") || !accept.includes("text/event-stream")) return { ok: false, error: protocolErrors.notAcceptable };
  }
  if (!isJsonContentType(req.headers["content-type"])) return { ok: false, error: protocolErrors.unsupportedMediaType };
  const classified = classifyMessages(body);
  if (!classified.ok) return classified;
  if (opts.initialized && classified.messages.some(isInitialize)) return { ok: false, error: protocolErrors.alreadyInitialized };
  return classified;
}
