// What every transport host shares: one engine over the tools directory, the log, and the
// registry of open sessions that list changes are broadcast to.
import type { Config } from "../../config.js";
import { createMcpServer } from "../mcp/mcpServer.js";
import type { ToolEngine } from "../../engine/toolEngine.js";
import type { Log } from "../host/log.js";
import type { SessionRegistry } from "../host/sessionRegistry.js";
import type { Clock } from "../../engine/types.js";

export interface HostContext {
  engine: ToolEngine;
  config: Config;
  log: Log;
  registry: SessionRegistry;
  /** The host's clock (token issue and expiry under --auth); tests inject one. */
  clock?: Clock;
}

export function serverFor(ctx: HostContext, transport: string) {
  return createMcpServer({
    engine: ctx.engine,
    serviceVersion: ctx.config.serviceVersion,
    widgetDomain: ctx.config.widgetDomain,
    transport,
    log: ctx.log,
    auth: ctx.config.auth,
  });
}
