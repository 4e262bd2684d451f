// The service as an agent meets it: each journey runs twice, over streamable HTTP and over stdio,
// against a real spawned server of its own (state starts empty, default state scope, declared
// latencies scaled to 0). The clock moves through the server's run dir (`clock.json`, the file
// `./careem-mcp.sh clock` writes), so a journey can watch a ride complete without waiting.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, it } from "vitest";
import { readClock, writeClock } from "../../src/clock/clockFile.js";
import { projectRoot, startServer, type RunningServer } from "../journeys/server.js";
import { openOver, type Out, type Session } from "../journeys/session.js";

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

async function overHttp(toolsDir: string): Promise<Opened> {
  const server: RunningServer = await startServer(toolsDir);
  const closers: (() => Promise<void>)[] = [];
  const open = async (): Promise<ServiceSession> => {
    const { session, close } = await openOver(new StreamableHTTPClientTransport(server.url));
    closers.push(close);
    const s: ServiceSession = {
      ...session,
      transport: "http",
      advance: advancer(server.runDir),
      reconnect: async () => {
        await close();
        return open();
      },
    };
    return s;
  };
  const session = await open();
  return {
    session,
    end: async () => {
      await Promise.allSettled(closers.map((c) => c()));
      await server.stop();
    },
  };
}

async function overStdio(toolsDir: string): Promise<Opened> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-service-run-"));
  const closers: (() => Promise<void>)[] = [];
  const open = async (): Promise<ServiceSession> => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(projectRoot, "dist", "cli.js"), "--stdio", "--tools", toolsDir, "--run-dir", runDir, "--delay-scale", "0"],
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
  for (const [transport, start] of [
    ["http", overHttp],
    ["stdio", overStdio],
  ] as const) {
    describe(`${name} over ${transport}`, () => {
      define((title, journey, timeoutMs = 30_000) => {
        it(
          title,
          async () => {
            const opened = await start(toolsDir);
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
