// Bounds on dynamic client registration (POST /register, --auth). The SDK's handler keeps what
// it is sent, and its own rate limit is off here (its per-IP window counts every loopback client
// as one): 4,000 registrations of 95 KB took the server from 101 to 518 MB, about 30,000 crashed
// it, and any web page could send them. A real client registers once per install, with a few
// hundred bytes of metadata, from no browser or from a page on this machine.
import express, { type NextFunction, type Request, type Response } from "express";
import type { Clock } from "../../base/types.js";
import { hostnameOf, isAllowedName, isLoopbackName } from "../origin/hostCheck.js";

/** Largest registration body: client metadata is a few hundred bytes, with every optional field a few KB. */
export const REGISTRATION_BYTES = 16 * 1024;
/** Registrations accepted per minute, from every client together. */
export const REGISTRATIONS_PER_MINUTE = 60;

function refuse(res: Response, status: number, error: string, description: string): void {
  res.status(status).setHeader("Cache-Control", "no-store");
  res.json({ error, error_description: description });
}

/** Whether a browser page at `origin` may register: one on this machine, or on an --allowed-host name. */
function originAllowed(origin: string, allowedHosts: readonly string[]): boolean {
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    return false; // "null" (a sandboxed frame, a file) or garbage
  }
  const name = hostnameOf(hostname);
  return isLoopbackName(name) || isAllowedName(name, allowedHosts);
}

/** Runs before the SDK's registration handler: origin, size and rate, each refused in OAuth's error shape. */
export function registrationGuard(clock: Clock, allowedHosts: readonly string[]): express.RequestHandler[] {
  let windowStart = 0;
  let inWindow = 0;
  const limits = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST") return next();
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin, allowedHosts)) {
      return refuse(res, 403, "invalid_request", `client registration from a web page at ${origin} is refused: only pages on this machine (or an --allowed-host) may register`);
    }
    const now = clock();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      inWindow = 0;
    }
    if (++inWindow > REGISTRATIONS_PER_MINUTE) {
      res.setHeader("Retry-After", String(Math.ceil((windowStart + 60_000 - now) / 1000)));
      return refuse(res, 429, "too_many_requests", `more than ${REGISTRATIONS_PER_MINUTE} client registrations this minute; try again in a minute`);
    }
    next();
  };
  // Parsed here with the small limit; the SDK's own parser then finds the body read.
  const body = express.json({ limit: REGISTRATION_BYTES });
  const tooLarge = (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if ((err as { type?: string }).type === "entity.too.large") return refuse(res, 413, "invalid_client_metadata", `client metadata over ${REGISTRATION_BYTES} bytes is refused`);
    next(err);
  };
  return [limits, body, tooLarge as unknown as express.RequestHandler];
}
