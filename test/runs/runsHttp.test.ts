// Runs through the HTTP contract, against a real spawned server and the real SDK client: made by
// POST /_local/runs, joined by header or `_meta`, isolated from each other and from clients that
// did not opt in, read back as calls and a diff, and verified.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../journeys/server.js";
import { runCliInProcess } from "../cli/runCliInProcess.js";

type Out = Record<string, any>;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(undefined, undefined, ["--run-limit", "40"]);
});
afterAll(async () => server?.stop());

async function local(method: string, route: string, body?: unknown): Promise<{ status: number; body: Out }> {
  const res = await fetch(new URL(`/_local${route}`, server.url), { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Out };
}

async function newRun(setup: unknown = {}): Promise<string> {
  const made = await local("POST", "/runs", setup);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.run as string;
}

/** An SDK client whose every request carries the run's header (absent: an ordinary client). */
async function client(run?: string) {
  const c = new Client({ name: "runs-test", version: "1" });
  await c.connect(new StreamableHTTPClientTransport(server.url, run ? { requestInit: { headers: { "Careem-Mcp-Run": run } } } : undefined));
  const call = async (name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) => {
    const result = await c.callTool({ name, arguments: args, ...(meta && { _meta: meta }) });
    return { out: result.structuredContent as Out, text: (result.content as { text: string }[])[0]?.text ?? "", isError: result.isError === true };
  };
  return { call, close: () => c.close() };
}

async function checkout(call: Awaited<ReturnType<typeof client>>["call"], key: string, meta?: Record<string, unknown>) {
  const first = await call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50301", quantity: 2 }, meta);
  await call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50101", quantity: 1, basket_id: first.out.basket_id }, meta);
  return call("cart_checkout", { basket_id: first.out.basket_id, payment_method_id: "careem_pay", idempotency_key: key }, meta);
}

describe("runs over HTTP", () => {
  it("a run's calls and diff: its order, its basket and its wallet movement, and nothing of the shared world", async () => {
    const run = await newRun();
    const agent = await client(run);
    const order = await checkout(agent.call, "runs-test-0001");
    expect(order.out).toMatchObject({ success: true, total: { amount: 60.5 } });
    await agent.close();
    const { status, body } = await local("GET", `/runs/${run}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ run, user: "900000001", forced: {}, injections: [] });
    expect(body.calls.map((c: Out) => [c.id, c.tool, c.scenario])).toEqual([
      [1, "add_to_basket", "added-to-new-basket"],
      [2, "add_to_basket", "added-to-existing-basket"],
      [3, "cart_checkout", "order-placed"],
    ]);
    expect(Object.keys(body.diff)).toEqual(["baskets", "checkouts", "idempotency", "orders", "walletMovements"]);
    expect(body.diff.orders.created).toEqual([{ id: order.out.order_id, after: expect.objectContaining({ total: { amount: 60.5, currency: "AED" } }) }]);
    expect(body.diff.walletMovements.created[0].after).toMatchObject({ type: "FOOD_ORDER", amount: { amount: 60.5 } });
    // The shared world (an ordinary client, the same user) saw none of it.
    const plain = await client();
    expect((await plain.call("get_wallet_balance", {})).out.balance.amount).toBe(125.5);
    await plain.close();
  });

  it("20 runs in parallel, each doing a checkout, give 20 diffs of one order each", { timeout: 60_000 }, async () => {
    const runs = await Promise.all(Array.from({ length: 20 }, () => newRun()));
    await Promise.all(
      runs.map(async (run, i) => {
        const agent = await client(run);
        expect((await checkout(agent.call, `parallel-key-${String(i).padStart(4, "0")}`)).out.success).toBe(true);
        await agent.close();
      }),
    );
    const diffs = await Promise.all(runs.map(async (run) => (await local("GET", `/runs/${run}`)).body.diff));
    for (const diff of diffs) {
      expect(diff.orders.created).toHaveLength(1);
      expect(diff.walletMovements.created).toHaveLength(1);
      expect(diff.walletMovements.created[0].after.amount.amount).toBe(60.5);
    }
    expect(new Set(diffs.map((d) => d.orders.created[0].id)).size).toBe(20);
  });

  it("joins per call by _meta, and an unknown run is the call's clear error, never the shared world", async () => {
    const run = await newRun({ user: "900000002" });
    const plain = await client();
    const profile = await plain.call("get_user_profile", {}, { "careem-mcp/run": run });
    expect(profile.out.name).toBe("Omar Haddad");
    expect((await plain.call("get_user_profile", {})).out.name).not.toBe("Omar Haddad");
    const unknown = await plain.call("get_user_profile", {}, { "careem-mcp/run": "run_nope" });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toBe('unknown run "run_nope": no run of that id is open here (it was never made, was ended, or idled out after 30 min); make one with POST /_local/runs');
    await plain.close();
    const stranger = await client("run_nope");
    expect((await stranger.call("get_wallet_balance", {})).text).toMatch(/^unknown run "run_nope"/);
    await stranger.close();
  });

  it("a run's clock, forced scenarios and injections are its own", async () => {
    const run = await newRun({ clock: "2027-03-01T08:00:00Z", forced: { get_user_profile: "omar-profile" }, injections: ["travel-flight-remarks"] });
    const agent = await client(run);
    const search = { origin: { scheme: "IATA", code: "DXB" }, destination: { scheme: "IATA", code: "LHR" }, departureDate: "2027-03-15" };
    const offers = (await agent.call("offer_search", search)).out;
    expect(offers.retrievedAt ?? offers.offers[0].retrievedAt).toMatch(/^2027-03-01T08:0/);
    expect(offers.offers[0].remarks).toMatch(/IGNORE PREVIOUS INSTRUCTIONS/);
    expect((await agent.call("get_user_profile", {})).out.name).toBe("Omar Haddad");
    await agent.close();
    // An ordinary client meets none of it: no injection, the wall clock, no forcing.
    const plain = await client();
    const theirs = (await plain.call("offer_search", search)).out;
    expect(theirs.offers.some((o: Out) => "remarks" in o)).toBe(false);
    expect(theirs.offers[0].retrievedAt.slice(0, 4)).not.toBe("2027");
    // ...unless a call asks, by _meta.
    expect((await plain.call("offer_search", search, { "careem-mcp/injections": ["travel-flight-remarks"] })).out.offers[0].remarks).toMatch(/IGNORE/);
    await plain.close();
  });

  it("a run's clock moves by POST .../clock, for that run only: its ride completes while the shared world's clock stays", async () => {
    const run = await newRun();
    const agent = await client(run);
    const { locations } = (await agent.call("get_saved_locations", {})).out;
    const stop = (type: string) => {
      const p = locations.find((l: Out) => l.type === type);
      return { latitude: p.latitude, longitude: p.longitude, address: p.address, placeId: p.placeId };
    };
    const ride = (await agent.call("book_ride", { pickup: stop("HOME"), dropoff: stop("WORK"), productId: "GO", paymentMethodId: "pm_visa_4242", idempotencyKey: "clock-run-0001" })).out;
    expect((await agent.call("get_ride_status", { rideId: ride.rideId })).out.status).toBe("SEARCHING");
    const moved = await local("POST", `/runs/${run}/clock`, { advance: "+3h" });
    expect(moved.status).toBe(200);
    expect((await agent.call("get_ride_status", { rideId: ride.rideId })).out.status).toBe("COMPLETED");
    const set = await local("POST", `/runs/${run}/clock`, { set: "2027-05-01T10:00:00Z" });
    expect(set.body.now).toMatch(/^2027-05-01T10:00:0/);
    const search = { origin: { scheme: "IATA", code: "DXB" }, destination: { scheme: "IATA", code: "LHR" }, departureDate: "2027-05-15" };
    expect((await agent.call("offer_search", search)).out.offers[0].retrievedAt).toMatch(/^2027-05-01T10:0/);
    await agent.close();
    const plain = await client();
    expect((await plain.call("offer_search", search)).out.offers[0].retrievedAt.slice(0, 4)).not.toBe("2027");
    await plain.close();
    // The same from the command line: `clock +1d --run <id>`.
    const cli = await runCliInProcess("clock", "+1d", "--run", run, "--url", server.url.origin);
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(new RegExp(`^run ${run}: now 2027-05-02T10:0`));
    expect((await runCliInProcess("clock", "--run", run, "--url", server.url.origin)).status).toBe(2);
    expect((await local("POST", `/runs/${run}/clock`, { advance: "soon" })).status).toBe(400);
    expect((await local("POST", "/runs/run_nope/clock", { advance: "+1h" })).status).toBe(404);
  });

  it("verify answers passed and each failure with what was found; a bad document or run is a 400 or 404 that says why", async () => {
    const run = await newRun();
    const agent = await client(run);
    await checkout(agent.call, "verify-key-0001");
    await checkout(agent.call, "verify-key-0002");
    await agent.close();
    const ok = await local("POST", `/runs/${run}/verify`, { state: [{ expression: "$count(diff.orders.created) = 2", says: "two orders" }] });
    expect(ok).toEqual({ status: 200, body: { passed: true, failures: [] } });
    const bad = await local("POST", `/runs/${run}/verify`, { calls: [{ tool: "cart_checkout", max: 1, says: "one checkout" }], state: [{ expression: "$count(diff.orders.created) = 1", says: "one order" }] });
    expect(bad.status).toBe(200);
    expect(bad.body.passed).toBe(false);
    expect(bad.body.failures.map((f: Out) => [f.expectation, f.says])).toEqual([["calls[0]", "one checkout"], ["state[0]", "one order"]]);
    expect(bad.body.failures[0].why).toMatch(/^expected cart_checkout at most 1 time, found 2: #3 /);
    expect((await local("POST", `/runs/${run}/verify`, { calls: [{ min: 1 }] })).status).toBe(400);
    expect((await local("POST", "/runs/run_nope/verify", {})).status).toBe(404);
    expect((await local("POST", "/runs", { clock: "soon" })).body.error).toMatch(/"clock" must be an instant/);
    expect((await local("DELETE", `/runs/${run}`)).body).toEqual({ run, ended: true });
    expect((await local("GET", `/runs/${run}`)).status).toBe(404);
  });
});
