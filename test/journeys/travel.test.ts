// Travel, as a model drives it: offer_search → offer_revalidate → cart_checkout. The offerId is
// opaque and passed through unchanged; only a revalidated offer is booked, at the revalidated price.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dateFromToday, expectAed, expectNear, instant, minute } from "./expect.js";
import { useJourneySession, type Out, type Session } from "./session.js";

const session = useJourneySession();

const dxb = { scheme: "IATA", code: "DXB" };
const mct = { scheme: "IATA", code: "MCT" };

async function search(s: Session, departureDate: string) {
  const result = await s.call("offer_search", { origin: dxb, destination: mct, departureDate });
  expect(result.success).toBe(true);
  expect(result.query).toEqual({ origin: dxb, destination: mct, departureDate });
  const retrievedAt = expectNear(result.retrievedAt, 0, "retrievedAt");
  expect(result.offers.length).toBeGreaterThan(0);
  const ids = result.offers.map((o: Out) => o.offerId);
  expect(new Set(ids).size, "offer ids are unique").toBe(ids.length);
  for (const offer of result.offers) {
    expect(offer).toMatchObject({ status: "indicative", origin: dxb, destination: mct, departure: { date: departureDate } });
    expect(offer.sourceSystem).toMatch(/\S/);
    expectAed(offer.price, undefined, `${offer.serviceNumber} price`);
    expect(instant(offer.retrievedAt)).toBeLessThanOrEqual(retrievedAt + 1000);
    if (offer.validUntil !== undefined) expect(instant(offer.validUntil), `${offer.serviceNumber} validUntil`).toBeGreaterThan(retrievedAt);
  }
  return result;
}

function cheapest(offers: Out[]): Out {
  return offers.reduce((best, o) => (o.price.amount < best.price.amount ? o : best));
}

describe("travel journeys", () => {
  it("search → revalidate → checkout: the cheapest flight, booked at the revalidated price", async () => {
    const s = session();
    const departureDate = dateFromToday(45);
    const found = await search(s, departureDate);
    const offer = cheapest(found.offers);

    const check = await s.call("offer_revalidate", { offerId: offer.offerId });
    expect(check).toMatchObject({ success: true, offerId: offer.offerId, status: "bookable", priceChanged: false, requiresUserConfirmation: false });
    expect(check.previousPrice, "the price the search showed").toEqual(offer.price);
    expect(check.price).toEqual(offer.price);
    expect(check.sourceSystem).toBe(offer.sourceSystem);
    expectNear(check.retrievedAt, 0, "revalidated retrievedAt");
    const bookBefore = instant(check.validUntil);
    expect(bookBefore).toBeGreaterThan(Date.now());

    const profile = await s.call("get_user_profile", {});
    const methods = await s.call("get_payment_methods", { includeExpired: false });
    const idempotencyKey = randomUUID();
    const booking = await s.call("cart_checkout", {
      offer_id: check.offerId,
      payment_method_id: methods.defaultPaymentMethodId,
      idempotency_key: idempotencyKey,
      expected_total: check.price,
    });
    expect(booking).toMatchObject({ success: true, status: "confirmed", duplicate: false, offer_id: offer.offerId, idempotency_key: idempotencyKey, ticketing_status: "ticketed" });
    expect(booking.total, "charged the revalidated price").toEqual(check.price);
    expect(booking.payment.payment_method_id).toBe(methods.defaultPaymentMethodId);
    expect(booking.booking_id).toMatch(/^trv_\d{8}$/);
    expect(booking.booking_reference).toMatch(/^[A-Z0-9]{6,}$/);
    expect(booking.traveller).toBe(profile.name);
    const placedAt = expectNear(booking.placed_at, 0, "placed_at");
    expect(placedAt, "booked before the revalidation lapsed").toBeLessThan(bookBefore);
  });

  it("an impossible date is refused; the corrected search books after a declined card is replaced", async () => {
    const s = session();
    // The next 28 February: inside the 330-day booking horizon whatever today is.
    const nextYear = new Date().getUTCFullYear() + (new Date().getUTCMonth() >= 2 ? 1 : 0);
    const invalid = await s.call("offer_search", { origin: dxb, destination: mct, departureDate: `${nextYear}-02-30` });
    expect(invalid).toMatchObject({ success: false, errorCode: "invalid_date", offers: [] });
    expect(invalid.query.departureDate).toBe(`${nextYear}-02-30`);

    const found = await search(s, `${nextYear}-02-28`);
    const offer = found.offers[0];
    const check = await s.call("offer_revalidate", { offerId: offer.offerId });
    expect(check).toMatchObject({ success: true, offerId: offer.offerId, status: "bookable" });

    const declinedKey = randomUUID();
    const declined = await s.call("cart_checkout", { offer_id: check.offerId, payment_method_id: "pm_visa_0002", idempotency_key: declinedKey, expected_total: check.price });
    expect(declined).toMatchObject({ success: false, status: "failed", error_code: "PAYMENT_DECLINED", idempotency_key: declinedKey, payment: { payment_method_id: "pm_visa_0002", status: "declined" } });
    expect(declined.booking_id, "nothing booked").toBeUndefined();

    const methods = await s.call("get_payment_methods", { includeExpired: false });
    const retryKey = randomUUID();
    const booking = await s.call("cart_checkout", { offer_id: check.offerId, payment_method_id: methods.defaultPaymentMethodId, idempotency_key: retryKey, expected_total: check.price });
    expect(booking).toMatchObject({ success: true, status: "confirmed", offer_id: offer.offerId, idempotency_key: retryKey });
    expect(booking.total).toEqual(check.price);
    expect(retryKey).not.toBe(declinedKey);
  });

  it("a repriced offer is booked only at the new price the user accepted", async () => {
    const s = session();
    const check = await s.call("offer_revalidate", { offerId: "ofr_price_changed_51d0e8" });
    expect(check).toMatchObject({ success: true, offerId: "ofr_price_changed_51d0e8", status: "revalidated", priceChanged: true, requiresUserConfirmation: true });
    const price = expectAed(check.price, undefined, "new price");
    expect(price).not.toBe(expectAed(check.previousPrice, undefined, "previous price"));
    expect(check.nextStep).toContain(price.toFixed(2));
    const bookBefore = expectNear(check.validUntil, 10 * minute, "validUntil");

    const booking = await s.call("cart_checkout", { offer_id: check.offerId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID(), expected_total: check.price });
    expect(booking).toMatchObject({ success: true, status: "confirmed", offer_id: check.offerId });
    expect(booking.total, "charged the accepted new price").toEqual(check.price);
    expect(instant(booking.placed_at)).toBeLessThan(bookBefore);
  });

  it("an expired offer cannot be revalidated or booked; a fresh search can", async () => {
    const s = session();
    const expired = await s.call("offer_revalidate", { offerId: "ofr_expired_7f3a9c" });
    expect(expired).toMatchObject({ success: false, offerId: "ofr_expired_7f3a9c", status: "expired", errorCode: "offer_expired" });
    expect(instant(expired.validUntil), "validity ended in the past").toBeLessThan(Date.now());
    const refused = await s.call("cart_checkout", { offer_id: expired.offerId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID() });
    expect(refused).toMatchObject({ success: false, status: "failed", offer_id: expired.offerId, error_code: "OFFER_EXPIRED" });

    const found = await search(s, dateFromToday(10));
    const again = await s.call("offer_revalidate", { offerId: found.offers[0].offerId });
    expect(again).toMatchObject({ success: true, offerId: found.offers[0].offerId, status: "bookable" });
  });
});

// What the catalog got wrong across calls, each asserted the right way round. offer_search
// remembers each offer it returned for the session; offer_revalidate and cart_checkout read it.
describe("travel catalog findings", () => {
  it("offer_revalidate confirms the offer it was given, not always the flydubai fare", async () => {
    const s = session();
    const found = await search(s, dateFromToday(30));
    const dearest = found.offers.reduce((a: Out, b: Out) => (b.price.amount > a.price.amount ? b : a));
    const check = await s.call("offer_revalidate", { offerId: dearest.offerId });
    // The dearest offer is the Emirates fare via Amadeus, remembered by the search and revalidated at its own price.
    expect({ previousPrice: check.previousPrice, sourceSystem: check.sourceSystem }).toEqual({ previousPrice: dearest.price, sourceSystem: dearest.sourceSystem });
  });

  it("cart_checkout refuses an offer that was never revalidated", async () => {
    const s = session();
    const found = await search(s, dateFromToday(20));
    const booking = await s.call("cart_checkout", { offer_id: found.offers[0].offerId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID() });
    // Never revalidated in this session: refused.
    expect(booking).toMatchObject({ success: false, error_code: "OFFER_STALE" });
  });
});
