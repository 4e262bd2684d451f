// The places world's data and indexes: its breadth, today's places kept as they were, mistakes
// in a hand-edited file reported with their place, saved places private to their owner, and
// "near" through the spatial index.
import { describe, expect, it } from "vitest";
import { placeFiles } from "../../../tools/_world/lib/places/data.js";
import { createPlaceIndex } from "../../../tools/_world/lib/places/index.js";
import { placesFromFiles } from "../../../tools/_world/lib/places/load.js";
import { areaAt, cityAt, placesNear } from "../../../tools/_world/lib/places/near.js";
import type { Place, PlaceFile } from "../../../tools/_world/lib/places/place.js";
import { toPlaceResult } from "../../../tools/_world/lib/places/result.js";
import { searchPlaces } from "../../../tools/_world/lib/places/search.js";

const places = placesFromFiles(placeFiles);
const index = createPlaceIndex(places);
const count = (f: (p: Place) => boolean) => places.filter(f).length;

// search_locations' `city` enum (tools/rides/search_locations.md).
const CITIES = ["dubai", "abu_dhabi", "sharjah", "ajman", "ras_al_khaimah", "al_ain", "riyadh", "jeddah", "dammam", "doha", "amman", "karachi", "lahore", "islamabad", "cairo"];

describe("places data", () => {
  it("has at least 400 places, in every city search_locations offers", () => {
    expect(places.length).toBeGreaterThanOrEqual(400);
    for (const city of CITIES) expect(count((p) => p.city === city), city).toBeGreaterThanOrEqual(8);
    expect(count((p) => p.city === "dubai")).toBeGreaterThanOrEqual(250);
  });

  it("covers Dubai's areas, malls, landmarks, hotels, metro stations and both airports' terminals", () => {
    const dubai = (kind: Place["kind"]) => count((p) => p.city === "dubai" && p.kind === kind);
    expect(dubai("area")).toBeGreaterThanOrEqual(70);
    expect(dubai("mall")).toBeGreaterThanOrEqual(25);
    expect(dubai("landmark")).toBeGreaterThanOrEqual(25);
    expect(dubai("hotel")).toBeGreaterThanOrEqual(35);
    expect(dubai("metro")).toBeGreaterThanOrEqual(45);
    expect(["place_dxb_t1", "place_dxb_t2", "place_dxb_t3", "place_dwc"].map((id) => index.byId.get(id)?.category)).toEqual(["AIRPORT", "AIRPORT", "AIRPORT", "AIRPORT"]);
  });

  it("gives every place an Arabic name and coordinates within 60 km of its city's other places", () => {
    for (const p of places) {
      expect(p.nameAr, p.placeId).toMatch(/[\u0600-\u06FF]/);
      expect(cityAt(index, p), p.placeId).toBe(p.city);
    }
  });

  it("keeps today's public places field for field", () => {
    // tools/_world/places.md, as of this change.
    expect(toPlaceResult(index.byId.get("place_dxb_t3")!)).toEqual({ placeId: "place_dxb_t3", name: "Dubai International Airport (DXB) Terminal 3", address: "Terminal 3 Departures, Dubai International Airport, Dubai, United Arab Emirates", latitude: 25.2442, longitude: 55.3643, category: "AIRPORT" });
    expect(index.byId.get("place_mall_of_emirates")).toMatchObject({ name: "Mall of the Emirates", address: "Sheikh Zayed Road, Al Barsha 1, Dubai, United Arab Emirates", latitude: 25.1181, longitude: 55.2006, category: "POI", city: "dubai", keywords: ["moe", "shopping", "ski"] });
    expect(index.byId.get("place_marina_walk")).toMatchObject({ category: "ADDRESS", latitude: 25.0805, longitude: 55.1403 });
    expect(index.byId.get("place_louvre_abu_dhabi")).toMatchObject({ city: "abu_dhabi", latitude: 24.5337, longitude: 54.3982 });
    expect(index.byId.get("place_lhr_t5")).toMatchObject({ city: "london", category: "AIRPORT", keywords: ["lhr", "t5"] });
    const todays = ["place_dxb_t3", "place_dxb_t1", "place_dwc", "place_dubai_mall", "place_burj_khalifa", "place_marina_mall", "place_marina_walk", "place_mall_of_emirates", "place_home_centre_moe", "place_jbr_beach", "place_burj_al_arab", "place_al_qudra_lakes", "place_louvre_abu_dhabi", "place_lhr_t5", "place_oxford_circus"];
    expect(todays.filter((id) => !index.byId.has(id))).toEqual([]);
  });

  it("reports every mistake in a hand-edited file with its file and place, and loads nothing", () => {
    const bad: PlaceFile = {
      city: "dubai",
      cityName: "Dubai",
      country: "United Arab Emirates",
      places: [
        { placeId: "place_ok", name: "Ok", nameAr: "حسنا", alt: [], kind: "mall", latitude: 25.1, longitude: 55.2, rank: 3 },
        { placeId: "Place Bad", name: "", nameAr: "", alt: [], kind: "castle" as Place["kind"], latitude: 55.2, longitude: 255.1, rank: 9 },
        { placeId: "place_ok", name: "Again", nameAr: "مرة", alt: [], kind: "area", latitude: 25.1, longitude: 55.2, rank: 3 },
      ],
    };
    expect(() => placesFromFiles([bad])).toThrow(
      [
        "places data:",
        'tools/_world/data/places/dubai.json: place 2 (Place Bad): placeId must be "place_" and lower-case letters, digits or _',
        "tools/_world/data/places/dubai.json: place 2 (Place Bad): name is empty",
        'tools/_world/data/places/dubai.json: place 2 (Place Bad): kind "castle" is not one of area, mall, landmark, hotel, metro, station, airport, beach, park, museum, souk, hospital, university, shop, saved',
        "tools/_world/data/places/dubai.json: place 2 (Place Bad): latitude 55.2, longitude 255.1 is not a point on earth (latitude first, then longitude)",
        "tools/_world/data/places/dubai.json: place 2 (Place Bad): rank 9 must be 1 (minor) to 5 (landmark)",
        "tools/_world/data/places/dubai.json: placeId place_ok is also in dubai.json: ids must be unique",
      ].join("\n"),
    );
  });
});

describe("saved places", () => {
  const home: Place = { placeId: "saved_home", name: "Home", nameAr: "", address: "Marina Gate 2, Dubai Marina", latitude: 25.0866, longitude: 55.1477, category: "SAVED", city: "dubai", cityName: "Dubai", keywords: [], alt: [], kind: "saved", rank: 5, owner: "900000001", savedType: "HOME" };
  const withSaved = createPlaceIndex([...places, home]);

  it("are found for their owner only, and answer with their label", () => {
    expect(searchPlaces(withSaved, "home", { owner: "900000001" })[0]?.place.placeId).toBe("saved_home");
    expect(searchPlaces(withSaved, "home", { owner: "900000002" }).map((h) => h.place.placeId)).not.toContain("saved_home");
    expect(searchPlaces(withSaved, "home").map((h) => h.place.placeId)).not.toContain("saved_home");
    expect(toPlaceResult(home, home)).toEqual({ placeId: "saved_home", name: "Home", address: "Marina Gate 2, Dubai Marina", latitude: 25.0866, longitude: 55.1477, category: "SAVED", savedLabel: "Home", distanceKm: 0 });
  });

  it("are never among the places near a point", () => {
    expect(placesNear(withSaved, home, { limit: 5 }).map((p) => p.placeId)).not.toContain("saved_home");
  });
});

describe("near a point", () => {
  it("lists the closest places first, of the kinds asked", () => {
    const marinaGate = { latitude: 25.0866, longitude: 55.1477 };
    expect(placesNear(index, marinaGate, { limit: 2, kinds: ["metro"] }).map((p) => p.placeId)).toEqual(["place_metro_sobha", "place_metro_al_khail"]);
    expect(placesNear(index, { latitude: 25.1972, longitude: 55.2797 }, { limit: 1, kinds: ["mall"] })[0]?.placeId).toBe("place_dubai_mall");
    expect(placesNear(index, marinaGate, { maxKm: 0.05 })).toEqual([]);
  });

  it("says which area a point is in, and none out in the desert or at sea", () => {
    expect(areaAt(index, { latitude: 25.2115, longitude: 55.2806 })?.placeId).toBe("place_difc");
    expect(areaAt(index, { latitude: 25.1857, longitude: 55.2668 })?.placeId).toBe("place_business_bay");
    expect(areaAt(index, { latitude: 24.95, longitude: 55.6 })).toBeUndefined();
    expect(areaAt(index, { latitude: 25.5, longitude: 54.9 })).toBeUndefined();
  });

  it("measures distanceKm from the point it is given, to 0.1 km", () => {
    const r = toPlaceResult(index.byId.get("place_dubai_mall")!, { latitude: 25.0866, longitude: 55.1477 });
    // 18 km as the crow flies from Marina Gate to The Dubai Mall (about 25 by road).
    expect(r.distanceKm).toBeGreaterThan(17);
    expect(r.distanceKm).toBeLessThan(19);
    expect(String(r.distanceKm)).toMatch(/^\d+(\.\d)?$/);
  });
});
