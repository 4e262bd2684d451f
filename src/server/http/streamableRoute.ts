// `/mcp`: streamable HTTP with stateful sessions (SPEC-NOTES 17). We route by Mcp-Session-Id
// ourselves so an unknown session gets 404, a session idle too long expires, and the body is
// parsed by readJsonBody (JSON errors, our size limit) before the SDK transport sees it.
import { randomUUID } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { serverFor, type HostContext } from "./hostContext.js";
import { readJsonBody } from "./readJsonBody.js";
import { ErrorCodes } from "../mcp/rpcError.js";
import { sendRpcError } from "./sendRpcError.js";
import { OpenCalls, streamablePort } from "./streamableFaults.js";

class HttpSession {
  id = "";
  private active = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly transport: StreamableHTTPServerTransport,
    readonly server: Server,
    readonly calls: OpenCalls,
    private readonly idleTimeoutMs: number,
    private readonly onIdle: (session: HttpSession) => void,
  ) {}

  /** A session holding an open request or SSE stream is in use, not idle. */
  async handle(req: Request, res: Response, body: unknown): Promise<void> {
    this.active++;
    this.stopIdleTimer();
    res.on("close", () => {
      this.active--;
      if (this.active === 0) this.startIdleTimer();
    });
    if (req.method === "POST") this.calls.track(body, res);
    await this.transport.handleRequest(req, res, body);
  }

  startIdleTimer(): void {
    this.stopIdleTimer();
    if (this.idleTimeoutMs <= 0) return;
    this.idleTimer = setTimeout(() => this.onIdle(this), this.idleTimeoutMs);
    this.idleTimer.unref();
  }

  stopIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}

function isInitialize(body: unknown): boolean {
  return Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
}

export function streamableRoute(ctx: HostContext): RequestHandler {
  const sessions = new Map<string, HttpSession>();

  function open(): HttpSession {
    const calls = new OpenCalls();
    const endSession = () => {
      ctx.log(`session ${session.id} expired by a declared session-expired fault`);
      void server.close();
    };
    const server = serverFor(ctx, "http", streamablePort(calls, endSession, ctx.log));
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      keepAliveMs: ctx.config.keepAliveMs,
      onsessioninitialized: (id) => {
        session.id = id;
        sessions.set(id, session);
        ctx.registry.add({ id, transport: "http", server, close: () => server.close() });
        ctx.log(`session ${id} opened (streamable HTTP)`);
      },
      onsessionclosed: (id) => ctx.log(`session ${id} ended by DELETE`),
    });
    const session = new HttpSession(transport, server, calls, ctx.config.idleTimeoutMs, (idle) => {
      ctx.log(`session ${idle.id} expired after ${ctx.config.idleTimeoutMs}ms idle`);
      void idle.server.close();
    });
    transport.onclose = () => {
      session.stopIdleTimer();
      if (!session.id) return;
      sessions.delete(session.id);
      ctx.registry.delete(session.id);
    };
    return session;
  }

  /**
   * A client that opens sessions and never closes them (a test suite making a client per test)
   * would otherwise hold about 27 KB each until the idle timeout. At the cap, the least recently
   * used session is closed; its client gets 404 on its next request, which tells an MCP client
   * to start a new session.
   */
  function makeRoom(): void {
    const max = ctx.config.maxSessions;
    if (max <= 0) return;
    while (sessions.size >= max) {
      const [id, oldest] = sessions.entries().next().value as [string, HttpSession];
      sessions.delete(id);
      ctx.log(`session ${id} closed to make room: ${max} sessions open (--max-sessions); it was the least recently used`);
      void oldest.server.close();
    }
  }

  return async (req, res) => {
    let body: unknown;
    if (req.method === "POST") {
      const read = await readJsonBody(req, ctx.config.bodyLimit);
      if (!read.ok) {
        // The rest of an oversized body is never read; don't reuse the connection after it.
        if (read.status === 413) res.setHeader("Connection", "close");
        return sendRpcError(res, read.status, read.code, read.message);
      }
      body = read.value;
    }

    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const session = sessions.get(sessionId);
      if (!session) return sendRpcError(res, 404, ErrorCodes.sessionNotFound, "Session not found");
      // Kept in order of use, so the first entry is the least recently used (see makeRoom).
      sessions.delete(sessionId);
      sessions.set(sessionId, session);
      return session.handle(req, res, body);
    }

    if (req.method === "POST" && isInitialize(body)) {
      makeRoom();
      const session = open();
      await session.server.connect(session.transport);
      return session.handle(req, res, body);
    }
    if (!["GET", "POST", "DELETE"].includes(req.method)) {
      res.setHeader("Allow", "GET, POST, DELETE, OPTIONS");
      return sendRpcError(res, 405, ErrorCodes.transport, "Method not allowed.");
    }
    sendRpcError(res, 400, ErrorCodes.transport, "Bad Request: Mcp-Session-Id header is required");
  };
}
