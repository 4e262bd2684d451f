// --store: runs kept in Redis, so any replica behind the load balancer serves a run made on
// another and a CI fleet grades its agents against one shared mock. Per run: a hash with its
// record, call count and bytes, and a list of its calls (journal entries as JSON); a sorted set of
// run ids by last use holds the count cap. Every key of a run expires when it idles, in Redis.
import type { Redis } from "ioredis";
import type { JsonObject } from "../base/types.js";
import { Journal, type CallToRecord, type JournalEntry } from "../journal/journal.js";
import { fullText, RunLimitError, runDefaults, runStateKey, type RunBook, type RunLimits, type RunRecord } from "../runs/runBook.js";
import type { SharedStateStore } from "./sharedState.js";

const PREFIX = "careem-mcp:run:";
const INDEX = "careem-mcp:runs";

export class SharedRunBook implements RunBook {
  constructor(
    private readonly redis: Redis,
    private readonly state: SharedStateStore,
    readonly limits: RunLimits = runDefaults,
    private readonly now: () => number = Date.now,
  ) {}

  private keys(id: string) {
    return { run: `${PREFIX}${id}`, calls: `${PREFIX}${id}:calls`, state: `${this.state.prefix}${runStateKey(id)}` };
  }

  /** Renews every key of the run for another idle period. */
  private touch(id: string): Promise<unknown> {
    const k = this.keys(id);
    const ms = this.limits.idleMs;
    return this.redis.multi().pexpire(k.run, ms).pexpire(k.calls, ms).pexpire(k.state, ms).zadd(INDEX, this.now(), id).exec();
  }

  async create(record: RunRecord): Promise<void> {
    const id = record.settings.id;
    await this.redis.zremrangebyscore(INDEX, "-inf", this.now() - this.limits.idleMs);
    const open = await this.redis.zcard(INDEX);
    if (open >= this.limits.maxRuns) {
      throw new RunLimitError(`${open} runs are open across the team's replicas, the cap (--run-limit); end one (DELETE /_local/runs/<id>) or wait for one to idle out (${Math.round(this.limits.idleMs / 60000)} min)`);
    }
    await this.redis.multi().hset(this.keys(id).run, "record", JSON.stringify(record), "calls", 0, "bytes", 0).pexpire(this.keys(id).run, this.limits.idleMs).zadd(INDEX, this.now(), id).exec();
  }

  async get(id: string): Promise<RunRecord | undefined> {
    const text = await this.redis.hget(this.keys(id).run, "record");
    if (text === null) return undefined;
    await this.touch(id);
    return JSON.parse(text) as RunRecord;
  }

  async full(id: string): Promise<string | undefined> {
    const [calls, bytes] = await this.redis.hmget(this.keys(id).run, "calls", "bytes");
    if (calls === null || calls === undefined) return undefined;
    return fullText(id, Number(calls), Number(bytes ?? 0), this.limits);
  }

  async record(id: string, call: CallToRecord): Promise<void> {
    const k = this.keys(id);
    let entry: JournalEntry | undefined;
    // The journal's own form of a call, made by a journal of one.
    const scratch = new Journal({ capacity: 1, now: this.now });
    scratch.onRecorded = (e) => {
      entry = e;
    };
    scratch.record(call);
    if (!entry) return;
    // Numbered across replicas by Redis: the order calls were answered in.
    entry.id = await this.redis.hincrby(k.run, "calls", 1);
    const text = JSON.stringify(entry);
    await this.redis.multi().rpush(k.calls, text).hincrby(k.run, "bytes", Buffer.byteLength(text, "utf8")).exec();
    await this.touch(id);
  }

  async calls(id: string): Promise<JournalEntry[]> {
    const texts = await this.redis.lrange(this.keys(id).calls, 0, -1);
    return texts.map((t) => JSON.parse(t) as JournalEntry).sort((a, b) => a.id - b.id);
  }

  async endState(id: string): Promise<JsonObject | undefined> {
    const text = await this.redis.hget(this.keys(id).state, "doc");
    return text === null ? undefined : (JSON.parse(text) as JsonObject);
  }

  async setClock(id: string, offsetMs: number): Promise<boolean> {
    const record = await this.get(id);
    if (!record) return false;
    await this.redis.hset(this.keys(id).run, "record", JSON.stringify({ ...record, settings: { ...record.settings, clockOffsetMs: offsetMs } }));
    return true;
  }

  async end(id: string): Promise<boolean> {
    const k = this.keys(id);
    const removed = await this.redis.del(k.run, k.calls);
    await this.redis.zrem(INDEX, id);
    await this.state.resetShared(runStateKey(id));
    return removed > 0;
  }

  async list(): Promise<{ id: string; user: string; createdAt: string; calls: number }[]> {
    const ids = await this.redis.zrangebyscore(INDEX, this.now() - this.limits.idleMs, "+inf");
    const out: { id: string; user: string; createdAt: string; calls: number }[] = [];
    for (const id of ids) {
      const [record, calls] = await this.redis.hmget(this.keys(id).run, "record", "calls");
      if (!record) continue;
      const r = JSON.parse(record) as RunRecord;
      out.push({ id, user: r.user, createdAt: r.createdAt, calls: Number(calls ?? 0) });
    }
    return out.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }
}
