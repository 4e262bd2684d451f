// An HTTP request naming a protocol version we don't speak gets 400 listing the ones we do
// (SPEC-NOTES 1). Checked here, before the SDK transport, whose own list differs from ours.
import type { NextFunction, Request, Response } from "express";
import { protocolErrors } from "../mcp/protocolErrors.js";
import { supportedVersions } from "../mcp/protocolVersions.js";
import { sendProtocolError } from "./sendRpcError.js";

export function protocolVersionCheck(req: Request, res: Response, next: NextFunction): void {
  const version = req.headers["mcp-protocol-version"];
  if (typeof version !== "string" || supportedVersions.includes(version)) return next();
  sendProtocolError(res, protocolErrors.unsupportedVersion(version));
}
