// `/sse`: the legacy HTTP+SSE transport of protocol 2024-11-05 (SPEC-NOTES 18). GET /sse opens
// the stream, whose first event names /messages?sessionId=... for the client's POSTs.
import { Router } from "express";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { serverFor, type HostContext } from "./hostContext.js";
import { GoWire } from "../goWire/goWire.js";
import { speakGoSse } from "../goWire/speakGo.js";
import { InOrderReplies } from "../mcp/inOrderReplies.js";
import { protocolVersionCheck } from "./protocolVersionCheck.js";
import { readJsonBody } from "./readJsonBody.js";
import { ErrorCodes } from "../mcp/rpcError.js";
import { sendRpcError } from "./sendRpcError.js";
import { HeldPosts, ssePort } from "./sseFaults.js";

export const messagesPath = "/messages";

export function sseRoutes(ctx: HostContext): Router {
  const router = Router();
  const streams = new Map<string, { transport: SSEServerTransport; posts: HeldPosts }>();

  router.get("/sse", async (_req, res) => {
    const transport = new SSEServerTransport(messagesPath, res);
    // Every answer of the session shares this one stream, as over stdio: keep request order.
    speakGoSse(transport);
    const ordered = new InOrderReplies(new GoWire(transport));
    const posts = new HeldPosts();
    const id = transport.sessionId;
    const endSession = () => {
      ctx.log(`session ${id} expired by a declared session-expired fault`);
      void server.close();
    };
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
      if (!streams.delete(id)) return;
      ctx.registry.delete(id);
      ctx.log(`session ${id} closed (SSE)`);
    };
    streams.set(id, { transport, posts });
    ctx.registry.add({ id, transport: "sse", server, close: () => server.close() });
    ctx.log(`session ${id} opened (SSE)`);
    await server.connect(ordered);
  });

  router.post(messagesPath, protocolVersionCheck, async (req, res) => {
    const id = typeof req.query.sessionId === "string" ? req.query.sessionId : "";
    const session = streams.get(id);
    if (!session) return sendRpcError(res, 404, ErrorCodes.sessionNotFound, "Session not found");
    const read = await readJsonBody(req, ctx.config.bodyLimit);
    if (!read.ok) {
      if (read.status === 413) res.setHeader("Connection", "close");
      return sendRpcError(res, read.status, read.code, read.message);
    }
    session.posts.hold(read.value, res);
    await session.transport.handlePostMessage(req, res, read.value);
  });

  return router;
}
