// Runs in the team deployment: two replicas (`--stateless --store`) behind nginx, round robin with
// no affinity (deploy/local/topology.mjs). A CI job makes a run, its agent's requests spread over
// both replicas, and the run it reads back through nginx holds every call and one diff.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script shared with bench/, without types
import { startTopology } from "../../deploy/local/topology.mjs";
import { requireBuild } from "../reliability/spawnServer.js";

type Out = Record<string, any>;

let team: Awaited<ReturnType<typeof startTopology>>;
beforeAll(async () => {
  requireBuild();
  team = await startTopology({ replicas: 2 });
}, 60_000);
afterAll(async () => team?.stop());

const local = async (method: string, route: string, body?: unknown): Promise<{ status: number; body: Out }> => {
  const res = await fetch(new URL(`/_local${route}`, team.url), { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Out };
};

describe("runs behind nginx", () => {
  it("one run, served by whichever replica a request lands on: every call recorded, one order in the diff", { timeout: 60_000 }, async () => {
    const made = await local("POST", "/runs", { user: "900000002" });
    expect(made.status).toBe(201);
    const run = made.body.run as string;
    const client = new Client({ name: "runs-team-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(team.url), { requestInit: { headers: { "Careem-Mcp-Run": run } } }));
    const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })).structuredContent as Out;
    const first = await call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50301", quantity: 2 });
    await call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50101", quantity: 1, basket_id: first.basket_id });
    expect((await call("get_basket", { basket_id: first.basket_id })).total.amount).toBeGreaterThan(0);
    const order = await call("cart_checkout", { basket_id: first.basket_id, payment_method_id: "pm_mc_5100", idempotency_key: "team-run-0001" });
    await client.close();
    expect(order.success, JSON.stringify(order)).toBe(true);
    // nginx spread the requests: both replicas answered some of them.
    const upstreams = new Set(team.upstreamLog().map((fields: string[]) => fields[0]));
    expect(upstreams.size).toBe(2);
    const read = await local("GET", `/runs/${run}`);
    expect(read.body.calls.map((c: Out) => c.tool)).toEqual(["add_to_basket", "add_to_basket", "get_basket", "cart_checkout"]);
    expect(read.body.diff.orders.created.map((o: Out) => o.id)).toEqual([order.order_id]);
    const verdict = await local("POST", `/runs/${run}/verify`, { calls: [{ tool: "cart_checkout", result: { success: true }, min: 1, max: 1 }] });
    expect(verdict.body).toEqual({ passed: true, failures: [] });
  });
});
