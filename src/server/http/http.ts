// The HTTP host: `listenHttp` is the factory tests start on port 0; `startHttp` is the CLI's
// entry, adding the ready line and signal handling.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Config } from "../../config.js";
import type { IncomingMessage, ServerResponse } from "node:http";
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
import { removeServerFile, writeServerFile } from "../local/serverFile.js";
import { profileOf } from "../profiles/profiles.js";
import { MemoryRunBook, runDefaults, type RunBook } from "../../runs/runBook.js";
import { SharedRunBook } from "../../store/sharedRuns.js";

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
  /** The dashboard and /_local/ API's base, always a loopback name (it answers no other), e.g. http://127.0.0.1:8080/_local */
  localUrl: string;
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
  const shared = config.store ? await openSharedStore(config.store, { scope: config.stateScope, limitBytes: config.stateLimit }, log) : undefined;
  const { engine, watcher, ready, sessionForcing } = createHostEngine(config, log, registry, undefined, shared?.store);
  const limits = { ...runDefaults, maxRuns: config.runLimit, idleMs: config.runIdleMs };
  // With --store a run lives in Redis, so every replica serves it; else in this process.
  const runs: RunBook = shared ? new SharedRunBook(shared.redis, shared.store, limits) : new MemoryRunBook(engine.state, limits);
  const local = createLocal(engine, config, registry, sessionForcing, runs);
  // With --store the journal is the team's: every replica's calls (store/sharedJournal.ts).
  const team = shared ? await shareJournal(local.journal, shared.redis, log) : undefined;
  const ctx = { engine, config, profile: profileOf(config), log, registry, local, clock: opts.clock, runs };
  const mcp = streamableHandler(ctx);
  // The express app (every route but /mcp) is made on the first request that needs it: express
  // and the routes cost about 0.05-0.1 s of CPU to load, and most servers a test or an agent
  // starts are only ever asked on /mcp. A request that waits for it is paused meanwhile (node
  // reads no body until a handler asks), so it is answered as if the app had been there.
  type App = (req: IncomingMessage, res: ServerResponse) => void;
  let app: App | undefined;
  let making: Promise<App> | undefined;
  const makeApp = (): Promise<App> =>
    (making ??= (async () => {
      const { createApp } = await import("./app.js");
      return (app = createApp(ctx, mcp, config.auth ? (await import("../auth/installAuth.js")).installAuth : undefined));
    })());
  const toApp: App = (req, res) => {
    if (app) return app(req, res);
    makeApp().then(
      (made) => made(req, res),
      (err: unknown) => {
        log(`internal error: loading the routes: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        // As the app's own error handler answers (app.ts), without express.
        res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32603, message: "Internal error" }, id: null }));
      },
    );
  };
  // With --auth its bearer gate stands in front of /mcp too: the app is made before listening,
  // and express routes /mcp to the same handler.
  if (config.auth) await makeApp();
  // /mcp goes straight to its handler, without express's routing.
  const isMcp = (url: string | undefined) => url !== undefined && url.startsWith("/mcp") && (url.length === 4 || url[4] === "?");
  const server = http.createServer(config.auth ? toApp : (req, res) => (!isMcp(req.url) ? toApp(req, res) : req.method === "OPTIONS" ? void res.writeHead(200, CORS).end() : mcp(req, res)));
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
    localUrl: `${loopbackBase}/_local`,
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
  // The dashboard is named on the same line: it is the one line a newcomer reads.
  stderrLog(`listening on ${host.mcpUrl} (streamable HTTP) and ${host.sseUrl} (SSE); dashboard: ${host.localUrl}/`);
  // The helper commands find this server through its run dir, on whatever port it got.
  try {
    writeServerFile(config.runDir, { url: new URL(host.localUrl).origin, host: new URL(host.localUrl).hostname.replace(/^\[|\]$/g, ""), port: host.port, pid: process.pid, startedAt: new Date().toISOString() });
  } catch (err) {
    stderrLog(`could not write ${config.runDir}/server.json (${err instanceof Error ? err.message : String(err)}): helper commands need --port ${host.port}`);
  }
  if (config.widgetDir) stderrLog(`widget: serving ${config.widgetDir} at ${host.local.config.widgetDomain}/ (the widget resource names it; preview at ${host.baseUrl}/_local/)`);
  if (config.store) stderrLog(`--store: state in ${parseStoreUrl(config.store).shown}, shared with every replica on it`);
  if (config.auth) stderrLog(`--auth: sign-in required; authorization server at ${config.publicUrl || host.baseUrl}${config.authAutoApprove ? " (auto-approve: every sign-in is 900000001)" : ""}`);
  void host.ready.then(() => stderrLog(`serving ${host.engine.listTools().length} tool(s) from ${config.toolsDir}`));
  exitOnSignals(async () => {
    removeServerFile(config.runDir, process.pid);
    await host.close();
  }, stderrLog);
  return host;
}
