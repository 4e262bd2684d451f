// `/mcp`: streamable HTTP with stateful sessions (as production runs it), over node:http, as go-sdk
// v1.6.1's StreamableHTTPHandler answers it: the checks before the body (goWire/goHttp.ts), the
// body decoded as its JSON decoder decodes it (wire/goDecode.ts), a POST without calls answered
// 202, a POST with calls answered on its own event stream that ends with its last answer, GET
// the session's standalone stream, DELETE 204. A POST without a session that is not an
// initialize is served by a session made for it and closed after it, as the go-sdk does. The
// SessionRegistry owns each session's lifetime (idle expiry, the --max-sessions cap, DELETE).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { OpenSession } from "../host/sessionRegistry.js";
import { sessionFor, type HostContext } from "./hostContext.js";
import { lastEventIdRefusal, refuseBeforeBody, requestVersion, sessionIdOf } from "../goWire/goHttp.js";
import { eraErrorStatus } from "../goWire/eraStatus.js";
import { allowsHost } from "../origin/hostCheck.js";
import { readBody } from "./readBody.js";
import { sendWireError } from "./sendWireError.js";
import { CORS } from "./cors.js";
import { goDecode } from "../wire/goDecode.js";
import { eraVersion } from "../goWire/protocolVersions.js";
import { checkPost, type PostHeaders, type PostRefusal } from "../wire/postChecks.js";
import { refusals } from "../goWire/wireError.js";
import { clientNameOf } from "../host/clientName.js";
import type { Arrival, Reply, RpcSession } from "../wire/rpcSession.js";
import { PostStream, sseHeaders } from "./postStream.js";
import { SESSION_STREAM_BACKLOG, writeBounded } from "../wire/streamBound.js";

interface HttpSession extends OpenSession {
  rpc: RpcSession;
  /** The GET stream, where notifications about no request go (none open: they are dropped). */
  standalone?: ServerResponse;
  posts: Set<PostStream>;
}

type Message = Record<string, unknown>;
/** A POST's messages and each one's text as it was sent. */
type Posted = { messages: Message[]; texts: string[] };

const noReply: Reply = { write: () => {}, end: () => {} };
const isCall = (m: Message) => typeof m.method === "string" && m.method !== "" && m.id !== undefined && m.id !== null;

export type McpHandler = (req: IncomingMessage, res: ServerResponse, authInfo?: AuthInfo) => void;

export function streamableHandler(ctx: HostContext): McpHandler {
  const { registry } = ctx;
  const hostOk = allowsHost(ctx.config.host, ctx.config.allowedHosts, ctx.log);
  const known = (id: string) => registry.get(id, "http") !== undefined;
  const lookup = (id: string) => registry.get(id, "http") as HttpSession | undefined;

  function newSession(given?: string): HttpSession {
    const id = given || randomUUID();
    const session: HttpSession = {
      id,
      transport: "http",
      posts: new Set(),
      rpc: sessionFor(ctx, "http", id, (text) => {
        if (session.standalone) writeBounded(session.standalone, `event: message\ndata: ${text}\n\n`, SESSION_STREAM_BACKLOG);
      }),
      notify: (method, params) => session.rpc.notify(method, params),
      close: async () => {
        session.rpc.close();
        session.standalone?.end();
        for (const post of session.posts) post.abandon();
      },
    };
    return session;
  }

  function post(req: IncomingMessage, res: ServerResponse, arrival: Arrival): void {
    readBody(req, ctx.config.bodyLimit, (read) => {
      if (!read.ok) return sendWireError(res, refusals.tooLarge(ctx.config.bodyLimit));
      const posted = refuseMessages(req, read.text);
      if ("error" in posted) return sendWireError(res, posted.error, posted.id);
      serve(req, res, posted, arrival);
    });
  }

  /** The body's messages (and each one's text as sent), or the go-sdk's refusal of the whole POST. */
  function refuseMessages(req: IncomingMessage, text: string): Posted | PostRefusal {
    if (text.length === 0) return { error: refusals.emptyBody() };
    const decoded = goDecode(text, ctx.profile);
    if (!decoded.ok) return { error: refusals.malformed(decoded.reason) };
    const batch = Array.isArray(decoded.value);
    const messages = (batch ? decoded.value : [decoded.value]) as Message[];
    const version = requestVersion(req);
    if (batch && version >= "2025-06-18") return { error: refusals.batchNotSupported(version) };
    return checkPost(messages, postHeaders(req), ctx.profile, batch) ?? { messages, texts: decoded.texts };
  }

  function serve(req: IncomingMessage, res: ServerResponse, posted: Posted, arrival: Arrival): void {
    if (ctx.profile.mode === "stateless") return serveStateless(res, posted, arrival, sessionIdOf(req), requestVersion(req));
    const { messages, texts } = posted;
    const id = sessionIdOf(req);
    let session = id === "" ? undefined : lookup(id);
    // Ended while its body arrived.
    if (id !== "" && !session) return sendWireError(res, refusals.sessionNotFound());
    const fresh = !session;
    session ??= newSession();
    const s = session;
    const release = fresh ? () => {} : registry.busy(s.id);
    // A session made for this POST lives on only if it was initialized by it (as the go-sdk's #578 cleanup).
    const settleFresh = () => {
      if (!fresh) return;
      if (s.rpc.isInitialized) {
        if (!registry.get(s.id)) {
          s.client = clientNameOf(messages);
          registry.open(s);
          ctx.log(`session ${s.id} opened (streamable HTTP)`);
        }
      } else void s.close();
    };
    if (!messages.some(isCall)) {
      messages.forEach((m, i) => s.rpc.receive(m, noReply, arrival, texts[i]));
      settleFresh();
      release();
      res.writeHead(202, CORS).end();
      return;
    }
    const opensSession = messages.some((m) => m.method === "initialize");
    const stream = new PostStream(res, {
      headers: opensSession ? { ...sseHeaders, "Mcp-Session-Id": s.id } : sseHeaders,
      errorStatus: eraErrorStatus(requestVersion(req), ctx.profile),
      keepAliveMs: ctx.config.keepAliveMs,
      endSession: () => void registry.end(s.id, "expired by a declared session-expired fault"),
      onClose: () => {
        s.posts.delete(stream);
        release();
      },
      log: ctx.log,
    });
    s.posts.add(stream);
    messages.forEach((m, i) => s.rpc.receive(m, isCall(m) ? stream.reply() : noReply, arrival, texts[i]));
    settleFresh();
    // The session opened by this POST is in use until its stream closes.
    if (fresh && registry.get(s.id)) res.once("close", registry.busy(s.id));
    stream.dispatched();
  }

  /**
   * --stateless: every POST is served by a session of its own, already initialized unless it
   * brings initialize, never registered and closed once its answers are written (go-sdk's
   * Stateless mode). Any replica can answer any request; the state lives with the user.
   */
  function serveStateless(res: ServerResponse, posted: Posted, arrival: Arrival, given: string, version: string): void {
    const { messages, texts } = posted;
    // v1.6.1: the client's session id, when it sends one, names the temporary session (as go-sdk
    // does); from v1.7.0 no id is read or named, so the session's is internal only.
    const named = !ctx.profile.has("stateless-no-session-id");
    const s = newSession(named ? given : "");
    const opensSession = messages.some((m) => m.method === "initialize");
    // go-sdk's ephemeralConnectOpts: a legacy request finds its session initialized; one of the
    // 2026-07-28 era brings what initialize would have said in each request's `_meta`.
    if (!opensSession && !(ctx.profile.has("era-2026-served") && eraVersion(version))) s.rpc.initializedElsewhere();
    if (!messages.some(isCall)) {
      messages.forEach((m, i) => s.rpc.receive(m, noReply, arrival, texts[i]));
      void s.close();
      res.writeHead(202, CORS).end();
      return;
    }
    // go-sdk v1.6.1 still names a session on initialize, though nothing looks it up later.
    const stream = new PostStream(res, {
      headers: opensSession && named ? { ...sseHeaders, "Mcp-Session-Id": s.id } : sseHeaders,
      errorStatus: eraErrorStatus(version, ctx.profile),
      keepAliveMs: ctx.config.keepAliveMs,
      endSession: () => undefined,
      onClose: () => void s.close(),
      log: ctx.log,
    });
    s.posts.add(stream);
    messages.forEach((m, i) => s.rpc.receive(m, isCall(m) ? stream.reply() : noReply, arrival, texts[i]));
    stream.dispatched();
  }

  function get(req: IncomingMessage, res: ServerResponse, session: HttpSession): void {
    // As go-sdk's serveGET: the Last-Event-ID first, then the stream, which one GET holds at a time.
    const refusal = lastEventIdRefusal(req) ?? (session.standalone && !session.standalone.writableEnded ? refusals.streamConflict() : undefined);
    if (refusal) return sendWireError(res, refusal);
    session.standalone = res;
    res.writeHead(200, sseHeaders);
    res.flushHeaders();
    // v1.7.0 on: the comment tells a client behind a buffering proxy the stream is open.
    if (ctx.profile.has("sse-ok-comment")) res.write(": ok\n\n");
    const release = registry.busy(session.id);
    const keepAlive = ctx.config.keepAliveMs >= 1 ? setInterval(() => res.write(": keepalive\n\n"), ctx.config.keepAliveMs) : undefined;
    keepAlive?.unref();
    res.once("close", () => {
      if (keepAlive) clearInterval(keepAlive);
      if (session.standalone === res) session.standalone = undefined;
      release();
    });
  }

  /** The headers servePOST compares with the body. */
  function postHeaders(req: IncomingMessage): PostHeaders {
    const one = (name: string) => {
      const v = req.headers[name];
      return typeof v === "string" ? v : "";
    };
    return { version: one("mcp-protocol-version"), method: one("mcp-method"), name: one("mcp-name") };
  }

  return (req, res, authInfo) => {
    const refusal = refuseBeforeBody(req, hostOk, known, ctx.profile);
    if (refusal) return sendWireError(res, refusal);
    const arrival: Arrival = { headers: req.headers, authInfo };
    if (req.method === "POST") return post(req, res, arrival);
    // Stateless: a DELETE naming a session is answered, though no session is kept (v1.6.1).
    if (ctx.profile.mode === "stateless") return void res.writeHead(204, CORS).end();
    const id = sessionIdOf(req);
    const session = lookup(id);
    if (!session) return sendWireError(res, refusals.sessionNotFound());
    if (req.method === "DELETE") {
      void registry.end(id, "ended by DELETE").then(() => res.writeHead(204, CORS).end());
      return;
    }
    get(req, res, session);
  };
}
