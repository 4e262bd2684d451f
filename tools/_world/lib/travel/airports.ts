// Every airport by its code, and a search over them by code, city, name or country, as a
// booking site's "From" box answers: "LON" and "London" list Heathrow first, "CDG" is Charles de
// Gaulle, "Pari" and "Parsi" still find Paris, "لندن" finds London.
import MiniSearch from "minisearch";
import { normalizeText, words } from "../text.js";
import type { Airport, MetroData } from "./airport.js";

export interface AirportIndex {
  readonly byCode: ReadonlyMap<string, Airport>;
  /** Metro code (LON) → its airports, main hub first. */
  readonly metros: ReadonlyMap<string, readonly Airport[]>;
  /** Normal-form city name (london, لندن) → the metro's airports, main hub first. */
  readonly metroByCity: ReadonlyMap<string, readonly Airport[]>;
  /** Normal-form city name → every airport serving it, largest first. */
  readonly byCity: ReadonlyMap<string, readonly Airport[]>;
  /**
   * The text indexes, built on the first text search and kept with this index. offer_search only
   * looks airports up by code, so a world that never searches airports by text never pays the
   * 50-150 ms of indexing 6,300 airports' words when it loads.
   */
  readonly texts: () => AirportTexts;
  /** Per airport, how much a text match counts: size, scheduled service, main airport of a metro. */
  readonly boosts: ReadonlyMap<string, number>;
}

export interface AirportHit {
  airport: Airport;
  score: number;
}

export interface AirportTexts {
  all: MiniSearch<AirportDoc>;
  /** The large airports only: where a misspelt word is looked for (see textSearch). */
  large: MiniSearch<AirportDoc>;
}

interface AirportDoc {
  id: string;
  iata: string;
  name: string;
  city: string;
  cityAr: string;
  country: string;
}

// Bigger airports first when a text matches several: "Manchester" is MAN, not Manchester (NH).
const SIZE_BOOST: Record<Airport["size"], number> = { large: 2, medium: 1.2, small: 0.7, seaplane: 0.5, heliport: 0.4 };

/** Builds the lookups from the airports (a few ms); the text indexes wait for the first text search. */
export function createAirportIndex(airports: readonly Airport[], metroData: MetroData): AirportIndex {
  const byCode = new Map(airports.map((a) => [a.iata, a]));
  const byCity = new Map<string, Airport[]>();
  for (const a of airports) {
    if (a.city === "") continue;
    const key = normalizeText(a.city);
    const list = byCity.get(key) ?? [];
    list.push(a);
    byCity.set(key, list);
  }
  for (const list of byCity.values()) list.sort((x, y) => SIZE_BOOST[y.size] - SIZE_BOOST[x.size]);

  const metros = new Map<string, Airport[]>();
  const metroByCity = new Map<string, Airport[]>();
  // A metro's first airport gets the largest boost, so "Paris" answers CDG before ORY.
  const primary = new Map<string, number>();
  for (const [code, metro] of Object.entries(metroData.metros)) {
    const list = metro.airports.map((c) => byCode.get(c)).filter((a): a is Airport => a !== undefined);
    metros.set(code, list);
    metroByCity.set(normalizeText(metro.city), list);
    for (const ar of words(metroData.arabicCityNames[metro.city] ?? "")) metroByCity.set(ar, list);
    list.forEach((a, i) => primary.set(a.iata, Math.max(primary.get(a.iata) ?? 0, 3 - i)));
  }

  const boosts = new Map(airports.map((a) => [a.iata, SIZE_BOOST[a.size] * (a.scheduled ? 1 : 0.6) * (1 + (primary.get(a.iata) ?? 0) * 0.5)]));
  let texts: AirportTexts | undefined;
  return { byCode, metros, metroByCity, byCity, boosts, texts: () => (texts ??= airportTexts(airports, metroData, byCode)) };
}

/** Builds the text indexes (about 6,300 documents: tens of ms). */
function airportTexts(airports: readonly Airport[], metroData: MetroData, byCode: ReadonlyMap<string, Airport>): AirportTexts {
  const options = { fields: ["iata", "name", "city", "cityAr", "country"], tokenize: words, processTerm: (term: string) => term };
  const docs = airports.map((a) => ({
    id: a.iata,
    iata: a.iata,
    name: a.name,
    city: a.city,
    // "مطار" (airport) makes "مطار دبي" a query every word of which an airport has.
    cityAr: metroData.arabicCityNames[a.city] ? `مطار ${metroData.arabicCityNames[a.city]}` : "",
    country: a.countryName,
  }));
  const all = new MiniSearch<AirportDoc>(options);
  all.addAll(docs);
  const large = new MiniSearch<AirportDoc>(options);
  large.addAll(docs.filter((d) => byCode.get(d.id)!.size === "large"));
  return { all, large };
}

/** The airport with this IATA code, whatever its case and surrounding spaces. */
export function airportByCode(index: AirportIndex, code: string): Airport | undefined {
  return index.byCode.get(code.trim().toUpperCase());
}

/** Whether any airport has this IATA code: `invalid_location` is for the codes this says no to. */
export function isKnownAirportCode(index: AirportIndex, code: string): boolean {
  return airportByCode(index, code) !== undefined;
}

/** An airport's IANA time zone, or undefined for an unknown code. */
export function airportTimeZone(index: AirportIndex, code: string): string | undefined {
  return airportByCode(index, code)?.tz;
}

/**
 * The airports of a city named in words ("Dubai", "london", "لندن"): the metro's airports in
 * their curated order when the city has a metro code, else every airport the datasets place in
 * that city, largest first; [] when no airport serves a city of that name.
 */
export function airportsOfCity(index: AirportIndex, name: string): readonly Airport[] {
  const key = normalizeText(name);
  return index.metroByCity.get(key) ?? index.byCity.get(key) ?? [];
}

/**
 * Airports for what a user typed, best first. An exact IATA code comes first, then a metro
 * code's or a city name's airports in their order; then text matches over code, name, city and
 * country (whole words, the last word as a prefix, typos tolerated when nothing matches exactly),
 * larger and main airports ahead.
 */
export function searchAirports(index: AirportIndex, query: string, options: { limit?: number } = {}): AirportHit[] {
  const limit = options.limit ?? 10;
  const normal = normalizeText(query);
  if (normal === "") return [];
  const hits: AirportHit[] = [];
  const seen = new Set<string>();
  const push = (airport: Airport, score: number) => {
    if (seen.has(airport.iata)) return;
    seen.add(airport.iata);
    hits.push({ airport, score });
  };
  const exact = index.byCode.get(normal.toUpperCase());
  if (exact) push(exact, 1000);
  const metro = index.metros.get(normal.toUpperCase()) ?? index.metroByCity.get(normal);
  metro?.forEach((a, i) => push(a, 900 - i));
  if (hits.length < limit) {
    for (const r of textSearch(index, normal)) {
      const a = index.byCode.get(r.id as string);
      if (a) push(a, r.score);
      if (hits.length >= limit) break;
    }
  }
  return hits.slice(0, limit);
}

function textSearch(index: AirportIndex, normal: string) {
  const boosts = index.boosts;
  const base = {
    boost: { iata: 4, city: 3, cityAr: 3, name: 1.5, country: 0.5 },
    boostDocument: (id: unknown) => boosts.get(id as string) ?? 1,
    combineWith: "AND" as const,
  };
  // Exact words and a prefix for the last one first: cheap, and right whenever the user spelled
  // the words; only when that finds nothing is the fuzzier (slower) search worth its cost.
  const last = normal.split(" ").length - 1;
  const { all, large } = index.texts();
  const exact = all.search(normal, { ...base, prefix: (term, i) => i === last && term.length >= 2 });
  if (exact.length > 0) return exact;
  // Typos are forgiven among the 800 large airports only: one edit for most words ("Londn",
  // "Bankok"), two for long ones ("Frankfrut"). Over all 6,300 airports' 15,000 distinct words
  // that cost about a millisecond a query; a misspelt small airfield is rare, a misspelt
  // London is not.
  return large.search(normal, { ...base, prefix: (term) => term.length >= 3, fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0) });
}
