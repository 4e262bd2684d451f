// The account, as a model reads it before acting: profile → saved places → payment methods →
// wallet, and the same figures reappearing where rides and history use them.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectAed, expectOrdered, instant, slack } from "./expect.js";
import { useJourneySession, type Out } from "./session.js";

const session = useJourneySession();

describe("account journeys", () => {
  it("profile → saved places → payment methods → wallet → the ride the wallet paid for", async () => {
    const s = session();
    const profile = await s.call("get_user_profile", {});
    expect(profile).toMatchObject({ success: true, userId: "900000001" });
    expect(profile.name).toBe(`${profile.firstName} ${profile.lastName}`);
    expect(profile.careemPlus.member).toBe(true);
    expect(profile.careemPlus.renewsOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(profile.careemPlus.renewsOn > new Date().toISOString().slice(0, 10), "renews in the future").toBe(true);
    expect(profile.memberSince < profile.careemPlus.renewsOn).toBe(true);

    const all = await s.call("get_saved_locations", {});
    expect(all.success).toBe(true);
    expect(all.locations[0].type, "Home first").toBe("HOME");
    for (const type of ["HOME", "WORK", "OTHER"]) {
      const one = await s.call("get_saved_locations", { type });
      expect(one.locations, `the ${type} filter returns the same entries as the full list`).toEqual(all.locations.filter((l: Out) => l.type === type));
    }

    const methods = await s.call("get_payment_methods", {});
    const ids = methods.paymentMethods.map((m: Out) => m.paymentMethodId);
    expect(ids).toContain(methods.defaultPaymentMethodId);
    const byDefault = methods.paymentMethods.filter((m: Out) => m.isDefault);
    expect(byDefault.map((m: Out) => m.paymentMethodId)).toEqual([methods.defaultPaymentMethodId]);
    const thisMonth = new Date().getUTCFullYear() * 12 + new Date().getUTCMonth() + 1;
    for (const card of methods.paymentMethods.filter((m: Out) => m.type === "CARD")) {
      const expired = card.expiryYear * 12 + card.expiryMonth < thisMonth;
      expect(card.status, `${card.displayName} status matches its expiry`).toBe(expired ? "EXPIRED" : "ACTIVE");
      expect(card.usable).toBe(!expired);
      expect(card.displayName).toContain(card.last4);
    }
    const usable = await s.call("get_payment_methods", { includeExpired: false });
    expect(usable.paymentMethods, "usable-only is the usable part of the full list").toEqual(methods.paymentMethods.filter((m: Out) => m.usable));
    expect(usable.defaultPaymentMethodId).toBe(methods.defaultPaymentMethodId);

    const wallet = methods.paymentMethods.find((m: Out) => m.type === "WALLET");
    const balance = await s.call("get_wallet_balance", { transactionsLimit: 3 });
    expect(balance).toMatchObject({ success: true, paymentMethodId: wallet.paymentMethodId });
    expect(balance.balance, "the wallet balance is the balance get_payment_methods shows").toEqual(wallet.balance);
    expectAed(balance.balance);
    expect(instant(balance.updatedAt)).toBeLessThanOrEqual(Date.now());
    const times = balance.recentTransactions.map((t: Out) => instant(t.createdAt, t.transactionId));
    expect(times, "newest first").toEqual([...times].sort((a, b) => b - a));
    expect(times.every((t: number) => t <= Date.now())).toBe(true);
    for (const t of balance.recentTransactions) expectAed(t.amount, undefined, t.transactionId);
    expect(instant(balance.updatedAt), "updated at the latest transaction").toBe(times[0]);

    const onlyBalance = await s.call("get_wallet_balance", { transactionsLimit: 0 });
    expect(onlyBalance).toMatchObject({ paymentMethodId: wallet.paymentMethodId, balance: balance.balance, recentTransactions: [] });

    // The wallet's ride payment points at a ride the history knows, with the same amount and time.
    const debit = balance.recentTransactions.find((t: Out) => t.type === "RIDE_PAYMENT");
    const rideId = /ride_\d+/.exec(debit.description)?.[0];
    expect(rideId, "the debit names its ride").toBeDefined();
    const history = await s.call("get_ride_history", { limit: 10 });
    const ride = history.rides.find((r: Out) => r.rideId === rideId);
    expect(ride, `${rideId} is in the ride history`).toBeDefined();
    expect(ride.paymentMethodId).toBe(wallet.paymentMethodId);
    expect(ride.amountCharged).toEqual(debit.amount);
    expect(Math.abs(instant(ride.endedAt) - instant(debit.createdAt)), "paid when the ride ended").toBeLessThanOrEqual(slack);
    const cashback = balance.recentTransactions.find((t: Out) => t.type === "CASHBACK" && t.description.includes(rideId as string));
    expect(cashback, "Careem Plus cashback for that ride").toBeDefined();
    expect(cashback.amount.amount).toBeCloseTo(ride.amountCharged.amount * 0.1, 2);
    expectOrdered(debit.createdAt, cashback.createdAt, "cashback after the payment");
  });

  it("Home is worded the same wherever it appears", async () => {
    const s = session();
    const saved = await s.call("get_saved_locations", { type: "HOME" });
    const home = saved.locations[0];
    const search = await s.call("search_locations", { query: "home" });
    const found = search.results.find((p: Out) => p.placeId === home.placeId);
    expect(found?.address, "search_locations' saved Home").toBe(home.address);
    // Two wraps: one (AED 18) is under Zaatar Lane's AED 25 minimum order.
    const add = await s.call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50301", quantity: 2 });
    const basket = await s.call("get_basket", { basket_id: add.basket_id });
    expect(basket.delivery_address.address, "the basket's delivery address").toBe(home.address);
    const order = await s.call("cart_checkout", { basket_id: add.basket_id, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID() });
    const tracking = await s.call("track_food_order", { order_id: order.order_id });
    expect(tracking.delivery_address, "the order's delivery address").toBe(home.address);
    const history = await s.call("get_ride_history", {});
    for (const ride of history.rides) {
      for (const end of [ride.pickup, ride.dropoff]) if (end.placeId === home.placeId) expect(end.address, `${ride.rideId}`).toBe(home.address);
    }
  });

  it("saved places and the wallet feed a booking: the wallet is refused for Business, the default card books it", async () => {
    const s = session();
    const saved = await s.call("get_saved_locations", {});
    // Home to Work: Business there costs more than the wallet holds (to the Gym, 1.3 km, it would not).
    const [home, work] = ["HOME", "WORK"].map((type) => saved.locations.find((l: Out) => l.type === type));
    const pickup = { latitude: home.latitude, longitude: home.longitude, address: home.address, placeId: home.placeId };
    const dropoff = { latitude: work.latitude, longitude: work.longitude, address: work.address, placeId: work.placeId };

    const estimates = await s.call("get_ride_estimates", { pickup, dropoff });
    const business = estimates.products.find((p: Out) => p.productId === "BUSINESS");
    const wallet = await s.call("get_wallet_balance", { transactionsLimit: 0 });
    expect(wallet.balance.amount, "the wallet cannot cover the Business maximum").toBeLessThan(business.fare.max.amount);

    const refused = await s.call("book_ride", {
      pickup,
      dropoff,
      productId: business.productId,
      paymentMethodId: wallet.paymentMethodId,
      estimateId: estimates.estimateId,
      noteToCaptain: home.noteToCaptain,
      idempotencyKey: randomUUID(),
    });
    expect(refused).toMatchObject({ success: false, errorCode: "INSUFFICIENT_WALLET_BALANCE", paymentMethodId: wallet.paymentMethodId });
    expect(refused.walletBalance).toEqual(wallet.balance);
    expect(refused.requiredAmount).toEqual(business.fare.max);

    const methods = await s.call("get_payment_methods", { includeExpired: false });
    const booked = await s.call("book_ride", {
      pickup,
      dropoff,
      productId: business.productId,
      paymentMethodId: methods.defaultPaymentMethodId,
      estimateId: estimates.estimateId,
      noteToCaptain: home.noteToCaptain,
      idempotencyKey: randomUUID(),
    });
    expect(booked).toMatchObject({ success: true, pickup, dropoff, productId: business.productId, paymentMethodId: methods.defaultPaymentMethodId });
    const cancelled = await s.call("cancel_ride", { rideId: booked.rideId });
    expect(cancelled).toMatchObject({ success: true, rideId: booked.rideId, status: "CANCELLED" });
  });
});
