// Issue 21, travel: the service behind offer_search → offer_revalidate → cart_checkout answers
// as a backend would when an agent retries, books twice, waits, searches odd routes or comes
// back in a new session. Every journey runs over streamable HTTP and over stdio (harness).
// The expected figures are the travel world's (tools/_world/travel.md), not the mock's old
// fixed offers: a test that passes with any route's answer would prove nothing.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { overBothTransports } from "./harness.js";

type Out = Record<string, any>;

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const dubaiOffset = 4 * hour;

const iata = (code: string) => ({ scheme: "IATA", code });
const DXB = iata("DXB");
const LHR = iata("LHR");
const MCT = iata("MCT");

/** The calendar date in Dubai at `ms` (the service's "today" for departure dates). */
function dubaiDate(ms: number): string {
  return new Date(ms + dubaiOffset).toISOString().slice(0, 10);
}

/** A date `days` after today in Dubai, by the machine's clock (the server's until advanced). */
function dubaiDateFromToday(days: number): string {
  return dubaiDate(Date.now() + days * day);
}

/** How far ahead the next `hh:mm` Dubai wall-clock time is, at least two minutes away. */
function untilNextDubaiTime(hh: number, mm: number): number {
  const now = Date.now();
  const midnightDubai = Date.parse(`${dubaiDate(now)}T00:00:00Z`) - dubaiOffset;
  let target = midnightDubai + hh * hour + mm * minute;
  while (target - now < 2 * minute) target += day;
  return target - now;
}

function byService(offers: Out[], serviceNumber: string): Out {
  const offer = offers.find((o) => o.serviceNumber === serviceNumber);
  expect(offer, `${serviceNumber} among ${offers.map((o) => o.serviceNumber).join(", ")}`).toBeDefined();
  return offer as Out;
}

async function searchOk(s: any, origin: object, destination: object, departureDate: string): Promise<Out[]> {
  const found = await s.call("offer_search", { origin, destination, departureDate });
  expect(found, JSON.stringify(found).slice(0, 400)).toMatchObject({ success: true });
  return found.offers as Out[];
}

/** Search DXB→LHR a month ahead, revalidate its first live NDC fare (EK 1): the usual way to a booking. */
async function revalidatedLiveFare(s: any): Promise<{ offer: Out; check: Out }> {
  const offers = await searchOk(s, DXB, LHR, dubaiDateFromToday(30));
  const found = offers.find((o) => String(o.sourceSystem).startsWith("ndc:"));
  expect(found, "a live NDC fare").toBeDefined();
  const offer = found as Out;
  const check = await s.call("offer_revalidate", { offerId: offer.offerId });
  expect(check).toMatchObject({ success: true, status: "bookable", offerId: offer.offerId, price: offer.price });
  return { offer, check };
}

overBothTransports("travel", (journey) => {
  // Item 1 (travel): a retried booking with the same idempotency_key is the first booking.
  journey("1: cart_checkout of an offer twice with one idempotency_key returns the first booking with duplicate: true", async (s: any) => {
    const { offer, check } = await revalidatedLiveFare(s);
    const key = randomUUID();
    const args = { offer_id: offer.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key, expected_total: check.price };
    const first = await s.call("cart_checkout", args);
    expect(first).toMatchObject({ success: true, status: "confirmed", duplicate: false, offer_id: offer.offerId, total: check.price });

    const retry = await s.call("cart_checkout", args);
    expect(retry, "a replay, not OFFER_STALE and not a second booking").toMatchObject({
      success: true,
      status: "confirmed",
      duplicate: true,
      booking_id: first.booking_id,
      booking_reference: first.booking_reference,
      placed_at: first.placed_at,
      total: first.total,
      idempotency_key: key,
    });
    // A retry that lost the first answer may resend without expected_total: still the same booking.
    const bare = await s.call("cart_checkout", { offer_id: offer.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key });
    expect(bare).toMatchObject({ duplicate: true, booking_id: first.booking_id });
  });

  // Item 5: a booked offer stays booked.
  journey("5: a booked offer is not bookable on revalidation and a second key cannot book it again", async (s: any) => {
    const { offer, check } = await revalidatedLiveFare(s);
    const booked = await s.call("cart_checkout", { offer_id: offer.offerId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID(), expected_total: check.price });
    expect(booked).toMatchObject({ success: true, status: "confirmed" });

    const again = await s.call("offer_revalidate", { offerId: offer.offerId });
    expect(again, "not bookable once booked").toMatchObject({ success: false, status: "stale", errorCode: "offer_stale" });
    expect(again.error).toContain(booked.booking_id);
    expect(again.error).toContain(booked.booking_reference);

    const second = await s.call("cart_checkout", { offer_id: offer.offerId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID(), expected_total: check.price });
    expect(second).toMatchObject({ success: false, status: "failed", error_code: "OFFER_STALE", offer_id: offer.offerId });
    expect(second.booking_id, "no second booking").toBeUndefined();
    expect(second.booking_reference, "no second booking reference").toBeUndefined();
    expect(second.error).toContain("already booked");
  });

  // Item 6: offers depend on the route, from the world's schedules and fares.
  journey("6: DXB→LHR gets its own carriers, 7h40–8h nonstops and fares; DXB→MCT its own 70-minute hops", async (s: any) => {
    const date = dubaiDateFromToday(30);
    const london = await searchOk(s, DXB, LHR, date);
    expect(london.map((o) => o.serviceNumber)).toEqual(["QR 1003", "EK 1", "BA 106", "EK 3", "EK 7"]);
    expect(london.map((o) => o.price.amount)).toEqual([1865, 2385, 2210, 3120, 2050]);
    expect(london.map((o) => o.durationMinutes)).toEqual([600, 470, 460, 480, 475]);
    for (const o of london.filter((x) => x.stops === 0)) {
      expect(o.durationMinutes, `${o.serviceNumber} nonstop DXB→LHR`).toBeGreaterThanOrEqual(460);
      expect(o.durationMinutes).toBeLessThanOrEqual(480);
    }
    expect(byService(london, "EK 1")).toMatchObject({
      carrier: { code: "EK", name: "Emirates" },
      origin: { scheme: "IATA", code: "DXB" },
      destination: { scheme: "IATA", code: "LHR" },
      departure: { date, localTime: "07:45", timeZone: "Asia/Dubai" },
      arrival: { timeZone: "Europe/London" },
      sourceSystem: "ndc:emirates",
    });
    // EK 7 leaves 20:30 Dubai time and lands after midnight in London.
    expect(byService(london, "EK 7").arrival.date > date).toBe(true);

    const muscat = await searchOk(s, DXB, MCT, date);
    expect(muscat.map((o) => o.serviceNumber)).toEqual(["FZ 045", "EK 862", "WY 610"]);
    expect(muscat.map((o) => o.durationMinutes)).toEqual([70, 70, 70]);
    const shared = muscat.filter((m) => london.some((l) => l.serviceNumber === m.serviceNumber));
    expect(shared, "no service flies both routes").toEqual([]);

    // Each offer is remembered with its own fare and source: revalidation answers per offer id.
    const ba = await s.call("offer_revalidate", { offerId: byService(london, "BA 106").offerId });
    expect(ba).toMatchObject({ success: true, status: "bookable", price: { amount: 2210, currency: "AED" }, sourceSystem: "gds:amadeus" });
    const cached = await s.call("offer_revalidate", { offerId: byService(london, "EK 7").offerId });
    expect(cached).toMatchObject({ success: false, status: "stale", errorCode: "offer_stale", sourceSystem: "cache:fare-index" });
  });

  journey("6: an unknown IATA code, a city name and the same airport in lower case are refused", async (s: any) => {
    const date = dubaiDateFromToday(30);
    const unknown = await s.call("offer_search", { origin: iata("XXX"), destination: LHR, departureDate: date });
    expect(unknown).toMatchObject({ success: false, errorCode: "invalid_location", offers: [] });
    expect(unknown.error).toContain("XXX");

    const cities = await s.call("offer_search", { origin: iata("Dubai"), destination: iata("London"), departureDate: date });
    expect(cities).toMatchObject({ success: false, errorCode: "invalid_location", offers: [] });
    expect(cities.error, "names the codes the agent could send").toContain("DXB");
    expect(cities.error).toContain("city name");

    const london = await s.call("offer_search", { origin: DXB, destination: iata("London"), departureDate: date });
    expect(london).toMatchObject({ success: false, errorCode: "invalid_location" });
    expect(london.error).toMatch(/LHR.*LGW|LGW.*LHR/);

    const same = await s.call("offer_search", { origin: DXB, destination: iata("dxb"), departureDate: date });
    expect(same).toMatchObject({ success: false, errorCode: "invalid_route", offers: [] });
  });

  journey("6: today's departures are offered only while they can still be sold (none of the morning at 22:53)", async (s: any) => {
    // 08:00 in Dubai: FZ 045 (07:40) has left and EK 862 (09:35) closed at 07:35 (2 h before);
    // WY 610 (15:05) is still sold.
    const toEight = untilNextDubaiTime(8, 0);
    await s.advance(toEight);
    const today = dubaiDate(Date.now() + toEight);
    const morning = await s.call("offer_search", { origin: DXB, destination: MCT, departureDate: today });
    expect(morning.success).toBe(true);
    expect(morning.offers.map((o: Out) => o.serviceNumber)).toEqual(["WY 610"]);
    expect(morning.warnings.join(" ")).toContain("2 earlier departures");

    // 22:53 the same day: nothing of that date is left; the next day is sold from 07:40.
    await s.advance(14 * hour + 53 * minute);
    const late = await s.call("offer_search", { origin: DXB, destination: MCT, departureDate: today });
    expect(late).toMatchObject({ success: true, offers: [] });
    expect(late.warnings.join(" ")).toContain("has left or is past its sales close");
    const tomorrow = await searchOk(s, DXB, MCT, dubaiDate(Date.parse(`${today}T12:00:00Z`) + day));
    expect(tomorrow.map((o) => o.departure.localTime)).toEqual(["07:40", "09:35", "15:05"]);
  });

  journey("6: dates beyond the 330-day booking horizon are refused; the last bookable date is sold", async (s: any) => {
    const far = await s.call("offer_search", { origin: DXB, destination: LHR, departureDate: "2031-01-15" });
    expect(far).toMatchObject({ success: false, errorCode: "invalid_date", offers: [] });
    expect(far.error).toContain("booking horizon");

    // Nothing advanced: the machine's clock is the server's, so "today" is the same on both.
    const serverNow = Date.now();
    const last = dubaiDate(serverNow + 330 * day);
    expect(await searchOk(s, DXB, LHR, last)).toHaveLength(5);
    const beyond = await s.call("offer_search", { origin: DXB, destination: LHR, departureDate: dubaiDate(serverNow + 331 * day) });
    expect(beyond).toMatchObject({ success: false, errorCode: "invalid_date" });
  });

  journey("6: an offer id never issued is not found, on revalidation and at checkout", async (s: any) => {
    const never = "ofr_12345678";
    const check = await s.call("offer_revalidate", { offerId: never });
    expect(check).toMatchObject({ success: false, offerId: never, status: "stale", errorCode: "offer_stale" });
    expect(check.error).toContain("not found");
    const booking = await s.call("cart_checkout", { offer_id: never, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID() });
    expect(booking).toMatchObject({ success: false, error_code: "OFFER_STALE" });
    expect(booking.error).toContain("not found");
  });

  // Item 11 (travel): validUntil passes with the clock.
  journey("11: after the clock passes an offer's validUntil, revalidation says expired and a lapsed hold cannot be booked", async (s: any) => {
    const offers = await searchOk(s, DXB, MCT, dubaiDateFromToday(20));
    const gds = byService(offers, "EK 862"); // held 15 minutes by the GDS
    const ndc = byService(offers, "FZ 045"); // held 20 minutes by flydubai
    expect(Date.parse(gds.validUntil) - Date.parse(gds.retrievedAt)).toBe(15 * minute);
    expect(Date.parse(ndc.validUntil) - Date.parse(ndc.retrievedAt)).toBe(20 * minute);

    await s.advance(16 * minute);
    const lapsed = await s.call("offer_revalidate", { offerId: gds.offerId });
    expect(lapsed).toMatchObject({ success: false, status: "expired", errorCode: "offer_expired", validUntil: gds.validUntil });
    const held = await s.call("offer_revalidate", { offerId: ndc.offerId });
    expect(held, "the 20-minute hold has not passed yet").toMatchObject({ success: true, status: "bookable", price: ndc.price });

    // The revalidation holds the fare 15 minutes; once that passes, checkout refuses it.
    expect(Date.parse(held.validUntil) - Date.parse(held.retrievedAt)).toBe(15 * minute);
    await s.advance(16 * minute);
    const late = await s.call("cart_checkout", { offer_id: ndc.offerId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID(), expected_total: held.price });
    expect(late).toMatchObject({ success: false, error_code: "OFFER_EXPIRED" });
    expect(late.booking_id).toBeUndefined();
  });

  // Items 12 and 13 (travel): generated ids are opaque digits, and a booking survives a reconnect.
  journey("12/13: generated offer and booking ids never look like fixtures, and a booking is known after reconnecting", async (s: any) => {
    const { offer, check } = await revalidatedLiveFare(s);
    const key = randomUUID();
    const booked = await s.call("cart_checkout", { offer_id: offer.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key, expected_total: check.price });
    expect(offer.offerId).toMatch(/^ofr_\d{8}$/);
    expect(booked.booking_id).toMatch(/^trv_\d{8}$/);

    const later = await s.reconnect();
    const revalidated = await later.call("offer_revalidate", { offerId: offer.offerId });
    expect(revalidated, "the new session knows the booking").toMatchObject({ success: false, status: "stale" });
    expect(revalidated.error).toContain(booked.booking_id);
    const replay = await later.call("cart_checkout", { offer_id: offer.offerId, payment_method_id: "pm_visa_4242", idempotency_key: key, expected_total: check.price });
    expect(replay).toMatchObject({ success: true, duplicate: true, booking_id: booked.booking_id, booking_reference: booked.booking_reference });
  });
});
