// Rides, as a model drives them: find the places, quote, book, track, cancel. Every id a step
// uses comes out of an earlier answer; the only literals are what a user would say and the
// FIXTURES.md magic values that open a failure path.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { day, expectAed, expectNear, expectOrdered, hour, instant, minute } from "./expect.js";
import { useJourneySession, type Out, type Session } from "./session.js";

const session = useJourneySession();

/** What a model passes on as pickup/dropoff from a search_locations or get_saved_locations entry. */
function stop(place: Out) {
  return { latitude: place.latitude, longitude: place.longitude, address: place.address, placeId: place.placeId };
}

/** The parts of a location every rides tool must agree on (addresses differ in wording). */
function where(location: Out) {
  return { latitude: location.latitude, longitude: location.longitude, placeId: location.placeId };
}

async function savedPlaces(s: Session) {
  const saved = await s.call("get_saved_locations", {});
  expect(saved.success).toBe(true);
  const home = saved.locations.find((l: Out) => l.type === "HOME");
  const work = saved.locations.find((l: Out) => l.type === "WORK");
  expect(home, "a saved Home").toBeDefined();
  expect(work, "a saved Work").toBeDefined();
  return { home, work };
}

async function quote(s: Session, pickup: Out, dropoff: Out) {
  const estimates = await s.call("get_ride_estimates", { pickup, dropoff });
  expect(estimates.success).toBe(true);
  expect(estimates.pickup).toEqual(pickup);
  expect(estimates.dropoff).toEqual(dropoff);
  expect(estimates.estimateId).toMatch(/^est_\d{8}$/);
  const retrievedAt = expectNear(estimates.retrievedAt, 0, "estimates.retrievedAt");
  const validUntil = expectNear(estimates.validUntil, 5 * minute, "estimates.validUntil");
  expect(validUntil).toBeGreaterThan(retrievedAt);
  expect(estimates.products.length).toBeGreaterThan(0);
  for (const product of estimates.products) {
    const min = expectAed(product.fare.min, undefined, `${product.productId} fare.min`);
    const max = expectAed(product.fare.max, undefined, `${product.productId} fare.max`);
    expect(min).toBeLessThanOrEqual(max);
  }
  return { estimates, retrievedAt, validUntil };
}

function product(estimates: Out, productId: string): Out {
  const found = estimates.products.find((p: Out) => p.productId === productId);
  expect(found, `${productId} is quoted`).toBeDefined();
  expect(found.available).toBe(true);
  return found;
}

describe("rides journeys", () => {
  it("home to work: search → estimate → book → status → reasons → cancel", async () => {
    const s = session();

    const homeSearch = await s.call("search_locations", { query: "home", city: "dubai" });
    expect(homeSearch).toMatchObject({ success: true, query: "home" });
    const home = homeSearch.results.find((p: Out) => p.category === "SAVED");
    expect(home, "the saved Home ranks in the results").toBeDefined();
    const workList = await s.call("get_saved_locations", { type: "WORK" });
    const work = workList.locations[0];
    expect(work.type).toBe("WORK");

    const pickup = stop(home);
    const dropoff = stop(work);
    const { estimates, retrievedAt, validUntil } = await quote(s, pickup, dropoff);
    const go = product(estimates, "GO");

    const payment = await s.call("get_payment_methods", { includeExpired: false });
    const card = payment.paymentMethods.find((m: Out) => m.paymentMethodId === payment.defaultPaymentMethodId);
    expect(card, "the default method is listed").toBeDefined();
    expect(card.usable).toBe(true);

    const idempotencyKey = `ride-${randomUUID()}`;
    const booking = await s.call("book_ride", {
      pickup,
      dropoff,
      productId: go.productId,
      paymentMethodId: card.paymentMethodId,
      estimateId: estimates.estimateId,
      noteToCaptain: "Tower 2 main entrance",
      idempotencyKey,
    });
    expect(booking).toMatchObject({
      success: true,
      status: "SEARCHING",
      productId: go.productId,
      pickup,
      dropoff,
      paymentMethodId: card.paymentMethodId,
      estimateId: estimates.estimateId,
      idempotencyKey,
      idempotentReplay: false,
    });
    expect(booking.rideId).toMatch(/^ride_\d{8}$/);
    const createdAt = expectNear(booking.createdAt, 0, "booking.createdAt");
    expect(createdAt, "booked after the quote was made").toBeGreaterThanOrEqual(retrievedAt);
    expect(createdAt, "booked while the quote still held").toBeLessThan(validUntil);

    const status = await s.call("get_ride_status", { rideId: booking.rideId });
    expect(status).toMatchObject({ success: true, rideId: booking.rideId, productId: go.productId, paymentMethodId: card.paymentMethodId });
    // A just-booked ride is SEARCHING (get_ride_status's notes), never already assigned.
    expect(status.status).toBe("SEARCHING");
    expect(where(status.pickup)).toEqual(where(pickup));
    expect(where(status.dropoff)).toEqual(where(dropoff));
    expect(status.fareEstimate, "the fare tracked is the fare quoted").toEqual(go.fare);
    expectNear(status.updatedAt, 0, "status.updatedAt");
    expectOrdered(status.requestedAt, status.updatedAt, "requested before last update");
    expect(status.captain, "no captain while searching").toBeNull();

    const reasons = await s.call("get_ride_cancellation_reasons", { rideId: booking.rideId });
    expect(reasons).toMatchObject({ success: true, rideId: booking.rideId });
    expect(reasons.survey.feeApplies).toBe(false);
    expectAed(reasons.survey.cancellationFee, 0, "survey fee");
    const reason = reasons.survey.reasons.find((r: Out) => !r.requiresComment && /plans/i.test(r.label));
    expect(reason, "a 'plans changed' reason without comment").toBeDefined();

    const cancelled = await s.call("cancel_ride", { rideId: booking.rideId, reasonId: reason.reasonId });
    expect(cancelled).toMatchObject({ success: true, rideId: booking.rideId, status: "CANCELLED", reasonId: reason.reasonId, feeCharged: false });
    expect(cancelled.cancellationFee, "the fee charged is the fee the survey announced").toEqual(reasons.survey.cancellationFee);
    const cancelledAt = expectNear(cancelled.cancelledAt, 0, "cancelledAt");
    expect(cancelledAt).toBeGreaterThanOrEqual(createdAt);
  });

  it("expired card and a wallet too small are refused; the default card books Business", async () => {
    const s = session();
    const { home, work } = await savedPlaces(s);
    const pickup = stop(home);
    const dropoff = stop(work);
    const { estimates } = await quote(s, pickup, dropoff);
    const business = product(estimates, "BUSINESS");

    const methods = await s.call("get_payment_methods", {});
    const expired = methods.paymentMethods.find((m: Out) => m.status === "EXPIRED");
    const wallet = methods.paymentMethods.find((m: Out) => m.type === "WALLET");
    expect(expired?.usable).toBe(false);
    expect(wallet?.usable).toBe(true);

    const refused = await s.call("book_ride", {
      pickup,
      dropoff,
      productId: business.productId,
      paymentMethodId: expired.paymentMethodId,
      estimateId: estimates.estimateId,
      idempotencyKey: `ride-${randomUUID()}`,
    });
    expect(refused).toMatchObject({ success: false, errorCode: "PAYMENT_METHOD_EXPIRED", paymentMethodId: expired.paymentMethodId });
    expect(refused.error).toContain(expired.last4);
    expect(refused.rideId, "nothing was booked").toBeUndefined();

    const tooLow = await s.call("book_ride", {
      pickup,
      dropoff,
      productId: business.productId,
      paymentMethodId: wallet.paymentMethodId,
      estimateId: estimates.estimateId,
      idempotencyKey: `ride-${randomUUID()}`,
    });
    expect(tooLow).toMatchObject({ success: false, errorCode: "INSUFFICIENT_WALLET_BALANCE", productId: business.productId, paymentMethodId: wallet.paymentMethodId });
    expect(tooLow.walletBalance, "the balance refused is the wallet's balance").toEqual(wallet.balance);
    expect(tooLow.requiredAmount, "the amount needed is the quoted maximum").toEqual(business.fare.max);
    expect(tooLow.rideId).toBeUndefined();

    const idempotencyKey = `ride-${randomUUID()}`;
    const booked = await s.call("book_ride", {
      pickup,
      dropoff,
      productId: business.productId,
      paymentMethodId: methods.defaultPaymentMethodId,
      estimateId: estimates.estimateId,
      idempotencyKey,
    });
    expect(booked).toMatchObject({ success: true, productId: business.productId, paymentMethodId: methods.defaultPaymentMethodId, estimateId: estimates.estimateId, idempotencyKey });
    expect(booked.rideId).toMatch(/^ride_\d{8}$/);
    expectNear(booked.createdAt, 0, "createdAt");

    const status = await s.call("get_ride_status", { rideId: booked.rideId });
    expect(status).toMatchObject({ success: true, rideId: booked.rideId });
    const cancelled = await s.call("cancel_ride", { rideId: booked.rideId });
    expect(cancelled).toMatchObject({ success: true, rideId: booked.rideId, status: "CANCELLED", reasonId: null, feeCharged: false });
  });

  it("a place search that times out is retried; surge is announced before booking an unsurged taxi", async () => {
    const s = session();

    const timeout = await s.callFailing("search_locations", { query: "timeout" });
    expect(timeout).toMatch(/^upstream timeout/);

    const mall = await s.call("search_locations", { query: "The Dubai Mall", city: "dubai" });
    expect(mall).toMatchObject({ success: true, query: "The Dubai Mall" });
    const first = mall.results[0];
    // The places world's id, the same on every call (it used to be a fresh place_<6 digits>).
    expect(first.placeId).toBe("place_dubai_mall");
    const { home } = await savedPlaces(s);

    const pickup = stop(first);
    const dropoff = stop(home);
    const { estimates } = await quote(s, pickup, dropoff);
    expect(estimates.warnings.join(" "), "surge is announced").toMatch(/1\.6x/);
    for (const p of estimates.products) {
      expect(p.surgeMultiplier).toBeGreaterThanOrEqual(1);
    }
    const taxi = product(estimates, "HALA");
    expect(taxi.surgeMultiplier, "the metered taxi is not surged").toBe(1);

    const booking = await s.call("book_ride", {
      pickup,
      dropoff,
      productId: taxi.productId,
      paymentMethodId: "careem_pay",
      estimateId: estimates.estimateId,
      idempotencyKey: `ride-${randomUUID()}`,
    });
    expect(booking).toMatchObject({ success: true, productId: "HALA", pickup, dropoff, estimateId: estimates.estimateId });

    const status = await s.call("get_ride_status", { rideId: booking.rideId });
    expect(status.rideId).toBe(booking.rideId);
    const reasons = await s.call("get_ride_cancellation_reasons", { rideId: booking.rideId });
    expect(reasons.rideId).toBe(booking.rideId);
    const reason = reasons.survey.reasons.find((r: Out) => r.requiresComment);
    const cancelled = await s.call("cancel_ride", { rideId: booking.rideId, reasonId: reason.reasonId, comment: "Too expensive right now" });
    expect(cancelled).toMatchObject({ success: true, rideId: booking.rideId, reasonId: reason.reasonId });
  });

  it("book for tomorrow: airport search → estimate → scheduled booking → reasons → cancel", async () => {
    const s = session();
    const { home } = await savedPlaces(s);
    const airports = await s.call("search_locations", { query: "DXB airport terminal 3", city: "dubai" });
    const terminal = airports.results.find((p: Out) => p.category === "AIRPORT" && /Terminal 3/.test(p.name));
    expect(terminal, "Terminal 3 is found").toBeDefined();
    const pickup = stop(home);
    const dropoff = stop(terminal);
    const { estimates } = await quote(s, pickup, dropoff);
    const comfort = product(estimates, "COMFORT");

    const tomorrow = new Date(Math.floor((Date.now() + day) / hour) * hour).toISOString();
    const idempotencyKey = `ride-${randomUUID()}`;
    const booking = await s.call("book_ride", {
      pickup,
      dropoff,
      productId: comfort.productId,
      paymentMethodId: "pm_visa_4242",
      estimateId: estimates.estimateId,
      scheduledAt: tomorrow,
      idempotencyKey,
    });
    expect(booking).toMatchObject({ success: true, status: "SCHEDULED", scheduledAt: tomorrow, etaMinutes: null, productId: comfort.productId, pickup, dropoff, idempotencyKey });
    const createdAt = expectNear(booking.createdAt, 0, "createdAt");
    expect(instant(booking.scheduledAt) - createdAt, "at least 30 minutes ahead").toBeGreaterThanOrEqual(30 * minute);

    const reasons = await s.call("get_ride_cancellation_reasons", { rideId: booking.rideId });
    expect(reasons).toMatchObject({ success: true, rideId: booking.rideId });
    expect(reasons.survey.feeApplies).toBe(false);
    const reason = reasons.survey.reasons.find((r: Out) => /plans/i.test(r.label));
    const cancelled = await s.call("cancel_ride", { rideId: booking.rideId, reasonId: reason.reasonId });
    expect(cancelled).toMatchObject({ success: true, rideId: booking.rideId, status: "CANCELLED", feeCharged: false });
    expect(cancelled.cancellationFee).toEqual(reasons.survey.cancellationFee);
    expect(instant(cancelled.cancelledAt), "cancelled before the pickup time").toBeLessThan(instant(booking.scheduledAt));
  });

  it("a retried booking with a used idempotency key returns the ride booked before, which is then tracked", async () => {
    const s = session();
    const { home, work } = await savedPlaces(s);
    const pickup = stop(home);
    const dropoff = stop(work);
    const { estimates } = await quote(s, pickup, dropoff);
    const go = product(estimates, "GO");

    const replay = await s.call("book_ride", {
      pickup,
      dropoff,
      productId: go.productId,
      paymentMethodId: "pm_visa_4242",
      estimateId: estimates.estimateId,
      idempotencyKey: "idem-seen-before",
    });
    expect(replay).toMatchObject({ success: true, idempotentReplay: true, idempotencyKey: "idem-seen-before", productId: go.productId });
    expect(where(replay.pickup)).toEqual(where(pickup));
    expect(where(replay.dropoff)).toEqual(where(dropoff));
    expect(replay.warnings.join(" ")).toMatch(/already used/);
    const createdAt = expectNear(replay.createdAt, -1 * minute, "replayed createdAt");

    const status = await s.call("get_ride_status", { rideId: replay.rideId });
    expect(status).toMatchObject({ success: true, rideId: replay.rideId, status: replay.status, productId: replay.productId });
    const pickupAt = expectNear(status.estimatedPickupAt, status.etaMinutes * minute, "estimatedPickupAt");
    expect(pickupAt).toBeGreaterThan(createdAt);
  });

  it("the captain is waiting: the fee is announced, refused once, then accepted", async () => {
    const s = session();
    const status = await s.call("get_ride_status", { rideId: "ride_arrived" });
    expect(status).toMatchObject({ success: true, rideId: "ride_arrived", status: "CAPTAIN_ARRIVED", etaMinutes: 0 });
    expectNear(status.arrivedAt, -1 * minute, "arrivedAt");
    expectOrdered(status.requestedAt, status.captainAssignedAt, "requested before assigned");
    expectOrdered(status.captainAssignedAt, status.arrivedAt, "assigned before arrived");

    const reasons = await s.call("get_ride_cancellation_reasons", { rideId: status.rideId });
    expect(reasons).toMatchObject({ success: true, rideId: status.rideId });
    expect(reasons.survey.feeApplies).toBe(true);
    const fee = expectAed(reasons.survey.cancellationFee, undefined, "announced fee");
    expect(fee).toBeGreaterThan(0);
    const reason = reasons.survey.reasons.find((r: Out) => !r.requiresComment);

    const warning = await s.call("cancel_ride", { rideId: status.rideId, reasonId: reason.reasonId });
    expect(warning).toMatchObject({ success: false, rideId: status.rideId, status: "CAPTAIN_ARRIVED", requiresConfirmation: true, errorCode: "CANCELLATION_FEE_REQUIRED" });
    expect(warning.cancellationFee).toEqual(reasons.survey.cancellationFee);
    expect(warning.cancelledAt, "not cancelled yet").toBeUndefined();

    const cancelled = await s.call("cancel_ride", { rideId: status.rideId, reasonId: reason.reasonId, acceptCancellationFee: true });
    expect(cancelled).toMatchObject({ success: true, rideId: status.rideId, status: "CANCELLED", reasonId: reason.reasonId, feeCharged: true });
    expect(cancelled.cancellationFee, "charged what was announced").toEqual(reasons.survey.cancellationFee);
    expect(cancelled.paymentMethodId, "charged to the ride's payment method").toBe(status.paymentMethodId);
    expect(instant(cancelled.cancelledAt)).toBeGreaterThan(instant(status.arrivedAt));
  });

  it("repeat a trip from history: history → next page → estimate → book", async () => {
    const s = session();
    // Pages of 4: the persona's six past rides alone make a second page (limit is honoured now;
    // the first page used to be four rides whatever the limit).
    const page = await s.call("get_ride_history", { limit: 4 });
    expect(page.rides).toHaveLength(4);
    expect(page.success).toBe(true);
    const requested = page.rides.map((r: Out) => instant(r.requestedAt, `${r.rideId}.requestedAt`));
    expect(requested, "newest first").toEqual([...requested].sort((a, b) => b - a));
    for (const ride of page.rides) {
      expectOrdered(ride.requestedAt, ride.endedAt, `${ride.rideId} requested before it ended`);
      expect(instant(ride.endedAt)).toBeLessThan(Date.now());
      expectAed(ride.amountCharged, undefined, `${ride.rideId}.amountCharged`);
    }

    expect(page.nextCursor).toEqual(expect.any(String));
    const older = await s.call("get_ride_history", { limit: 4, cursor: page.nextCursor });
    expect(older.success).toBe(true);
    const oldestOnFirst = Math.min(...requested);
    for (const ride of older.rides) {
      expect(instant(ride.requestedAt), `${ride.rideId} is older than page 1`).toBeLessThan(oldestOnFirst);
      expect(page.rides.map((r: Out) => r.rideId)).not.toContain(ride.rideId);
    }

    // The session's own cancelled rides (earlier journeys in this file) are the newest history now:
    // the trip to repeat is the newest completed one.
    const last = (await s.call("get_ride_history", { status: "COMPLETED", limit: 1 })).rides[0];
    expect(last.status).toBe("COMPLETED");
    const { estimates } = await quote(s, last.pickup, last.dropoff);
    const same = product(estimates, last.productId);
    const booking = await s.call("book_ride", {
      pickup: last.pickup,
      dropoff: last.dropoff,
      productId: same.productId,
      paymentMethodId: last.paymentMethodId,
      estimateId: estimates.estimateId,
      idempotencyKey: `ride-${randomUUID()}`,
    });
    expect(booking).toMatchObject({ success: true, pickup: last.pickup, dropoff: last.dropoff, productId: last.productId, paymentMethodId: last.paymentMethodId });
    expect(page.rides.map((r: Out) => r.rideId), "a new ride gets a new id").not.toContain(booking.rideId);
  });
});

// What the catalog got wrong across calls, each asserted the right way round. A booked ride is
// remembered by the session (see book_ride's and get_ride_status's notes).
describe("rides catalog findings", () => {
  it("get_ride_status does not date a ride before book_ride created it", async () => {
    const s = session();
    const { home, work } = await savedPlaces(s);
    const booking = await s.call("book_ride", { pickup: stop(home), dropoff: stop(work), productId: "GO", paymentMethodId: "pm_visa_4242" });
    const status = await s.call("get_ride_status", { rideId: booking.rideId });
    // createdAt is {{now}}; a just-booked ride is SEARCHING with requestedAt {{now}} (it used to be
    // CAPTAIN_ASSIGNED, requested {{now-2m}}).
    expect(instant(status.requestedAt)).toBeGreaterThanOrEqual(instant(booking.createdAt) - 1000);
  });

  it("get_ride_status reports the car type and route that were booked", async () => {
    // book_ride writes car type, payment method and route of the fixture trips into the id
    // (ride_<P><M><R>…), and get_ride_status reads them back: here ride_322… (COMFORT, Careem Pay,
    // Home → DXB Terminal 3).
    const s = session();
    const { home } = await savedPlaces(s);
    const airport = await s.call("search_locations", { query: "DXB airport" });
    const booking = await s.call("book_ride", { pickup: stop(home), dropoff: stop(airport.results[0]), productId: "COMFORT", paymentMethodId: "careem_pay" });
    const status = await s.call("get_ride_status", { rideId: booking.rideId });
    expect({ productId: status.productId, dropoff: where(status.dropoff), paymentMethodId: status.paymentMethodId }).toEqual({
      productId: booking.productId,
      dropoff: where(booking.dropoff),
      paymentMethodId: booking.paymentMethodId,
    });
  });

  it("a ride booked for tomorrow is tracked as scheduled", async () => {
    const s = session();
    const { home, work } = await savedPlaces(s);
    const scheduledAt = new Date(Math.floor((Date.now() + day) / hour) * hour).toISOString();
    const booking = await s.call("book_ride", { pickup: stop(home), dropoff: stop(work), productId: "GO", paymentMethodId: "pm_visa_4242", scheduledAt });
    const status = await s.call("get_ride_status", { rideId: booking.rideId });
    // The ride is remembered with the pickup time it was booked for (it used to report a fixture
    // time, tomorrow at the start of the hour, whatever was booked).
    expect(status.status).toBe("SCHEDULED");
    expect(status.scheduledAt).toBe(scheduledAt);
  });

  it("a completed ride from get_ride_history is not tracked as a live ride", async () => {
    const s = session();
    const page = await s.call("get_ride_history", { status: "COMPLETED" });
    const done = page.rides.find((r: Out) => r.status === "COMPLETED");
    const status = await s.call("get_ride_status", { rideId: done.rideId });
    expect(status.status).toBe("COMPLETED");
  });

  it("a cancelled ride from get_ride_history cannot be cancelled again", async () => {
    const s = session();
    const page = await s.call("get_ride_history", { status: "CANCELLED" });
    const gone = page.rides.find((r: Out) => r.status === "CANCELLED");
    const status = await s.call("get_ride_status", { rideId: gone.rideId });
    expect(status).toMatchObject({ success: true, rideId: gone.rideId, status: "CANCELLED", productId: gone.productId, paymentMethodId: gone.paymentMethodId });
    const again = await s.call("cancel_ride", { rideId: gone.rideId });
    expect(again).toMatchObject({ success: false, rideId: gone.rideId, status: "CANCELLED", errorCode: "RIDE_ALREADY_CANCELLED" });
  });
});
