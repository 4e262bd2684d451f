// A place as search_locations answers it (its outputSchema's `place`): the world module maps
// each hit through this, so the answer's shape stays what today's $placeSearch gives.
import { greatCircleKm } from "../geo.js";
import type { Place } from "./place.js";
import type { Point } from "./search.js";

export interface PlaceResult {
  placeId: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  category: Place["category"];
  savedLabel?: string;
  distanceKm?: number;
}

/** `from` is `near`, or the user's Home when the search gave no `near` (as today's answer does). */
export function toPlaceResult(place: Place, from?: Point): PlaceResult {
  const out: PlaceResult = {
    placeId: place.placeId,
    name: place.name,
    address: place.address,
    latitude: place.latitude,
    longitude: place.longitude,
    category: place.category,
  };
  if (place.category === "SAVED") out.savedLabel = place.name;
  if (from) out.distanceKm = Math.round(greatCircleKm({ lat: from.latitude, lon: from.longitude }, { lat: place.latitude, lon: place.longitude }) * 10) / 10;
  return out;
}
