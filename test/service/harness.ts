// The service as an agent meets it: each journey runs twice, over streamable HTTP and over stdio,
// against a real spawned server (over HTTP one per file, its state and clock reset for each
// journey; over stdio a process per session, as a desktop client spawns it), state starting
// empty, the default state scope, declared latencies scaled to 0. The clock moves through the server's run dir (`clock.json`, the file
// `./careem-mcp.sh clock` writes), so a journey can watch a ride complete without waiting.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, it } from "vitest";
import { readClock, writeClock } from "../../src/clock/clockFile.js";
import { projectRoot, startServer, type RunningServer } from "../journeys/server.js";
import { openOver, type Out, type Session } from "../journeys/session.js";
import { hasRedis, startRedis, type RedisServer } from "../store/redisServer.js";
import { missing } from "../dependencies.js";
import { serverNodeFlags } from "../../scripts/serverNodeFlags.mjs";

export type { Out };

export interface ServiceSession extends Session {
  /** Moves the server's clock ahead by `ms` for every later call. */
  advance(ms: number): Promise<void>;
  /** Ends this MCP session and opens a new one to the same service (HTTP: same server; stdio: a new process, as a desktop client does per conversation). */
  reconnect(): Promise<ServiceSession>;
  transport: "http" | "stdio";
}

type Journey = (s: ServiceSession) => Promise<void>;
type Define = (title: string, journey: Journey, timeoutMs?: number) => void;

interface Opened {
  session: ServiceSession;
  /** Closes every session and server it opened. */
  end(): Promise<void>;
}

function advancer(runDir: string) {
  return async (ms: number) => {
    const { moves } = readClock(runDir);
    writeClock(runDir, { ...moves, offsetMs: moves.offsetMs + ms });
  };
}

/**
 * One HTTP server per test file: a journey starts from an empty state and the wall clock by
 * resetting them (the dashboard's state reset, the clock file), which costs far less than a
 * server start per journey.
 */
function httpService(toolsDir: string, withRedis = false) {
  let server: Promise<RunningServer> | undefined;
  let redis: Promise<RedisServer> | undefined;
  return {
    async open(): Promise<Opened> {
      if (withRedis) redis ??= startRedis();
      server ??= withRedis ? redis!.then((r) => startServer(toolsDir, undefined, ["--store", r.url])) : startServer(toolsDir);
      const running = await server;
      for (const user of ["900000001", "900000002"]) {
        const res = await fetch(new URL(`/_local/state/user:${user}`, running.url), { method: "DELETE", headers: { "content-type": "application/json" } });
        if (res.status !== 200 && res.status !== 404) throw new Error(`resetting ${user}'s state: ${res.status} ${await res.text()}`);
      }
      writeClock(running.runDir, { offsetMs: 0, sessions: {} });
      const closers: (() => Promise<void>)[] = [];
      const open = async (): Promise<ServiceSession> => {
        const { session, close } = await openOver(new StreamableHTTPClientTransport(running.url));
        closers.push(close);
        return {
          ...session,
          transport: "http",
          advance: advancer(running.runDir),
          reconnect: async () => {
            await close();
            return open();
          },
        };
      };
      const session = await open();
      return { session, end: async () => void (await Promise.allSettled(closers.map((c) => c()))) };
    },
    async stop(): Promise<void> {
      if (server) await (await server).stop();
      if (redis) await (await redis).stop();
    },
  };
}

async function overStdio(toolsDir: string): Promise<Opened> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-service-run-"));
  const closers: (() => Promise<void>)[] = [];
  const open = async (): Promise<ServiceSession> => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...serverNodeFlags, path.join(projectRoot, "dist", "cli.js"), "--stdio", "--tools", toolsDir, "--run-dir", runDir, "--delay-scale", "0"],
      cwd: projectRoot,
      stderr: "pipe",
    });
    const { session, close } = await openOver(transport);
    closers.push(close);
    return {
      ...session,
      transport: "stdio",
      advance: advancer(runDir),
      reconnect: async () => {
        await close();
        return open();
      },
    };
  };
  const session = await open();
  return {
    session,
    end: async () => {
      await Promise.allSettled(closers.map((c) => c()));
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}

/**
 * `overBothTransports("rides", (journey) => { journey("title", async (s) => { ... }) })`: every
 * journey once over HTTP and once over stdio, each against a fresh service.
 */
export function overBothTransports(name: string, define: (journey: Define) => void, toolsDir = path.join(projectRoot, "tools")): void {
  // Over HTTP a third time with the state in Redis (--store), where redis-server is installed:
  // the journeys must not tell the two stores apart.
  const redis = !missing("redis-server", hasRedis, `apt-get install redis-server (the ${name} journeys over --store)`);
  for (const transport of ["http", "stdio", ...(redis ? (["http+redis"] as const) : [])] as const) {
    describe(`${name} over ${transport}`, () => {
      const http = transport === "stdio" ? undefined : httpService(toolsDir, transport === "http+redis");
      afterAll(async () => http?.stop());
      define((title, journey, timeoutMs = 30_000) => {
        it(
          title,
          async () => {
            const opened = http ? await http.open() : await overStdio(toolsDir);
            try {
              await journey(opened.session);
            } finally {
              await opened.end();
            }
          },
          timeoutMs,
        );
      });
    });
  }
}
