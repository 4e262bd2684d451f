// The one owner of every session's lifetime, on every transport: a session is opened here once
// its initialize succeeded, and ended here (DELETE, idle expiry, the --max-sessions cap, a
// closed stream, shutdown). Routes ask it for a session; code holding per-session state frees it
// in an onEnd hook.
import type { Log } from "./log.js";

export type TransportKind = "http" | "sse" | "stdio";

export interface OpenSession {
  id: string;
  transport: TransportKind;
  /** The client's name and version from its initialize, when it sent them (shown by /_local/sessions). */
  client?: string;
  /** Sends a notification about no request in particular on the session's own stream. */
  notify(method: string, params: unknown): void;
  /** Closes the session's streams; called once, when the registry ends the session. */
  close(): Promise<void>;
}

export interface RegistryLimits {
  /** Idle expiry of /mcp sessions in ms (0: never). Other transports live as long as their stream. */
  idleTimeoutMs: number;
  /** Most /mcp sessions at once; a new one ends the least recently used (0: no limit). */
  maxSessions: number;
}

export type SessionEndListener = (session: OpenSession, reason: string) => void;

interface Entry {
  session: OpenSession;
  /** Requests and streams of the session still open: while any is, it is not idle. */
  active: number;
  idleTimer?: NodeJS.Timeout;
}

/** Only streamable HTTP sessions expire or count against the cap (README, Configuration). */
const limited = (session: OpenSession) => session.transport === "http";

export class SessionRegistry {
  /** In order of use: the first limited entry is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private readonly listeners: SessionEndListener[] = [];
  /** The id last in `entries` (the most recently used), if known. */
  private mostRecent: string | undefined;

  constructor(
    private readonly log: Log,
    private readonly limits: RegistryLimits = { idleTimeoutMs: 0, maxSessions: 0 },
  ) {}

  open(session: OpenSession): void {
    if (limited(session)) this.makeRoom();
    this.entries.set(session.id, { session, active: 0 });
    this.mostRecent = session.id;
    this.startIdle(session.id);
  }

  /** Called with the id when a session ends, for any reason, after it left the registry (forcing, the journal). */
  onEnd(hook: (id: string) => void): void {
    this.listeners.push((session) => hook(session.id));
  }

  /**
   * The session, if open (on that transport, when one is named). A lookup naming the transport is
   * the session's own request: it counts as a use for the cap's order. Others (/_local) do not.
   */
  get(id: string, transport?: TransportKind): OpenSession | undefined {
    const entry = this.entries.get(id);
    if (!entry || (transport !== undefined && entry.session.transport !== transport)) return undefined;
    if (transport === undefined) return entry.session;
    // Moved to the end only if not there already: a delete and set on every request of a busy
    // session churned the Map's tables (a third of what a busy session's calls left for V8 to promote).
    if (id !== this.mostRecent) {
      this.entries.delete(id);
      this.entries.set(id, entry);
      this.mostRecent = id;
    }
    return entry.session;
  }

  /** Every open session, least recently used first. */
  list(): OpenSession[] {
    return [...this.entries.values()].map((e) => e.session);
  }

  /** Marks a request or stream of the session as open; call the result when it closes. */
  busy(id: string): () => void {
    const entry = this.entries.get(id);
    if (!entry) return () => {};
    entry.active++;
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = undefined;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.active--;
      this.startIdle(id);
    };
  }

  /** Ends the session: forgets it, tells the listeners, closes its streams. Idempotent. */
  async end(id: string, reason: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    if (id === this.mostRecent) this.mostRecent = undefined;
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    if (reason) this.log(`session ${id} ${reason}`);
    for (const listener of this.listeners) {
      try {
        listener(entry.session, reason);
      } catch (err) {
        this.log(`session ${id}: an end listener failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    await entry.session.close().catch(() => {});
  }

  get size(): number {
    return this.entries.size;
  }

  /** `notifications/tools/list_changed` with `"params": {}`, as production sends it (an empty params object, not none). */
  broadcastToolsChanged(): void {
    for (const { session } of this.entries.values()) {
      try {
        session.notify("notifications/tools/list_changed", {});
      } catch (err) {
        this.log(`could not notify session ${session.id}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.entries.keys()].map((id) => this.end(id, "")));
  }

  private startIdle(id: string): void {
    const entry = this.entries.get(id);
    const ms = this.limits.idleTimeoutMs;
    if (!entry || entry.active > 0 || !limited(entry.session) || ms <= 0) return;
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => void this.end(id, `expired after ${ms}ms idle`), ms);
    entry.idleTimer.unref();
  }

  /**
   * A client that opens sessions and never closes them (a test suite making a client per test)
   * would otherwise hold about 27 KB each until the idle timeout. At the cap, the least recently
   * used session is ended; its client gets 404 on its next request, which tells an MCP client
   * to start a new session.
   */
  private makeRoom(): void {
    const max = this.limits.maxSessions;
    if (max <= 0) return;
    const open = [...this.entries.values()].filter((e) => limited(e.session));
    for (let i = 0; i <= open.length - max; i++) {
      const oldest = open[i] as Entry;
      void this.end(oldest.session.id, `closed to make room: ${max} sessions open (--max-sessions); it was the least recently used`);
    }
  }
}
