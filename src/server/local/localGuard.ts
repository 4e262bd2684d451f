// /_local/ is for this machine's own pages and commands only. The Host check (DNS rebinding)
// runs before it for every route; on top of it, nothing here sends CORS headers, so another
// site's page cannot read an answer; a request that carries an Origin other than this server's
// own gets 403; and a write must be `Content-Type: application/json` (415), which a plain HTML
// form cannot send and a cross-site fetch cannot send without a preflight we never approve.
import type { NextFunction, Request, Response } from "express";
import { hostnameOf, isLoopbackName } from "../origin/hostCheck.js";

const writes = new Set(["PUT", "DELETE", "POST", "PATCH"]);

export function sendLocalError(res: Response, status: number, error: string): void {
  res.status(status).type("application/json; charset=utf-8").send(`${JSON.stringify({ error })}\n`);
}

/** The 404 for a session id no open session has, naming the open ones. */
export function sendNoSuchSession(res: Response, id: string, open: string[]): void {
  sendLocalError(res, 404, `no open session "${id}"; open sessions: ${open.join(", ") || "(none)"} (./careem-mcp.sh sessions lists them)`);
}

/** A refusal sent before the body was read: close the connection, so no client reuses a socket whose unread body is still arriving. */
function refuse(res: Response, status: number, error: string): void {
  res.setHeader("Connection", "close");
  sendLocalError(res, status, error);
}

function fromThisMachine(address: string | undefined): boolean {
  if (!address) return false;
  // A socket address is never a name such as localhost: only the address half of the test applies.
  return isLoopbackName(address.replace(/^::ffff:/, ""));
}

/** The loopback half of the guard: this machine, addressed by a loopback name. Refuses (403) and returns false otherwise. */
export function loopbackOnly(req: Request, res: Response): boolean {
  // Loopback only, whatever /mcp allows: not through a tunnel (--allowed-host), and not from
  // another machine when bound to 0.0.0.0.
  const host = req.headers.host ?? "";
  if (fromThisMachine(req.socket.remoteAddress) && isLoopbackName(hostnameOf(host))) return true;
  refuse(res, 403, `Forbidden: /_local/ answers this machine only, addressed by a loopback name (Host "${host}")`);
  return false;
}

export function localGuard(req: Request, res: Response, next: NextFunction): void {
  if (!loopbackOnly(req, res)) return;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const own = `http://${req.headers.host ?? ""}`;
    if (origin.toLowerCase() !== own.toLowerCase()) {
      refuse(res, 403, `Forbidden: Origin "${origin}" is not this server (${own}); /_local/ answers only its own page and local commands`);
      return;
    }
  }
  if (!writes.has(req.method)) {
    if (req.method === "GET" || req.method === "HEAD") return next();
    res.setHeader("Allow", "GET, HEAD, PUT, DELETE");
    refuse(res, 405, `Method ${req.method} not allowed on /_local/ (no CORS: cross-site requests are never approved)`);
    return;
  }
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    refuse(res, 415, `Unsupported Media Type: /_local/ writes need Content-Type: application/json (got ${type ? `"${type}"` : "none"})`);
    return;
  }
  next();
}
