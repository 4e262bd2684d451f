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
  private readonly endHooks: ((id: string) => void)[] = [];

  constructor(private readonly log: Log) {}

  add(session: OpenSession): void {
    this.sessions.set(session.id, session);
  }

  get(id: string): OpenSession | undefined {
    return this.sessions.get(id);
  }

  delete(id: string): void {
    if (!this.sessions.delete(id)) return;
    for (const hook of this.endHooks) hook(id);
  }

  /** Called once for each session that ends, whatever ended it (what it owns is freed there). */
  onEnd(hook: (id: string) => void): void {
    this.endHooks.push(hook);
  }

  /** Every open session, oldest first. */
  list(): OpenSession[] {
    return [...this.sessions.values()];
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
