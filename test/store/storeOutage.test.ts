// Issue 45, item 10: with --store, a Redis outage is visible. /health reports the store, the log
// says what failed and when it is back, and a call's error names the store at once (before:
// ioredis's own words after up to 15 s, /health "ok", nothing logged). A stored document that
// is not JSON fails its user's calls with the way out, not a parser's message. Real redis-server,
// real spawned server.
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRawSession } from "../reliability/rawSession.js";
import { projectRoot, spawnServer, tempCatalog, type SpawnedServer } from "../reliability/spawnServer.js";
import { startRedis, type RedisServer } from "./redisServer.js";

let redis: RedisServer;
let server: SpawnedServer;
let catalog: ReturnType<typeof tempCatalog>;

beforeAll(async () => {
  redis = await startRedis();
  catalog = tempCatalog(path.join(projectRoot, "test", "fixtures", "hostile"));
  server = await spawnServer({ toolsDir: catalog.toolsDir, runDir: catalog.runDir, args: ["--store", redis.url, "--state-scope", "user"] });
}, 30_000);

afterAll(async () => {
  await server?.stop();
  await redis?.stop().catch(() => undefined);
  catalog?.remove();
});

const health = async () => {
  const res = await fetch(`${server.baseUrl}/health`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("--store when Redis fails (issue 45, item 10)", { timeout: 30_000 }, () => {
  it("a document that is not JSON fails its user's calls naming the key and the reset", async () => {
    const session = await openRawSession(server.mcpUrl);
    expect((await session.call("echo_note", '{"note":"ok"}')).result?.structuredContent?.chars).toBe(2);
    const raw = new Redis(redis.url);
    try {
      await raw.hset("careem-mcp:state:user:900000001", "v", "1", "doc", "{not json");
      const broken = await session.call("echo_note", '{"note":"ok"}');
      expect(broken.error?.message).toMatch(/^the state of user 900000001 in redis:\/\/127\.0\.0\.1:\d+\/0 \(key careem-mcp:state:user:900000001\) is not a JSON object .*state reset user:900000001/);
      await raw.del("careem-mcp:state:user:900000001");
      expect((await session.call("echo_note", '{"note":"ok"}')).error).toBeUndefined();
    } finally {
      raw.disconnect();
    }
  });

  it("an outage: the call's error names the store within seconds, /health says 503, the log says it", async () => {
    const session = await openRawSession(server.mcpUrl);
    expect(await health()).toEqual({ status: 200, body: { status: "ok", tools: 2, store: "ok" } });
    await redis.stop();
    const started = Date.now();
    const failed = await session.call("echo_note", '{"note":"ok"}');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(failed.error?.message).toMatch(/^the state store redis:\/\/127\.0\.0\.1:\d+\/0 did not answer \(.*\); nothing was changed/);
    const h = await health();
    expect(h.status).toBe(503);
    expect(h.body.store).toMatch(/^redis:\/\/127\.0\.0\.1:\d+\/0 unreachable$/);
    await expect.poll(() => server.stderr()).toMatch(/store: redis:\/\/127\.0\.0\.1:\d+\/0 is unreachable \(/);
  });
});
