// Per-context state documents (wiremock-state-extension's context key; here the MCP session or
// the user), each a JSON object starting from the persona's world the tool files declare.
// Bounded: a change that would take a document past the cap is refused and leaves it as it was.
import { defaultUserId } from "../engine/signedInUser.js";
import type { CallContext, Json } from "../engine/types.js";

export type StateScope = "session" | "user";

/** The FIXTURES persona, also the user of every call when auth is off. */
export const DEFAULT_STATE_LIMIT = 1024 * 1024;

export class StateLimitError extends Error {}

interface Entry {
  doc: Record<string, Json>;
  bytes: number;
}

export interface StateStoreOptions {
  scope?: StateScope;
  /** Most bytes (compact JSON, UTF-8) one context's state may take. */
  limitBytes?: number;
}

export class StateStore {
  readonly scope: StateScope;
  readonly limitBytes: number;
  private readonly entries = new Map<string, Entry>();

  constructor(opts: StateStoreOptions = {}) {
    this.scope = opts.scope ?? "session";
    this.limitBytes = opts.limitBytes ?? DEFAULT_STATE_LIMIT;
  }

  /** The context a call's state lives in: its session by default, its user with --state-scope user. */
  keyFor(call: CallContext): string {
    if (this.scope === "user") return `user:${call.userId ?? defaultUserId}`;
    // Calls without a session (in-process use, tests) share one context.
    return `session:${call.sessionId ?? "none"}`;
  }

  /** The state of `key`, starting from `initial()` the first time. Callers must not mutate it. */
  read(key: string, initial: () => Record<string, Json>): Record<string, Json> {
    let entry = this.entries.get(key);
    if (!entry) {
      const doc = initial();
      entry = { doc, bytes: byteSize(doc) };
      this.entries.set(key, entry);
    }
    return entry.doc;
  }

  /** Replace the state of `key`; throws StateLimitError (state unchanged) past the cap. */
  write(key: string, doc: Record<string, Json>): void {
    const bytes = byteSize(doc);
    if (bytes > this.limitBytes) {
      throw new StateLimitError(
        `state of ${key.replace(":", " ")} would grow to ${bytes} bytes, past the ${this.limitBytes}-byte cap; the change was not made (start a new session, or raise --state-limit)`,
      );
    }
    this.entries.set(key, { doc, bytes });
  }

  /** Forget a session's state (its session ended). User-scoped state outlives sessions. */
  endSession(sessionId: string): void {
    if (this.scope === "session") this.entries.delete(`session:${sessionId}`);
  }

  /** The state of `key` if it has started, without starting it (the dashboard only looks). */
  peek(key: string): Record<string, Json> | undefined {
    return this.entries.get(key)?.doc;
  }

  /** Every context whose state has started. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Forget the state of `key`: its next call starts again from the initial state. */
  reset(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes of every state document together (compact JSON). */
  get totalBytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    return total;
  }
}

function byteSize(doc: Json): number {
  return Buffer.byteLength(JSON.stringify(doc), "utf8");
}
