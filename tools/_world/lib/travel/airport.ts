// What the travel world knows of one airport, as tools/_world/data/travel/airports.json holds it
// (written by scripts/world/travelData.mjs from pinned npm datasets).

/** Size class from OurAirports: how much traffic an airport can take. */
export type AirportSize = "large" | "medium" | "small" | "seaplane" | "heliport";

export interface Airport {
  /** IATA code, upper case. */
  iata: string;
  name: string;
  /** The city it serves (OpenFlights); "" when no source names one. */
  city: string;
  /** ISO 3166 alpha-2. */
  country: string;
  countryName: string;
  lat: number;
  lon: number;
  /** IANA time zone. */
  tz: string;
  size: AirportSize;
  /** OurAirports marks scheduled passenger service. */
  scheduled: boolean;
}

/** An IATA metropolitan-area code: a city's airports, main hub first. */
export interface Metro {
  city: string;
  airports: string[];
}

/** tools/_world/data/travel/metro-codes.json */
export interface MetroData {
  metros: Record<string, Metro>;
  /** English city name → its Arabic name(s), space-separated. */
  arabicCityNames: Record<string, string>;
}
