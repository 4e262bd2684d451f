// --auth in one call: the authorization server's routes, and the bearer gate in front of the
// MCP endpoints. app.ts calls this after the Host check and CORS, before the MCP routes.
import type express from "express";
import type { Config } from "../../config.js";
import type { Clock } from "../../base/types.js";
import { defaultUserId } from "../../base/signedInUser.js";
import { authRoutes } from "./authRoutes.js";
import { bearerGate } from "./bearerGate.js";
import { LocalAuthProvider } from "./localAuthProvider.js";
import { publicOrigin } from "./publicOrigin.js";

export function installAuth(app: express.Express, config: Config, clock: Clock = () => Date.now()): LocalAuthProvider {
  const originOf = (req: express.Request) => publicOrigin(req, config);
  const provider = new LocalAuthProvider({
    clock,
    tokenTtlS: config.authTokenTtlS,
    autoApproveAs: config.authAutoApprove ? defaultUserId : undefined,
    originOf,
  });
  app.use(authRoutes(provider, originOf, clock, config.allowedHosts));
  app.use("/mcp", bearerGate(provider, originOf));
  app.use(["/sse", "/messages"], bearerGate(provider, originOf));
  return provider;
}
