// Rides and places as a backend answers them: each journey once over streamable HTTP and once over
// stdio, against a fresh service whose clock the journey moves. Every id a step uses comes out of
// an earlier answer or is one a model could make up; the figures asserted are the rides world's
// (tools/_world/).
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { overBothTransports, type Out, type ServiceSession } from "./harness.js";

const minute = 60_000;

/** What a model passes on as pickup/dropoff from a search or saved-places entry. */
function stop(place: Out) {
  return { latitude: place.latitude, longitude: place.longitude, address: place.address, placeId: place.placeId };
}

async function saved(s: ServiceSession) {
  const { locations } = await s.call("get_saved_locations", {});
  const byType = (type: string) => stop(locations.find((l: Out) => l.type === type));
  return { home: byType("HOME"), work: byType("WORK"), gym: byType("OTHER") };
}

/** A server instant (RFC 3339) plus minutes, as the service would write it. */
function plus(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) + minutes * minute).toISOString().replace(".000Z", "Z");
}

const key = () => `ride-${randomUUID()}`;

overBothTransports("rides", (journey) => {
  journey("1: the same idempotency key books one ride; the replay is the first booking", async (s) => {
    const { home, gym } = await saved(s);
    // Scheduled, so the history lists it: one listing proves one ride.
    const probe = await s.call("get_ride_status", { rideId: "ride_searching" });
    const scheduledAt = plus(probe.updatedAt, 24 * 60);
    const booking = { pickup: home, dropoff: gym, productId: "COMFORT", paymentMethodId: "pm_visa_4242", scheduledAt, idempotencyKey: key() };
    const first = await s.call("book_ride", booking);
    expect(first).toMatchObject({ success: true, status: "SCHEDULED", idempotentReplay: false });
    const again = await s.call("book_ride", booking);
    expect(again.rideId, "the retry answers the ride the key booked").toBe(first.rideId);
    expect(again.idempotentReplay).toBe(true);
    expect({ ...again, idempotentReplay: false, warnings: first.warnings }, "the replay is the first answer").toEqual(first);
    expect(again.warnings.join(" ")).toMatch(/already used/);
    const history = await s.call("get_ride_history", { status: "SCHEDULED" });
    expect(history.rides.map((r: Out) => r.rideId), "one ride, not two").toEqual([first.rideId]);
  });

  journey("4 (rides part): a Careem Pay ride debits the wallet, a free cancellation gives it back", async (s) => {
    const { home, work } = await saved(s);
    const pay = (productId: string) => s.call("book_ride", { pickup: home, dropoff: work, productId, paymentMethodId: "careem_pay", idempotencyKey: key() });
    // GO Home → Work: 47.5–54.5 AED, charged its middle, 51, out of 125.50.
    const go = await pay("GO");
    expect(go.success).toBe(true);
    // Comfort may cost up to 77.5: the 74.50 left is not enough.
    const refused = await pay("COMFORT");
    expect(refused).toMatchObject({ success: false, errorCode: "INSUFFICIENT_WALLET_BALANCE", walletBalance: { amount: 74.5, currency: "AED" }, requiredAmount: { amount: 77.5, currency: "AED" } });
    expect(await s.call("cancel_ride", { rideId: go.rideId })).toMatchObject({ success: true, feeCharged: false });
    expect(await pay("COMFORT"), "the refund made room again").toMatchObject({ success: true, productId: "COMFORT" });
  });

  journey("2: unknown ride ids are not found; finished rides are refused", async (s) => {
    const status = await s.call("get_ride_status", { rideId: "ride_123" });
    expect(status).toEqual({ success: false, rideId: "ride_123", error: "RIDE_NOT_FOUND: Ride ride_123 not found", errorCode: "RIDE_NOT_FOUND" });
    const cancel = await s.call("cancel_ride", { rideId: "ride_123" });
    expect(cancel).toMatchObject({ success: false, errorCode: "RIDE_NOT_FOUND" });
    const reasons = await s.call("get_ride_cancellation_reasons", { rideId: "ride_123" });
    expect(reasons).toMatchObject({ success: false });
    expect(reasons.error).toContain("RIDE_NOT_FOUND");

    const past = await s.call("get_ride_history", {});
    const completed = past.rides.find((r: Out) => r.status === "COMPLETED");
    expect(await s.call("cancel_ride", { rideId: completed.rideId })).toMatchObject({ success: false, errorCode: "RIDE_ALREADY_COMPLETED" });

    const { home, work } = await saved(s);
    const booked = await s.call("book_ride", { pickup: home, dropoff: work, productId: "GO", paymentMethodId: "pm_visa_4242", idempotencyKey: key() });
    expect(await s.call("cancel_ride", { rideId: booked.rideId })).toMatchObject({ success: true, status: "CANCELLED" });
    const twice = await s.call("cancel_ride", { rideId: booked.rideId });
    expect(twice).toMatchObject({ success: false, status: "CANCELLED", errorCode: "RIDE_ALREADY_CANCELLED" });
    const after = await s.call("get_ride_cancellation_reasons", { rideId: booked.rideId });
    expect(after.success).toBe(false);
    expect(after.error).toContain("RIDE_ALREADY_CANCELLED");
  });

  journey("7: search_locations finds places by the words of the query, honours limit, keeps ids", async (s) => {
    const t3 = await s.call("search_locations", { query: "DXB terminal 3" });
    expect(t3.results[0]).toMatchObject({ placeId: "place_dxb_t3", category: "AIRPORT", latitude: 25.2442, longitude: 55.3643 });
    expect(t3.results[0].name).toContain("Terminal 3");
    expect(t3.results.map((p: Out) => p.name).join(" | "), "only what the words name").not.toMatch(/Downtown|Marina/);

    const { work, gym } = await saved(s);
    const byName = async (query: string) => (await s.call("search_locations", { query })).results[0];
    expect(await byName("work")).toMatchObject({ placeId: work.placeId, category: "SAVED", latitude: work.latitude, longitude: work.longitude });
    expect(await byName("Gym")).toMatchObject({ placeId: gym.placeId, category: "SAVED", latitude: gym.latitude, longitude: gym.longitude });

    const malls = await s.call("search_locations", { query: "mall" });
    expect(malls.results.length).toBeGreaterThan(2);
    const one = await s.call("search_locations", { query: "mall", limit: 1 });
    expect(one.results).toEqual([malls.results[0]]);

    const again = await s.call("search_locations", { query: "DXB terminal 3" });
    expect(again.results.map((p: Out) => p.placeId), "the same place, the same id").toEqual(t3.results.map((p: Out) => p.placeId));
    expect((await s.call("search_locations", { query: "road to nowhere" })).results).toEqual([]);
  });

  journey("8: quotes follow the coordinates; same place, outside the area, stale or made-up estimates and unknown cards are refused", async (s) => {
    const { home, work, gym } = await saved(s);
    const short = await s.call("get_ride_estimates", { pickup: home, dropoff: gym });
    expect(short.distanceKm).toBeCloseTo(1.3, 1);
    const long = await s.call("get_ride_estimates", { pickup: home, dropoff: work });
    expect(long.distanceKm).toBeCloseTo(19.3, 1);
    const fare = (q: Out, id: string) => q.products.find((p: Out) => p.productId === id).fare;
    // The world's rules: GO is max(12, 8 + 1.6/km + 0.3/min), to x1.15, in 0.5 AED steps.
    expect(fare(short, "GO")).toEqual({ min: { amount: 12, currency: "AED" }, max: { amount: 14, currency: "AED" } });
    expect(fare(long, "GO")).toEqual({ min: { amount: 47.5, currency: "AED" }, max: { amount: 54.5, currency: "AED" } });
    expect(fare(long, "BUSINESS").min.amount).toBeGreaterThan(fare(long, "COMFORT").min.amount);

    const nearby = { latitude: home.latitude + 0.0002, longitude: home.longitude + 0.0002 };
    expect(await s.call("get_ride_estimates", { pickup: home, dropoff: nearby })).toMatchObject({ success: false, errorCode: "SAME_PICKUP_AND_DROPOFF" });
    const heathrow = (await s.call("search_locations", { query: "London Heathrow" })).results[0];
    expect(heathrow.placeId).toBe("place_lhr_t5");
    expect(await s.call("get_ride_estimates", { pickup: stop(heathrow), dropoff: home })).toMatchObject({ success: false, errorCode: "AREA_NOT_SERVED" });
    expect(await s.call("get_ride_estimates", { pickup: home, dropoff: stop(heathrow) })).toMatchObject({ success: false, errorCode: "AREA_NOT_SERVED" });

    const ride = { pickup: home, dropoff: gym, productId: "GO" };
    const unknownCard = await s.call("book_ride", { ...ride, paymentMethodId: "pm_visa_9999", estimateId: short.estimateId, idempotencyKey: key() });
    expect(unknownCard).toMatchObject({ success: false, errorCode: "PAYMENT_DECLINED" });
    expect(unknownCard.error).toContain("pm_visa_9999");
    const madeUp = await s.call("book_ride", { ...ride, paymentMethodId: "pm_visa_4242", estimateId: "est_20261201", idempotencyKey: key() });
    expect(madeUp).toMatchObject({ success: false, errorCode: "ESTIMATE_EXPIRED" });
    expect(madeUp.rideId).toBeUndefined();

    await s.advance(6 * minute);
    const stale = await s.call("book_ride", { ...ride, paymentMethodId: "pm_visa_4242", estimateId: short.estimateId, idempotencyKey: key() });
    expect(stale).toMatchObject({ success: false, errorCode: "ESTIMATE_EXPIRED", estimateId: short.estimateId });
    const fresh = await s.call("get_ride_estimates", { pickup: home, dropoff: gym });
    const booked = await s.call("book_ride", { ...ride, paymentMethodId: "pm_visa_4242", estimateId: fresh.estimateId, idempotencyKey: key() });
    expect(booked).toMatchObject({ success: true, estimateId: fresh.estimateId });
    const status = await s.call("get_ride_status", { rideId: booked.rideId });
    expect(status.fareEstimate, "the fare locked is the fare quoted").toEqual(fare(fresh, "GO"));
  });

  journey("9: scheduledAt must lie 30 minutes to 30 days ahead", async (s) => {
    const { home, work } = await saved(s);
    const now = (await s.call("get_ride_status", { rideId: "ride_searching" })).updatedAt;
    const book = (scheduledAt: string) => s.call("book_ride", { pickup: home, dropoff: work, productId: "GO", paymentMethodId: "pm_visa_4242", scheduledAt, idempotencyKey: key() });
    for (const [scheduledAt, why] of [
      [plus(now, -60), /in the past/],
      [plus(now, 5), /less than 30 minutes/],
      [plus(now, 60 * 24 * 60), /more than 30 days/],
      ["tomorrow 8am", /not an RFC 3339 date-time/],
    ] as const) {
      const refused = await book(scheduledAt);
      expect(refused, scheduledAt).toMatchObject({ success: false, errorCode: "INVALID_SCHEDULED_TIME" });
      expect(refused.error).toMatch(why);
      expect(refused.error).toContain("between 30 minutes and 30 days");
    }
    const tomorrow = plus(now, 24 * 60);
    const booked = await book(tomorrow);
    expect(booked).toMatchObject({ success: true, status: "SCHEDULED", scheduledAt: tomorrow, etaMinutes: null });
    expect(await s.call("get_ride_status", { rideId: booked.rideId })).toMatchObject({ status: "SCHEDULED", scheduledAt: tomorrow, captain: null });
  });

  journey("11: a ride follows the clock, and every rides tool agrees", async (s) => {
    const { home, work } = await saved(s);
    const booked = await s.call("book_ride", { pickup: home, dropoff: work, productId: "GO", paymentMethodId: "pm_visa_4242", idempotencyKey: key() });
    expect(booked).toMatchObject({ status: "SEARCHING", etaMinutes: 4 });
    const status = () => s.call("get_ride_status", { rideId: booked.rideId });
    const reasons = () => s.call("get_ride_cancellation_reasons", { rideId: booked.rideId });

    expect(await status()).toMatchObject({ status: "SEARCHING", captain: null, etaMinutes: 4 });
    expect((await reasons()).survey.surveyId).toBe("cancel_survey_searching");

    await s.advance(90_000);
    const assigned = await status();
    expect(assigned).toMatchObject({ status: "CAPTAIN_ASSIGNED", etaMinutes: 3, captain: { name: "Imran Khalid" } });
    expect(assigned.estimatedPickupAt).toBe(plus(booked.createdAt, 4));
    expect((await reasons()).survey).toMatchObject({ surveyId: "cancel_survey_captain_assigned", feeApplies: false });

    await s.advance(3 * minute);
    expect(await status()).toMatchObject({ status: "CAPTAIN_ARRIVED", etaMinutes: 0, arrivedAt: plus(booked.createdAt, 4) });
    expect((await reasons()).survey).toMatchObject({ feeApplies: true, cancellationFee: { amount: 12, currency: "AED" } });
    expect(await s.call("cancel_ride", { rideId: booked.rideId })).toMatchObject({ success: false, requiresConfirmation: true, errorCode: "CANCELLATION_FEE_REQUIRED" });

    await s.advance(2 * minute);
    const onTrip = await status();
    expect(onTrip).toMatchObject({ status: "IN_PROGRESS", startedAt: plus(booked.createdAt, 6) });
    // 19.3 km at 45 km/h is 26 minutes, plus 2: 28 minutes from the start, half a minute of it gone.
    expect(onTrip.etaMinutes).toBe(28);
    expect(await s.call("cancel_ride", { rideId: booked.rideId })).toMatchObject({ success: false, errorCode: "RIDE_IN_PROGRESS" });

    await s.advance(30 * minute);
    const done = await status();
    expect(done).toMatchObject({ status: "COMPLETED", etaMinutes: null, completedAt: plus(booked.createdAt, 34), finalFare: { amount: 51, currency: "AED" } });
    expect(await s.call("cancel_ride", { rideId: booked.rideId })).toMatchObject({ success: false, errorCode: "RIDE_ALREADY_COMPLETED" });
    const history = await s.call("get_ride_history", { status: "COMPLETED" });
    expect(history.rides[0]).toMatchObject({ rideId: booked.rideId, amountCharged: done.finalFare, endedAt: done.completedAt });

    // A second ride, cancelled while its captain drives: no survey says the captain is coming.
    const second = await s.call("book_ride", { pickup: home, dropoff: work, productId: "GO", paymentMethodId: "pm_visa_4242", idempotencyKey: key() });
    await s.advance(2 * minute);
    expect((await s.call("get_ride_status", { rideId: second.rideId })).status).toBe("CAPTAIN_ASSIGNED");
    const cancelled = await s.call("cancel_ride", { rideId: second.rideId, reasonId: "reason_changed_plans" });
    expect(cancelled).toMatchObject({ success: true, status: "CANCELLED", feeCharged: false });
    const afterCancel = await s.call("get_ride_cancellation_reasons", { rideId: second.rideId });
    expect(afterCancel).toMatchObject({ success: false });
    expect(JSON.stringify(afterCancel)).not.toMatch(/on the way/);
    await s.advance(60 * minute);
    expect(await s.call("get_ride_status", { rideId: second.rideId })).toMatchObject({ status: "CANCELLED", cancelledAt: cancelled.cancelledAt, cancellationReason: "My plans changed" });
    const cancelledList = await s.call("get_ride_history", { status: "CANCELLED" });
    expect(cancelledList.rides[0]).toMatchObject({ rideId: second.rideId, endedAt: cancelled.cancelledAt, amountCharged: { amount: 0, currency: "AED" } });
  }, 60_000);

  journey("11: cancelling after the captain arrived charges the fee the survey announced", async (s) => {
    const { home, gym } = await saved(s);
    const booked = await s.call("book_ride", { pickup: home, dropoff: gym, productId: "GO", paymentMethodId: "pm_visa_4242", idempotencyKey: key() });
    await s.advance(5 * minute);
    const survey = (await s.call("get_ride_cancellation_reasons", { rideId: booked.rideId })).survey;
    expect(survey.feeApplies).toBe(true);
    const cancelled = await s.call("cancel_ride", { rideId: booked.rideId, reasonId: survey.reasons[0].reasonId, acceptCancellationFee: true });
    expect(cancelled).toMatchObject({ success: true, feeCharged: true, cancellationFee: survey.cancellationFee, paymentMethodId: "pm_visa_4242" });
    expect(await s.call("get_ride_status", { rideId: booked.rideId })).toMatchObject({ status: "CANCELLED", cancellationFee: survey.cancellationFee });
  });

  journey("12/13: generated ride ids select no fixture, and a ride outlives a reconnect", async (s) => {
    const { home, gym } = await saved(s);
    const rides: Out[] = [];
    for (const productId of ["COMFORT", "GO_PLUS", "HALA"]) {
      rides.push(await s.call("book_ride", { pickup: home, dropoff: gym, productId, paymentMethodId: "pm_visa_4242", idempotencyKey: key() }));
    }
    for (const ride of rides) {
      expect(ride.rideId).toMatch(/^ride_\d{8}$/);
      const status = await s.call("get_ride_status", { rideId: ride.rideId });
      expect(status, "tracked as booked, not as a fixture").toMatchObject({ status: "SEARCHING", productId: ride.productId, pickup: home, dropoff: gym });
    }
    const [comfort, goPlus] = rides as [Out, Out, Out];
    const next = await s.reconnect();
    const status = await next.call("get_ride_status", { rideId: comfort.rideId });
    expect(status).toMatchObject({ success: true, rideId: comfort.rideId, productId: "COMFORT", pickup: home, dropoff: gym, requestedAt: comfort.createdAt });
    const cancelled = await next.call("cancel_ride", { rideId: goPlus.rideId });
    expect(cancelled).toMatchObject({ success: true, status: "CANCELLED" });
    expect(await next.call("cancel_ride", { rideId: goPlus.rideId })).toMatchObject({ errorCode: "RIDE_ALREADY_CANCELLED" });
  });
});

