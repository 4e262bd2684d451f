// `/sse`: the legacy HTTP+SSE transport of protocol 2024-11-05, which older clients still use. GET /sse opens
// the stream, whose first event names /messages?sessionId=... for the client's POSTs; every
// answer of the session travels on that one stream, and a POST only gets `202 Accepted`. The
// POST is checked in go-sdk v1.6.1's SSEHandler order and words (Host, Content-Type, session,
// one message, checkRequest), dispatched as every session is (wire/rpcSession.ts).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Router, type Request } from "express";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { OpenSession } from "../host/sessionRegistry.js";
import { sessionFor, type HostContext } from "./hostContext.js";
import { allowsHost } from "../origin/hostCheck.js";
import { baseMediaType } from "../goWire/goHttp.js";
import { readBody } from "./readBody.js";
import { sendWireError } from "./sendWireError.js";
import { CORS } from "./cors.js";
import { goDecode } from "../wire/goDecode.js";
import { checkRequest } from "../wire/methods.js";
import { refusals } from "../goWire/wireError.js";
import { clientNameOf } from "../host/clientName.js";
import type { RpcSession } from "../wire/rpcSession.js";
import { sseReply } from "./sseFaults.js";
import { SESSION_STREAM_BACKLOG, writeBounded } from "../wire/streamBound.js";

interface SseSession extends OpenSession {
  rpc: RpcSession;
  stream: ServerResponse;
  /** Writes one answer on the stream, within its bound. */
  send: (text: string) => void;
}

export const messagesPath = "/messages";

export function sseRoutes(ctx: HostContext): Router {
  const router = Router();
  const hostOk = allowsHost(ctx.config.host, ctx.config.allowedHosts, ctx.log);
  const refuseHost = (req: IncomingMessage, res: ServerResponse) => {
    const host = req.headers.host ?? "";
    if (hostOk(host)) return false;
    sendWireError(res, refusals.forbiddenHost(host));
    return true;
  };

  router.get("/sse", (req, res) => {
    if (refuseHost(req, res)) return;
    const id = randomUUID();
    res.writeHead(200, { ...CORS, "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    res.write(`event: endpoint\ndata: ${messagesPath}?sessionId=${id}\n\n`);
    const send = (text: string) => {
      writeBounded(res, `event: message\ndata: ${text}\n\n`, SESSION_STREAM_BACKLOG, (unread) => ctx.log(`session ${id} (SSE): its client left ${unread} bytes unread, past the ${SESSION_STREAM_BACKLOG}-byte bound; stream closed`));
    };
    const rpc = sessionFor(ctx, "sse", id, send);
    // Idle proxies would drop a silent stream.
    const keepAlive =
      ctx.config.keepAliveMs >= 1
        ? setInterval(() => {
            writeBounded(res, ": keepalive\n\n", SESSION_STREAM_BACKLOG);
          }, ctx.config.keepAliveMs)
        : undefined;
    keepAlive?.unref();
    const session: SseSession = {
      id,
      send,
      transport: "sse",
      rpc,
      stream: res,
      notify: (method, params) => rpc.notify(method, params),
      close: async () => {
        rpc.close();
        res.end();
      },
    };
    res.once("close", () => {
      if (keepAlive) clearInterval(keepAlive);
      void ctx.registry.end(id, "closed (SSE)");
    });
    ctx.registry.open(session);
    ctx.log(`session ${id} opened (SSE)`);
  });

  router.post(messagesPath, (req, res) => {
    if (refuseHost(req, res)) return;
    if (baseMediaType(req.headers["content-type"]) !== "application/json") return sendWireError(res, refusals.contentType());
    const id = typeof req.query.sessionId === "string" ? req.query.sessionId : "";
    if (id === "") return sendWireError(res, refusals.sseSessionIdRequired());
    const session = ctx.registry.get(id, "sse") as SseSession | undefined;
    if (!session) return sendWireError(res, refusals.sessionNotFound());
    readBody(req, ctx.config.bodyLimit, (read) => {
      if (!read.ok) return sendWireError(res, refusals.tooLarge(ctx.config.bodyLimit));
      // One message per POST: the go-sdk's SSE transport decodes no batch.
      const decoded = goDecode(read.text, ctx.profile);
      if (!decoded.ok || Array.isArray(decoded.value)) return sendWireError(res, refusals.unparsableBody());
      const message = decoded.value as Record<string, unknown>;
      session.client ??= clientNameOf([message]);
      // From v1.7.0 `"method": ""` is a method too, and refused as one the server lacks.
      if (typeof message.method === "string" && (message.method !== "" || ctx.profile.has("empty-method-key"))) {
        const bad = checkRequest(message as { method: string }, ctx.profile);
        if (bad) return sendWireError(res, bad);
      }
      if (!ctx.registry.get(id, "sse")) return sendWireError(res, refusals.sessionNotFound());
      const reply = sseReply(session.stream, session.send, res, ctx.log, () => void ctx.registry.end(id, "expired by a declared session-expired fault"));
      session.rpc.receive(message, reply.reply, { headers: req.headers, authInfo: (req as Request & { auth?: AuthInfo }).auth }, decoded.texts[0]);
      reply.dispatched();
    });
  });

  return router;
}
