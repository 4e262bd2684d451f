// `/mcp`: streamable HTTP with stateful sessions (SPEC-NOTES 17). We route by Mcp-Session-Id
// ourselves so an unknown session gets 404, and the body is parsed by readJsonBody (JSON errors,
// our size limit) before the SDK transport sees it. The SessionRegistry owns each session's
// lifetime (idle expiry, the --max-sessions cap, DELETE); this route only asks it.
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { OpenSession } from "../host/sessionRegistry.js";
import { isInitialize, protocolErrors } from "../mcp/protocolErrors.js";
import { checkPost } from "./checkPost.js";
import { serverFor, type HostContext } from "./hostContext.js";
import { readJsonBody } from "./readJsonBody.js";
import { sendProtocolError } from "./sendRpcError.js";
import { OpenCalls, streamablePort } from "./streamableFaults.js";

interface HttpSession extends OpenSession {
  handle: StreamableHTTPServerTransport["handleRequest"];
  /** The session's calls still open, for declared faults (streamableFaults.ts). */
  calls: OpenCalls;
}

export function streamableRoute(ctx: HostContext): RequestHandler {
  const { registry } = ctx;

  return async (req, res) => {
    const sessionId = req.headers["mcp-session-id"];
    const session = typeof sessionId === "string" ? (registry.get(sessionId, "http") as HttpSession | undefined) : undefined;
    let body: unknown;
    let initialize = false;
    if (req.method === "POST") {
      // The rest of an oversized body is never read: sendProtocolError closes the connection after a 413.
      const read = await readJsonBody(req, ctx.config.bodyLimit);
      if (!read.ok) return sendProtocolError(res, read.error);
      body = read.value;
      const checked = checkPost(req, body, { streamable: true, initialized: session !== undefined });
      if (!checked.ok) return sendProtocolError(res, checked.error);
      initialize = checked.messages.some(isInitialize);
    }

    if (typeof sessionId === "string") {
      if (!session) return sendProtocolError(res, protocolErrors.sessionNotFound);
      // A session holding an open request or SSE stream is in use, not idle.
      res.on("close", registry.busy(sessionId));
      if (req.method === "POST") session.calls.track(body, res);
      return session.handle(req, res, body);
    }

    if (initialize) {
      // Nothing is registered until the SDK accepted the initialize: a refused attempt (wrong
      // Accept, a bad batch) holds nothing once its response is done.
      const calls = new OpenCalls();
      // A declared session-expired fault ends the session as any other end does: through the registry.
      const endSession = () => {
        if (transport.sessionId) void registry.end(transport.sessionId, "expired by a declared session-expired fault");
      };
      const server = serverFor(ctx, "http", streamablePort(calls, endSession, ctx.log));
      let release = () => {};
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        keepAliveMs: ctx.config.keepAliveMs,
        onsessioninitialized: (id) => {
          const session: HttpSession = { id, transport: "http", server, calls, close: () => server.close(), handle: (...a) => transport.handleRequest(...a) };
          registry.open(session);
          release = registry.busy(id);
          ctx.log(`session ${id} opened (streamable HTTP)`);
        },
        onsessionclosed: (id) => void registry.end(id, "ended by DELETE"),
      });
      // However the session's streams close (server.close, a transport error), it is over.
      transport.onclose = () => {
        if (transport.sessionId) void registry.end(transport.sessionId, "");
      };
      res.on("close", () => {
        release();
        if (!transport.sessionId) void server.close();
      });
      await server.connect(transport);
      calls.track(body, res);
      return transport.handleRequest(req, res, body);
    }
    if (!["GET", "POST", "DELETE"].includes(req.method)) {
      res.setHeader("Allow", "GET, POST, DELETE, OPTIONS");
      return sendProtocolError(res, protocolErrors.methodNotAllowed);
    }
    sendProtocolError(res, protocolErrors.sessionIdRequired);
  };
}
