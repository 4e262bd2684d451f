// The HTTP rendering of a refusal, as Go's http.Error writes it: the status, text/plain, nosniff,
// the text and a newline. A 413 also closes the connection: the rest of the body is never read.
import type { ServerResponse } from "node:http";
import type { WireError } from "../wire/wireError.js";
import { CORS } from "./cors.js";

export function sendWireError(res: ServerResponse, err: WireError): void {
  if (res.headersSent) {
    res.end();
    return;
  }
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
