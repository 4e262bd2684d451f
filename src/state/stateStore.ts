// Per-context state documents (wiremock-state-extension's context key; here the MCP session or
// the user), each a JSON object starting from the persona's world the tool files declare.
// Bounded: a change that would take a document past the cap is refused and leaves it as it was.
import fs from "node:fs";
import path from "node:path";
import { defaultUserId } from "../base/signedInUser.js";
import { sameStamp, stampOf, type FileStamp } from "../base/fileStamp.js";
import type { CallContext, Json } from "../base/types.js";
import { withFileLock } from "./fileLock.js";

export type StateScope = "session" | "user";

/** The FIXTURES persona, also the user of every call when auth is off. */
export const DEFAULT_STATE_LIMIT = 1024 * 1024;

export class StateLimitError extends Error {}

export interface Entry {
  doc: Record<string, Json>;
  bytes: number;
}

export interface StateStoreOptions {
  scope?: StateScope;
  /** Most bytes (compact JSON, UTF-8) one context's state may take. */
  limitBytes?: number;
  /**
   * Keep user-scoped state in files here as well as in memory (stdio: a desktop client starts a
   * new process per conversation, and the user's orders must still be there). Each write
   * replaces the file atomically; a call holds the file's lock from its read to its write
   * (whileLocked), so two processes never write over each other's change.
   */
  persistDir?: string;
  /** Told of a state file that could not be read (the host logs it). */
  onProblem?: (text: string) => void;
}

export class StateStore {
  readonly scope: StateScope;
  readonly limitBytes: number;
  /** Protected: a shared store (src/store/) fills it from Redis before a call. */
  protected readonly entries = new Map<string, Entry>();
  private readonly persistDir?: string;
  private readonly onProblem?: (text: string) => void;
  /** The file stamp each persisted entry was read from or written as. */
  private readonly stamps = new Map<string, FileStamp>();

  constructor(opts: StateStoreOptions = {}) {
    this.scope = opts.scope ?? "session";
    this.limitBytes = opts.limitBytes ?? DEFAULT_STATE_LIMIT;
    this.persistDir = opts.persistDir;
    this.onProblem = opts.onProblem;
  }

  /** Only user state is kept on disk: a session's state ends with its session. */
  private fileOf(key: string): string | undefined {
    if (!this.persistDir || !key.startsWith("user:")) return undefined;
    return path.join(this.persistDir, `${key.replace(/[^A-Za-z0-9_-]/g, "_")}.json`);
  }

  /** What another process wrote for `key` since this one last looked, if anything. */
  private fromDisk(key: string): Entry | undefined {
    const file = this.fileOf(key);
    if (!file) return undefined;
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(file, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
    if (!stat) return undefined;
    const seen = this.stamps.get(key);
    if (seen && sameStamp(seen, stat)) return undefined;
    let doc: unknown;
    try {
      doc = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    } catch (err) {
      doc = err;
    }
    if (typeof doc !== "object" || doc === null || Array.isArray(doc) || doc instanceof Error) {
      // Edited by hand or damaged: kept beside, never written over, and said (the next write
      // would have replaced the user's orders without a word).
      const aside = `${file}.corrupt-${stat.mtimeMs.toFixed(0)}`;
      try {
        fs.renameSync(file, aside);
      } catch {
        // another process moved it first
      }
      this.stamps.delete(key);
      this.entries.delete(key);
      this.onProblem?.(`state file ${file} is not a JSON object (${doc instanceof Error ? doc.message : "another value"}): moved to ${aside}; ${key.replace(":", " ")} starts again from the tool files' world`);
      return undefined;
    }
    this.stamps.set(key, stampOf(stat));
    return { doc: doc as Record<string, Json>, bytes: stat.size };
  }

  /**
   * `fn` (one call) run as the only writer of `key`'s state. In memory, calls are answered one at
   * a time already; a state kept on disk is shared with other processes, so the call takes its
   * lock file and reads the file afresh: what it read is what it replaces.
   */
  whileLocked<T>(key: string, fn: () => T): T {
    const file = this.fileOf(key);
    if (!file) return fn();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return withFileLock(`${file}.lock`, () => {
      this.stamps.delete(key);
      // Another process's reset removed the file: the copy in memory is gone for it too.
      if (!fs.existsSync(file)) this.entries.delete(key);
      return fn();
    });
  }

  /** The context a call's state lives in: its session by default, its user with --state-scope user. */
  keyFor(call: CallContext): string {
    // A run is its own world whatever the scope: its calls never see another run's state.
    if (call.run) return `run:${call.run.id}`;
    if (this.scope === "user") return `user:${call.userId ?? defaultUserId}`;
    // Calls without a session (in-process use, tests) share one context.
    return `session:${call.sessionId ?? "none"}`;
  }

  /** The state of `key`, or `initial()` while nothing was written for it. Callers must not mutate it. */
  read(key: string, initial: () => Record<string, Json>): Record<string, Json> {
    const stored = this.fromDisk(key);
    if (stored) this.entries.set(key, stored);
    // Only a write keeps a state: reading one that never changed is the world as it is (a call
    // that reads, as most calls through the world's functions do, leaves nothing behind).
    return this.entries.get(key)?.doc ?? initial();
  }

  /** Replace the state of `key`; throws StateLimitError (state unchanged) past the cap. */
  write(key: string, doc: Record<string, Json>): void {
    const bytes = this.checkedSize(key, doc);
    this.entries.set(key, { doc, bytes });
    const file = this.fileOf(key);
    if (file) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, JSON.stringify(doc));
      fs.renameSync(temp, file);
      this.stamps.set(key, stampOf(fs.statSync(file)));
    }
  }

  /** The document's size in bytes; throws StateLimitError past the cap. */
  protected checkedSize(key: string, doc: Record<string, Json>): number {
    const bytes = byteSize(doc);
    if (bytes > this.limitBytes) {
      throw new StateLimitError(
        `state of ${key.replace(":", " ")} would grow to ${bytes} bytes, past the ${this.limitBytes}-byte cap; the change was not made. Start again from the tool files' world with \`./careem-mcp.sh state reset\` or the dashboard's Reset state, keep state per conversation with --state-scope session, or raise --state-limit`,
      );
    }
    return bytes;
  }

  /** Forget what `key` changed: its next call starts again from the world (the dashboard's reset; the walk between journeys). */
  reset(key: string): void {
    this.entries.delete(key);
    const file = this.fileOf(key);
    if (file) fs.rmSync(file, { force: true });
    this.stamps.delete(key);
  }

  /** The contexts that hold state now. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Forget a session's state (its session ended). User-scoped state outlives sessions. */
  endSession(sessionId: string): void {
    if (this.scope === "session") this.entries.delete(`session:${sessionId}`);
  }

  /** The state of `key` if it has started, without starting it (the dashboard only looks). */
  peek(key: string): Record<string, Json> | undefined {
    return this.entries.get(key)?.doc;
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
