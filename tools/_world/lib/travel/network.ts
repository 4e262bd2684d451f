// Which carrier flies where: the rule that turns a list of hub carriers into a network covering
// every pair of real airports. A carrier flies nonstop from its hubs to every large airport within
// its range, to medium ones within a regional radius (a low-cost carrier: its whole range) and to
// small scheduled ones close to the hub (feeders). A pair it does not fly nonstop, it may connect
// once through one of its hubs when it flies both legs.
import type { Airport } from "./airport.js";
import type { CarrierData, HubCarrier } from "./carrier.js";
import { greatCircleKm } from "../geo.js";

export interface Connection {
  carrier: string;
  hub: Airport;
  /** Great-circle km of both legs together. */
  km: number;
}

/** Whether `carrier`, from its hub `hub`, flies to `other` at all. */
export function servesFromHub(data: CarrierData, carrier: HubCarrier, hub: Airport, other: Airport): boolean {
  if (!other.scheduled || other.iata === hub.iata) return false;
  const km = greatCircleKm(hub, other);
  if (km < Math.max(data.minNonstopKm, carrier.minKm ?? 0) || km > carrier.rangeKm) return false;
  if (other.size === "large") return true;
  if (other.size === "medium") return km <= (carrier.kind === "low-cost" ? carrier.rangeKm : data.regionalKm);
  return other.size === "small" && km <= data.feederKm;
}

/** The carriers that fly a pair nonstop: a carrier with a hub at either end that serves the other. */
export function nonstopCarriers(data: CarrierData, a: Airport, b: Airport): string[] {
  const out: string[] = [];
  for (const [code, carrier] of Object.entries(data.carriers)) {
    const fromA = carrier.hubs.includes(a.iata) && servesFromHub(data, carrier, a, b);
    const fromB = !fromA && carrier.hubs.includes(b.iata) && servesFromHub(data, carrier, b, a);
    if (fromA || fromB) out.push(code);
  }
  return out;
}

/**
 * One-stop connections for a pair, shortest first: a carrier and one of its hubs such that it
 * flies both legs and the detour is at most `maxDetour` times the direct distance.
 */
export function oneStopConnections(data: CarrierData, byCode: ReadonlyMap<string, Airport>, a: Airport, b: Airport, maxDetour = 1.6): Connection[] {
  const direct = greatCircleKm(a, b);
  const out: Connection[] = [];
  for (const [code, carrier] of Object.entries(data.carriers)) {
    for (const hubCode of carrier.hubs) {
      const hub = byCode.get(hubCode);
      if (!hub || hub.iata === a.iata || hub.iata === b.iata) continue;
      if (!servesFromHub(data, carrier, hub, a) || !servesFromHub(data, carrier, hub, b)) continue;
      const km = greatCircleKm(a, hub) + greatCircleKm(hub, b);
      if (km <= direct * maxDetour + 300) out.push({ carrier: code, hub, km });
    }
  }
  return out.sort((x, y) => x.km - y.km || (x.carrier < y.carrier ? -1 : 1));
}
