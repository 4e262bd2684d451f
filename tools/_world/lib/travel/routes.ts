// Flights for any pair of real airports on a date, as a fare search would list them: nonstop
// services of every carrier that flies the pair, else one-stop itineraries through a real hub.
// Times come from the great-circle distance (flightTime.ts), carriers from the hub network
// (network.ts), fares from the distance, the cabin and a seeded hash of (carrier, pair, date,
// cabin): the same question always gets the same answer, in every process.
//
// The services have the shape of the travel world's hand-typed ones (tools/_world/travel.md
// `routes.*.services`), so a world module can answer a hand-typed route when it has one and a
// planned one otherwise, with the same code after that.
import type { Airport } from "./airport.js";
import type { Cabin, CarrierData, FareFamily, HubCarrier } from "./carrier.js";
import { greatCircleKm } from "../geo.js";
import { hash32, mix32, unitHash } from "../hash.js";
import { flightMinutes } from "./flightTime.js";
import { createNetwork, hubDistances, nonstopCarriers, oneStopItineraries, twoStopItinerary, type Network, type PlannedLeg } from "./network.js";

export interface FlightLeg {
  carrier: string;
  serviceNumber: string;
  origin: string;
  destination: string;
  /** Local wall-clock departure at the leg's origin, HH:MM; the day offset from the trip's first departure date. */
  departs: string;
  dayOffset: number;
  durationMinutes: number;
}

/** A flight as the travel world's hand-typed services are written, plus its legs. */
export interface FlightService {
  carrier: string;
  serviceNumber: string;
  /** Local departure time at the origin, HH:MM. */
  departs: string;
  durationMinutes: number;
  stops: number;
  cabin: Cabin;
  fareBrand?: string;
  /** AED, one adult, taxes included. */
  fare: number;
  baggage: string | null;
  refundable: boolean | null;
  sourceSystem: string;
  /** Minutes the source holds the fare after a search; absent for a cached fare. */
  validMinutes?: number;
  warnings: string[];
  /** The connecting airports of a flight with stops, comma-separated. */
  via?: string;
  legs: FlightLeg[];
}

export type FlightPlanKind = "nonstop" | "one-stop" | "two-stop" | "none";

export interface FlightPlan {
  kind: FlightPlanKind;
  /** Great-circle km between origin and destination. */
  km: number;
  /** Departure order. */
  services: FlightService[];
}

export type RoutePlanner = Network;

/** The planner over a world's airports and carriers: the hub network, checked, nothing per pair. */
export function createRoutePlanner(byCode: ReadonlyMap<string, Airport>, data: CarrierData): RoutePlanner {
  return createNetwork(byCode, data);
}

/**
 * The flights from `origin` to `destination` (IATA codes, any case) departing on `date`
 * (YYYY-MM-DD, local at the origin), in `cabin` (default economy). Unknown codes, the same
 * airport twice, or a pair nobody connects give `kind: "none"` and no services.
 */
export function planFlights(planner: RoutePlanner, origin: string, destination: string, date: string, cabin: Cabin = "economy"): FlightPlan {
  const a = planner.byCode.get(origin.trim().toUpperCase());
  const b = planner.byCode.get(destination.trim().toUpperCase());
  if (!a || !b || a.iata === b.iata) return { kind: "none", km: a && b ? 0 : NaN, services: [] };
  const km = greatCircleKm(a, b);
  // Two airports this close share a city or a region: people drive, nobody flies between them.
  if (km < planner.data.minNonstopKm) return { kind: "none", km, services: [] };
  const nonstop = nonstopCarriers(planner, a, b, km);
  if (nonstop.length > 0) {
    const services = nonstop.flatMap((code) => nonstopServices(planner, code, a, b, km, date, cabin));
    if (services.length > 0) return { kind: "nonstop", km, services: byDeparture(services) };
  }
  const fromA = hubDistances(planner, a);
  const fromB = hubDistances(planner, b);
  const oneStop = oneStopItineraries(planner, a, b, fromA, fromB).flatMap((legs) => connectingService(planner, legs, date, cabin) ?? []);
  if (oneStop.length > 0) return { kind: "one-stop", km, services: byDeparture(oneStop) };
  const legs = twoStopItinerary(planner, a, b, fromA, fromB);
  const twoStop = legs ? connectingService(planner, legs, date, cabin) : undefined;
  return twoStop ? { kind: "two-stop", km, services: [twoStop] } : { kind: "none", km, services: [] };
}

function byDeparture(services: FlightService[]): FlightService[] {
  return services.sort((x, y) => (x.departs < y.departs ? -1 : x.departs > y.departs ? 1 : x.serviceNumber < y.serviceNumber ? -1 : 1));
}

/** Daily departures of a carrier on a nonstop pair: more on short routes, one on the longest. */
function departuresPerDay(code: string, a: Airport, b: Airport, km: number): number {
  const h = hash32("freq", code, a.iata, b.iata);
  if (km < 1500) return 1 + (h % 3);
  if (km < 6000) return 1 + (h % 2);
  return 1;
}

/** A departure time, HH:MM in 5-minute steps, spread over the day for a carrier's k-th flight of n. */
function departureTime(code: string, a: Airport, b: Airport, k: number, n: number): string {
  const span = Math.floor(1380 / n);
  const minutes = 30 + k * span + (hash32("dep", code, a.iata, b.iata, k) % Math.max(1, span - 30));
  return hhmm(Math.round(minutes / 5) * 5);
}

function hhmm(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** A flight number: odd leaving the carrier's hub, even flying back, stable per pair. */
function flightNumber(code: string, carrier: HubCarrier, a: Airport, b: Airport, k: number): string {
  const outbound = carrier.hubs.includes(a.iata);
  const pair = [a.iata, b.iata].sort().join("-");
  const base = 100 + 2 * (hash32("num", code, pair) % 440);
  return `${code} ${base + 4 * k + (outbound ? 1 : 0)}`;
}

function nonstopServices(planner: RoutePlanner, code: string, a: Airport, b: Airport, km: number, date: string, cabin: Cabin): FlightService[] {
  const carrier = planner.data.carriers[code]!;
  const minutes = flightMinutes(a, b);
  const n = departuresPerDay(code, a, b, km);
  const out: FlightService[] = [];
  for (let k = 0; k < n; k++) {
    const serviceNumber = flightNumber(code, carrier, a, b, k);
    const departs = departureTime(code, a, b, k, n);
    const leg: FlightLeg = { carrier: code, serviceNumber, origin: a.iata, destination: b.iata, departs, dayOffset: 0, durationMinutes: minutes };
    const priced = price(planner.data, carrier, code, serviceNumber, a, b, km, date, cabin);
    if (priced) out.push(service(priced, { carrier: code, serviceNumber, departs, durationMinutes: minutes, stops: 0, warnings: priced.warnings, legs: [leg] }));
  }
  return out;
}

/**
 * A trip over several legs, sold by the first leg's carrier. Each connection takes 1 h 10 to
 * 3 h, as hubs time their banks. Leg departures are wall-clock times at each leg's origin only
 * for the first leg; later legs carry times counted from it (`dayOffset`, `departs` on the
 * first leg's clock), and the world module shows them in local time with its zone clock.
 */
function connectingService(planner: RoutePlanner, planned: readonly PlannedLeg[], date: string, cabin: Cabin): FlightService | undefined {
  const first = planned[0]!;
  const last = planned[planned.length - 1]!;
  const seller = planner.data.carriers[first.code]!;
  const departs = departureTime(first.code, first.from, last.to, 0, 1);
  const legs: FlightLeg[] = [];
  const connections: string[] = [];
  let clock = minutesOf(departs);
  planned.forEach((p, i) => {
    if (i > 0) {
      const connect = 70 + Math.round((unitHash("conn", p.code, p.from.iata, first.from.iata, last.to.iata) * 110) / 5) * 5;
      clock += connect;
      connections.push(`${p.from.city || p.from.name} (${p.from.iata}), ${duration(connect)} connection`);
    }
    const minutes = flightMinutes(p.from, p.to);
    const carrier = planner.data.carriers[p.code]!;
    legs.push({ carrier: p.code, serviceNumber: flightNumber(p.code, carrier, p.from, p.to, 0), origin: p.from.iata, destination: p.to.iata, departs: hhmm(clock), dayOffset: Math.floor(clock / 1440), durationMinutes: minutes });
    clock += minutes;
  });
  // Connecting fares are priced on the legs' whole distance, below separate tickets.
  const km = planned.reduce((sum, p) => sum + p.km, 0);
  const serviceNumber = legs[0]!.serviceNumber;
  const priced = price(planner.data, seller, first.code, serviceNumber, first.from, last.to, km * 0.85, date, cabin);
  if (!priced) return undefined;
  const stops = planned.length - 1;
  const warnings = [`${stops === 1 ? "one stop" : `${stops} stops`}: change planes in ${connections.join(", then ")}`];
  for (const leg of legs.slice(1)) {
    if (leg.carrier !== first.code) warnings.push(`${leg.origin} to ${leg.destination} is operated by ${planner.data.carriers[leg.carrier]!.name} (${leg.serviceNumber}): check in again if the bags are not checked through`);
  }
  const out = service(priced, { carrier: first.code, serviceNumber, departs, durationMinutes: clock - minutesOf(departs), stops, warnings: [...warnings, ...priced.warnings], legs });
  out.via = legs.slice(1).map((l) => l.origin).join(",");
  return out;
}

/**
 * A service from its schedule and its price, its fields always in one order. Built field by
 * field, not by spreading the price: objects of a few shapes spread into a literal were most of
 * a search's time (V8's slow path), about 10 µs a service.
 */
function service(priced: Priced, s: Pick<FlightService, "carrier" | "serviceNumber" | "departs" | "durationMinutes" | "stops" | "warnings" | "legs">): FlightService {
  const out: FlightService = {
    carrier: s.carrier,
    serviceNumber: s.serviceNumber,
    departs: s.departs,
    durationMinutes: s.durationMinutes,
    stops: s.stops,
    cabin: priced.cabin,
    fare: priced.fare,
    baggage: priced.baggage,
    refundable: priced.refundable,
    sourceSystem: priced.sourceSystem,
    warnings: s.warnings,
    legs: s.legs,
  };
  if (priced.fareBrand !== undefined) out.fareBrand = priced.fareBrand;
  if (priced.validMinutes !== undefined) out.validMinutes = priced.validMinutes;
  return out;
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** `1 h 50 min`, as the hand-typed one-stop warning writes it. */
function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

type Priced = Pick<FlightService, "cabin" | "fareBrand" | "fare" | "baggage" | "refundable" | "sourceSystem" | "validMinutes" | "warnings">;

const CACHED_WARNINGS = ["cached fare, possibly several hours old: no validity deadline; revalidate before booking", "fare conditions (refundability, baggage) not returned by the source"];
const NO_BAGGAGE_WARNING = "baggage allowance not returned by the source; check before booking";

/**
 * A service's fare and conditions. Economy is 280 AED plus 1.4 AED per km^0.85 (so DXB-MCT
 * about 480, DXB-LHR about 2,400, DXB-SYD about 4,400), times the cabin's factor, the fare
 * family's, 0.72 for a low-cost carrier, 1.08 on Fridays and Sundays, and a spread of 0.85 to
 * 1.25 from the hash. One service in seven is a cached fare (no deadline, no conditions: never
 * bookable), and a GDS fare leaves the baggage out one time in four, as today's sources do.
 * Undefined when the carrier does not sell the cabin.
 */
function price(data: CarrierData, carrier: HubCarrier, code: string, serviceNumber: string, a: Airport, b: Airport, km: number, date: string, cabin: Cabin): Priced | undefined {
  if (!carrier.cabins.includes(cabin)) return undefined;
  const families = data.fareFamilies[carrier.kind][cabin];
  if (!families || families.length === 0) return undefined;
  const key = hash32(code, serviceNumber, a.iata, b.iata, date, cabin);
  const family: FareFamily = families[mix32(key, 1) % families.length]!;
  const weekday = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)))).getUTCDay();
  const base = 280 + 1.4 * Math.pow(km, 0.85);
  const amount =
    base *
    data.cabinFactors[cabin] *
    family.factor *
    (carrier.kind === "low-cost" ? 0.72 : 1) *
    (weekday === 5 || weekday === 0 ? 1.08 : 1) *
    (0.85 + (0.4 * mix32(key, 2)) / 0x1_0000_0000);
  const fare = Math.round(amount / 5) * 5;
  if (mix32(key, 3) % 7 === 0) {
    return { cabin, fare, baggage: null, refundable: null, sourceSystem: "cache:fare-index", warnings: [...CACHED_WARNINGS] };
  }
  const gds = carrier.sourceSystem.startsWith("gds:");
  const noBaggage = gds && mix32(key, 4) % 4 === 0;
  return {
    cabin,
    fareBrand: family.fareBrand,
    fare,
    baggage: noBaggage ? null : family.baggage,
    refundable: family.refundable,
    sourceSystem: carrier.sourceSystem,
    validMinutes: gds ? 15 : 20,
    warnings: noBaggage ? [NO_BAGGAGE_WARNING] : [],
  };
}
