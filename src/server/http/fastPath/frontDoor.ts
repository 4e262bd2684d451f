// In front of express: a POST /mcp that may be a plain call on an established session is read
// here and, if it is, answered by answerFast without express's routing. Anything else goes to
// express untouched (or, once its body has been read, with that body: see preRead.ts), through
// the same checks in the same order: Host, CORS, protocol version, body, session. Under --auth
// it steps aside altogether.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Request } from "express";
import { supportedVersions } from "../../mcp/protocolVersions.js";
import { allowsHost } from "../hostCheck.js";
import type { HostContext } from "../hostContext.js";
import { readJsonBody } from "../readJsonBody.js";
import { refuseBeforeBody, refuseBody } from "../../goWire/goHttp.js";
import { answerFast, headersFit } from "./answerFast.js";
import { leaveBody } from "./preRead.js";
import { sessionLookupFor } from "./sessionLookup.js";

export function frontDoor(app: RequestListener, ctx: HostContext): RequestListener {
  // --auth puts a bearer gate before /mcp and reads each call's headers: all of it is express's.
  if (ctx.config.auth) return app;
  const hostOk = allowsHost(ctx.config.host, ctx.config.allowedHosts);
  const known = (id: string) => ctx.registry.get(id, "http") !== undefined;

  /** The go-sdk's checks before the body (goWire/goHttp.ts), plus the fast path's own narrower ones. */
  function mayAnswer(req: IncomingMessage): boolean {
    if (req.method !== "POST" || req.url !== "/mcp") return false;
    if (refuseBeforeBody(req as Request, hostOk, known)) return false;
    const version = req.headers["mcp-protocol-version"];
    if (version !== undefined && (typeof version !== "string" || !supportedVersions.includes(version))) return false;
    // A non-empty id passed refuseBeforeBody, so it names a live session.
    const sessionId = req.headers["mcp-session-id"];
    return headersFit(req) && typeof sessionId === "string" && sessionId !== "";
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    const lookup = sessionLookupFor(ctx);
    if (!lookup || !mayAnswer(req)) return app(req, res);
    readJsonBody(req, ctx.config.bodyLimit).then(
      (read) => {
        // Looked up again: the session may have ended while the body arrived.
        const session = read.ok ? lookup(req.headers["mcp-session-id"] as string) : undefined;
        if (session && read.ok && !refuseBody(req as Request, "-", read.value) && answerFast(session, req, res, read.value)) return session.answeredAside();
        leaveBody(req, read);
        app(req, res);
      },
      // The request broke off while its body was read: nobody is left to answer.
      () => res.destroy(),
    );
  };
}
