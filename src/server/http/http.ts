// The HTTP host: `listenHttp` is the factory tests start on port 0; `startHttp` is the CLI's
// entry, adding the ready line and signal handling.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Config } from "../../config.js";
import { createApp } from "./app.js";
import { streamableHandler } from "./streamable.js";
import { CORS } from "./cors.js";
import { createHostEngine } from "../host/hostEngine.js";
import { openSharedStore, parseStoreUrl } from "../../store/openStore.js";
import { shareJournal } from "../../store/sharedJournal.js";
import { stderrLog, type Log } from "../host/log.js";
import type { ToolEngine } from "../../engine/toolEngine.js";
import type { Clock } from "../../base/types.js";
import { SessionRegistry } from "../host/sessionRegistry.js";
import { exitOnSignals } from "../host/shutdown.js";
import { createLocal } from "../local/createLocal.js";
import type { LocalContext } from "../local/localContext.js";

export interface HttpHost {
  /** e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  mcpUrl: string;
  sseUrl: string;
  port: number;
  engine: ToolEngine;
  /** Settles when every tool file has been loaded once (requests are served before that). */
  ready: Promise<void>;
  registry: SessionRegistry;
  /** The journal and forcing behind /_local/. */
  local: LocalContext;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(err.code === "EADDRINUSE" ? new Error(`port ${port} on ${host} is already in use; pick another with --port`) : err);
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

/** Where --widget-dir's files are served; the widget resource names this instead of --widget-domain. */
export const widgetDirPath = "/_local/widget-build";

export async function listenHttp(input: Config, opts: { log?: Log; clock?: Clock } = {}): Promise<HttpHost> {
  // A copy: with --widget-dir the widget domain is this server's own origin, known only once
  // listening (port 0 picks one), and every reader holds this object.
  const config: Config = { ...input };
  const log = opts.log ?? stderrLog;
  const registry = new SessionRegistry(log, { idleTimeoutMs: config.idleTimeoutMs, maxSessions: config.maxSessions });
  const shared = config.store ? await openSharedStore(config.store, { scope: config.stateScope, limitBytes: config.stateLimit }) : undefined;
  const { engine, watcher, ready, sessionForcing } = createHostEngine(config, log, registry, undefined, shared?.store);
  const local = createLocal(engine, config, registry, sessionForcing);
  // With --store the journal is the team's: every replica's calls (store/sharedJournal.ts).
  const team = shared ? await shareJournal(local.journal, shared.redis, log) : undefined;
  const ctx = { engine, config, log, registry, local, clock: opts.clock };
  const mcp = streamableHandler(ctx);
  const app = createApp(ctx, mcp, config.auth ? (await import("../auth/installAuth.js")).installAuth : undefined);
  // /mcp goes straight to its handler, without express's routing, unless --auth puts its bearer
  // gate in front of it (then express routes it to the same handler).
  const isMcp = (url: string | undefined) => url !== undefined && url.startsWith("/mcp") && (url.length === 4 || url[4] === "?");
  const server = http.createServer(config.auth ? app : (req, res) => (!isMcp(req.url) ? app(req, res) : req.method === "OPTIONS" ? void res.writeHead(200, CORS).end() : mcp(req, res)));
  try {
    await listen(server, config.port, config.host);
  } catch (err) {
    watcher.close();
    await team?.close();
    await shared?.close();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://${urlHost(config.host)}:${port}`;
  // /_local/ answers loopback names only, so a wildcard bind still names the loopback address.
  const loopbackBase = ["0.0.0.0", "::"].includes(config.host) ? `http://127.0.0.1:${port}` : baseUrl;
  if (config.widgetDir) config.widgetDomain = `${loopbackBase}${widgetDirPath}`;
  return {
    baseUrl,
    mcpUrl: `${baseUrl}/mcp`,
    sseUrl: `${baseUrl}/sse`,
    port,
    engine,
    ready,
    registry,
    local,
    async close() {
      watcher.close();
      await registry.closeAll();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await team?.close();
      await shared?.close();
    },
  };
}

export async function startHttp(config: Config): Promise<HttpHost> {
  const host = await listenHttp(config);
  // The ready line: scripts wait for it instead of sleeping. Requests are
  // answered from here on; the catalog finishes loading in the background.
  stderrLog(`listening on ${host.mcpUrl} (streamable HTTP) and ${host.sseUrl} (SSE)`);
  if (config.widgetDir) stderrLog(`widget: serving ${config.widgetDir} at ${host.local.config.widgetDomain}/ (the widget resource names it; preview at ${host.baseUrl}/_local/)`);
  if (config.store) stderrLog(`--store: state in ${parseStoreUrl(config.store).shown}, shared with every replica on it`);
  if (config.auth) stderrLog(`--auth: sign-in required; authorization server at ${config.publicUrl || host.baseUrl}${config.authAutoApprove ? " (auto-approve: every sign-in is 900000001)" : ""}`);
  void host.ready.then(() => stderrLog(`serving ${host.engine.listTools().length} tool(s) from ${config.toolsDir}`));
  exitOnSignals(() => host.close(), stderrLog);
  return host;
}
