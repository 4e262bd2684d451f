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
import { runCliInProcess } from "../cli/runCliInProcess.js";
import { missing } from "../dependencies.js";

type Out = Record<string, any>;
const ready = has("redis-server") && has("nginx");

describe.skipIf(missing("redis-server and nginx", ready, "apt-get install redis-server nginx"))("three replicas behind nginx, state in Redis", () => {
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

  // Before the journey below, which kills a replica: this one needs all three.
  it("a forced scenario and a moved clock hold on every replica: they share one run dir", { timeout: 60_000 }, async () => {
    const before = await callCounts(0);
    const forced = await runCliInProcess("scenario", "get_user_profile", "omar-profile", "--run-dir", team.runDir);
    expect(forced.status, forced.stderr).toBe(0);
    try {
      const names = [];
      for (let i = 0; i < 6; i++) names.push((await call("get_user_profile", {})).name);
      expect(names).toEqual(Array(6).fill("Omar Haddad"));
    } finally {
      expect((await runCliInProcess("scenario", "get_user_profile", "--clear", "--run-dir", team.runDir)).status).toBe(0);
    }
    expect((await call("get_user_profile", {})).name, "cleared on the replica that answers next").not.toBe("Omar Haddad");
    const during = await callCounts(before.reduce((a, b) => a + b, 0) + 7);
    expect(during.every((n, i) => n >= (before[i] as number) + 1), `forced calls per replica: ${during.map((n, i) => n - (before[i] as number)).join(", ")}`).toBe(true);
    // The journal is the team's: each replica's lists the seven calls, whichever answered them.
    for (const node of team.replicas) {
      await expect
        .poll(async () => {
          const { calls } = (await (await fetch(`http://127.0.0.1:${node.port}/_local/calls?tool=get_user_profile`)).json()) as { calls: Out[] };
          return calls.length;
        })
        .toBe(7);
    }

    // A ride booked now is still searching; two hours on, every replica says it is completed.
    const { locations } = await call("get_saved_locations", {});
    const stop = (type: string) => {
      const place = locations.find((l: Out) => l.type === type);
      return { latitude: place.latitude, longitude: place.longitude, address: place.address, placeId: place.placeId };
    };
    const ride = await call("book_ride", { pickup: stop("HOME"), dropoff: stop("WORK"), productId: "COMFORT", paymentMethodId: "pm_visa_4242", idempotencyKey: `team-ride-${Date.now()}` });
    expect(ride.rideId).toMatch(/^ride_/);
    const moved = await runCliInProcess("clock", "+2h", "--run-dir", team.runDir);
    expect(moved.status, moved.stderr).toBe(0);
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await call("get_ride_status", { rideId: ride.rideId })).status);
      expect(statuses).toEqual(Array(6).fill("COMPLETED"));
    } finally {
      expect((await runCliInProcess("clock", "--reset", "--run-dir", team.runDir)).status).toBe(0);
    }
  });

  it("spreads one journey over the replicas, and finishes it when one of them dies", { timeout: 60_000 }, async () => {
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain("add_grocery_items");
    // Calls of the test before this one are already in the logs: count from here.
    const start = await callCounts(0);
    const total = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
    const opened = await call("add_grocery_items", { items: [{ product_id: "prd_200113", quantity: 1 }] });
    await call("add_grocery_items", { basket_id: opened.basket_id, items: [{ product_id: "prd_200305", quantity: 1 }] });
    await call("add_grocery_items", { basket_id: opened.basket_id, items: [{ product_id: "prd_200410", quantity: 2 }] });
    for (let i = 0; i < 3; i++) await call("get_basket", { basket_id: opened.basket_id });
    // Before the kill: every replica answered some of it (round robin, no affinity).
    const before = await callCounts(total(start) + 6);
    expect(before.every((n: number, i) => n >= (start[i] as number) + 1), `calls per replica before the kill: ${before.join(", ")} (from ${start.join(", ")})`).toBe(true);

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
    const after = await callCounts(total(start) + 9);
    // The killed replica answered nothing more; the others shared the rest.
    expect(after[1]).toBe(before[1]);
    expect(after[0] + after[2]).toBe(before[0] + before[2] + 3);
    expect(after[0] > before[0] && after[2] > before[2], `calls per replica after: ${after.join(", ")}`).toBe(true);
  });
});
