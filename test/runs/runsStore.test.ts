// With --store a run lives in Redis: two replicas sharing a real redis-server serve one run, so a
// CI fleet grades against one shared mock whichever replica a request lands on.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "../journeys/server.js";
import { serverNodeFlags } from "../../scripts/serverNodeFlags.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../journeys/server.js";
import { startRedis, type RedisServer } from "../store/redisServer.js";

type Out = Record<string, any>;

let redis: RedisServer;
let a: RunningServer;
let b: RunningServer;
beforeAll(async () => {
  redis = await startRedis();
  [a, b] = await Promise.all([startServer(undefined, undefined, ["--store", redis.url, "--run-limit", "3"]), startServer(undefined, undefined, ["--store", redis.url, "--run-limit", "3"])]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
});

async function local(server: RunningServer, method: string, route: string, body?: unknown): Promise<{ status: number; body: Out }> {
  const res = await fetch(new URL(`/_local${route}`, server.url), { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Out };
}

async function callIn(server: RunningServer, run: string, name: string, args: Record<string, unknown>): Promise<Out> {
  const c = new Client({ name: "runs-store-test", version: "1" });
  await c.connect(new StreamableHTTPClientTransport(server.url, { requestInit: { headers: { "Careem-Mcp-Run": run } } }));
  try {
    const result = await c.callTool({ name, arguments: args });
    expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
    return result.structuredContent as Out;
  } finally {
    await c.close();
  }
}

describe("runs in the store (--store)", () => {
  it("a run made on one replica is served by the other: its state, calls and diff are one", async () => {
    const made = await local(a, "POST", "/runs", { user: "900000002" });
    expect(made.status).toBe(201);
    const run = made.body.run as string;
    const first = await callIn(a, run, "add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50301", quantity: 2 });
    await callIn(b, run, "add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50101", quantity: 1, basket_id: first.basket_id });
    const order = await callIn(a, run, "cart_checkout", { basket_id: first.basket_id, payment_method_id: "pm_mc_5100", idempotency_key: "store-run-0001" });
    expect(order.success).toBe(true);
    for (const server of [a, b]) {
      const { body } = await local(server, "GET", `/runs/${run}`);
      expect(body.user).toBe("900000002");
      expect(body.calls.map((c: Out) => [c.id, c.tool])).toEqual([[1, "add_to_basket"], [2, "add_to_basket"], [3, "cart_checkout"]]);
      expect(body.diff.orders.created.map((o: Out) => o.id)).toEqual([order.order_id]);
      expect(body.diff.baskets.created[0].after.lines).toHaveProperty("itm_50101");
    }
    const verdict = await local(b, "POST", `/runs/${run}/verify`, { state: [{ expression: "$count(diff.orders.created) = 1", says: "one order" }] });
    expect(verdict.body).toEqual({ passed: true, failures: [] });
    expect((await local(b, "DELETE", `/runs/${run}`)).status).toBe(200);
    expect((await local(a, "GET", `/runs/${run}`)).status).toBe(404);
  });

  it("a stdio client joins a run with --run (and the store): its calls are the run's, read over HTTP", async () => {
    const run = (await local(a, "POST", "/runs", { user: "900000002" })).body.run as string;
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-stdio-run-"));
    const c = new Client({ name: "runs-stdio-test", version: "1" });
    await c.connect(new StdioClientTransport({ command: process.execPath, args: [...serverNodeFlags, path.join(projectRoot, "dist", "cli.js"), "--stdio", "--store", redis.url, "--run", run, "--run-dir", runDir, "--delay-scale", "0"], cwd: projectRoot, stderr: "pipe" }));
    try {
      const profile = await c.callTool({ name: "get_user_profile", arguments: {} });
      expect((profile.structuredContent as Out).name).toBe("Omar Haddad");
      const basket = await c.callTool({ name: "add_grocery_items", arguments: { items: [{ product_id: "prd_200113", quantity: 2 }] } });
      expect((basket.structuredContent as Out).success).toBe(true);
    } finally {
      await c.close();
      fs.rmSync(runDir, { recursive: true, force: true });
    }
    const { body } = await local(b, "GET", `/runs/${run}`);
    expect(body.calls.map((x: Out) => [x.transport, x.tool])).toEqual([["stdio", "get_user_profile"], ["stdio", "add_grocery_items"]]);
    expect(body.diff.baskets.created).toHaveLength(1);
    await local(a, "DELETE", `/runs/${run}`);
  });

  it("the cap on runs counts the team's runs, not one replica's", async () => {
    const made = [];
    for (const server of [a, b, a]) made.push(await local(server, "POST", "/runs", {}));
    expect(made.map((m) => m.status)).toEqual([201, 201, 201]);
    const refused = await local(b, "POST", "/runs", {});
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^3 runs are open across the team's replicas, the cap \(--run-limit\)/);
    for (const m of made) await local(a, "DELETE", `/runs/${m.body.run}`);
  });
});
