// The places world's rules (its data is places.md): a user's saved places and the search of
// `search_locations`. Every place id is the same on every call and in every session.
import type { Call, Point } from "./lib/call.js";
import type { Place } from "./lib/placeTypes.js";
import type { Place as IndexedPlace } from "./lib/places/place.js";
import { createPlaceIndex, type PlaceIndex } from "./lib/places/index.js";
import { placesFromFiles } from "./lib/places/load.js";
import { placeFiles } from "./lib/places/data.js";
import { searchPlaces } from "./lib/places/search.js";
import { toPlaceResult } from "./lib/places/result.js";
import { own } from "./lib/own.js";
import { defined, text, truthy } from "./lib/values.js";

const SAVED_ORDER: Record<string, number> = { HOME: 0, WORK: 1, OTHER: 2 };

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

/** The wide places index of one world version: the data files' places and the saved places of places.md. */
const indexes = new WeakMap<object, PlaceIndex>();

/** A saved place of places.md as the index holds it: found only for its owner, ranked as a landmark. */
function savedPlace(p: Place): IndexedPlace {
  return defined({
    placeId: p.placeId,
    name: p.name,
    nameAr: "",
    address: text(p.address),
    latitude: p.latitude,
    longitude: p.longitude,
    category: "SAVED",
    city: text(p.city),
    cityName: "",
    keywords: p.keywords ?? [],
    alt: [],
    kind: "saved",
    rank: 5,
    owner: p.owner,
    savedType: p.savedType,
  }) as IndexedPlace;
}

/**
 * The index, built on the first search of a world version (about 15 ms) and kept with that
 * version's data: a changed places.md is a new `world.places` object, hence a new index.
 */
function placeIndex(call: Call): PlaceIndex {
  const key = call.world.places;
  let index = indexes.get(key);
  if (index === undefined) {
    const saved = Object.values(key).filter((p) => p.owner !== undefined).map(savedPlace);
    index = createPlaceIndex([...placesFromFiles(placeFiles), ...saved]);
    indexes.set(key, index);
  }
  return index;
}

/**
 * `search_locations`' answer list: the 458 places of the data files and the user's saved places,
 * through the text index (whole words and prefixes, typos forgiven when nothing matches as typed,
 * English and Arabic names, other spellings), best first, close places lifted when `near` is
 * given; `city` filters; at most `limit` (5). `distanceKm` from `near`, else from the user's Home.
 */
export function placeSearch(call: Call, query: string, city?: string | null, near?: Point, limit?: number): Record<string, unknown>[] {
  const index = placeIndex(call);
  const where = near !== undefined && truthy(near) ? { latitude: near.latitude, longitude: near.longitude } : undefined;
  const home = Object.values(call.world.places).find((p) => p.owner === call.user && p.savedType === "HOME");
  const from = where ?? (home === undefined ? undefined : { latitude: home.latitude, longitude: home.longitude });
  const hits = searchPlaces(index, text(query), defined({ city: city ?? undefined, near: where, limit: truthy(limit) ? (limit as number) : 5, owner: call.user }));
  return hits.map((h) => toPlaceResult(h.place, from) as unknown as Record<string, unknown>);
}
