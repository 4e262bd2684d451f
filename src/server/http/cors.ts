// CORS on the MCP endpoints as production sends it (SPEC-NOTES 17), plus exposing
// Mcp-Session-Id so a browser client can read the session it was given.
import type { NextFunction, Request, Response } from "express";

/** In this order: the /mcp fast path writes the same first in its answers (fastPath/sseAnswer.ts). */
export const CORS_HEADERS: readonly (readonly [string, string])[] = [
  ["Access-Control-Allow-Origin", "*"],
  ["Access-Control-Allow-Methods", "*"],
  ["Access-Control-Allow-Headers", "*"],
  ["Access-Control-Expose-Headers", "Mcp-Session-Id"],
];

export function cors(req: Request, res: Response, next: NextFunction): void {
  for (const [name, value] of CORS_HEADERS) res.setHeader(name, value);
  if (req.method === "OPTIONS") {
    res.status(200).end();
    return;
  }
  next();
}
