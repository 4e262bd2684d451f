// The places data files turned into the world's places: addresses composed, categories derived
// from kinds, and every entry checked, so a mistake in a hand-edited file is reported with its
// file and place instead of answering wrong coordinates.
import type { Place, PlaceCategory, PlaceFile, PlaceKind } from "./place.js";

const KINDS: ReadonlySet<PlaceKind> = new Set<PlaceKind>(["area", "mall", "landmark", "hotel", "metro", "station", "airport", "beach", "park", "museum", "souk", "hospital", "university", "shop", "saved"]);

/** Airports answer AIRPORT and areas ADDRESS, as search_locations' categories say; the rest are POIs. */
function categoryOf(kind: PlaceKind): PlaceCategory {
  return kind === "airport" ? "AIRPORT" : kind === "area" ? "ADDRESS" : "POI";
}

/** Problems of one file's entries, each naming the file and the place ("" when none). */
export function placeFileProblems(file: PlaceFile, name = `tools/_world/data/places/${file.city}.json`): string[] {
  const problems: string[] = [];
  file.places.forEach((p, i) => {
    const where = `${name}: place ${i + 1} (${p.placeId || "no id"})`;
    if (!/^place_[a-z0-9_]+$/.test(p.placeId)) problems.push(`${where}: placeId must be "place_" and lower-case letters, digits or _`);
    if (!p.name) problems.push(`${where}: name is empty`);
    if (!KINDS.has(p.kind)) problems.push(`${where}: kind "${p.kind}" is not one of ${[...KINDS].join(", ")}`);
    if (!(Math.abs(p.latitude) <= 90 && Math.abs(p.longitude) <= 180)) problems.push(`${where}: latitude ${p.latitude}, longitude ${p.longitude} is not a point on earth (latitude first, then longitude)`);
    if (!(p.rank >= 1 && p.rank <= 5)) problems.push(`${where}: rank ${p.rank} must be 1 (minor) to 5 (landmark)`);
  });
  return problems;
}

/** The world's places from its data files; throws with every problem found, each with its place. */
export function placesFromFiles(files: readonly PlaceFile[]): Place[] {
  const problems = files.flatMap((f) => placeFileProblems(f));
  const seen = new Map<string, string>();
  const places: Place[] = [];
  for (const file of files) {
    for (const e of file.places) {
      const other = seen.get(e.placeId);
      if (other) problems.push(`tools/_world/data/places/${file.city}.json: placeId ${e.placeId} is also in ${other}.json: ids must be unique`);
      seen.set(e.placeId, file.city);
      places.push({
        placeId: e.placeId,
        name: e.name,
        nameAr: e.nameAr,
        address: e.address ?? [e.name, e.area, file.cityName, file.country].filter(Boolean).join(", "),
        latitude: e.latitude,
        longitude: e.longitude,
        category: e.category ?? categoryOf(e.kind),
        city: file.city,
        cityName: file.cityName,
        keywords: e.keywords ?? [],
        alt: e.alt,
        kind: e.kind,
        ...(e.area ? { area: e.area } : {}),
        rank: e.rank,
      });
    }
  }
  if (problems.length > 0) throw new Error(`places data:\n${problems.join("\n")}`);
  return places;
}
