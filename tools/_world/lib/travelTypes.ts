// The travel world's entities (tools/_world/travel.md's data) and the offers and bookings a user's calls keep.
import type { Money } from "./call.js";

/** Where a search goes from or to: a code under a scheme (IATA airports, UIC stations, GTFS stops). */
export interface Location {
  scheme?: string;
  code?: string;
}

export interface TravelPlace {
  scheme: string;
  code: string;
  name: string;
  city: string;
  timeZone: string;
  [key: string]: unknown;
}

export interface Service {
  carrier: string;
  serviceNumber: string;
  departs: string;
  durationMinutes: number;
  days?: number[];
  stops?: number;
  cabin?: string;
  fareBrand?: string;
  fare: number;
  baggage?: string | null;
  refundable?: boolean | null;
  sourceSystem?: string;
  validMinutes?: number;
  warnings?: string[] | string;
}

export interface Route {
  mode: "flight" | "rail" | "bus";
  services: Service[];
}

export interface TravelWorld {
  bookingHorizonDays: number;
  salesCloseMinutes: Record<string, number>;
  revalidationHoldMinutes: number;
  traveller: string;
  timeZones: Record<string, { standardOffsetMinutes: number; dst?: "EU" }>;
  cities: Record<string, { name: string; country: string }>;
  places: Record<string, TravelPlace>;
  carriers: Record<string, { code: string; name: string }>;
  routes: Record<string, Route>;
  resultWarnings: Record<string, string[] | string>;
}

/** An offer as the service remembers it (searched, revalidated, booked). */
export interface Offer {
  offerId: string;
  status?: string;
  mode?: string;
  carrier?: { code: string; name: string };
  serviceNumber?: string;
  origin?: { scheme?: string; code?: string; name?: string };
  destination?: { scheme?: string; code?: string; name?: string };
  departure?: { date?: string; localTime?: string; timeZone?: string };
  arrival?: { date?: string; localTime?: string; timeZone?: string };
  price?: Money;
  sourceSystem?: string;
  validUntil?: string;
  bookingId?: string;
  [key: string]: unknown;
}

export interface TravelState {
  offers?: Record<string, Offer>;
  bookings?: Record<string, Record<string, unknown> & { idempotency_key?: string }>;
}
