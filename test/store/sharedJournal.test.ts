// --store's journal on a real redis-server: a call one replica answers is in every replica's
// journal, a replica that starts later reads the history first, and the list in Redis keeps no
// more than the ring holds.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Journal, type CallToRecord } from "../../src/journal/journal.js";
import { shareJournal } from "../../src/store/sharedJournal.js";
import { hasRedis, startRedis, type RedisServer } from "./redisServer.js";
import { missing } from "../dependencies.js";

const answered = (tool: string, session: string): CallToRecord => ({
  transport: "http",
  session,
  tool,
  args: { q: tool },
  durationMs: 1.5,
  outcome: { kind: "result", tool, scenario: "found", selectedBy: "matched", warnings: [], result: { content: [{ type: "text", text: "{}" }], structuredContent: { ok: true }, isError: false } },
});

describe.skipIf(missing("redis-server", hasRedis, "apt-get install redis-server"))("the team's journal (--store)", () => {
  let server: RedisServer;
  const connections: Redis[] = [];
  const closers: (() => Promise<void>)[] = [];
  const replica = async (capacity = 50) => {
    const redis = new Redis(server.url);
    connections.push(redis);
    const journal = new Journal({ capacity });
    const joined = await shareJournal(journal, redis, () => {});
    closers.push(joined.close);
    return journal;
  };

  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    for (const close of closers) await close();
    for (const redis of connections) await redis.quit();
    await server?.stop();
  });

  it("shares each call with the other replicas, and a later one reads the history", async () => {
    const [a, b] = [await replica(), await replica()];
    const tools = (j: Journal) => j.list().map((e) => e.tool);
    // One call at a time, each seen by the other replica before the next: two connections'
    // writes have no order between them, so only calls in sequence have one in Redis.
    a.record(answered("get_basket", "s-a"));
    await expect.poll(() => tools(b)).toEqual(["get_basket"]);
    b.record(answered("get_ride_status", "s-b"));
    await expect.poll(() => tools(a)).toEqual(["get_basket", "get_ride_status"]);
    a.record(answered("cart_checkout", "s-a"));
    await expect.poll(() => tools(b)).toEqual(["get_basket", "get_ride_status", "cart_checkout"]);
    expect(tools(a)).toEqual(["get_basket", "get_ride_status", "cart_checkout"]);
    // Another replica's call says which replica answered it; a replica's own calls do not.
    expect(b.list().filter((e) => e.tool !== "get_ride_status").every((e) => typeof e.replica === "string")).toBe(true);
    expect(b.list().find((e) => e.tool === "get_ride_status")?.replica).toBeUndefined();
    expect(a.list().find((e) => e.tool === "get_ride_status")).toMatchObject({ session: "s-b", scenario: "found", selectedBy: "matched", arguments: { q: "get_ride_status" }, structuredContent: { ok: true } });

    const c = await replica();
    expect(c.list().map((e) => e.tool)).toEqual(["get_basket", "get_ride_status", "cart_checkout"]);
    expect(c.sessionsSeen().get("s-a")?.calls).toBe(2);
  });

  it("keeps no more in Redis than a ring holds", async () => {
    const small = await replica(4);
    for (let i = 0; i < 10; i++) small.record(answered(`tool_${i}`, "s"));
    const redis = new Redis(server.url);
    try {
      await expect.poll(() => redis.lrange("careem-mcp:journal", 0, -1).then((l) => JSON.parse(l[0] as string).entry.tool)).toBe("tool_9");
      expect(await redis.llen("careem-mcp:journal")).toBe(4);
    } finally {
      await redis.quit();
    }
  });
});
