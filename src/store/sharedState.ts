// State documents that live in Redis (or Valkey), so several replicas behind a load balancer
// answer one user's journey as one service. The engine reads and writes state synchronously;
// this store makes that possible around a call: `pull` fetches the context's document and its
// version into memory, the call runs as it always does, and `push` writes what the call changed
// only if the version is still the one pulled (a Lua script: compare and set in one step). A
// call that lost the race is run again on the newer document (sharedCall.ts), so two replicas
// taking one idempotency key make one ride, not two.
import type { Json } from "../base/types.js";
import { StateStore, type StateStoreOptions } from "../state/stateStore.js";

/** The few Redis commands this store uses; ioredis provides them, a test double may too. */
export interface RedisLike {
  hmget(key: string, ...fields: string[]): Promise<(string | null)[]>;
  del(...keys: string[]): Promise<number>;
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  scan(cursor: string, matchToken: "MATCH", pattern: string, countToken: "COUNT", count: number): Promise<[string, string[]]>;
}

export interface SharedStateOptions extends StateStoreOptions {
  /** Prefix of every key this store writes (one Redis may serve several mocks). */
  prefix?: string;
  /** A document untouched this long is dropped by Redis itself (idle expiry); 0 keeps it. */
  idleSeconds?: number;
  /** The store as errors name it (redis://host:port/db, no password). */
  where?: string;
  /** Whether the connection is up now (/health reports it). */
  reachable?: () => boolean;
}

/** A stored document that is not a JSON object: its user's calls fail with this until it is reset. */
export class StoreDocumentError extends Error {}

/** Compare the version, then write document and version and renew the expiry, atomically. */
const COMPARE_AND_SET = `
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current ~= tonumber(ARGV[1]) then return -1 end
redis.call('HSET', KEYS[1], 'v', current + 1, 'doc', ARGV[2])
if tonumber(ARGV[3]) > 0 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
return current + 1
`;

export class SharedStateStore extends StateStore {
  readonly prefix: string;
  readonly idleSeconds: number;
  readonly where: string;
  readonly reachable: () => boolean;
  /** The version each context was pulled at (0: nothing stored yet). */
  private readonly versions = new Map<string, number>();
  /** What a call wrote since the pull, waiting for push. */
  private readonly pending = new Map<string, { doc: Record<string, Json>; text: string }>();
  /** One call at a time per context in this process; replicas race through the version. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly redis: RedisLike,
    opts: SharedStateOptions = {},
  ) {
    super({ ...opts, persistDir: undefined });
    this.prefix = opts.prefix ?? "careem-mcp:state:";
    this.idleSeconds = opts.idleSeconds ?? 7 * 24 * 3600;
    this.where = opts.where ?? "Redis";
    this.reachable = opts.reachable ?? (() => true);
  }

  private redisKey(key: string): string {
    return `${this.prefix}${key}`;
  }

  /** Run `fn` after every earlier call of `key` in this process has finished. */
  exclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.queues.get(key) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, settled);
    // The map holds only contexts with a call in flight.
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return run;
  }

  /** Fetch the context's document and version into memory, for the call about to run. */
  async pull(key: string): Promise<void> {
    const [version, text] = await this.redis.hmget(this.redisKey(key), "v", "doc");
    this.pending.delete(key);
    this.versions.set(key, version === null || version === undefined ? 0 : Number(version));
    if (text === null || text === undefined) {
      this.entries.delete(key);
      return;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (err) {
      doc = err;
    }
    if (typeof doc !== "object" || doc === null || Array.isArray(doc) || doc instanceof Error) {
      // Written by hand or by something else: said with the way out, not as a parser's words.
      throw new StoreDocumentError(`the state of ${key.replace(":", " ")} in ${this.where} (key ${this.redisKey(key)}) is not a JSON object${doc instanceof Error ? ` (${doc.message})` : ""}; reset it with ./careem-mcp.sh state reset ${key} or the dashboard's Reset state`);
    }
    this.entries.set(key, { doc: doc as Record<string, Json>, bytes: Buffer.byteLength(text, "utf8") });
  }

  override write(key: string, doc: Record<string, Json>): void {
    const bytes = this.checkedSize(key, doc);
    this.entries.set(key, { doc, bytes });
    this.pending.set(key, { doc, text: JSON.stringify(doc) });
  }

  /**
   * Write what the call changed, if the stored version is still the pulled one. False when
   * another replica wrote first: the call must be run again on the newer document.
   */
  async push(key: string): Promise<boolean> {
    const change = this.pending.get(key);
    this.pending.delete(key);
    if (!change) return true;
    const base = this.versions.get(key) ?? 0;
    const written = Number(await this.redis.eval(COMPARE_AND_SET, 1, this.redisKey(key), base, change.text, this.idleSeconds));
    if (written < 0) {
      this.entries.delete(key);
      return false;
    }
    this.versions.set(key, written);
    return true;
  }

  /** The dashboard's reset, for every replica: the next call of `key` starts from the world. */
  override reset(key: string): void {
    void this.resetShared(key).catch(() => undefined);
  }

  /** reset, awaited (a test or the dashboard that must know it is done). */
  async resetShared(key: string): Promise<void> {
    super.reset(key);
    this.versions.delete(key);
    this.pending.delete(key);
    await this.redis.del(this.redisKey(key));
  }

  /** Every context with stored state, across replicas (the dashboard's list). */
  async sharedKeys(): Promise<string[]> {
    const keys: string[] = [];
    let cursor = "0";
    do {
      const [next, batch] = await this.redis.scan(cursor, "MATCH", `${this.prefix}*`, "COUNT", 200);
      cursor = next;
      for (const k of batch) keys.push(k.slice(this.prefix.length));
    } while (cursor !== "0");
    return keys.sort();
  }

  /**
   * Only the document in flight is kept in memory: the rest lives in Redis. Dropped after each
   * call, so a replica's memory does not grow with the number of users.
   */
  forget(key: string): void {
    if (this.pending.has(key)) return;
    this.entries.delete(key);
    this.versions.delete(key);
  }
}
