// The `(state)` rows of FIXTURES.md, executed: each scenario that only state selects is reached
// by the calls a model would make before it, in one session, in process.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";
import { projectRoot, readFixtureRows } from "../catalog/fixturesTable.js";

// The clock can be moved ahead (a travel offer's hold lapsing); every test leaves it at 0.
let shiftMs = 0;
const engine = new Engine({ toolsDir: path.join(projectRoot, "tools"), forced: new OverridesReader(path.join(projectRoot, "test", "fixtures", "no-run-state")), clock: () => Date.now() + shiftMs });
const reached = new Set<string>();
let sessions = 0;

function session() {
  const sessionId = `catalog-state-${++sessions}`;
  return (tool: string, args: Record<string, unknown>) => {
    const outcome = engine.callTool(tool, args, { sessionId });
    if (outcome.kind !== "result") throw new Error(`${tool}: ${outcome.message}`);
    expect(outcome.warnings, `${tool}/${outcome.scenario} warnings`).toEqual([]);
    expect(outcome.result.isError, `${tool}: ${JSON.stringify(outcome.result.content)}`).toBe(false);
    if (outcome.selectedBy === "state") reached.add(`${tool}/${outcome.scenario}`);
    return { scenario: outcome.scenario, selectedBy: outcome.selectedBy, out: outcome.result.structuredContent as Record<string, any> };
  };
}

const dxb = { scheme: "IATA", code: "DXB" };
const mct = { scheme: "IATA", code: "MCT" };
const key = (n: number) => `4f7d2c1e-state-${n}`;
// Forty days ahead: inside the 330-day booking horizon, far from today's sales close.
const travelDate = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);

describe("travel: offers remembered per session", () => {
  it("a searched offer revalidates at its own price, then books; the cached fare is stale", () => {
    const call = session();
    const found = call("offer_search", { origin: dxb, destination: mct, departureDate: travelDate }).out;
    const [ndc, gds, cached] = found.offers;
    expect(call("cart_checkout", { offer_id: ndc.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key(1) })).toMatchObject({ scenario: "offer-stale" });
    const check = call("offer_revalidate", { offerId: gds.offerId });
    expect(check).toMatchObject({ scenario: "bookable", selectedBy: "state", out: { price: gds.price, sourceSystem: gds.sourceSystem } });
    expect(call("offer_revalidate", { offerId: cached.offerId })).toMatchObject({ scenario: "cached-fare-stale", selectedBy: "state" });
    const moved = call("cart_checkout", { offer_id: gds.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key(2), expected_total: { amount: 1, currency: "AED" } });
    expect(moved).toMatchObject({ scenario: "travel-price-changed", out: { error_code: "PRICE_CHANGED", current_total: gds.price } });
    // Careem Pay holds AED 125.50: a fare above it is refused, nothing booked.
    expect(gds.price.amount).toBeGreaterThan(125.5);
    expect(call("cart_checkout", { offer_id: gds.offerId, payment_method_id: "careem_pay", idempotency_key: key(6) })).toMatchObject({ scenario: "travel-wallet-balance-too-low", out: { error_code: "INSUFFICIENT_WALLET_BALANCE" } });
    const booked = call("cart_checkout", { offer_id: gds.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key(3), expected_total: gds.price });
    expect(booked).toMatchObject({ scenario: "travel-booking-confirmed", out: { total: gds.price, status: "confirmed" } });
    expect(booked.out.message).toContain(gds.serviceNumber);
    // Booked once: the same offer is not bookable again, and a retry with its key is that booking.
    expect(call("cart_checkout", { offer_id: gds.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key(4) })).toMatchObject({ scenario: "travel-offer-booked", out: { error_code: "OFFER_STALE" } });
    expect(call("cart_checkout", { offer_id: gds.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key(3), expected_total: gds.price })).toMatchObject({ scenario: "travel-booking-replay", out: { duplicate: true, booking_id: booked.out.booking_id } });
    expect(call("offer_revalidate", { offerId: gds.offerId })).toMatchObject({ scenario: "offer-booked", out: { status: "stale" } });
    // The booking's key belongs to it: another request with it, on any tool, is refused.
    expect(call("cart_checkout", { offer_id: ndc.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key(3) })).toMatchObject({ scenario: "idempotency-key-reused", out: { error_code: "PAYMENT_DECLINED" } });
    const ride = { pickup: { latitude: 25.0866, longitude: 55.1477 }, dropoff: { latitude: 25.2115, longitude: 55.2806 }, productId: "GO", paymentMethodId: "pm_visa_4242", idempotencyKey: key(3) };
    expect(call("book_ride", ride)).toMatchObject({ scenario: "idempotency-key-reused", out: { errorCode: "PAYMENT_DECLINED" } });
  });

  it("an offer whose hold passed on the clock is expired on revalidation and at checkout", () => {
    const call = session();
    const [ndc, gds] = call("offer_search", { origin: dxb, destination: mct, departureDate: travelDate }).out.offers;
    expect(call("offer_revalidate", { offerId: ndc.offerId })).toMatchObject({ scenario: "bookable" });
    try {
      shiftMs = 16 * 60_000; // past the GDS fare's 15 minutes and the revalidation's 15-minute hold
      expect(call("offer_revalidate", { offerId: gds.offerId })).toMatchObject({ scenario: "offer-validity-ended", out: { status: "expired" } });
      expect(call("cart_checkout", { offer_id: ndc.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key(5) })).toMatchObject({ scenario: "offer-validity-ended", out: { error_code: "OFFER_EXPIRED" } });
    } finally {
      shiftMs = 0;
    }
  });

  it("another session never sees this session's offers", () => {
    const first = session();
    const second = session();
    const found = first("offer_search", { origin: dxb, destination: mct, departureDate: travelDate }).out;
    expect(second("offer_revalidate", { offerId: found.offers[0].offerId })).toMatchObject({ scenario: "offer-stale", selectedBy: "default" });
    expect(first("offer_revalidate", { offerId: found.offers[0].offerId })).toMatchObject({ scenario: "bookable" });
  });
});

describe("groceries: baskets remembered per session", () => {
  it("add, add more, promo, view and checkout agree on the lines and the total; the order is tracked", () => {
    const call = session();
    const opened = call("add_grocery_items", { items: [{ product_id: "prd_200113", quantity: 2 }, { product_id: "prd_200305", quantity: 1 }] });
    expect(opened).toMatchObject({ scenario: "added-to-new-basket", out: { created: true } });
    const basketId = opened.out.basket_id as string;
    expect(call("add_grocery_items", { basket_id: basketId, items: [{ product_id: "prd_200113", quantity: 1 }, { product_id: "prd_200410", quantity: 1 }] })).toMatchObject({ scenario: "added-to-existing-basket" });
    // Milk 3 (of 10) is fine; 8 more would be 11.
    expect(call("add_grocery_items", { basket_id: basketId, items: [{ product_id: "prd_200113", quantity: 8 }] })).toMatchObject({ scenario: "max-quantity-exceeded" });
    const promo = call("apply_promo_code", { basket_id: basketId, promo_code: "QUIK10" });
    // 3 x 13.50 + 21.00 + 6.50 = 68.00; 10% = 6.80; no delivery fee (Careem Plus, above AED 30).
    expect(promo).toMatchObject({ scenario: "promo-applied", out: { subtotal: { amount: 68 }, discount: { amount: 6.8 }, total: { amount: 61.2 } } });
    const basket = call("get_basket", { basket_id: basketId });
    expect(basket).toMatchObject({ scenario: "quik-basket", out: { subtotal: { amount: 68 }, discount: { amount: 6.8 }, promo_code: "QUIK10", total: { amount: 61.2 } } });
    expect(basket.out.items.map((l: any) => [l.item_id, l.quantity])).toEqual([["prd_200113", 3], ["prd_200305", 1], ["prd_200410", 1]]);
    const order = call("cart_checkout", { basket_id: basketId, payment_method_id: "careem_pay", idempotency_key: key(10) });
    expect(order).toMatchObject({ scenario: "quik-order-placed", out: { total: { amount: 61.2 } } });
    const tracked = call("track_food_order", { order_id: order.out.order_id });
    expect(tracked).toMatchObject({ scenario: "order-status", out: { total: { amount: 61.2 }, placed_at: order.out.placed_at, items_summary: "3 x Fresh Full Fat Milk, 1 x Free Range Brown Eggs, 1 x White Sliced Bread" } });
    // Checked out: the basket is closed.
    expect(call("add_grocery_items", { basket_id: basketId, items: [{ product_id: "prd_200410", quantity: 1 }] })).toMatchObject({ scenario: "basket-checked-out" });
  });
});

describe("food: baskets remembered per session", () => {
  it("add, add more, promo, view, a changed total refused, checkout and tracking agree", () => {
    const call = session();
    const opened = call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50301", quantity: 2 });
    const basketId = opened.out.basket_id as string;
    expect(call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50101", quantity: 1, basket_id: basketId })).toMatchObject({ scenario: "added-to-existing-basket" });
    expect(call("add_to_basket", { restaurant_id: "rst_20000", item_id: "itm_50101", quantity: 1, basket_id: basketId })).toMatchObject({ scenario: "basket-restaurant-mismatch" });
    // 2 x 18.00 + 22.00 = 58.00: under BIGORDER100's AED 150.
    expect(call("apply_promo_code", { basket_id: basketId, promo_code: "BIGORDER100" })).toMatchObject({ scenario: "promo-minimum-order-not-met", out: { subtotal: { amount: 58 } } });
    const promo = call("apply_promo_code", { basket_id: basketId, promo_code: "SAVE20" });
    // 58.00 + 2.50 service (no delivery fee: Careem Plus, above AED 30) - 11.60.
    expect(promo).toMatchObject({ scenario: "promo-applied", out: { discount: { amount: 11.6 }, total: { amount: 48.9 } } });
    const basket = call("get_basket", { basket_id: basketId });
    expect(basket).toMatchObject({ scenario: "basket", out: { subtotal: { amount: 58 }, total: { amount: 48.9 }, promo_code: "SAVE20" } });
    expect(call("cart_checkout", { basket_id: basketId, payment_method_id: "pm_visa_4242", idempotency_key: key(20), expected_total: { amount: 67.5, currency: "AED" } })).toMatchObject({ scenario: "price-changed", out: { current_total: { amount: 48.9 } } });
    const order = call("cart_checkout", { basket_id: basketId, payment_method_id: "pm_visa_4242", idempotency_key: key(21), expected_total: basket.out.total });
    expect(order).toMatchObject({ scenario: "order-placed", out: { total: { amount: 48.9 } } });
    expect(call("track_food_order", { order_id: order.out.order_id })).toMatchObject({ scenario: "order-status", out: { restaurant: { restaurant_id: "rst_10231", name: "Zaatar Lane" }, total: { amount: 48.9 }, items_summary: "2 x Chicken Shawarma Wrap, 1 x Hummus Beiruti" } });
  });
});

describe("rides: bookings remembered per session", () => {
  it("a booked ride is tracked as booked, cancelled for free once, then shown cancelled", () => {
    const call = session();
    const home = { latitude: 25.0866, longitude: 55.1477, placeId: "saved_home" };
    const gym = { latitude: 25.0764, longitude: 55.1411, placeId: "saved_gym" };
    const booked = call("book_ride", { pickup: home, dropoff: gym, productId: "COMFORT", paymentMethodId: "careem_pay" });
    expect(booked).toMatchObject({ scenario: "searching-captain", out: { status: "SEARCHING" } });
    const rideId = booked.out.rideId as string;
    // The status scenarios are chosen by the ride's time line, which lives in the state.
    expect(call("get_ride_status", { rideId })).toMatchObject({ scenario: "searching", selectedBy: "state", out: { status: "SEARCHING", productId: "COMFORT", pickup: home, dropoff: gym, paymentMethodId: "careem_pay", message: "Finding you a Comfort captain nearby." } });
    expect(call("get_ride_cancellation_reasons", { rideId })).toMatchObject({ scenario: "searching-survey", selectedBy: "state" });
    expect(call("cancel_ride", { rideId, reasonId: "reason_changed_plans" })).toMatchObject({ scenario: "cancelled", out: { status: "CANCELLED", feeCharged: false } });
    expect(call("get_ride_status", { rideId })).toMatchObject({ scenario: "cancelled", out: { status: "CANCELLED", etaMinutes: null } });
    expect(call("cancel_ride", { rideId })).toMatchObject({ scenario: "ride-already-cancelled", out: { errorCode: "RIDE_ALREADY_CANCELLED" } });
  });

  it("a pickup time inside the scheduling window books a scheduled ride", () => {
    const call = session();
    const home = { latitude: 25.0866, longitude: 55.1477, placeId: "saved_home" };
    const work = { latitude: 25.2115, longitude: 55.2806, placeId: "saved_work" };
    const scheduledAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 24 * 3_600_000).toISOString().replace(".000Z", "Z");
    const booked = call("book_ride", { pickup: home, dropoff: work, productId: "GO", paymentMethodId: "pm_visa_4242", scheduledAt });
    expect(booked).toMatchObject({ scenario: "scheduled", selectedBy: "state", out: { status: "SCHEDULED", scheduledAt, etaMinutes: null } });
    expect(call("get_ride_status", { rideId: booked.out.rideId })).toMatchObject({ scenario: "scheduled", out: { scheduledAt } });
  });
});

// Last in the file (tests of a file run in order): every (state) row was reached above.
it("reaches every (state) row of FIXTURES.md", () => {
  const rows = readFixtureRows().filter((r) => r.state);
  const missing = rows.map((r) => `${r.tool}/${r.scenario}`).filter((name) => !reached.has(name));
  expect(missing, "FIXTURES.md (state) rows no test above reached").toEqual([]);
});
