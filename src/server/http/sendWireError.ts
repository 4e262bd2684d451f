// The HTTP rendering of a refusal, as Go's http.Error writes it: the status, text/plain, nosniff,
// the text and a newline. A 413 also closes the connection: the rest of the body is never read.
// A `json` refusal (the 2026-07-28 era's) is go-sdk's writeJSONRPCError instead: the status and a
// JSON-RPC error naming the request's id, as application/json.
import type { ServerResponse } from "node:http";
import { goMessageText } from "../goWire/goWire.js";
import { baseProfile } from "../profiles/profiles.js";
import type { WireError } from "../goWire/wireError.js";
import { CORS } from "./cors.js";

export function sendWireError(res: ServerResponse, err: WireError, id?: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  // An error's text is the same under every profile (only results are shaped by one).
  if (err.json) return sendJsonAnswer(res, err.status, goMessageText({ jsonrpc: "2.0", id, error: err }, undefined, baseProfile));
  const text = `${err.message}\n`;
  res.writeHead(err.status, {
    ...CORS,
    ...err.headers,
    "Content-Type": "text/plain; charset=utf-8",
    "X-Content-Type-Options": "nosniff",
    "Content-Length": String(Buffer.byteLength(text)),
    ...(err.status === 413 ? { Connection: "close" } : {}),
  });
  res.end(text);
}

/** One JSON-RPC message as the whole answer, with this status (not an event stream). */
export function sendJsonAnswer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...CORS, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(text)) });
  res.end(text);
}
