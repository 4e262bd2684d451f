// search_locations' search: the places that have every word of the query (stopwords dropped) in
// their name, Arabic name, other spellings, keywords, area or address, each word whole or as the
// start of a longer one ("term" finds "terminal"); when no place has them all as typed, the same
// with typos forgiven ("Dubia Mall" finds The Dubai Mall). Best first: BM25 over the fields,
// weighted by field and by the place's prominence, so the landmark comes before the metro
// station named after it; `near` lifts close places and breaks ties.
import type { SearchOptions } from "minisearch";
import { words } from "../text.js";
import { greatCircleKm } from "../geo.js";
import { PLACE_FIELD_BOOST, type PlaceIndex } from "./index.js";
import type { Place } from "./place.js";

/** Words that say nothing about which place is meant, in English and Arabic. */
export const PLACE_STOPWORDS: ReadonlySet<string> = new Set(["the", "a", "an", "to", "at", "in", "of", "and", "my", "near", "please", "uae", "ksa", "في", "الى", "الي", "من", "عند", "قرب"]);

export interface Point {
  latitude: number;
  longitude: number;
}

export interface PlaceSearchOptions {
  /** Keep only this city's places (search_locations' `city`). */
  city?: string;
  /** Where the user is: close places rank a little higher, and distanceKm is measured from here. */
  near?: Point;
  /** At most this many (default 5). */
  limit?: number;
  /** The signed-in user: their saved places join the search; nobody else's ever do. */
  owner?: string;
}

export interface PlaceHit {
  place: Place;
  score: number;
  /** From `near`, when given. */
  distanceKm?: number;
}

/**
 * How much a close place is lifted: up to twice its score at the user's door, fading over about
 * 5 km. Enough for "metro station" to answer the nearest station, whose names score alike; not
 * enough for a minor place next door to pass the landmark a query names ("Dubai Mall" from the
 * Marina is still The Dubai Mall, 25 km away, not Dubai Marina Mall at 1 km).
 */
const NEAR_LIFT = 1;
const NEAR_FADE_KM = 5;

export function searchPlaces(index: PlaceIndex, query: string, options: PlaceSearchOptions = {}): PlaceHit[] {
  const terms = words(query).filter((w) => !PLACE_STOPWORDS.has(w));
  if (terms.length === 0) return [];
  let found = textSearch(index, terms, options.city, options.owner);
  // "Business Bay Dubai", "mall in Abu Dhabi": a city's name that no place has as a word of its
  // own narrows the search to that city (addresses' city and country are not indexed).
  if (found.length === 0) {
    const named = cityNamed(index, terms);
    if (named && named.rest.length > 0 && (options.city === undefined || options.city === named.city)) found = textSearch(index, named.rest, named.city, options.owner);
  }
  const hits: PlaceHit[] = found.map((r) => {
    const place = index.places[r.id as number]!;
    if (!options.near) return { place, score: r.score };
    const distanceKm = greatCircleKm({ lat: options.near.latitude, lon: options.near.longitude }, { lat: place.latitude, lon: place.longitude });
    return { place, score: r.score * (1 + NEAR_LIFT * Math.exp(-distanceKm / NEAR_FADE_KM)), distanceKm };
  });
  hits.sort((a, b) => b.score - a.score || (a.distanceKm ?? 0) - (b.distanceKm ?? 0) || (a.place.placeId < b.place.placeId ? -1 : 1));
  return hits.slice(0, options.limit ?? 5);
}

/** The first city named in the words (one or two words, "abu dhabi"), and the words without it. */
function cityNamed(index: PlaceIndex, terms: string[]): { city: string; rest: string[] } | undefined {
  for (let i = 0; i < terms.length; i++) {
    for (const n of [2, 1]) {
      const city = index.cityNames.get(terms.slice(i, i + n).join(" "));
      if (city && i + n <= terms.length) return { city, rest: [...terms.slice(0, i), ...terms.slice(i + n)] };
    }
  }
  return undefined;
}

function textSearch(index: PlaceIndex, terms: string[], city: string | undefined, owner: string | undefined) {
  const base: SearchOptions = {
    boost: PLACE_FIELD_BOOST,
    combineWith: "AND",
    filter: (r) => {
      const p = index.places[r.id as number]!;
      if (city !== undefined && p.city !== city) return false;
      return p.category !== "SAVED" || (owner !== undefined && p.owner === owner);
    },
    // A landmark (rank 5) counts two and a half times a minor place (rank 2); the user's own
    // saved places count as landmarks.
    boostDocument: (id) => {
      const p = index.places[id as number]!;
      return (p.category === "SAVED" ? 5 : p.rank) / 2;
    },
  };
  const q = terms.join(" ");
  const found = index.text.search(q, { ...base, prefix: (term) => term.length >= 3 });
  if (found.length > 0) return found;
  return index.text.search(q, { ...base, prefix: (term) => term.length >= 3, fuzzy: (term) => (term.length >= 5 ? 2 : term.length === 4 ? 1 : 0) });
}
