// The travel world's rules (its data is travel.md): places by scheme and code, the routes and
// the services that run on a date and can still be sold now, offers, their holds and lapses,
// and bookings. Times are local wall-clock times at each end.
import type { Call } from "./lib/call.js";
import type { Location, Offer, Route, Service, TravelPlace, TravelWorld } from "./lib/travelTypes.js";
import { own } from "./lib/own.js";
import type { Airport } from "./lib/travel/airport.js";
import { airportByCode, airportsOfCity, createAirportIndex, type AirportIndex } from "./lib/travel/airports.js";
import { airports, carrierData, metroData } from "./lib/travel/data.js";
import { createRoutePlanner, planFlights, type RoutePlanner } from "./lib/travel/routes.js";
import { createZoneClock, type ZoneClock } from "./lib/travel/zoneClock.js";
import { defined, iso, round, secondsSince, text, toMillis, truthy } from "./lib/values.js";

const DAY = 86_400_000;
const DUBAI_OFFSET_MS = 14_400_000;
const SCHEMES = ["IATA", "UIC", "GTFS_STOP_ID"];
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

function travel(call: Call): TravelWorld {
  return call.world.travel;
}

/** The wide world of one world version: every airport, the route planner over them, a zone clock, and the plans asked for. */
interface Wide {
  airports: AirportIndex;
  planner: RoutePlanner;
  clock: ZoneClock;
  /** Planned routes by `ORIGIN>DESTINATION>date`: a search asks for its route several times per answer. */
  plans: Map<string, Route | undefined>;
}

const wides = new WeakMap<object, Wide>();
/** Enough for every pair and date a busy session asks about; past it the oldest plans are dropped. */
const MAX_PLANS = 2000;

/** Built on the first travel call of a world version (the airport lookups, about 20 ms) and kept with its data. */
function wide(call: Call): Wide {
  const key = travel(call);
  let w = wides.get(key);
  if (w === undefined) {
    const index = createAirportIndex(airports, metroData);
    w = { airports: index, planner: createRoutePlanner(index.byCode, carrierData), clock: createZoneClock(), plans: new Map() };
    wides.set(key, w);
  }
  return w;
}

/**
 * The city key an airport's place has: the hand-typed cities' key when the world knows the city
 * in that country ("dubai"), else the city and country, so two airports of one city are the same
 * place (LHR and LGW) and two cities of one name in two countries are not.
 */
function airportCity(call: Call, a: Airport): string | undefined {
  if (a.city === "") return undefined;
  const name = a.city.toLowerCase();
  return own(travel(call).cities, name)?.country === a.country ? name : `${name}|${a.country}`;
}

/** An airport as the travel world's places are written: scheme, code, name, city and zone. */
function airportPlace(call: Call, a: Airport): TravelPlace {
  return defined({ scheme: "IATA", code: a.iata, name: a.name, city: airportCity(call, a), cityName: a.city === "" ? undefined : a.city, timeZone: a.tz }) as TravelPlace;
}

/** A code as places are keyed: upper case (nothing stays nothing). */
function upper(code: unknown): string | undefined {
  return typeof code === "string" ? code.toUpperCase() : undefined;
}

/** Whitespace runs made one space, the ends trimmed (`$trim`). */
function trimmed(value: string): string {
  return value.replace(/[ \t\n\r]+/g, " ").replace(/^ /, "").replace(/ $/, "");
}

/** The place a `{scheme, code}` location names (the code compared case-insensitively), or nothing. */
export function travelPlace(call: Call, loc: Location | undefined): TravelPlace | undefined {
  const typed = own(travel(call).places, `${text(loc?.scheme)}:${text(upper(loc?.code))}`);
  if (typed !== undefined || loc?.scheme !== "IATA" || typeof loc.code !== "string") return typed;
  // Every airport with an IATA code: the hand-typed places first, for their names and cities.
  const airport = airportByCode(wide(call).airports, loc.code);
  return airport === undefined ? undefined : airportPlace(call, airport);
}

/** A place whose code is the location's under another scheme (the code sent in the wrong namespace), or nothing. */
export function travelPlaceUnderOtherScheme(call: Call, loc: Location | undefined): TravelPlace | undefined {
  if (loc?.scheme === undefined) return undefined;
  for (const scheme of SCHEMES) {
    if (scheme === loc.scheme) continue;
    const place = travelPlace(call, { scheme, code: loc.code });
    if (place !== undefined) return place;
  }
  return undefined;
}

/**
 * When a location's code is a city's name, the codes to send instead, as text: the city's places
 * under the location's scheme, else under the other schemes, scheme first. Nothing for no city.
 */
export function travelCityCodes(call: Call, loc: Location | undefined): string | undefined {
  const name = typeof loc?.code === "string" ? trimmed(loc.code).toLowerCase() : undefined;
  const city = name !== undefined && truthy(own(travel(call).cities, name)) ? name : undefined;
  if (city === undefined) {
    // Any other city an airport serves ("Paris", "new york"): its airports, main one first.
    const found = name === undefined || name === "" ? [] : airportsOfCity(wide(call).airports, name);
    if (found.length === 0) return undefined;
    const prefix = loc?.scheme === "IATA" ? "" : "IATA ";
    return found.map((a) => `${prefix}${a.iata} (${a.name})`).join(", ");
  }
  const places = Object.values(travel(call).places);
  const same = places.filter((p) => p.city === city && loc?.scheme !== undefined && p.scheme === loc.scheme);
  if (same.length > 0) return same.map((p) => `${text(p.code)} (${text(p.name)})`).join(", ");
  const other = places.filter((p) => p.city === city && loc?.scheme !== undefined && p.scheme !== undefined && p.scheme !== loc.scheme);
  return other.map((p) => `${text(p.scheme)} ${text(p.code)} (${text(p.name)})`).join(", ");
}

export interface LocationProblem {
  kind: "scheme" | "city" | "unknown";
  side: "origin" | "destination";
  location?: Location;
  hint?: string;
}

function problemOf(call: Call, loc: Location | undefined, side: LocationProblem["side"]): LocationProblem {
  const other = travelPlaceUnderOtherScheme(call, loc);
  if (other !== undefined) return defined({ kind: "scheme", side, location: loc, hint: `${text(other.scheme)} code of ${text(other.name)}: send it with scheme ${text(other.scheme)}` }) as LocationProblem;
  const cityCodes = travelCityCodes(call, loc);
  if (cityCodes !== undefined) return defined({ kind: "city", side, location: loc, hint: cityCodes }) as LocationProblem;
  return defined({ kind: "unknown", side, location: loc }) as LocationProblem;
}

/** What is wrong with a search's locations, origin first (`scheme`, `city` or `unknown`), or nothing when both are known. */
export function travelLocationProblem(call: Call, o: Location, d: Location): LocationProblem | undefined {
  if (travelPlace(call, o) === undefined) return problemOf(call, o, "origin");
  return travelPlace(call, d) === undefined ? problemOf(call, d, "destination") : undefined;
}

/** The whole error text of a location problem. */
export function travelLocationError(call: Call, o: Location, d: Location): string {
  const p = travelLocationProblem(call, o, d);
  const where = `${text(p?.side)} code ${text(p?.location?.code)}`;
  const article = p?.location?.scheme === "IATA" ? "an " : "a ";
  if (p?.kind === "scheme") return `invalid_location: ${where} is not ${article}${text(p.location?.scheme)} code; it is the ${text(p.hint)}`;
  if (p?.kind === "city") return `invalid_location: ${where} is a city name, not ${article}${text(p.location?.scheme)} code; send one of ${text(p.hint)}`;
  if (p?.kind === "unknown") return `invalid_location: ${where} is not a known ${text(p.location?.scheme)} code`;
  return `invalid_location: origin ${text(o?.code)} or destination ${text(d?.code)} is not a place offers are sold for`;
}

/** True when origin and destination are one place: the same code whatever its case, or two known places in one city. */
export function travelSamePlace(call: Call, o: Location, d: Location): boolean {
  const a = upper(o?.code);
  const b = upper(d?.code);
  if (a !== undefined && a === b) return true;
  const city = travelPlace(call, o)?.city;
  const other = travelPlace(call, d)?.city;
  return city !== undefined && other !== undefined && city === other;
}

/** Why `travelSamePlace` holds, for the error text: `the same code`, or `both in Dubai`. */
export function travelSamePlaceReason(call: Call, o: Location, d: Location): string {
  const a = upper(o?.code);
  if (a !== undefined && a === upper(d?.code)) return "the same code";
  const place = travelPlace(call, o);
  return `both in ${text(own(travel(call).cities, place?.city)?.name ?? place?.cityName)}`;
}

/** Today's midnight (UTC ms of the date) in Dubai. */
function dubaiToday(call: Call): number {
  return Date.parse(new Date(call.now + DUBAI_OFFSET_MS).toISOString().slice(0, 10));
}

/** True when a calendar date is more than `bookingHorizonDays` after today in Dubai. */
export function travelBeyondHorizon(call: Call, date: string): boolean {
  return typeof date === "string" && DATE.test(date) && Date.parse(date) > dubaiToday(call) + travel(call).bookingHorizonDays * DAY;
}

/** The last date a search may ask for (today in Dubai + `bookingHorizonDays`), `YYYY-MM-DD`. */
export function travelLastBookableDate(call: Call): string {
  return new Date(dubaiToday(call) + travel(call).bookingHorizonDays * DAY).toISOString().slice(0, 10);
}

/** The ISO weekday (1 Monday … 7 Sunday) of a `YYYY-MM-DD` date. */
export function travelWeekday(_call: Call, date: string): number | undefined {
  const ms = toMillis(date);
  return ms === undefined ? undefined : ((Math.floor(ms / DAY) + 3) % 7) + 1;
}

/** Minutes east of UTC of a time zone on a local date, EU summer time included (last Sunday of March to last Sunday of October). */
export function travelUtcOffset(call: Call, tz: string | undefined, date: string | undefined): number | undefined {
  const zone = own(travel(call).timeZones, tz);
  // A zone the hand-typed table does not have: the runtime's time-zone database, at noon UTC of the date.
  if (zone === undefined && tz !== undefined && date !== undefined && DATE.test(date)) return wideOffset(call, tz, date);
  if (zone?.dst !== "EU") return zone?.standardOffsetMinutes;
  const year = date === undefined ? "" : Array.from(date).slice(0, 4).join("");
  const lastSunday = (month: string) => `${year}-${month}-${String(31 - ((travelWeekday(call, `${year}-${month}-31`) as number) % 7)).padStart(2, "0")}`;
  const summer = date !== undefined && date >= lastSunday("03") && date < lastSunday("10");
  return zone.standardOffsetMinutes + (summer ? 60 : 0);
}

/** A zone's offset from the zone clock; nothing for a name the runtime does not know. */
function wideOffset(call: Call, tz: string, date: string): number | undefined {
  try {
    return wide(call).clock.offsetMinutes(tz, Date.parse(`${date}T12:00:00Z`));
  } catch {
    return undefined;
  }
}

/** Minutes of an `HH:MM` wall-clock time. */
function minutesOf(time: string | undefined): number | undefined {
  if (time === undefined) return undefined;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** The instant (epoch ms) of a local date and `HH:MM` time in a time zone. */
export function travelInstant(call: Call, date: string, time: string, tz: string): number | undefined {
  const midnight = toMillis(date);
  const minutes = minutesOf(time);
  const offset = travelUtcOffset(call, tz, date);
  return midnight === undefined || minutes === undefined || offset === undefined ? undefined : midnight + (minutes - offset) * 60000;
}

/**
 * The route between two locations, or nothing when nobody sells it: the hand-typed route when
 * the world has one, else, between two airports, the planner's flights on the date (nonstop
 * where the pair has one, else through a hub; none for a pair nobody connects). Without a date
 * the planner is asked about a fixed one: the mode and whether a route exists do not change by date.
 */
export function travelRoute(call: Call, o: Location, d: Location, date?: string): Route | undefined {
  const typed = own(travel(call).routes, `${text(o?.scheme)}:${text(upper(o?.code))}>${text(d?.scheme)}:${text(upper(d?.code))}`);
  if (typed !== undefined || o?.scheme !== "IATA" || d?.scheme !== "IATA" || typeof o.code !== "string" || typeof d.code !== "string") return typed;
  const day = typeof date === "string" && DATE.test(date) ? date : "2027-01-15";
  const w = wide(call);
  const key = `${o.code.trim().toUpperCase()}>${d.code.trim().toUpperCase()}>${day}`;
  if (w.plans.has(key)) return w.plans.get(key);
  const plan = planFlights(w.planner, o.code, d.code, day);
  const route: Route | undefined = plan.kind === "none" ? undefined : { mode: "flight", services: plan.services.map(({ legs: _legs, via: _via, ...service }) => service) };
  if (w.plans.size >= MAX_PLANS) w.plans.delete(w.plans.keys().next().value as string);
  w.plans.set(key, route);
  return route;
}

/** A carrier as offers name it: the hand-typed one, else the planner's airline. */
function carrierOf(call: Call, code: string): { code: string; name: string } | undefined {
  const typed = own(travel(call).carriers, code);
  if (typed !== undefined) return typed;
  const known = carrierData.carriers[code];
  return known === undefined ? undefined : { code, name: known.name };
}

export interface Search {
  from?: TravelPlace;
  to?: TravelPlace;
  route?: Route;
  toOffset?: number;
  closeMs?: number;
  /** A service's departure instant (epoch ms) on the date. */
  leaves: (s: Service) => number | undefined;
  running: Service[];
  sellable: Service[];
}

/**
 * Everything a search needs: the places, the route, the services running on the date (weekday in
 * `days`, or daily), those still sellable now (departure more than the mode's salesCloseMinutes
 * ahead), and each one's departure instant. The destination's offset is taken on the departure date.
 */
export function travelSearch(call: Call, o: Location, d: Location, date: string): Search {
  const from = travelPlace(call, o);
  const to = travelPlace(call, d);
  const route = travelRoute(call, o, d, date);
  const midnight = typeof date === "string" && DATE.test(date) ? toMillis(date) : undefined;
  const weekday = midnight === undefined ? undefined : ((Math.floor(midnight / DAY) + 3) % 7) + 1;
  const fromOffset = travelUtcOffset(call, from?.timeZone, date);
  const closeMinutes = own(travel(call).salesCloseMinutes, route?.mode);
  const closeMs = closeMinutes === undefined ? undefined : closeMinutes * 60000;
  const leaves = (s: Service) => {
    const minutes = minutesOf(s.departs);
    return midnight === undefined || minutes === undefined || fromOffset === undefined ? undefined : midnight + (minutes - fromOffset) * 60000;
  };
  const running = midnight !== undefined && route !== undefined ? (route.services ?? []).filter((s) => s.days === undefined || (weekday !== undefined && s.days.includes(weekday))) : [];
  const sellable = running.filter((s) => {
    const at = leaves(s);
    return at !== undefined && closeMs !== undefined && at - closeMs > call.now;
  });
  return defined({ from, to, route, toOffset: midnight !== undefined && to !== undefined ? travelUtcOffset(call, to.timeZone, date) : undefined, closeMs, leaves, running, sellable });
}

/** A local date, time and zone of an instant at an offset. */
function local(ms: number | undefined, offset: number | undefined, tz: string | undefined): Record<string, unknown> {
  if (ms === undefined || offset === undefined || Number.isNaN(ms + offset * 60000)) return defined({ timeZone: tz });
  const written = new Date(ms + offset * 60000).toISOString();
  return defined({ date: written.slice(0, 10), localTime: written.slice(11, 16), timeZone: tz });
}

/**
 * The offers a search returns: one per sellable service in departure order, each with a fresh id
 * (`ofr_` + 8 digits), local times at both ends, `validUntil` only for a source that holds its
 * fare (never after sales close), and `status: indicative`.
 */
export function travelOffers(call: Call, o: Location, d: Location, date: string): Offer[] {
  const q = travelSearch(call, o, d, date);
  const fromOffset = travelUtcOffset(call, q.from?.timeZone, date);
  const inOrder = [...q.sellable].sort((a, b) => (a.departs > b.departs ? 1 : b.departs > a.departs ? -1 : 0));
  return inOrder.map((s) => {
    const leaves = q.leaves(s);
    const offer: Record<string, unknown> = defined({
      offerId: call.newId("ofr"),
      status: "indicative",
      mode: q.route?.mode,
      carrier: carrierOf(call, s.carrier),
      serviceNumber: s.serviceNumber,
      origin: defined({ scheme: q.from?.scheme, code: q.from?.code, name: q.from?.name }),
      destination: defined({ scheme: q.to?.scheme, code: q.to?.code, name: q.to?.name }),
      departure: local(leaves, fromOffset, q.from?.timeZone),
      arrival: local(leaves === undefined || s.durationMinutes === undefined ? undefined : leaves + s.durationMinutes * 60000, q.toOffset, q.to?.timeZone),
      durationMinutes: s.durationMinutes,
      stops: s.stops,
      cabin: s.cabin,
      fareBrand: s.fareBrand,
      price: defined({ amount: s.fare, currency: "AED" }),
      baggage: s.baggage,
      refundable: s.refundable,
      sourceSystem: s.sourceSystem,
      retrievedAt: iso(call.now),
      warnings: s.warnings === undefined ? [] : Array.isArray(s.warnings) ? s.warnings : [s.warnings],
    });
    if (truthy(s.validMinutes)) {
      const held = call.now + (s.validMinutes as number) * 60000;
      const closes = leaves === undefined || q.closeMs === undefined ? undefined : leaves - q.closeMs;
      const until = iso(closes === undefined ? held : Math.min(held, closes));
      if (until !== undefined) offer.validUntil = until;
    }
    return offer as unknown as Offer;
  });
}

/** Warnings about a whole result: the mode's, and how many of the date's departures are no longer sold. */
export function travelSearchWarnings(call: Call, o: Location, d: Location, date: string): string[] {
  const q = travelSearch(call, o, d, date);
  const gone = q.running.length - q.sellable.length;
  const mode = own(travel(call).resultWarnings, q.route?.mode);
  const warnings = mode === undefined ? [] : Array.isArray(mode) ? [...mode] : [mode];
  if (gone > 0) warnings.push(`${text(gone)} earlier departure${gone > 1 ? "s" : ""} on ${text(date)} no longer sold (sales close ${q.closeMs === undefined ? "" : text(q.closeMs / 60000)} minutes before departure)`);
  return warnings;
}

/** Why a valid search found nothing: nobody sells the route, nothing runs that day, or every departure is past its sales close. */
export function travelNoOffersWarning(call: Call, o: Location, d: Location, date: string): string {
  const q = travelSearch(call, o, d, date);
  if (q.route === undefined) return `no connected source sells ${text(o?.code)} to ${text(d?.code)}; try another station or airport nearby`;
  if (q.running.length === 0) return `no service runs from ${text(o?.code)} to ${text(d?.code)} on ${text(date)}; try nearby dates`;
  return `every departure from ${text(o?.code)} to ${text(d?.code)} on ${text(date)} has left or is past its sales close (${q.closeMs === undefined ? "" : text(q.closeMs / 60000)} minutes before departure); try a later date`;
}

/** An offer as this user's searches, revalidations and bookings remembered it, or nothing. */
export function travelOffer(call: Call, id: string): Offer | undefined {
  return own(call.state?.offers, id);
}

/** When a remembered offer leaves (epoch ms); nothing for an offer that does not say. */
export function travelOfferDepartureMs(call: Call, offer: Offer | undefined): number | undefined {
  const departure = offer?.departure;
  return departure?.timeZone !== undefined ? travelInstant(call, departure.date as string, departure.localTime as string, departure.timeZone) : undefined;
}

/** When sales of a remembered offer close (epoch ms); nothing when its departure is not known. */
export function travelSalesCloseMs(call: Call, offer: Offer | undefined): number | undefined {
  const leaves = travelOfferDepartureMs(call, offer);
  if (leaves === undefined) return undefined;
  const minutes = own(travel(call).salesCloseMinutes, offer?.mode);
  return minutes === undefined ? undefined : leaves - minutes * 60000;
}

/** Whether the source's hold on the offer's fare has ended. */
function holdEnded(call: Call, offer: Offer | undefined): boolean {
  if (offer?.validUntil === undefined) return false;
  const since = secondsSince(call.now, offer.validUntil);
  return since !== undefined && since >= 0;
}

/** True when a remembered, unbooked offer can no longer be sold as it stands: its hold ended, or its sales closed. */
export function travelOfferLapsed(call: Call, id: string): boolean {
  const offer = travelOffer(call, id);
  if (offer === undefined || offer.status === undefined || offer.status === "booked") return false;
  const close = travelSalesCloseMs(call, offer);
  return holdEnded(call, offer) || (close !== undefined && close <= call.now);
}

/** For a lapsed offer, when and why: `{at, reason}`. */
export function travelLapse(call: Call, id: string): { at?: string; reason: string } {
  const offer = travelOffer(call, id);
  if (holdEnded(call, offer)) return { at: offer?.validUntil as string, reason: "the source's hold on this fare ended" };
  const close = travelSalesCloseMs(call, offer);
  const minutes = own(travel(call).salesCloseMinutes, offer?.mode);
  return defined({ at: close === undefined ? undefined : iso(close), reason: `sales closed ${text(minutes)} minutes before departure` });
}

/** How long a revalidation holds an offer's price: revalidationHoldMinutes from now, never after its sales close. */
export function travelHoldUntil(call: Call, id: string): string | undefined {
  const close = travelSalesCloseMs(call, travelOffer(call, id));
  const hold = call.now + travel(call).revalidationHoldMinutes * 60000;
  return iso(close === undefined ? hold : Math.min(hold, close));
}

/** True when `cart_checkout` may book the offer now: revalidated in this account, not booked, not lapsed. */
export function travelBookable(call: Call, id: string): boolean {
  const status = travelOffer(call, id)?.status;
  return (status === "bookable" || status === "revalidated") && !travelOfferLapsed(call, id);
}

/** The booking an idempotency key already made, or nothing. */
export function travelBookingByKey(call: Call, key: string): Record<string, unknown> | undefined {
  if (key === undefined) return undefined;
  return Object.values(call.state?.bookings ?? {}).find((b) => b?.idempotency_key === key);
}

/** The booking of an offer, or nothing. */
export function travelBookingOf(call: Call, id: string): Record<string, unknown> | undefined {
  return own(call.state?.bookings, travelOffer(call, id)?.bookingId);
}

/** One line naming an offer for booking messages: `Emirates EK 1, DXB → LHR, departing 2027-01-15 07:45`. */
export function travelSummary(_call: Call, offer: Offer): string {
  const route = offer?.departure?.localTime !== undefined && offer?.origin?.code !== undefined;
  return `${text(offer?.carrier?.name)} ${text(offer?.serviceNumber)}${route ? `, ${text(offer.origin?.code)} → ${text(offer.destination?.code)}, departing ${text(offer.departure?.date)} ${text(offer.departure?.localTime)}` : ""}`;
}

/** Why `cart_checkout` refuses an offer that is not booked, not lapsed and not bookable, as the end of its sentence. */
export function travelNotBookableReason(call: Call, id: string): string {
  const offer = travelOffer(call, id);
  if (offer === undefined) return "was not found (never returned by offer_search for this account); run offer_search, then offer_revalidate";
  if (offer.sourceSystem === "cache:fare-index") return "is a cached fare that the carrier no longer sells; run offer_search again";
  return "was never confirmed by offer_revalidate; call offer_revalidate and confirm the price with the user before booking";
}

/** An amount as the messages write it: `2,385.00`. */
export function travelMoney(_call: Call, amount: number): string | undefined {
  if (typeof amount !== "number") return undefined;
  const rounded = round(amount, 2);
  const [whole, cents] = Math.abs(rounded).toFixed(2).split(".") as [string, string];
  return `${rounded < 0 ? "-" : ""}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}`;
}
