// Journeys that remember: each call sees what the calls before it in the same MCP session did,
// over streamable HTTP and over stdio, with the real SDK client; under --state-scope session
// (the option for parallel tests: the default shares a user's state between sessions) two
// sessions running the same journey at once never see each other's state.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateFromToday, expectAed } from "./expect.js";
import { projectRoot, startServer, type RunningServer } from "./server.js";
import { openOver, type Out, type Session } from "./session.js";
import { serverNodeFlags } from "../../scripts/serverNodeFlags.mjs";

type Opened = Awaited<ReturnType<typeof openOver>>;

interface Way {
  name: string;
  setUp(): Promise<void>;
  open(): Promise<Opened>;
  tearDown(): Promise<void>;
}

function httpWay(): Way {
  let server: RunningServer | undefined;
  return {
    name: "streamable HTTP",
    async setUp() {
      server = await startServer(path.join(projectRoot, "tools"), 20_000, ["--state-scope", "session"]);
    },
    open: () => openOver(new StreamableHTTPClientTransport((server as RunningServer).url)),
    tearDown: async () => server?.stop(),
  };
}

/**
 * Each stdio session is a process of its own, as a spawning client (Claude Desktop) has it.
 * Declared latencies scaled to 0, as the HTTP way's server has them (server.ts): the journeys
 * test the conversation, not the waiting (at scale 1 each checkout waited 1.5 to 4 s).
 */
function stdioWay(): Way {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-mcp-remembered-"));
  return {
    name: "stdio",
    setUp: async () => {},
    open: () =>
      openOver(
        new StdioClientTransport({
          command: process.execPath,
          args: [...serverNodeFlags, path.join(projectRoot, "dist", "cli.js"), "--stdio", "--tools", path.join(projectRoot, "tools"), "--run-dir", runDir, "--delay-scale", "0", "--state-scope", "session"],
          cwd: projectRoot,
          stderr: "pipe",
        }),
      ),
    tearDown: async () => fs.rmSync(runDir, { recursive: true, force: true }),
  };
}

const home = { latitude: 25.0866, longitude: 55.1477, placeId: "saved_home" };
const work = { latitude: 25.2115, longitude: 55.2806, placeId: "saved_work" };
const dxb = { scheme: "IATA", code: "DXB" };
const mct = { scheme: "IATA", code: "MCT" };

async function rideJourney(s: Session) {
  const quote = await s.call("get_ride_estimates", { pickup: home, dropoff: work });
  const go = quote.products.find((p: Out) => p.productId === "GO");
  const booking = await s.call("book_ride", { pickup: home, dropoff: work, productId: "GO", paymentMethodId: "pm_visa_4242", estimateId: quote.estimateId, idempotencyKey: `ride-${randomUUID()}` });
  expect(booking).toMatchObject({ success: true, status: "SEARCHING" });
  const searching = await s.call("get_ride_status", { rideId: booking.rideId });
  expect(searching).toMatchObject({ rideId: booking.rideId, status: "SEARCHING", productId: "GO", pickup: home, dropoff: work, paymentMethodId: "pm_visa_4242", fareEstimate: go.fare });
  const reasons = await s.call("get_ride_cancellation_reasons", { rideId: booking.rideId });
  expect(reasons.survey.feeApplies).toBe(false);
  const cancelled = await s.call("cancel_ride", { rideId: booking.rideId, reasonId: reasons.survey.reasons[0].reasonId });
  expect(cancelled).toMatchObject({ success: true, status: "CANCELLED", feeCharged: false });
  const after = await s.call("get_ride_status", { rideId: booking.rideId });
  expect(after).toMatchObject({ status: "CANCELLED", etaMinutes: null, requestedAt: searching.requestedAt });
  const again = await s.call("cancel_ride", { rideId: booking.rideId });
  expect(again).toMatchObject({ success: false, errorCode: "RIDE_ALREADY_CANCELLED" });
  // To history: the newest ride, cancelled for free, with the persona's past rides after it.
  const history = await s.call("get_ride_history", {});
  expect(history.rides[0]).toMatchObject({ rideId: booking.rideId, status: "CANCELLED", productId: "GO", pickup: home, dropoff: work, amountCharged: { amount: 0, currency: "AED" }, requestedAt: searching.requestedAt });
  expect(history.rides.map((r: Out) => r.rideId)).toContain("ride_471902");
  const cancelledOnly = await s.call("get_ride_history", { status: "CANCELLED" });
  expect(cancelledOnly.rides.map((r: Out) => r.rideId)).toContain(booking.rideId);
  return booking.rideId as string;
}

async function groceriesJourney(s: Session) {
  // The products by their names: the catalog's 822 find more milks, eggs and breads than a limit shows.
  const search = await s.call("search_products", { search_terms: ["fresh full fat milk", "free range brown eggs", "white sliced bread"], limit: 20 });
  const price = (id: string) => search.products.find((p: Out) => p.product_id === id).price.amount as number;
  const opened = await s.call("add_grocery_items", { items: [{ product_id: "prd_200113", quantity: 2 }, { product_id: "prd_200305", quantity: 1 }] });
  const basketId = opened.basket_id as string;
  await s.call("add_grocery_items", { basket_id: basketId, items: [{ product_id: "prd_200410", quantity: 2 }, { product_id: "prd_200113", quantity: 1 }] });
  const view = await s.call("get_basket", { basket_id: basketId });
  expect(view.items.map((l: Out) => [l.item_id, l.quantity])).toEqual([["prd_200113", 3], ["prd_200305", 1], ["prd_200410", 2]]);
  const subtotal = 3 * price("prd_200113") + price("prd_200305") + 2 * price("prd_200410");
  expectAed(view.subtotal, subtotal, "subtotal is the lines' sum");
  for (const line of view.items) expectAed(line.line_total, line.unit_price.amount * line.quantity, `${line.name} line total`);
  expectAed(view.total, subtotal + view.delivery_fee.amount, "total before a promo");
  // Too many: the basket already holds 3 of the 10 milk a customer may order.
  const refused = await s.call("add_grocery_items", { basket_id: basketId, items: [{ product_id: "prd_200113", quantity: 8 }] });
  expect(refused).toMatchObject({ success: false, error_code: "MAX_QUANTITY_EXCEEDED" });
  const food = await s.call("apply_promo_code", { basket_id: basketId, promo_code: "SAVE20" });
  expect(food).toMatchObject({ success: false, error_code: "PROMO_INVALID" });
  const promo = await s.call("apply_promo_code", { basket_id: basketId, promo_code: "QUIK10" });
  expect(promo).toMatchObject({ success: true, applied: true, subtotal: view.subtotal, total_before_discount: view.total });
  const discounted = await s.call("get_basket", { basket_id: basketId });
  expect(discounted).toMatchObject({ promo_code: "QUIK10", discount: promo.discount, total: promo.total, subtotal: view.subtotal });
  const order = await s.call("cart_checkout", { basket_id: basketId, payment_method_id: "careem_pay", idempotency_key: randomUUID() });
  expect(order.total, "charged what the basket showed").toEqual(discounted.total);
  const tracking = await s.call("track_food_order", { order_id: order.order_id });
  expect(tracking).toMatchObject({ order_id: order.order_id, total: order.total, placed_at: order.placed_at, estimated_delivery_at: order.estimated_delivery_at });
  // Checked out: the basket is gone, nothing more can go in it.
  const gone = await s.call("add_grocery_items", { basket_id: basketId, items: [{ product_id: "prd_200410", quantity: 1 }] });
  expect(gone).toMatchObject({ success: false, error_code: "BASKET_NOT_FOUND" });
  return basketId;
}

async function foodJourney(s: Session) {
  const menu = await s.call("get_restaurant_menu", { restaurant_id: "rst_10231" });
  const items = menu.categories.flatMap((c: Out) => c.items);
  const wrap = items.find((i: Out) => i.item_id === "itm_50301");
  const hummus = items.find((i: Out) => i.item_id === "itm_50101");
  const opened = await s.call("add_to_basket", { restaurant_id: "rst_10231", item_id: wrap.item_id, quantity: 2 });
  await s.call("add_to_basket", { restaurant_id: "rst_10231", item_id: hummus.item_id, quantity: 1, basket_id: opened.basket_id });
  await s.call("add_to_basket", { restaurant_id: "rst_10231", item_id: wrap.item_id, quantity: 1, basket_id: opened.basket_id });
  const basket = await s.call("get_basket", { basket_id: opened.basket_id });
  expect(basket.items.map((l: Out) => [l.item_id, l.quantity])).toEqual([[wrap.item_id, 3], [hummus.item_id, 1]]);
  const subtotal = 3 * wrap.price.amount + hummus.price.amount;
  expectAed(basket.subtotal, subtotal, "subtotal from the menu's prices");
  expectAed(basket.total, subtotal + basket.delivery_fee.amount + basket.service_fee.amount, "total");
  const promo = await s.call("apply_promo_code", { basket_id: opened.basket_id, promo_code: "SAVE20" });
  expect(promo).toMatchObject({ applied: true, subtotal: basket.subtotal, total_before_discount: basket.total });
  const priced = await s.call("get_basket", { basket_id: opened.basket_id });
  expect(priced).toMatchObject({ promo_code: "SAVE20", discount: promo.discount, total: promo.total });
  const stale = await s.call("cart_checkout", { basket_id: opened.basket_id, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID(), expected_total: basket.total });
  expect(stale, "the pre-promo total is no longer the total").toMatchObject({ success: false, error_code: "PRICE_CHANGED", current_total: priced.total });
  const order = await s.call("cart_checkout", { basket_id: opened.basket_id, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID(), expected_total: priced.total });
  expect(order).toMatchObject({ success: true, status: "placed", total: priced.total });
  const tracking = await s.call("track_food_order", { order_id: order.order_id });
  expect(tracking).toMatchObject({ order_id: order.order_id, restaurant: { restaurant_id: "rst_10231" }, total: order.total, placed_at: order.placed_at, estimated_delivery_at: order.estimated_delivery_at, items_summary: `3 x ${wrap.name}, 1 x ${hummus.name}` });
  return opened.basket_id as string;
}

async function travelJourney(s: Session) {
  const found = await s.call("offer_search", { origin: dxb, destination: mct, departureDate: dateFromToday(40) });
  const offer = found.offers.find((o: Out) => o.sourceSystem === "gds:amadeus");
  const refused = await s.call("cart_checkout", { offer_id: offer.offerId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID(), expected_total: offer.price });
  expect(refused, "never revalidated: refused").toMatchObject({ success: false, error_code: "OFFER_STALE" });
  const check = await s.call("offer_revalidate", { offerId: offer.offerId });
  expect(check).toMatchObject({ status: "bookable", price: offer.price, sourceSystem: offer.sourceSystem });
  const booked = await s.call("cart_checkout", { offer_id: offer.offerId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID(), expected_total: check.price });
  expect(booked).toMatchObject({ success: true, status: "confirmed", total: check.price });
  expect(booked.message).toContain(offer.serviceNumber);
  return offer.offerId as string;
}

async function priceChangeJourney(s: Session) {
  const check = await s.call("offer_revalidate", { offerId: "ofr_price_changed_51d0e8" });
  expect(check).toMatchObject({ status: "revalidated", priceChanged: true });
  const stale = await s.call("cart_checkout", { offer_id: check.offerId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID(), expected_total: check.previousPrice });
  expect(stale, "the old price is refused").toMatchObject({ success: false, error_code: "PRICE_CHANGED", current_total: check.price, expected_total: check.previousPrice });
  const booked = await s.call("cart_checkout", { offer_id: check.offerId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID(), expected_total: check.price });
  expect(booked).toMatchObject({ success: true, total: check.price });
}

for (const way of [httpWay(), stdioWay()]) {
  describe(`journeys that remember, over ${way.name}`, () => {
    const opened: Opened[] = [];
    const open = async () => {
      const o = await way.open();
      opened.push(o);
      return o.session;
    };
    beforeAll(() => way.setUp());
    afterAll(async () => {
      await Promise.allSettled(opened.map((o) => o.close()));
      await way.tearDown();
    });

    it("a ride from estimate to booking, through its status changes, to history", async () => {
      await rideJourney(await open());
    });

    it("a food order from basket to tracking, totals agreeing call to call", async () => {
      await foodJourney(await open());
    });

    it("a groceries basket: add, add more, view, promo, checkout and tracking agree on the total", async () => {
      await groceriesJourney(await open());
    });

    it("travel: search → checkout refused → revalidate → booked, and the price-change path", async () => {
      const s = await open();
      await travelJourney(s);
      await priceChangeJourney(s);
    });

    it("two sessions run the same journeys at once and never see each other's state", async () => {
      const [a, b] = (await Promise.all([open(), open()])) as [Session, Session];
      const both = async (s: Session) => Promise.all([rideJourney(s), groceriesJourney(s), travelJourney(s)]);
      const [[rideA, basketA, offerA], [rideB, basketB, offerB]] = await Promise.all([both(a), both(b)]);
      // What one session made, the other does not know.
      expect(await b.call("cancel_ride", { rideId: rideA })).not.toMatchObject({ errorCode: "RIDE_ALREADY_CANCELLED" });
      const historyB = await b.call("get_ride_history", { status: "CANCELLED" });
      expect(historyB.rides.map((r: Out) => r.rideId)).not.toContain(rideA);
      expect(await a.call("add_grocery_items", { basket_id: basketB, items: [{ product_id: "prd_200410", quantity: 1 }] })).toMatchObject({ error_code: "BASKET_NOT_FOUND" });
      expect(await a.call("offer_revalidate", { offerId: offerB })).toMatchObject({ status: "stale" });
      expect(await b.call("offer_revalidate", { offerId: offerA })).toMatchObject({ status: "stale" });
      expect(basketA).not.toBe(basketB);
      expect(rideA).not.toBe(rideB);
    });
  });
}
