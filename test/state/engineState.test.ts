// State in the call pipeline: forcing still changes state, the cap answers with a clear error
// and leaves the state as it was, and a stateless tool never creates a state.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { StateStore } from "../../src/state/stateStore.js";
import { projectRoot } from "../catalog/fixturesTable.js";

const toolsDir = path.join(projectRoot, "tools");

describe("state in the engine", () => {
  it("a forced scenario's state changes still apply", () => {
    const engine = new Engine({ toolsDir, forced: { choose: (tool) => ({ warnings: [], ...(tool === "add_grocery_items" ? { forced: { scenario: "added-to-new-basket", layer: "overrides" as const } } : {}) }) } });
    const added = engine.callTool("add_grocery_items", { basket_id: "bsk_missing", items: [{ product_id: "prd_200410", quantity: 2 }] }, { sessionId: "forced" });
    expect(added).toMatchObject({ selectedBy: "forced", scenario: "added-to-new-basket" });
    const basketId = (added as unknown as { result: { structuredContent: { basket_id: string } } }).result.structuredContent.basket_id;
    const basket = engine.callTool("get_basket", { basket_id: basketId }, { sessionId: "forced" });
    expect(basket).toMatchObject({ selectedBy: "state", scenario: "quik-basket", result: { structuredContent: { subtotal: { amount: 13 } } } });
  });

  it("past the cap a call answers isError with the reason, and the state is unchanged", () => {
    const store = new StateStore({ limitBytes: 12000 });
    const engine = new Engine({ toolsDir, state: store });
    const call = { sessionId: "capped" };
    let outcome = engine.callTool("add_grocery_items", { items: [{ product_id: "prd_200410", quantity: 1 }] }, call);
    let calls = 1;
    while (outcome.kind === "result" && !outcome.result.isError && calls < 100) {
      outcome = engine.callTool("add_grocery_items", { items: [{ product_id: "prd_200410", quantity: 1 }] }, call);
      calls++;
    }
    expect(outcome.kind === "result" && outcome.result.isError).toBe(true);
    if (outcome.kind !== "result") return;
    expect(outcome.result.content[0]?.text).toMatch(/^tools\/groceries\/add_grocery_items\.md:\d+: scenario "added-to-new-basket" state change failed: state of session capped would grow to \d+ bytes, past the 12000-byte cap; the change was not made/);
    expect(store.totalBytes).toBeLessThanOrEqual(12000);
  });

  it("a stateless tool never creates a state", () => {
    const engine = new Engine({ toolsDir });
    engine.callTool("get_user_profile", {}, { sessionId: "quiet" });
    // search_restaurants is not one: it remembers the searched point as the next basket's address.
    engine.callTool("search_products", { search_terms: ["milk"] }, { sessionId: "quiet" });
    engine.callTool("get_restaurant_menu", { restaurant_id: "rst_10231" }, { sessionId: "quiet" });
    expect(engine.state.size).toBe(0);
  });
});

describe("why, with state", () => {
  it("walks a json when condition against the session's state, as the call would select", () => {
    const engine = new Engine({ toolsDir });
    const call = { sessionId: "why-state" };
    const step = (rideId: string) => engine.explain("get_ride_status", { rideId }, call).steps.find((s) => s.scenario === "searching");
    expect(step("ride_1")).toMatchObject({ matched: false, key: "(when)", reason: "$rideStatusOf($rideFind($args.rideId)) = 'SEARCHING' is false" });
    const booked = engine.callTool("book_ride", { pickup: { latitude: 25.0866, longitude: 55.1477, placeId: "saved_home" }, dropoff: { latitude: 25.2115, longitude: 55.2806, placeId: "saved_work" }, productId: "GO", paymentMethodId: "pm_visa_4242" }, call);
    const rideId = (booked as unknown as { result: { structuredContent: { rideId: string } } }).result.structuredContent.rideId;
    expect(step(rideId)).toMatchObject({ matched: true });
    const report = engine.explain("get_ride_status", { rideId }, call);
    expect([report.scenario, report.selectedBy]).toEqual(["searching", "state"]);
    expect(engine.callTool("get_ride_status", { rideId }, call)).toMatchObject({ scenario: "searching", selectedBy: "state" });
    // The default is the one scenario without conditions.
    expect(engine.explain("get_ride_status", { rideId }, call).steps.filter((s) => s.matched === null).map((s) => s.scenario)).toEqual(["ride-not-found"]);
  });
});
