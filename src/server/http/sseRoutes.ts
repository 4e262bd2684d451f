// `/sse`: the legacy HTTP+SSE transport of protocol 2024-11-05 (SPEC-NOTES 18). GET /sse opens
// the stream, whose first event names /messages?sessionId=... for the client's POSTs.
import { Router } from "express";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { OpenSession } from "../host/sessionRegistry.js";
import { serverFor, type HostContext } from "./hostContext.js";
import { GoWire } from "../goWire/goWire.js";
import { speakGoSse } from "../goWire/speakGo.js";
import { InOrderReplies } from "../mcp/inOrderReplies.js";
import { protocolVersionCheck } from "./protocolVersionCheck.js";
import { readJsonBody } from "./readJsonBody.js";
import { protocolErrors } from "../mcp/protocolErrors.js";
import { checkPost } from "./checkPost.js";
import { sendProtocolError } from "./sendRpcError.js";
import { HeldPosts, ssePort } from "./sseFaults.js";

interface SseSession extends OpenSession {
  sse: SSEServerTransport;
  /** POSTs carrying calls, held a moment so a declared fault can claim them (sseFaults.ts). */
  posts: HeldPosts;
}

export const messagesPath = "/messages";

export function sseRoutes(ctx: HostContext): Router {
  const router = Router();

  router.get("/sse", async (_req, res) => {
    const transport = new SSEServerTransport(messagesPath, res);
    // Every answer of the session shares this one stream, as over stdio: keep request order.
    speakGoSse(transport);
    const ordered = new InOrderReplies(new GoWire(transport));
    const posts = new HeldPosts();
    const id = transport.sessionId;
    const endSession = () => void ctx.registry.end(id, "expired by a declared session-expired fault");
    const server = serverFor(ctx, "sse", ssePort(posts, ordered, res, endSession));
    // The SDK's SSE transport has no keep-alive of its own; idle proxies would drop the stream.
    const keepAlive =
      ctx.config.keepAliveMs >= 1
        ? setInterval(() => {
            if (!res.writableEnded) res.write(": keepalive\n\n");
          }, ctx.config.keepAliveMs)
        : undefined;
    keepAlive?.unref();
    ordered.onclose = () => {
      if (keepAlive) clearInterval(keepAlive);
      void ctx.registry.end(id, "closed (SSE)");
    };
    const session: SseSession = { id, transport: "sse", server, close: () => server.close(), sse: transport, posts };
    ctx.registry.open(session);
    ctx.log(`session ${id} opened (SSE)`);
    await server.connect(ordered);
  });

  router.post(messagesPath, protocolVersionCheck, async (req, res) => {
    const id = typeof req.query.sessionId === "string" ? req.query.sessionId : "";
    const session = ctx.registry.get(id, "sse") as SseSession | undefined;
    if (!session) return sendProtocolError(res, protocolErrors.sessionNotFound);
    const read = await readJsonBody(req, ctx.config.bodyLimit);
    if (!read.ok) return sendProtocolError(res, read.error);
    // Checked and worded here as /mcp words them (protocolErrors.ts): the SDK's SSE transport
    // answers these in plain text ("Invalid message: [object Object]"). A batch is its members.
    const checked = checkPost(req, read.value);
    if (!checked.ok) return sendProtocolError(res, checked.error);
    session.posts.hold(read.value, res);
    // What the SDK's handlePostMessage passes on: the request, and what --auth's bearer gate proved.
    const requestInfo = { headers: req.headers, url: new URL(req.originalUrl, `http://${req.headers.host ?? "localhost"}`) };
    const authInfo = (req as typeof req & { auth?: AuthInfo }).auth;
    for (const message of checked.messages) await session.sse.handleMessage(message, { requestInfo, authInfo });
    res.status(202).end("Accepted");
  });

  return router;
}
