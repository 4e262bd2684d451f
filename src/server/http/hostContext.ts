// What every transport host shares: one engine over the tools directory, the log, and the
// registry of open sessions that list changes are broadcast to.
import type { Config } from "../../config.js";
import { createMcpServer } from "../mcp/mcpServer.js";
import type { ToolEngine } from "../../engine/toolEngine.js";
import type { Log } from "../host/log.js";
import type { SessionRegistry } from "../host/sessionRegistry.js";
import type { LocalContext } from "../local/localContext.js";
import { dynamicsRuntime } from "../dynamics/runtime.js";
import type { SessionPort } from "../dynamics/sessionPort.js";
import type { Clock } from "../../engine/types.js";

export interface HostContext {
  engine: ToolEngine;
  config: Config;
  log: Log;
  registry: SessionRegistry;
  /** The local-only journal, forcing and dashboard under /_local/ (absent: not mounted). */
  local?: LocalContext;
  /** The host's clock (token issue and expiry under --auth); tests inject one. */
  clock?: Clock;
}

/** `port`: how this session's transport defers answers and plays faults (see src/server/dynamics/). */
export function serverFor(ctx: HostContext, transport: string, port?: SessionPort) {
  return createMcpServer({
    engine: ctx.engine,
    dynamics: dynamicsRuntime(ctx.config),
    port,
    serviceVersion: ctx.config.serviceVersion,
    widgetDomain: ctx.config.widgetDomain,
    transport,
    log: ctx.log,
    onCall: ctx.local?.journal.record,
    auth: ctx.config.auth,
  });
}
