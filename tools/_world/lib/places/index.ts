// The places world's two indexes, built together from its places: a MiniSearch text index for
// what a user types and a kdbush spatial index for "near a point". The world snapshot builds one
// per world version (createPlaceIndex) and passes it to searchPlaces / placesNear / areaAt.
import KDBush from "kdbush";
import MiniSearch from "minisearch";
import { words } from "../text.js";
import type { Place } from "./place.js";

export interface PlaceIndex {
  readonly places: readonly Place[];
  readonly byId: ReadonlyMap<string, Place>;
  /** Documents are places' positions in `places`. */
  readonly text: MiniSearch<PlaceDoc>;
  /** Point i is places[i]: x longitude, y latitude. */
  readonly points: KDBush;
}

export interface PlaceDoc {
  id: number;
  name: string;
  nameAr: string;
  alt: string;
  keywords: string;
  area: string;
  address: string;
}

/** How much a word found in each field counts: the name most, the address least. */
export const PLACE_FIELD_BOOST = { name: 4, nameAr: 4, alt: 3, keywords: 2, area: 1, address: 0.5 } as const;

export function createPlaceIndex(places: readonly Place[]): PlaceIndex {
  const text = new MiniSearch<PlaceDoc>({
    fields: Object.keys(PLACE_FIELD_BOOST),
    tokenize: words,
    // words() has already put every word in normal form.
    processTerm: (term) => term,
  });
  text.addAll(
    places.map((p, id) => ({
      id,
      name: p.name,
      nameAr: p.nameAr,
      alt: p.alt.join(" "),
      keywords: p.keywords.join(" "),
      area: p.area ?? "",
      address: p.address,
    })),
  );
  const points = new KDBush(Math.max(1, places.length));
  for (const p of places) points.add(p.longitude, p.latitude);
  // An empty world still gets an index that answers nothing.
  if (places.length === 0) points.add(0, 90);
  points.finish();
  return { places, byId: new Map(places.map((p) => [p.placeId, p])), text, points };
}
