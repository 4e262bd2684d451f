// `--store redis://HOST:PORT[/DB]`: the Redis (or Valkey) a team's replicas share. The URL is
// checked before anything starts, and the server starts only once Redis answered a PING, so a
// wrong address is one clear line at start instead of every call failing later.
import type { Redis } from "ioredis";
import { SharedStateStore, type SharedStateOptions } from "./sharedState.js";

export class StoreUrlError extends Error {}

export interface StoreAddress {
  host: string;
  port: number;
  db: number;
  /** The URL as it may be logged (a password is never shown). */
  shown: string;
  password?: string;
}

export function parseStoreUrl(text: string): StoreAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StoreUrlError(`--store ${JSON.stringify(text)} is not a URL: write redis://HOST:PORT[/DB], e.g. redis://127.0.0.1:6379/0`);
  }
  if (url.protocol !== "redis:") throw new StoreUrlError(`--store ${JSON.stringify(text)}: only redis:// is supported (Redis or Valkey), e.g. redis://127.0.0.1:6379/0`);
  if (!url.hostname) throw new StoreUrlError(`--store ${JSON.stringify(text)} names no host: write redis://HOST:PORT[/DB]`);
  const port = url.port === "" ? 6379 : Number(url.port);
  const dbText = url.pathname.replace(/^\//, "");
  if (!/^\d*$/.test(dbText) || Number(dbText) > 15) throw new StoreUrlError(`--store ${JSON.stringify(text)}: the database after the port is a number from 0 to 15 (redis://HOST:PORT/0)`);
  const db = dbText === "" ? 0 : Number(dbText);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  return { host: url.hostname.replace(/^\[|\]$/g, ""), port, db, password, shown: `redis://${url.host}/${db}` };
}

/** Connect, PING, and hand back the store; rejects with the reason and the fix when Redis does not answer. */
export async function openSharedStore(text: string, opts: SharedStateOptions = {}, log: (line: string) => void = () => undefined): Promise<{ store: SharedStateStore; redis: Redis; address: StoreAddress; close(): Promise<void> }> {
  const address = parseStoreUrl(text);
  // Loaded here, not at the top: ioredis costs about 0.15 s of CPU to import, and every server
  // started without --store (all but a team deployment's) would pay it.
  const { Redis } = await import("ioredis");
  const redis = new Redis({
    host: address.host,
    port: address.port,
    db: address.db,
    password: address.password,
    lazyConnect: true,
    // A replica that loses Redis answers its calls with an error rather than waiting forever.
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
  });
  // ioredis reports connection errors as events; the failed PING below carries the reason.
  // Once serving, an outage is logged when it starts and when it ends (not at every retry).
  let serving = false;
  let down: string | undefined;
  const lost = (reason: string) => {
    if (!serving || down !== undefined) return;
    down = reason;
    log(`store: ${address.shown} is unreachable (${reason}); calls fail naming it until it answers again`);
  };
  redis.on("error", (err: Error) => lost(err.message));
  redis.on("close", () => lost("connection closed"));
  redis.on("ready", () => {
    if (down === undefined) return;
    down = undefined;
    log(`store: ${address.shown} answers again`);
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    const reason = err instanceof Error ? err.message : String(err);
    throw new StoreUrlError(`--store ${address.shown}: Redis did not answer (${reason}); start it (redis-server --port ${address.port}) or drop --store to keep state in memory`);
  }
  serving = true;
  // While Redis is away a command fails at once instead of waiting in a queue (up to 15 s of
  // retries before, then ioredis's own words).
  redis.options.enableOfflineQueue = false;
  return {
    store: new SharedStateStore(redis, { ...opts, where: address.shown, reachable: () => redis.status === "ready" }),
    redis,
    address,
    close: async () => {
      serving = false; // a stop is not an outage
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
