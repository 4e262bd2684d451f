// How the front door finds an established /mcp session: streamableRoute owns the sessions and
// registers its lookup here, per host, so the fast path never keeps a table of its own.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

export interface FastSession {
  id: string;
  server: Server;
  /** A request was answered outside the SDK transport: the session is idle from now. */
  answeredAside(): void;
}

/** The open session with this id (marking it used, as streamableRoute does), or undefined. */
export type SessionLookup = (id: string) => FastSession | undefined;

const lookups = new WeakMap<object, SessionLookup>();

export function registerSessionLookup(host: object, lookup: SessionLookup): void {
  lookups.set(host, lookup);
}

export function sessionLookupFor(host: object): SessionLookup | undefined {
  return lookups.get(host);
}
