// `/mcp`: streamable HTTP with stateful sessions (SPEC-NOTES 17). We route by Mcp-Session-Id
// ourselves so an unknown session gets 404, and the body is parsed by readJsonBody (our size
// limit) before the SDK transport sees it. Refusals are the go-sdk's, measured by the parity
// twin (goWire/goHttp.ts). The SessionRegistry owns each session's lifetime (idle expiry, the
// --max-sessions cap, DELETE); this route only asks it.
import { randomUUID } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { OpenSession } from "../host/sessionRegistry.js";
import { serverFor, type HostContext } from "./hostContext.js";
import { GoWire } from "../goWire/goWire.js";
import { speakGoStreamable } from "../goWire/speakGo.js";
import { refuseBeforeBody, refuseBody, sendGoError } from "../goWire/goHttp.js";
import { allowsHost } from "./hostCheck.js";
import { readJsonBody } from "./readJsonBody.js";
import { holdsInitialize, protocolErrors } from "../mcp/protocolErrors.js";
import { sendProtocolError } from "./sendRpcError.js";
import { registerSessionLookup } from "./fastPath/sessionLookup.js";
import { OpenCalls, streamablePort } from "./streamableFaults.js";

interface HttpSession extends OpenSession {
  handle: StreamableHTTPServerTransport["handleRequest"];
  /** The session's calls still open, for declared faults (streamableFaults.ts). */
  calls: OpenCalls;
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

export function streamableRoute(ctx: HostContext): RequestHandler {
  const { registry } = ctx;
  // The fast path's front door finds sessions here; a lookup counts as a use, as a request does.
  registerSessionLookup(ctx, (id) => {
    const session = registry.get(id, "http") as HttpSession | undefined;
    if (!session) return undefined;
    // Answered outside the SDK transport: idle from now, unless another request or stream is open.
    return { id, server: session.server, answeredAside: () => registry.busy(id)() };
  });
  const hostOk = allowsHost(ctx.config.host, ctx.config.allowedHosts);
  const known = (id: string) => registry.get(id, "http") !== undefined;

  return async (req, res) => {
    const refusal = refuseBeforeBody(req, hostOk, known);
    if (refusal) return sendGoError(res, refusal);
    let body: unknown;
    if (req.method === "POST") {
      const read = await readJsonBody(req, ctx.config.bodyLimit);
      if (!read.ok) {
        // Over --body-limit: ours (413, the connection closed after it; the rest is never read).
        if (read.error.status === 413) return sendProtocolError(res, read.error);
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
    const session = typeof sessionId === "string" ? (registry.get(sessionId, "http") as HttpSession | undefined) : undefined;
    if (req.method === "DELETE" && typeof sessionId === "string") {
      // The go-sdk answers 204 (the SDK transport 200).
      if (session) await registry.end(sessionId, "ended by DELETE");
      res.status(204).end();
      return;
    }
    if (typeof sessionId === "string") {
      if (!session) return sendProtocolError(res, protocolErrors.sessionNotFound);
      // A session holding an open request or SSE stream is in use, not idle.
      res.on("close", registry.busy(sessionId));
      if (req.method === "POST") session.calls.track(body, res);
      return session.handle(req, res, body);
    }

    if (req.method === "POST" && holdsInitialize(body)) {
      // Nothing is registered until the SDK accepted the initialize: a refused attempt holds
      // nothing once its response is done.
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
          const opened: HttpSession = { id, transport: "http", server, calls, close: () => server.close(), handle: (...a) => transport.handleRequest(...a) };
          registry.open(opened);
          release = registry.busy(id);
          ctx.log(`session ${id} opened (streamable HTTP)`);
        },
        onsessionclosed: (id) => void registry.end(id, "ended by DELETE"),
      });
      speakGoStreamable(transport);
      // However the session's streams close (server.close, a transport error), it is over.
      transport.onclose = () => {
        if (transport.sessionId) void registry.end(transport.sessionId, "");
      };
      res.on("close", () => {
        release();
        if (!transport.sessionId) void server.close();
      });
      await server.connect(new GoWire(transport));
      calls.track(body, res);
      return transport.handleRequest(req, res, body);
    }
    sendProtocolError(res, protocolErrors.sessionIdRequired);
  };
}
