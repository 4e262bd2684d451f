// `/mcp`: streamable HTTP with stateful sessions (SPEC-NOTES 17). We route by Mcp-Session-Id
// ourselves so an unknown session gets 404, a session idle too long expires, and the body is
// parsed by readJsonBody (JSON errors, our size limit) before the SDK transport sees it.
import { randomUUID } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { serverFor, type HostContext } from "./hostContext.js";
import { GoWire } from "../goWire/goWire.js";
import { speakGoStreamable } from "../goWire/speakGo.js";
import { refuseBeforeBody, refuseBody, sendGoError } from "../goWire/goHttp.js";
import { hostnameOf, isAllowedName, isLoopbackName } from "./hostCheck.js";
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

/**
 * The go-sdk takes `*\/*`, `application/*` and `text/*` where the SDK transport wants the exact
 * types; goHttp has already checked Accept the go-sdk's way, so the transport gets the exact ones.
 */
function acceptEverythingGoAccepts(req: Request): void {
  const accept = req.method === "GET" ? "text/event-stream" : "application/json, text/event-stream";
  req.headers.accept = accept;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === "accept") raw[i + 1] = accept;
  // An empty MCP-Protocol-Version is no header to the go-sdk (it defaults to 2025-03-26).
  if (req.headers["mcp-protocol-version"] === "") {
    delete req.headers["mcp-protocol-version"];
    for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i]?.toLowerCase() === "mcp-protocol-version") raw.splice(i, 2);
  }
}

/** Removes Mcp-Session-Id from what the SDK transport writes through writeHead. */
function dropSessionHeader(res: Response): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  (res as unknown as { writeHead: (...args: unknown[]) => Response }).writeHead = (...args: unknown[]) => {
    res.removeHeader("mcp-session-id");
    for (const a of args) {
      if (Array.isArray(a)) {
        for (let i = a.length - 1; i >= 0; i--) if (Array.isArray(a[i]) && String(a[i][0]).toLowerCase() === "mcp-session-id") a.splice(i, 1);
      } else if (a && typeof a === "object") {
        for (const k of Object.keys(a)) if (k.toLowerCase() === "mcp-session-id") delete (a as Record<string, unknown>)[k];
      }
    }
    return writeHead(...args);
  };
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
    speakGoStreamable(transport);
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

  const enforceHost = isLoopbackName(ctx.config.host);
  const hostOk = (host: string) => !enforceHost || isLoopbackName(hostnameOf(host)) || isAllowedName(hostnameOf(host), ctx.config.allowedHosts);
  return async (req, res) => {
    const refusal = refuseBeforeBody(req, hostOk, (id) => sessions.has(id));
    if (refusal) return sendGoError(res, refusal);
    let body: unknown;
    if (req.method === "POST") {
      const read = await readJsonBody(req, ctx.config.bodyLimit);
      if (!read.ok) {
        // The rest of an oversized body is never read; don't reuse the connection after it.
        if (read.status === 413) {
          res.setHeader("Connection", "close");
          return sendRpcError(res, read.status, read.code, read.message);
        }
        // The go-sdk quotes its JSON decoder here; the decoder's own words are not reproduced.
        return sendGoError(res, { status: 400, text: read.empty ? "POST requires a non-empty body" : "malformed payload: unmarshaling jsonrpc message: invalid JSON" });
      }
      body = read.value;
      const bad = refuseBody(req, "-", body);
      if (bad) return sendGoError(res, bad);
    }

    acceptEverythingGoAccepts(req);
    const sessionId = req.headers["mcp-session-id"];
    // The go-sdk names the session only in the answer that opened it.
    if (typeof sessionId === "string") dropSessionHeader(res);
    if (req.method === "DELETE" && typeof sessionId === "string") {
      // The go-sdk answers 204 (the SDK transport 200).
      const session = sessions.get(sessionId);
      if (session) {
        ctx.log(`session ${sessionId} ended by DELETE`);
        await session.server.close();
      }
      res.status(204).end();
      return;
    }
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
      await session.server.connect(new GoWire(session.transport));
      return session.handle(req, res, body);
    }
    if (!["GET", "POST", "DELETE"].includes(req.method)) {
      res.setHeader("Allow", "GET, POST, DELETE, OPTIONS");
      return sendRpcError(res, 405, ErrorCodes.transport, "Method not allowed.");
    }
    sendRpcError(res, 400, ErrorCodes.transport, "Bad Request: Mcp-Session-Id header is required");
  };
}
