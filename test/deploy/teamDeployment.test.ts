// The team deployment run here: redis-server, three replicas (`--stateless --store`) and nginx
// round robin with no affinity (deploy/local/topology.mjs). One SDK client's journey goes
// through nginx, its requests spread over the replicas; a replica is killed in the middle, and
// the journey finishes on the others with nothing lost or made twice.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script shared with bench/, without types
import { has, startTopology } from "../../deploy/local/topology.mjs";
import { requireBuild } from "../reliability/spawnServer.js";

type Out = Record<string, any>;
const ready = has("redis-server") && has("nginx");

describe.skipIf(!ready)("three replicas behind nginx, state in Redis", () => {
  let team: Awaited<ReturnType<typeof startTopology>>;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>): Promise<Out> => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).not.toBe(true);
    return result.structuredContent as Out;
  };

  /** Calls logged per replica, once the logs hold `total` of them (a log line can trail its answer). */
  const callCounts = async (total: number): Promise<[number, number, number]> => {
    const counts = () => team.replicas.map((r: { calls(): number }) => r.calls());
    for (let i = 0; i < 400 && counts().reduce((a: number, b: number) => a + b, 0) < total; i++) await new Promise((r) => setTimeout(r, 50));
    const [a = 0, b = 0, c = 0] = counts();
    return [a, b, c];
  };

  beforeAll(async () => {
    requireBuild();
    team = await startTopology({ replicas: 3 });
    client = new Client({ name: "team-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(team.url)));
  }, 60_000);
  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await team?.stop();
  });

  it("spreads one journey over the replicas, and finishes it when one of them dies", { timeout: 60_000 }, async () => {
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain("add_grocery_items");
    const opened = await call("add_grocery_items", { items: [{ product_id: "prd_200113", quantity: 1 }] });
    await call("add_grocery_items", { basket_id: opened.basket_id, items: [{ product_id: "prd_200305", quantity: 1 }] });
    await call("add_grocery_items", { basket_id: opened.basket_id, items: [{ product_id: "prd_200410", quantity: 2 }] });
    for (let i = 0; i < 3; i++) await call("get_basket", { basket_id: opened.basket_id });
    // Before the kill: every replica answered some of it (round robin, no affinity).
    const before = await callCounts(6);
    expect(before.every((n: number) => n >= 1), `calls per replica before the kill: ${before.join(", ")}`).toBe(true);

    await team.kill(1);
    const basket = await call("get_basket", { basket_id: opened.basket_id });
    expect(basket.items.map((l: Out) => [l.item_id, l.quantity])).toEqual([
      ["prd_200113", 1],
      ["prd_200305", 1],
      ["prd_200410", 2],
    ]);
    const args = { basket_id: opened.basket_id, payment_method_id: "careem_pay", idempotency_key: "team-checkout-1" };
    const first = await call("cart_checkout", args);
    const again = await call("cart_checkout", args);
    expect(again.order_id).toBe(first.order_id);
    const after = await callCounts(9);
    // The killed replica answered nothing more; the others shared the rest.
    expect(after[1]).toBe(before[1]);
    expect(after[0] + after[2]).toBe(before[0] + before[2] + 3);
    expect(after[0] > before[0] && after[2] > before[2], `calls per replica after: ${after.join(", ")}`).toBe(true);
  });
});
