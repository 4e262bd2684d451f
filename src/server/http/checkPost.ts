// The checks legacy SSE's /messages makes on a POST before the SDK transport sees it, worded
// from protocolErrors.ts.
import type { Request } from "express";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { classifyMessages, isJsonContentType, protocolErrors, type ProtocolError } from "../mcp/protocolErrors.js";

export type PostCheck = { ok: true; messages: JSONRPCMessage[] } | { ok: false; error: ProtocolError };

/**
 * Any Accept does: legacy SSE POSTs are answered on the stream. /mcp makes the go-sdk's checks
 * instead (goWire/goHttp.ts), and a second initialize is answered again (see mcpServer.ts).
 */
export function checkPost(req: Request, body: unknown): PostCheck {
  if (!isJsonContentType(req.headers["content-type"])) return { ok: false, error: protocolErrors.unsupportedMediaType };
  return classifyMessages(body);
}
