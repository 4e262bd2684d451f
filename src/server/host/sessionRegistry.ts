// Every open session on every transport, so a change on disk reaches all of them at once.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Log } from "./log.js";

export interface OpenSession {
  id: string;
  transport: string;
  server: Server;
  /** Ends the session: closes its streams and forgets it. */
  close(): Promise<void>;
}

export class SessionRegistry {
  private readonly sessions = new Map<string, OpenSession>();
  private readonly endListeners: ((id: string) => void)[] = [];

  constructor(private readonly log: Log) {}

  add(session: OpenSession): void {
    this.sessions.set(session.id, session);
  }

  get(id: string): OpenSession | undefined {
    return this.sessions.get(id);
  }

  delete(id: string): void {
    if (this.sessions.delete(id)) for (const listener of this.endListeners) listener(id);
  }

  /** Called once when a session ends (DELETE, idle expiry, closed to make room, stream gone). */
  onEnd(listener: (id: string) => void): void {
    this.endListeners.push(listener);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** `notifications/tools/list_changed` with `"params": {}`, as production sends it (SPEC-NOTES 9). */
  broadcastToolsChanged(): void {
    for (const session of this.sessions.values()) {
      session.server
        .notification({ method: "notifications/tools/list_changed", params: {} })
        .catch((err: unknown) => this.log(`could not notify session ${session.id}: ${err instanceof Error ? err.message : String(err)}`));
    }
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.sessions.values()].map((session) => session.close()));
    for (const id of [...this.sessions.keys()]) this.delete(id);
  }
}
