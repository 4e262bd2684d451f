// The HTTP form of a JSON-RPC error: a JSON body with no id, never an HTML page.
import type { Response } from "express";
import type { ProtocolError } from "../mcp/protocolErrors.js";

/** Answers an HTTP request with a JSON-RPC error object and no id, never an HTML page. */
export function sendRpcError(res: Response, status: number, code: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(status).type("application/json").send(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/** A refusal worded in protocolErrors.ts, with its status. */
export function sendProtocolError(res: Response, error: ProtocolError): void {
  if (error.status === 413) res.setHeader("Connection", "close");
  sendRpcError(res, error.status, error.code, error.message);
}
