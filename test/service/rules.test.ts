// Issue 44: rules a backend enforces on every vertical and every path that touches them, written
// once in the world's rules (tools/_world/account.ts, idempotency.ts). Each journey walks the
// paths an agent took when it met the rule broken: the same payment method, wallet or key sent to
// food, Quik, travel and rides. Runs over HTTP, stdio and, where redis-server is installed, --store.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { overBothTransports, type Out, type ServiceSession } from "./harness.js";

const day = 24 * 60 * 60_000;

async function foodBasket(s: ServiceSession): Promise<string> {
  // 2 x Chicken Shawarma Wrap + Hummus Beiruti at Zaatar Lane: 60.50 with service, above the minimum.
  const first = await s.call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50301", quantity: 2 });
  await s.call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50101", quantity: 1, basket_id: first.basket_id });
  return first.basket_id;
}

async function quikBasket(s: ServiceSession): Promise<string> {
  return (await s.call("add_grocery_items", { items: [{ product_id: "prd_200113", quantity: 2 }, { product_id: "prd_200305", quantity: 1 }] })).basket_id;
}

/** A revalidated, bookable travel offer: the first one found from `origin` to `destination` `days` ahead. */
async function bookableOffer(s: ServiceSession, origin: object, destination: object, days = 30): Promise<Out> {
  // The service's clock is the machine's until a journey moves it; a month ahead is well inside the horizon.
  const date = new Date(Date.now() + days * day).toISOString().slice(0, 10);
  const found = await s.call("offer_search", { origin, destination, departureDate: date });
  expect(found, JSON.stringify(found).slice(0, 300)).toMatchObject({ success: true });
  const offer = found.offers[0];
  const check = await s.call("offer_revalidate", { offerId: offer.offerId });
  expect(check).toMatchObject({ success: true, status: "bookable" });
  return check;
}

const DXB = { scheme: "IATA", code: "DXB" };
const LHR = { scheme: "IATA", code: "LHR" };
const RAIL_FROM = { scheme: "UIC", code: "9900207" };
const RAIL_TO = { scheme: "UIC", code: "9900101" };

async function saved(s: ServiceSession) {
  const { locations } = await s.call("get_saved_locations", {});
  const at = (type: string) => {
    const l = locations.find((x: Out) => x.type === type);
    return { latitude: l.latitude, longitude: l.longitude, address: l.address, placeId: l.placeId };
  };
  return { home: at("HOME"), work: at("WORK"), gym: at("OTHER") };
}

overBothTransports("rules", (journey) => {
  journey("1: a payment method the user does not have is refused on food, Quik, travel and rides; nothing is placed", async (s) => {
    const methods = (await s.call("get_payment_methods", {})).paymentMethods.map((m: Out) => m.paymentMethodId);
    expect(methods).not.toContain("pm_amex_1234");
    const unknown = { payment_method_id: "pm_amex_1234", status: "declined" };
    for (const basket_id of [await foodBasket(s), await quikBasket(s)]) {
      const refused = await s.call("cart_checkout", { basket_id, payment_method_id: "pm_amex_1234", idempotency_key: randomUUID() });
      expect(refused, basket_id).toMatchObject({ success: false, status: "failed", error_code: "PAYMENT_DECLINED", payment: unknown });
      expect(refused.error).toContain("PAYMENT_METHOD_NOT_FOUND");
      expect(refused.order_id).toBeUndefined();
      expect((await s.call("get_basket", { basket_id })).can_checkout, "the basket is still open").toBe(true);
    }
    const offer = await bookableOffer(s, DXB, LHR);
    const flight = await s.call("cart_checkout", { offer_id: offer.offerId, payment_method_id: "pm_amex_1234", idempotency_key: randomUUID() });
    expect(flight).toMatchObject({ success: false, error_code: "PAYMENT_DECLINED", payment: unknown });
    expect(flight.booking_id).toBeUndefined();
    const { home, work } = await saved(s);
    const ride = await s.call("book_ride", { pickup: home, dropoff: work, productId: "GO", paymentMethodId: "pm_amex_1234", idempotencyKey: randomUUID() });
    expect(ride).toMatchObject({ success: false, errorCode: "PAYMENT_DECLINED" });
    // The offer was not booked: a real card books it.
    expect(await s.call("cart_checkout", { offer_id: offer.offerId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID() })).toMatchObject({ success: true, status: "confirmed" });
  });

  journey("2: the wallet pays a travel fare only when it covers it, and the fare is debited", async (s) => {
    const flight = await bookableOffer(s, DXB, LHR);
    expect(flight.price.amount).toBeGreaterThan(125.5);
    const refused = await s.call("cart_checkout", { offer_id: flight.offerId, payment_method_id: "careem_pay", idempotency_key: randomUUID() });
    expect(refused).toMatchObject({ success: false, error_code: "INSUFFICIENT_WALLET_BALANCE", wallet_balance: { amount: 125.5 }, total: flight.price, shortfall: { amount: Math.round((flight.price.amount - 125.5) * 100) / 100 } });
    expect(refused.booking_id).toBeUndefined();
    expect((await s.call("get_wallet_balance", { transactionsLimit: 0 })).balance.amount, "nothing moved").toBe(125.5);

    const train = await bookableOffer(s, RAIL_FROM, RAIL_TO);
    const fare = train.price.amount as number;
    expect(fare).toBeLessThan(125.5);
    const booked = await s.call("cart_checkout", { offer_id: train.offerId, payment_method_id: "careem_pay", idempotency_key: randomUUID() });
    expect(booked).toMatchObject({ success: true, status: "confirmed", payment: { payment_method_id: "careem_pay", status: "captured" } });
    const wallet = await s.call("get_wallet_balance", { transactionsLimit: 1 });
    expect(wallet.balance.amount).toBe(Math.round((125.5 - fare) * 100) / 100);
    expect(wallet.recentTransactions[0]).toMatchObject({ direction: "DEBIT", amount: { amount: fare, currency: "AED" }, createdAt: booked.placed_at });
    expect(wallet.recentTransactions[0].description).toContain(booked.booking_id);
  });

  journey("4: an idempotency key belongs to its request: another request with it is refused, the same one replays", async (s) => {
    const key = randomUUID();
    const offer = await bookableOffer(s, DXB, LHR);
    const flight = await s.call("cart_checkout", { offer_id: offer.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key });
    expect(flight).toMatchObject({ success: true, duplicate: false });

    const basket_id = await quikBasket(s);
    const reused = await s.call("cart_checkout", { basket_id, payment_method_id: "pm_visa_4242", idempotency_key: key });
    expect(reused, "not the flight's booking").toMatchObject({ success: false, status: "failed", error_code: "PAYMENT_DECLINED" });
    expect(reused.error).toContain("IDEMPOTENCY_KEY_REUSED");
    expect(reused.booking_id).toBeUndefined();
    expect((await s.call("get_basket", { basket_id })).can_checkout, "the basket was not ordered").toBe(true);
    expect(await s.call("cart_checkout", { basket_id, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID() })).toMatchObject({ success: true, duplicate: false });

    const retry = await s.call("cart_checkout", { offer_id: offer.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key });
    expect(retry, "the same request still replays").toMatchObject({ success: true, duplicate: true, booking_id: flight.booking_id });

    const { home, work, gym } = await saved(s);
    const rideKey = randomUUID();
    const go = await s.call("book_ride", { pickup: home, dropoff: gym, productId: "GO", paymentMethodId: "pm_visa_4242", idempotencyKey: rideKey });
    expect(go).toMatchObject({ success: true, idempotentReplay: false });
    const business = await s.call("book_ride", { pickup: home, dropoff: work, productId: "BUSINESS", paymentMethodId: "pm_visa_4242", idempotencyKey: rideKey });
    expect(business, "not the GO ride to the gym").toMatchObject({ success: false, errorCode: "PAYMENT_DECLINED" });
    expect(business.error).toContain("IDEMPOTENCY_KEY_REUSED");
    expect(business.rideId).toBeUndefined();
    const crossTool = await s.call("book_ride", { pickup: home, dropoff: work, productId: "GO", paymentMethodId: "pm_visa_4242", idempotencyKey: key });
    expect(crossTool.error, "a checkout's key is not a ride's").toContain("IDEMPOTENCY_KEY_REUSED");
    const again = await s.call("book_ride", { pickup: home, dropoff: gym, productId: "GO", paymentMethodId: "pm_visa_4242", idempotencyKey: rideKey });
    expect(again).toMatchObject({ success: true, idempotentReplay: true, rideId: go.rideId });
  });

  journey("3: an estimate prices the trip it was quoted for: another route with its id is refused, its own trip books at its fare", async (s) => {
    const { home, work, gym } = await saved(s);
    const quote = await s.call("get_ride_estimates", { pickup: home, dropoff: gym });
    expect(quote).toMatchObject({ success: true });
    const go = quote.products.find((p: Out) => p.productId === "GO");
    const other = await s.call("book_ride", { pickup: home, dropoff: work, productId: "GO", paymentMethodId: "pm_visa_4242", estimateId: quote.estimateId, idempotencyKey: randomUUID() });
    expect(other, "not the gym trip's fare for the trip to work").toMatchObject({ success: false, errorCode: "ESTIMATE_EXPIRED" });
    expect(other.error).toContain("another trip");
    expect(other.rideId).toBeUndefined();
    const own = await s.call("book_ride", { pickup: home, dropoff: gym, productId: "GO", paymentMethodId: "pm_visa_4242", estimateId: quote.estimateId, idempotencyKey: randomUUID() });
    expect(own).toMatchObject({ success: true, estimateId: quote.estimateId });
    expect((await s.call("get_ride_status", { rideId: own.rideId })).fareEstimate, "the fare quoted for this trip").toEqual(go.fare);
  });
});
