// The express app: safety checks first, then the MCP endpoints, then the plain routes.
// Every refusal is JSON; express's default HTML error pages never reach a client.
import express, { type NextFunction, type Request, type Response } from "express";
import { cors } from "./cors.js";
import { hostCheck } from "../origin/hostCheck.js";
import type { installAuth } from "../auth/installAuth.js";
import { publicOrigin } from "../auth/publicOrigin.js";
import type { HostContext } from "./hostContext.js";
import { sendRpcError } from "../wire/sendRpcError.js";
import { siteRoutes } from "./siteRoutes.js";
import { messagesPath, sseRoutes } from "./sseRoutes.js";
import type { McpHandler } from "./streamable.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { localPrefix, localRoutes } from "../local/localRoutes.js";

/**
 * `mcp`: the /mcp handler; without --auth the front door (http.ts) calls it before express.
 * `auth`: installAuth, passed (and imported) only under --auth: the SDK's authorization
 * handlers and jose cost about 0.25 s of CPU to load, in every server started without it.
 */
export function createApp(ctx: HostContext, mcp: McpHandler, auth?: typeof installAuth): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // The MCP endpoints check their Host themselves, in the go-sdk's order and words.
  const checkHost = hostCheck(ctx.config.host, ctx.config.allowedHosts, ctx.log);
  const ownHostCheck = new Set(["/mcp", "/sse", messagesPath]);
  app.use((req, res, next) => (ownHostCheck.has(req.path) ? next() : checkHost(req, res, next)));
  app.use(["/mcp", "/sse", messagesPath], cors);
  auth?.(app, ctx.config, ctx.clock);
  // What the bearer gate proved rides on the request (the SDK's auth middleware sets req.auth).
  app.all("/mcp", (req, res) => mcp(req, res, (req as Request & { auth?: AuthInfo }).auth));
  app.use(sseRoutes(ctx));
  // Local-only journal, forcing API and dashboard: no CORS, own-origin writes only, so a
  // web page the developer visits cannot read the journal or force a scenario.
  if (ctx.local) app.use(localPrefix, localRoutes(ctx.local));
  app.use(siteRoutes({ engine: ctx.engine, challengeToken: ctx.config.challengeToken, originOf: (req) => publicOrigin(req, ctx.config) }));
  app.use((req: Request, res: Response) => {
    res.status(404).type("text/plain; charset=utf-8").send(`Not found: ${req.method} ${req.path}\n`);
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    ctx.log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    sendRpcError(res, 500, -32603, "Internal error");
  });
  return app;
}
