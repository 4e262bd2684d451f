// The HTTP form of a JSON-RPC error: a JSON body with no id, never an HTML page.
import type { Response } from "express";

/** Answers an HTTP request with a JSON-RPC error object and no id, never an HTML page. */
export function sendRpcError(res: Response, status: number, code: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(status).type("application/json").send(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
