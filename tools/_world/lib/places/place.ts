// What the places world knows of a place: the fields today's places carry (tools/_world/places.md,
// the answer of search_locations) and what search needs beyond them (Arabic name, alternative
// spellings, kind, area, prominence).

/** search_locations' category enum. */
export type PlaceCategory = "SAVED" | "POI" | "ADDRESS" | "AIRPORT";

export type PlaceKind =
  | "area"
  | "mall"
  | "landmark"
  | "hotel"
  | "metro"
  | "station"
  | "airport"
  | "beach"
  | "park"
  | "museum"
  | "souk"
  | "hospital"
  | "university"
  | "shop"
  | "saved";

/** A place as a data file writes it (tools/_world/data/places/<city>.json). */
export interface PlaceEntry {
  placeId: string;
  name: string;
  nameAr: string;
  /** Other names and common spellings people type ("dubai mall", "moe", "jlt"). */
  alt: string[];
  kind: PlaceKind;
  /** The neighbourhood it lies in, for its address. */
  area?: string;
  latitude: number;
  longitude: number;
  /** Prominence 1-5: which of several matches a user most likely means. */
  rank: number;
  /** Written out when the composed one ("name, area, city, country") is not how it is known. */
  address?: string;
  category?: PlaceCategory;
  keywords?: string[];
}

/** One city's data file. */
export interface PlaceFile {
  /** search_locations' `city` value (dubai, abu_dhabi, …). */
  city: string;
  cityName: string;
  country: string;
  places: PlaceEntry[];
}

/** A place as the world holds it: today's fields plus the search fields. */
export interface Place {
  placeId: string;
  name: string;
  nameAr: string;
  address: string;
  latitude: number;
  longitude: number;
  category: PlaceCategory;
  city: string;
  /** The city's name as its data file writes it ("Dubai", "Abu Dhabi"). */
  cityName: string;
  keywords: string[];
  alt: string[];
  kind: PlaceKind;
  area?: string;
  rank: number;
  /** A saved place's owner (user id); search finds it only for that user. */
  owner?: string;
  savedType?: "HOME" | "WORK" | "OTHER";
  noteToCaptain?: string;
}
