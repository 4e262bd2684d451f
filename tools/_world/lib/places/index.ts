// The places world's two indexes, built together from its places: a MiniSearch text index for
// what a user types and a kdbush spatial index for "near a point". The world snapshot builds one
// per world version (createPlaceIndex) and passes it to searchPlaces / placesNear / areaAt.
import KDBush from "kdbush";
import MiniSearch from "minisearch";
import { normalizeText, words } from "../text.js";
import type { Place } from "./place.js";

export interface PlaceIndex {
  readonly places: readonly Place[];
  readonly byId: ReadonlyMap<string, Place>;
  /** Documents are places' positions in `places`. */
  readonly text: MiniSearch<PlaceDoc>;
  /** Point i is places[i]: x longitude, y latitude. */
  readonly points: KDBush;
  /** A city's name in normal form, English and Arabic ("abu dhabi", "دبي") → its `city` value. */
  readonly cityNames: ReadonlyMap<string, string>;
}

export interface PlaceDoc {
  id: number;
  /** The English and the Arabic name: a query is in one language or the other. */
  name: string;
  /** Other spellings and keywords. */
  alt: string;
  area: string;
  address: string;
}

/**
 * How much a word found in each field counts: the name most, the address least. Four fields, not
 * six: MiniSearch scores every field of every matching word, and merging the Arabic name into
 * the name and the keywords into the other spellings took 4-12 % off a search (two interleaved
 * runs of 16 queries), with the same answers in the relevance table.
 */
export const PLACE_FIELD_BOOST = { name: 4, alt: 3, area: 1, address: 0.5 } as const;

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
      name: `${p.name} ${p.nameAr}`,
      alt: [...p.alt, ...p.keywords].join(" "),
      area: p.area ?? "",
      address: streetOf(p),
    })),
  );
  const points = new KDBush(Math.max(1, places.length));
  for (const p of places) points.add(p.longitude, p.latitude);
  // An empty world still gets an index that answers nothing.
  if (places.length === 0) points.add(0, 90);
  points.finish();
  const cityNames = new Map<string, string>();
  for (const p of places) if (p.category !== "SAVED") cityNames.set(normalizeText(p.cityName), p.city);
  for (const [name, city] of Object.entries(ARABIC_CITY_NAMES)) cityNames.set(normalizeText(name), city);
  return { places, byId: new Map(places.map((p) => [p.placeId, p])), text, points, cityNames };
}

/**
 * The part of an address that tells places apart: without its city and country, which every
 * place of the city shares. Indexed, they would add a posting to every document of the city and
 * make every query naming the city score hundreds of places for nothing; searchPlaces reads a
 * city's name in a query as a city filter instead.
 */
function streetOf(p: Place): string {
  const i = p.address.lastIndexOf(`, ${p.cityName}`);
  return i > 0 && /^(, [^,]*)?$/.test(p.address.slice(i + p.cityName.length + 2)) ? p.address.slice(0, i) : p.address;
}

/** The cities' Arabic names, for "مول في دبي" ("a mall in Dubai"). */
const ARABIC_CITY_NAMES: Record<string, string> = {
  دبي: "dubai", "أبوظبي": "abu_dhabi", "ابو ظبي": "abu_dhabi", الشارقة: "sharjah", عجمان: "ajman", "رأس الخيمة": "ras_al_khaimah", العين: "al_ain",
  الرياض: "riyadh", جدة: "jeddah", الدمام: "dammam", الدوحة: "doha", عمان: "amman", كراتشي: "karachi", لاهور: "lahore", "إسلام آباد": "islamabad", القاهرة: "cairo", لندن: "london",
};
