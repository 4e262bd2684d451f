// CORS on the MCP endpoints as production sends it (any origin may call, as a browser-based client needs), plus exposing
// Mcp-Session-Id so a browser client can read the session it was given.
import type { IncomingMessage, ServerResponse } from "node:http";

/** Written with every answer of /mcp, /sse and /messages (one object: writeHead takes it whole). */
export const CORS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "*",
  "Access-Control-Allow-Headers": "*",
  "Access-Control-Expose-Headers": "Mcp-Session-Id",
};

/** As middleware: sets the headers, and answers OPTIONS 200 with an empty body. */
export function cors(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
  if (req.method === "OPTIONS") {
    res.writeHead(200).end();
    return;
  }
  next();
}
