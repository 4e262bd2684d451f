// The non-MCP routes production serves beside /mcp and /sse: the site root, /health and the
// well-known paths, with production's bodies and statuses.
import { Router, type Request } from "express";
import type { ToolEngine } from "../../engine/toolEngine.js";
import { resourceDocumentation } from "../auth/failureTexts.js";
import { SharedStateStore } from "../../store/sharedState.js";

/** Careem Identity, the authorization server production names; the local build never calls it. */
export const authorizationServer = "https://identity.careem.com";

const homePage = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<title>careem-mcp-service (local)</title>
<link rel="icon" href="/favicon.ico">
</head>
<body>
<p>careem-mcp-service, local build. MCP endpoints: <code>/mcp</code> (streamable HTTP) and <code>/sse</code> (legacy SSE).</p>
<p>The local dashboard (calls as they happen, forcing, state, calling a tool, the widget preview): <a href="/_local/">/_local/</a>, from this machine only.</p>
</body>
</html>
`;

export function siteRoutes(opts: { engine: ToolEngine; challengeToken: string; originOf: (req: Request) => string }): Router {
  const router = Router();

  router.get("/", (_req, res) => {
    res.status(200).type("text/html; charset=utf-8").send(homePage);
  });

  router.get(/^\/favicon\.[^/]+$/, (req, res) => {
    res.redirect(301, `https://www.careem.com${req.path}`);
  });

  // RFC 9728 metadata; the resource is this server's /mcp as the client addressed it (through a
  // tunnel: --public-url, or its forwarded name). With --auth, src/server/auth serves it instead.
  router.get("/.well-known/oauth-protected-resource", (req, res) => {
    res.json({
      resource: `${opts.originOf(req)}/mcp`,
      authorization_servers: [authorizationServer],
      bearer_methods_supported: ["header"],
      resource_documentation: resourceDocumentation,
    });
  });

  router.get("/.well-known/openai-apps-challenge", (_req, res) => {
    res.status(200).type("text/plain; charset=utf-8").send(opts.challengeToken);
  });

  router.get("/health", (_req, res) => {
    const tools = opts.engine.listTools().length;
    // With --store the store is part of health: every call needs it (a local-only field).
    const state = (opts.engine as { state?: unknown }).state;
    if (!(state instanceof SharedStateStore)) return void res.json({ status: "ok", tools });
    if (state.reachable()) return void res.json({ status: "ok", tools, store: "ok" });
    res.status(503).json({ status: "unavailable", tools, store: `${state.where} unreachable` });
  });

  return router;
}
