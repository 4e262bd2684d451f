// CORS on the MCP endpoints as production sends it (SPEC-NOTES 17), plus exposing
// Mcp-Session-Id so a browser client can read the session it was given.
import type { NextFunction, Request, Response } from "express";

export function cors(req: Request, res: Response, next: NextFunction): void {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Methods", "*");
  res.setHeader("Access-Control-Allow-Headers", "*");
  res.setHeader("Access-Control-Expose-Headers", "Mcp-Session-Id");
  if (req.method === "OPTIONS") {
    res.status(200).end();
    return;
  }
  next();
}
