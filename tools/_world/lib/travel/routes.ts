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
import { hash32, unitHash } from "../hash.js";
import { flightMinutes } from "./flightTime.js";
import { nonstopCarriers, oneStopConnections, type Connection } from "./network.js";

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
  /** The connecting airport of a one-stop flight. */
  via?: string;
  legs: FlightLeg[];
}

export type FlightPlanKind = "nonstop" | "one-stop" | "none";

export interface FlightPlan {
  kind: FlightPlanKind;
  /** Great-circle km between origin and destination. */
  km: number;
  /** Departure order. */
  services: FlightService[];
}

export interface RoutePlanner {
  readonly data: CarrierData;
  readonly byCode: ReadonlyMap<string, Airport>;
}

/** The planner over a world's airports and carriers (cheap: nothing is precomputed per pair). */
export function createRoutePlanner(byCode: ReadonlyMap<string, Airport>, data: CarrierData): RoutePlanner {
  for (const [code, carrier] of Object.entries(data.carriers)) {
    for (const hub of carrier.hubs) if (!byCode.has(hub)) throw new Error(`carriers.json: carrier ${code}'s hub ${hub} is no airport in airports.json (fix the hub code or the airport data)`);
  }
  return { data, byCode };
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
  const nonstop = nonstopCarriers(planner.data, a, b);
  if (nonstop.length > 0) {
    const services = nonstop.flatMap((code) => nonstopServices(planner, code, a, b, km, date, cabin));
    return { kind: "nonstop", km, services: byDeparture(services) };
  }
  const connections = distinctCarriers(oneStopConnections(planner.data, planner.byCode, a, b)).slice(0, 3);
  const services = connections.flatMap((c) => oneStopService(planner, c, a, b, date, cabin) ?? []);
  return { kind: services.length > 0 ? "one-stop" : "none", km, services: byDeparture(services) };
}

function byDeparture(services: FlightService[]): FlightService[] {
  return services.sort((x, y) => (x.departs < y.departs ? -1 : x.departs > y.departs ? 1 : x.serviceNumber < y.serviceNumber ? -1 : 1));
}

/** The best connection of each carrier: three carriers through their hubs, not one through three. */
function distinctCarriers(connections: Connection[]): Connection[] {
  const seen = new Set<string>();
  return connections.filter((c) => !seen.has(c.carrier) && seen.add(c.carrier));
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
    if (priced) out.push({ ...priced, carrier: code, serviceNumber, departs, durationMinutes: minutes, stops: 0, legs: [leg] });
  }
  return out;
}

function oneStopService(planner: RoutePlanner, c: Connection, a: Airport, b: Airport, date: string, cabin: Cabin): FlightService | undefined {
  const carrier = planner.data.carriers[c.carrier]!;
  const first = flightMinutes(a, c.hub);
  const second = flightMinutes(c.hub, b);
  // A connection of 1 h 10 to 3 h, as hubs time their banks.
  const connect = 70 + Math.round((unitHash("conn", c.carrier, a.iata, b.iata) * 110) / 5) * 5;
  const departs = departureTime(c.carrier, a, b, 0, 1);
  const serviceNumber = flightNumber(c.carrier, carrier, a, c.hub, 0);
  const onward = flightNumber(c.carrier, carrier, c.hub, b, 0);
  // The onward leg leaves the hub in the hub's local time; the world module works out local
  // times with its zone clock, so legs carry times relative to the first departure.
  const onwardStart = minutesOf(departs) + first + connect;
  const legs: FlightLeg[] = [
    { carrier: c.carrier, serviceNumber, origin: a.iata, destination: c.hub.iata, departs, dayOffset: 0, durationMinutes: first },
    { carrier: c.carrier, serviceNumber: onward, origin: c.hub.iata, destination: b.iata, departs: hhmm(onwardStart), dayOffset: Math.floor(onwardStart / 1440), durationMinutes: second },
  ];
  // Connecting fares are priced on both legs' distance, below two separate tickets.
  const priced = price(planner.data, carrier, c.carrier, serviceNumber, a, b, c.km * 0.85, date, cabin);
  if (!priced) return undefined;
  const where = c.hub.city || c.hub.name;
  return {
    ...priced,
    carrier: c.carrier,
    serviceNumber,
    departs,
    durationMinutes: first + connect + second,
    stops: 1,
    warnings: [`one stop: change planes in ${where} (${c.hub.iata}), ${duration(connect)} connection`, ...priced.warnings],
    via: c.hub.iata,
    legs,
  };
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
  const key = [code, serviceNumber, a.iata, b.iata, date, cabin];
  const family: FareFamily = families[hash32("family", ...key) % families.length]!;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const base = 280 + 1.4 * Math.pow(km, 0.85);
  const amount =
    base *
    data.cabinFactors[cabin] *
    family.factor *
    (carrier.kind === "low-cost" ? 0.72 : 1) *
    (weekday === 5 || weekday === 0 ? 1.08 : 1) *
    (0.85 + 0.4 * unitHash("fare", ...key));
  const fare = Math.round(amount / 5) * 5;
  if (hash32("source", ...key) % 7 === 0) {
    return { cabin, fare, baggage: null, refundable: null, sourceSystem: "cache:fare-index", warnings: [...CACHED_WARNINGS] };
  }
  const gds = carrier.sourceSystem.startsWith("gds:");
  const noBaggage = gds && hash32("baggage", ...key) % 4 === 0;
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
