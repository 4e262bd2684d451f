// The Redis-backed state against a real redis-server: two stores stand for two replicas, each
// with its own connection. Compare-and-set refuses the slower writer; a call that lost the race
// runs again on the newer document, so one idempotency key booked on two replicas at once makes
// one ride; a reset is seen by every replica; the state cap holds; a wrong address is one clear
// error.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { openSharedStore, parseStoreUrl, StoreUrlError } from "../../src/store/openStore.js";
import { callShared } from "../../src/store/sharedCall.js";
import type { SharedStateStore } from "../../src/store/sharedState.js";
import { StateLimitError } from "../../src/state/stateStore.js";
import { hasRedis, startRedis, type RedisServer } from "./redisServer.js";
import { missing } from "../dependencies.js";

const tools = path.join(import.meta.dirname, "..", "..", "tools");

describe("parseStoreUrl", () => {
  it.each([
    ["redis://127.0.0.1:6379/0", { host: "127.0.0.1", port: 6379, db: 0, shown: "redis://127.0.0.1:6379/0" }],
    ["redis://redis", { host: "redis", port: 6379, db: 0, shown: "redis://redis/0" }],
    ["redis://:secret@10.0.0.5:6380/3", { host: "10.0.0.5", port: 6380, db: 3, password: "secret", shown: "redis://10.0.0.5:6380/3" }],
  ])("%s", (text, expected: { host: string; port: number; db: number; shown: string; password?: string }) => {
    expect(parseStoreUrl(text)).toEqual({ password: undefined, ...expected });
  });
  it.each([
    ["127.0.0.1 port 6379", "is not a URL"],
    ["http://127.0.0.1:6379", "only redis:// is supported"],
    ["redis://127.0.0.1:6379/x", "a number from 0 to 15"],
    ["redis://127.0.0.1:6379/16", "a number from 0 to 15"],
  ])("%s is refused: %s", (text, words) => {
    expect(() => parseStoreUrl(text)).toThrow(StoreUrlError);
    expect(() => parseStoreUrl(text)).toThrow(words);
  });
});

describe.skipIf(missing("redis-server", hasRedis, "apt-get install redis-server"))("the shared store on a real redis-server", () => {
  let redis: RedisServer;
  const opened: { close(): Promise<void> }[] = [];
  const replica = async (opts: { limitBytes?: number } = {}): Promise<SharedStateStore> => {
    const o = await openSharedStore(redis.url, { scope: "user", prefix: "test:", ...opts });
    opened.push(o);
    return o.store;
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(opened.map((o) => o.close()));
    await redis?.stop();
  });

  it("compare-and-set: of two replicas that read one version, the second writer is refused", async () => {
    const [a, b] = [await replica(), await replica()];
    const key = "user:cas";
    await Promise.all([a.pull(key), b.pull(key)]);
    a.write(key, { n: 1 });
    b.write(key, { n: 2 });
    expect(await a.push(key)).toBe(true);
    expect(await b.push(key)).toBe(false);
    await b.pull(key);
    expect(b.read(key, () => ({}))).toEqual({ n: 1 });
    b.write(key, { n: 3 });
    expect(await b.push(key)).toBe(true);
    await a.pull(key);
    expect(a.read(key, () => ({}))).toEqual({ n: 3 });
  });

  it("a call that lost the race runs again on the newer document", async () => {
    const [a, b] = [await replica(), await replica()];
    const key = "user:retry";
    let runs = 0;
    const increment = (store: SharedStateStore) => () => {
      runs++;
      const doc = store.read(key, () => ({ n: 0 }));
      store.write(key, { n: (doc.n as number) + 1 });
      return doc.n;
    };
    // Twenty increments from two replicas at once: every one lands, none is lost.
    await Promise.all(Array.from({ length: 20 }, (_, i) => callShared(i % 2 ? a : b, key, increment(i % 2 ? a : b))));
    await a.pull(key);
    expect(a.read(key, () => ({}))).toEqual({ n: 20 });
    expect(runs).toBeGreaterThanOrEqual(20);
  });

  it("two replicas booking with one idempotency key at once make one ride", async () => {
    const engines = [new Engine({ toolsDir: tools, state: await replica() }), new Engine({ toolsDir: tools, state: await replica() })];
    const args = {
      pickup: { latitude: 25.0866, longitude: 55.1477, placeId: "saved_home" },
      dropoff: { latitude: 25.2115, longitude: 55.2806, placeId: "saved_work" },
      productId: "GO",
      // Omar's own card: the call acts for him, and Sara's pm_visa_4242 is not his to pay with.
      paymentMethodId: "pm_mc_5100",
      idempotencyKey: "same-key-on-two-replicas",
    };
    const call = { userId: "900000002", transport: "test" };
    const [first, second] = await Promise.all(engines.map((e) => callShared(e.state as SharedStateStore, e.state.keyFor(call), () => e.callTool("book_ride", args, call))));
    const rides = [first, second].map((o) => (o as unknown as { result: { structuredContent: { rideId: string; idempotentReplay?: boolean } } }).result.structuredContent);
    expect(rides[0]?.rideId).toMatch(/^ride_/);
    expect(rides[1]?.rideId).toBe(rides[0]?.rideId);
    expect(rides.filter((r) => r.idempotentReplay === true)).toHaveLength(1);
    // The shared document holds the ride once, whichever replica reads it.
    const store = await replica();
    await store.pull("user:900000002");
    const stored = store.read("user:900000002", () => ({})).rides as Record<string, { idempotencyKey?: string }>;
    expect(Object.values(stored).filter((r) => r.idempotencyKey === args.idempotencyKey).map((r) => (r as { rideId: string }).rideId)).toEqual([rides[0]?.rideId]);
  });

  it("a reset on one replica is seen by the other", async () => {
    const [a, b] = [await replica(), await replica()];
    const key = "user:reset";
    await callShared(a, key, () => a.write(key, { basket: 1 }));
    await b.resetShared(key);
    await a.pull(key);
    expect(a.read(key, () => ({ fresh: true }))).toEqual({ fresh: true });
    expect(await a.sharedKeys()).not.toContain(key);
  });

  it("the per-state cap holds: a write past it is refused and nothing reaches Redis", async () => {
    const small = await replica({ limitBytes: 64 });
    const key = "user:cap";
    await small.pull(key);
    expect(() => small.write(key, { big: "x".repeat(100) })).toThrow(StateLimitError);
    expect(await small.push(key)).toBe(true);
    expect(await small.sharedKeys()).not.toContain(key);
  });

  it("a replica keeps in memory only the document of a call in flight", async () => {
    const store = await replica();
    for (let i = 0; i < 30; i++) await callShared(store, `user:mem-${i}`, () => store.write(`user:mem-${i}`, { i }));
    expect(store.size).toBe(0);
    expect((await store.sharedKeys()).filter((k) => k.startsWith("user:mem-"))).toHaveLength(30);
  });

  it("a Redis that does not answer is one clear error naming the fix", async () => {
    await expect(openSharedStore("redis://127.0.0.1:1/0")).rejects.toThrow(/Redis did not answer .*start it \(redis-server --port 1\) or drop --store/);
  });
});
