// Which carrier flies where: the rule that turns a list of hub carriers into a network covering
// every pair of real airports. A carrier flies nonstop from each of its hubs to every large
// airport within its range, to medium ones within a regional radius (a low-cost carrier: its
// whole range), to small scheduled ones close to the hub (feeders), and to every scheduled
// airport of its hub's own country (its domestic network). A pair no carrier flies nonstop
// connects through one hub (on one carrier when one flies both legs, else two carriers at that
// hub), or, between two regional airports far apart, through two hubs.
import type { Airport } from "./airport.js";
import type { CarrierData, HubCarrier } from "./carrier.js";
import { greatCircleKm } from "../geo.js";

/** A carrier at one of its hubs. */
export interface HubService {
  code: string;
  carrier: HubCarrier;
  hub: Airport;
}

export interface Network {
  readonly data: CarrierData;
  readonly byCode: ReadonlyMap<string, Airport>;
  readonly services: readonly HubService[];
  /** Hub airport code → the carriers based there. */
  readonly atHub: ReadonlyMap<string, readonly HubService[]>;
  /** Every hub airport once, and (same positions) the carriers based there. */
  readonly hubs: readonly Airport[];
  readonly hubCarriers: readonly (readonly HubService[])[];
}

/** A flight leg as the network plans it: who flies it, from where to where. */
export interface PlannedLeg {
  code: string;
  from: Airport;
  to: Airport;
  km: number;
}

export function createNetwork(byCode: ReadonlyMap<string, Airport>, data: CarrierData): Network {
  const services: HubService[] = [];
  const atHub = new Map<string, HubService[]>();
  for (const [code, carrier] of Object.entries(data.carriers)) {
    for (const hubCode of carrier.hubs) {
      const hub = byCode.get(hubCode);
      if (!hub) throw new Error(`tools/_world/data/travel/carriers.json: carrier ${code}'s hub ${hubCode} is no airport in airports.json (fix the hub code, or the airport data with scripts/world/travelData.mjs)`);
      const s = { code, carrier, hub };
      services.push(s);
      atHub.set(hubCode, [...(atHub.get(hubCode) ?? []), s]);
    }
  }
  const hubs = [...atHub.keys()].map((code) => byCode.get(code)!);
  return { data, byCode, services, atHub, hubs, hubCarriers: hubs.map((h) => atHub.get(h.iata)!) };
}

/** Whether a carrier flies from its hub to `other`, `km` away. */
export function serves(data: CarrierData, s: HubService, other: Airport, km: number): boolean {
  if (!other.scheduled || other.iata === s.hub.iata) return false;
  if (km < Math.max(data.minNonstopKm, s.carrier.minKm ?? 0) || km > s.carrier.rangeKm) return false;
  if (other.size === "large") return true;
  if (other.country === s.hub.country && s.carrier.kind === "full" && (other.size === "medium" || other.size === "small")) return true;
  if (other.size === "medium") return km <= (s.carrier.kind === "low-cost" ? s.carrier.rangeKm : data.regionalKm);
  return other.size === "small" && km <= data.feederKm;
}

/** The carriers that fly a pair nonstop: a carrier with a hub at either end that serves the other. */
export function nonstopCarriers(net: Network, a: Airport, b: Airport, km = greatCircleKm(a, b)): string[] {
  const out: string[] = [];
  for (const s of net.atHub.get(a.iata) ?? []) if (serves(net.data, s, b, km)) out.push(s.code);
  for (const s of net.atHub.get(b.iata) ?? []) if (!out.includes(s.code) && serves(net.data, s, a, km)) out.push(s.code);
  return out;
}

/** Every hub's distance to a point (positions as net.hubs): worked out once per search and shared. */
export function hubDistances(net: Network, p: Airport): Float64Array {
  const out = new Float64Array(net.hubs.length);
  for (let i = 0; i < net.hubs.length; i++) out[i] = greatCircleKm(net.hubs[i]!, p);
  return out;
}

/**
 * Itineraries through one hub, shortest first, at most one per selling carrier and at most
 * `max`; each leg flown by a carrier based at the hub (the same one for both legs when one flies
 * both). Detours longer than 1.6 times the direct distance (plus 300 km) are left out.
 */
export function oneStopItineraries(net: Network, a: Airport, b: Airport, fromA = hubDistances(net, a), fromB = hubDistances(net, b), max = 3): PlannedLeg[][] {
  const direct = greatCircleKm(a, b);
  const found: { km: number; legs: PlannedLeg[] }[] = [];
  for (let i = 0; i < net.hubs.length; i++) {
    const hub = net.hubs[i]!;
    if (hub.iata === a.iata || hub.iata === b.iata) continue;
    const ka = fromA[i]!;
    const kb = fromB[i]!;
    if (ka + kb > direct * 1.6 + 300) continue;
    const based = net.hubCarriers[i]!;
    const first = based.filter((s) => serves(net.data, s, a, ka));
    if (first.length === 0) continue;
    const second = based.filter((s) => serves(net.data, s, b, kb));
    if (second.length === 0) continue;
    // One carrier for the whole trip wherever it can: a through ticket, bags checked to the end.
    const both = first.filter((s) => second.includes(s));
    const pairs = both.length > 0 ? both.map((s) => [s, s] as const) : [[first[0]!, second[0]!] as const];
    for (const [s1, s2] of pairs) {
      // On a long trip a traveller connects through a global hub: a carrier whose fleet cannot
      // fly 12,000 km ranks as if its detour were 1,500 km longer.
      const cost = ka + kb + (direct > 6000 && s1.carrier.rangeKm < 12000 ? 1500 : 0);
      found.push({ km: cost, legs: [{ code: s1.code, from: a, to: hub, km: ka }, { code: s2.code, from: hub, to: b, km: kb }] });
    }
  }
  found.sort((x, y) => x.km - y.km || (x.legs[0]!.code < y.legs[0]!.code ? -1 : 1));
  const seen = new Set<string>();
  return found.filter((f) => !seen.has(f.legs[0]!.code) && seen.add(f.legs[0]!.code)).slice(0, max).map((f) => f.legs);
}

/**
 * The shortest itinerary through two hubs, for regional airports no single hub serves both of:
 * the three hubs nearest each end that serve it, joined by a carrier based at either hub.
 */
export function twoStopItinerary(net: Network, a: Airport, b: Airport, fromA = hubDistances(net, a), fromB = hubDistances(net, b)): PlannedLeg[] | undefined {
  const feeders = (p: Airport, distances: Float64Array) => {
    const out: { s: HubService; km: number }[] = [];
    for (let i = 0; i < net.hubs.length; i++) {
      const km = distances[i]!;
      const s = net.hubCarriers[i]!.find((x) => serves(net.data, x, p, km));
      if (s) out.push({ s, km });
    }
    return out.sort((x, y) => x.km - y.km).slice(0, 3);
  };
  let best: { km: number; legs: PlannedLeg[] } | undefined;
  const ys = feeders(b, fromB);
  for (const x of feeders(a, fromA)) {
    for (const y of ys) {
      if (x.s.hub.iata === y.s.hub.iata) continue;
      const middle = greatCircleKm(x.s.hub, y.s.hub);
      const carrier = [x.s, y.s].find((s) => serves(net.data, s, s === x.s ? y.s.hub : x.s.hub, middle));
      if (!carrier) continue;
      const km = x.km + middle + y.km;
      if (best && best.km <= km) continue;
      best = {
        km,
        legs: [
          { code: x.s.code, from: a, to: x.s.hub, km: x.km },
          { code: carrier.code, from: x.s.hub, to: y.s.hub, km: middle },
          { code: y.s.code, from: y.s.hub, to: b, km: y.km },
        ],
      };
    }
  }
  return best?.legs;
}
