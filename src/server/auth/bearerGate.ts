// The HTTP side of --auth, in front of /mcp, /sse and /messages: what production's gateway would
// do before a call reaches a handler (README, "Differences from production", says why each).
// - No Authorization header on a request that opens a session (POST /mcp without a session id,
//   GET /sse): 401 with `WWW-Authenticate: Bearer resource_metadata=...`, the MCP authorization
//   spec's signal that makes Claude Code, the Inspector and the SDK client start signing in.
// - A bearer JWT with a `sub` that fails verification (another issuer or key, another resource,
//   expired): 401 `error="invalid_token"`, which makes a client refresh or sign in again.
// - Anything else passes, and the call answers with production's per-call texts (callIdentity.ts).
import type { NextFunction, Request, Response } from "express";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { ErrorCodes } from "../wire/rpcError.js";
import { sendRpcError } from "../wire/sendRpcError.js";
import type { LocalAuthProvider } from "./localAuthProvider.js";
import { unverifiedSubject } from "./jwtSubject.js";

export function bearerToken(header: string): string | undefined {
  const m = /^Bearer +([^\s]+) *$/i.exec(header);
  return m ? m[1] : undefined;
}

function startsSession(req: Request): boolean {
  if (req.baseUrl === "/mcp") return req.method === "POST" && req.headers["mcp-session-id"] === undefined;
  return req.baseUrl === "/sse" && req.method === "GET";
}

/** Why a token failed, in words a client developer can act on. */
export function whyInvalid(err: unknown, origin: string): string {
  const e = err as { code?: string; claim?: string; message?: string };
  switch (e.code) {
    case "ERR_JWT_EXPIRED":
      return "the access token expired; refresh it or sign in again";
    case "ERR_JWT_CLAIM_VALIDATION_FAILED":
      if (e.claim === "iss") return `the token was not issued by this server's authorization server (${origin})`;
      if (e.claim === "aud") return `the token is for another resource, not ${origin}/mcp or ${origin}/sse`;
      return `the token's "${e.claim}" claim is not acceptable: ${e.message}`;
    case "ERR_JWS_SIGNATURE_VERIFICATION_FAILED":
    case "ERR_JOSE_ALG_NOT_ALLOWED":
      return "the token is not signed by this server (issued elsewhere, or before the server restarted)";
    default:
      return `the token is not a valid signed JWT: ${e.message ?? String(err)}`;
  }
}

function challenge(res: Response, metadataUrl: string, problem?: string): void {
  const quoted = (s: string) => `"${s.replace(/["\\]/g, "'")}"`;
  const params = problem ? [`error="invalid_token"`, `error_description=${quoted(problem)}`] : [];
  res.setHeader("WWW-Authenticate", `Bearer ${[...params, `resource_metadata=${quoted(metadataUrl)}`].join(", ")}`);
  // Browser clients must be able to read the challenge (cors.ts exposes only Mcp-Session-Id).
  res.setHeader("Access-Control-Expose-Headers", "Mcp-Session-Id, WWW-Authenticate");
  sendRpcError(res, 401, ErrorCodes.transport, problem ? `Unauthorized: ${problem}` : `Unauthorized: sign in first (discovery: ${metadataUrl})`);
}

export function bearerGate(provider: LocalAuthProvider, originOf: (req: Request) => string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method === "OPTIONS") return next();
    const origin = originOf(req);
    const metadataUrl = `${origin}/.well-known/oauth-protected-resource${req.baseUrl === "/mcp" ? "/mcp" : "/sse"}`;
    const header = req.headers.authorization;
    if (header === undefined || header === "") return startsSession(req) ? challenge(res, metadataUrl) : next();
    const token = bearerToken(header);
    if (token === undefined || unverifiedSubject(token) === undefined) return next();
    provider.verifyFor(token, origin).then(
      (info) => {
        (req as Request & { auth?: AuthInfo }).auth = info;
        next();
      },
      (err: unknown) => challenge(res, metadataUrl, whyInvalid(err, origin)),
    );
  };
}
