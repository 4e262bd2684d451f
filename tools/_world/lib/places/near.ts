// "Near a point" over the places world's spatial index (kdbush + geokdbush): the closest places,
// and which area (neighbourhood) a point lies in.
import { around } from "geokdbush";
import type { PlaceIndex } from "./index.js";
import type { Place, PlaceKind } from "./place.js";
import type { Point } from "./search.js";

export interface NearOptions {
  /** At most this many (default 10). */
  limit?: number;
  /** Within this many km (default: no bound). */
  maxKm?: number;
  /** Only these kinds (e.g. ["metro"]). */
  kinds?: readonly PlaceKind[];
  city?: string;
}

/** The places closest to a point, nearest first; saved places are never among them. */
export function placesNear(index: PlaceIndex, point: Point, options: NearOptions = {}): Place[] {
  const kinds = options.kinds ? new Set(options.kinds) : undefined;
  const ids = around(index.points, point.longitude, point.latitude, options.limit ?? 10, options.maxKm ?? Infinity, (i) => {
    const p = index.places[i];
    return p !== undefined && p.category !== "SAVED" && (!kinds || kinds.has(p.kind)) && (options.city === undefined || p.city === options.city);
  });
  return ids.map((i) => index.places[i]!);
}

/**
 * The area a point lies in: the nearest area's centre within `maxKm` (default 4 km, about the
 * size of a Dubai neighbourhood), or undefined out in the desert or at sea.
 */
export function areaAt(index: PlaceIndex, point: Point, maxKm = 4): Place | undefined {
  return placesNear(index, point, { limit: 1, maxKm, kinds: ["area"] })[0];
}

/** The city of a point: that of the nearest place within `maxKm` (default 60), else undefined. */
export function cityAt(index: PlaceIndex, point: Point, maxKm = 60): string | undefined {
  return placesNear(index, point, { limit: 1, maxKm })[0]?.city;
}
