// The places world's rules (its data is places.md): a user's saved places and the search of
// `search_locations`. Every place id is the same on every call and in every session.
import type { Call, Point } from "./lib/call.js";
import type { Place } from "./lib/placeTypes.js";
import { distanceKm } from "./lib/geo.js";
import { own } from "./lib/own.js";
import { defined, round, text, truthy } from "./lib/values.js";

const SAVED_ORDER: Record<string, number> = { HOME: 0, WORK: 1, OTHER: 2 };
const NOT_A_WORD = /[^a-z0-9]+/g;

/** The lowercase words of a text (letters and digits; everything else separates words). */
export function placeWords(_call: Call, value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  return text(value).toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== "");
}

/** A stable order by `before`: a goes after b when before(b, a) holds, as JSONata's $sort keeps ties. */
function after<T>(before: (a: T, b: T) => boolean): (a: T, b: T) => number {
  return (a, b) => (before(b, a) ? 1 : before(a, b) ? -1 : 0);
}

/** A user's saved places as `get_saved_locations` lists them: Home, then Work, then the others; optionally one `type`. */
export function placeSaved(call: Call, owner: string, type?: string | null): Record<string, unknown>[] {
  const rank = (p: Place) => own(SAVED_ORDER, p.savedType);
  return Object.values(call.world.places)
    .filter((p) => owner !== undefined && p.owner === owner && (type === undefined || type === null || p.savedType === type))
    .sort(after((a, b) => (rank(a) as number) < (rank(b) as number)))
    .map((p) => defined({ placeId: p.placeId, label: p.name, type: p.savedType, address: p.address, latitude: p.latitude, longitude: p.longitude, noteToCaptain: p.noteToCaptain }));
}

/**
 * How well a place answers the query words: every word must start a word of the place (else 0);
 * a word in the name counts 2, in the address or keywords 1; the whole query in the name adds 3.
 */
export function placeScore(_call: Call, place: Place, words: string[]): number {
  const name = ` ${text(place.name?.toLowerCase()).replace(NOT_A_WORD, " ")} `;
  const other = ` ${`${text(place.address)} ${place.keywords === undefined ? "" : place.keywords.join(" ")}`.toLowerCase().replace(NOT_A_WORD, " ")} `;
  const scores = words.map((w): number => (name.includes(` ${w}`) ? 2 : other.includes(` ${w}`) ? 1 : 0));
  if (scores.includes(0)) return 0;
  return scores.reduce((a, b) => a + b, 0) + (name.includes(` ${words.join(" ")} `) ? 3 : 0);
}

/**
 * `search_locations`' answer list: the user's saved places and the public places holding every
 * word of the query (stopwords dropped), best score first, then saved places, then the nearest to
 * `near` (else to Home); at most `limit` (5). `city` filters.
 */
export function placeSearch(call: Call, query: string, city?: string | null, near?: Point, limit?: number): Record<string, unknown>[] {
  const stop = call.world.placeStopwords ?? [];
  const words = (placeWords(call, query) ?? []).filter((w) => !stop.includes(w));
  const places = Object.values(call.world.places);
  const from = truthy(near) ? near : places.find((p) => p.owner === call.user && p.savedType === "HOME");
  const candidates = places.filter((p) => ((p.category !== undefined && p.category !== "SAVED") || p.owner === call.user) && (city === undefined || city === null || p.city === city));
  const scored = words.length === 0 ? [] : candidates.map((p) => ({ ...p, score: placeScore(call, p, words) })).filter((p) => p.score > 0);
  const saved = (p: Place) => p.category === "SAVED";
  const sorted = scored
    .map((p) => ({ ...p, distanceKm: round(distanceKm(from, p), 1) }))
    .sort(after((a, b) => (a.score !== b.score ? a.score > b.score : saved(a) !== saved(b) ? saved(a) : a.distanceKm < b.distanceKm)));
  const size = truthy(limit) ? (limit as number) : 5;
  return sorted.slice(0, Math.max(0, size)).map((p) =>
    defined({ placeId: p.placeId, name: p.name, address: p.address, latitude: p.latitude, longitude: p.longitude, category: p.category, savedLabel: saved(p) ? p.name : undefined, distanceKm: p.distanceKm }),
  );
}
