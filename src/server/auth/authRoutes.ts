// With --auth: the discovery documents (RFC 9728 protected resource, RFC 8414 authorization
// server, JWKS) for the origin the client sees, and the authorization server's endpoints. The
// endpoints are the MCP SDK's own handlers; only the provider and the sign-in page are ours.
import express, { Router, type Request, type Response } from "express";
import { authorizationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/authorize.js";
import { clientRegistrationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/register.js";
import { revocationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/revoke.js";
import { tokenHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/token.js";
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { LocalAuthProvider } from "./localAuthProvider.js";
import { signInPath } from "./signInPage.js";
import { resourceDocumentation } from "./failureTexts.js";
import { registrationGuard } from "./registrationGuard.js";
import type { Clock } from "../../base/types.js";

export function protectedResourceMetadata(origin: string, path: "/mcp" | "/sse"): OAuthProtectedResourceMetadata {
  return {
    resource: `${origin}${path}`,
    authorization_servers: [origin],
    bearer_methods_supported: ["header"],
    resource_name: "careem-mcp-service (local)",
    resource_documentation: resourceDocumentation,
  };
}

export function authorizationServerMetadata(origin: string): OAuthMetadata {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/authorize`,
    token_endpoint: `${origin}/token`,
    registration_endpoint: `${origin}/register`,
    revocation_endpoint: `${origin}/revoke`,
    jwks_uri: `${origin}/.well-known/jwks.json`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "none"],
    revocation_endpoint_auth_methods_supported: ["client_secret_post", "none"],
  };
}

/** Browser clients (the Inspector's web UI) read discovery documents cross-origin. */
function json(res: Response, body: unknown): void {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Cache-Control", "no-store");
  res.json(body);
}

/** The SDK client sends MCP-Protocol-Version with discovery requests: a browser preflights them. */
function preflight(_req: Request, res: Response): void {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Methods", "GET, OPTIONS");
  res.setHeader("Access-Control-Allow-Headers", "*");
  res.status(204).end();
}

const wellKnown = [
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/mcp",
  "/.well-known/oauth-protected-resource/sse",
  "/.well-known/oauth-authorization-server",
  "/.well-known/jwks.json",
];

export function authRoutes(provider: LocalAuthProvider, originOf: (req: Request) => string, clock: Clock = () => Date.now(), allowedHosts: readonly string[] = []): Router {
  const router = Router();
  const off = { rateLimit: false as const };

  router.options(wellKnown, preflight);
  router.get(["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"], (req, res) => json(res, protectedResourceMetadata(originOf(req), "/mcp")));
  router.get("/.well-known/oauth-protected-resource/sse", (req, res) => json(res, protectedResourceMetadata(originOf(req), "/sse")));
  router.get("/.well-known/oauth-authorization-server", (req, res) => json(res, authorizationServerMetadata(originOf(req))));
  router.get("/.well-known/jwks.json", async (_req, res) => json(res, await provider.signer.jwks()));

  router.use("/authorize", authorizationHandler({ provider, ...off }));
  router.use("/token", tokenHandler({ provider, ...off }));
  router.use("/register", ...registrationGuard(clock, allowedHosts), clientRegistrationHandler({ clientsStore: provider.clientsStore, ...off }));
  router.use("/revoke", revocationHandler({ provider, ...off }));

  router.post(signInPath, express.urlencoded({ extended: false, limit: "16kb" }), (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const requestId = typeof body.request === "string" ? body.request : "";
    const choice = body.action === "deny" ? "deny" : typeof body.persona === "string" ? body.persona : "";
    const decision = provider.decide(requestId, choice);
    if ("redirect" in decision) return res.redirect(302, decision.redirect);
    res.status(400).type("text/plain; charset=utf-8").send(`${decision.error}\n`);
  });

  return router;
}
