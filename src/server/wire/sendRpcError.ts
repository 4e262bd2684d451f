// The JSON form of a refusal for the routes that are not MCP endpoints: a JSON-RPC error with no
// id, never an HTML page. The MCP endpoints render refusals as the go-sdk does (http/sendWireError.ts).
import type { Response } from "express";
import type { WireError } from "../goWire/wireError.js";

/** Answers an HTTP request with a JSON-RPC error object and no id, never an HTML page. */
export function sendRpcError(res: Response, status: number, code: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(status).type("application/json").send(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/** A refusal from the table (goWire/wireError.ts), with its status. */
export function sendProtocolError(res: Response, error: WireError): void {
  sendRpcError(res, error.status, error.code, error.message);
}
