// Issue 43, places and travel: ordinary requests a new user makes (real airports, well-known
// places, Arabic and misspelled names, real names that hold a fixture word) answered as a backend
// would, over streamable HTTP and over stdio (harness). Every expectation names the answer that
// must come back (a place id first, offers between the two airports asked for), so a service
// that answers an empty list or invalid_location fails it.
import { expect } from "vitest";
import { overBothTransports } from "./harness.js";

type Out = Record<string, any>;

const day = 86_400_000;
const iata = (code: string) => ({ scheme: "IATA", code });
/** A date a month ahead in Dubai: inside the booking horizon, every departure still sold. */
const date = new Date(Date.now() + 4 * 3_600_000 + 30 * day).toISOString().slice(0, 10);

/** The issue's routes between real airports, then routes of our own the issue does not name. */
const ISSUE_ROUTES = ["DXB-CDG", "DXB-JFK", "DXB-BKK", "DXB-JED", "DXB-KHI", "DXB-SYD", "AUH-MAN"];
const OUR_ROUTES = [
  "DXB-FRA", "DXB-IST", "DXB-BOM", "DXB-DEL", "DXB-SIN", "DXB-HKG", "DXB-NRT", "DXB-CAI", "DXB-RUH", "DXB-KWI",
  "DXB-AMM", "DXB-BEY", "DXB-LHE", "DXB-ISB", "DXB-COK", "DXB-MLE", "DXB-NBO", "DXB-JNB", "DXB-MAD", "DXB-ZRH",
  "DXB-TBS", "DXB-YYZ", "DXB-LAX", "AUH-BOM", "AUH-CAI", "SHJ-KTM", "SHJ-DAC", "RUH-LHR", "JED-CAI", "DOH-NBO",
  "KHI-JED", "LHE-DXB", "CAI-FCO", "MCT-COK", "BAH-LHR", "AMM-IST", "DXB-PPT", "ISB-BOS",
];

/** Well-known Dubai places (the issue's first, then our own), each with the place that must come first. */
const DUBAI_PLACES: [string, string][] = [
  ["Business Bay", "place_business_bay"],
  ["JLT", "place_jlt"],
  ["Deira City Centre", "place_deira_city_centre"],
  ["Expo City", "place_expo_city"],
  ["Dubai Hills Mall", "place_dubai_hills_mall"],
  ["Global Village", "place_global_village"],
  ["Dubai Frame", "place_dubai_frame"],
  ["Museum of the Future", "place_museum_of_the_future"],
  ["Ibn Battuta Mall", "place_ibn_battuta_mall"],
  ["Palm Jumeirah", "place_palm_jumeirah"],
  ["City Walk", "place_city_walk"],
  ["La Mer", "place_la_mer"],
  ["Dubai Creek Harbour", "place_creek_harbour"],
  ["Gold Souk", "place_gold_souk"],
  ["Mirdif City Centre", "place_mirdif_city_centre"],
  ["Bluewaters", "place_bluewaters"],
  ["Kite Beach", "place_kite_beach"],
  ["Dubai Opera", "place_dubai_opera"],
  ["Union metro", "place_metro_union"],
  ["Dubai Silicon Oasis", "place_silicon_oasis"],
  ["Madinat Jumeirah", "place_souk_madinat"],
  ["Zabeel Park", "place_zabeel_park"],
  ["Ain Dubai", "place_ain_dubai"],
];

/** Landmarks of the other cities search_locations offers, searched with `city`. */
const CITY_LANDMARKS: [string, string, string][] = [
  ["Sheikh Zayed Grand Mosque", "abu_dhabi", "place_sheikh_zayed_mosque"],
  ["Louvre", "abu_dhabi", "place_louvre_abu_dhabi"],
  ["Kingdom Centre", "riyadh", "place_kingdom_centre"],
  ["Souq Waqif", "doha", "place_souq_waqif"],
  ["Museum of Islamic Art", "doha", "place_mia_doha"],
  ["Clifton Beach", "karachi", "place_clifton_beach"],
  ["Badshahi Mosque", "lahore", "place_badshahi_mosque"],
  ["Pyramids of Giza", "cairo", "place_pyramids_giza"],
  ["Khan el-Khalili", "cairo", "place_khan_el_khalili"],
  ["Faisal Mosque", "islamabad", "place_faisal_mosque"],
  ["Citadel", "amman", "place_amman_citadel"],
  ["Al Noor Island", "sharjah", "place_al_noor_island"],
  ["Jebel Jais", "ras_al_khaimah", "place_jebel_jais"],
  ["Jebel Hafeet", "al_ain", "place_jebel_hafeet"],
];

/** Arabic and misspelled queries. */
const OTHER_SPELLINGS: [string, string][] = [
  ["دبي مول", "place_dubai_mall"],
  ["Dubia Mall", "place_dubai_mall"],
  ["Burj Kalifa", "place_burj_khalifa"],
  ["مول الامارات", "place_mall_of_emirates"],
  ["Marina Mal", "place_marina_mall"],
];

async function firstPlace(s: any, query: string, city?: string): Promise<Out> {
  const out: Out = await s.call("search_locations", city === undefined ? { query } : { query, city });
  expect(out, query).toMatchObject({ success: true, query });
  return out;
}

overBothTransports("wide places and travel", (journey) => {
  journey("offer_search answers flights between real airports, the issue's and our own", async (s: any) => {
    for (const route of [...ISSUE_ROUTES, ...OUR_ROUTES]) {
      const [o, d] = route.split("-") as [string, string];
      const out: Out = await s.call("offer_search", { origin: iata(o), destination: iata(d), departureDate: date });
      expect(out.success, `${route}: ${out.error ?? ""}`).toBe(true);
      expect(out.offers.length, `${route} has offers`).toBeGreaterThan(0);
      for (const offer of out.offers) {
        expect(offer).toMatchObject({ status: "indicative", mode: "flight", origin: { scheme: "IATA", code: o }, destination: { scheme: "IATA", code: d }, departure: { date } });
        expect(offer.price.amount, route).toBeGreaterThan(0);
        expect(offer.durationMinutes, route).toBeGreaterThan(30);
      }
    }
  }, 120_000);

  journey("the same search on the same date answers the same flights and fares; a planned offer revalidates", async (s: any) => {
    const args = { origin: iata("DXB"), destination: iata("CDG"), departureDate: date };
    const strip = (o: Out) => o.offers.map(({ offerId: _id, retrievedAt: _at, validUntil: _until, ...rest }: Out) => rest);
    const first: Out = await s.call("offer_search", args);
    const second: Out = await s.call("offer_search", args);
    expect(strip(second)).toEqual(strip(first));
    const live = first.offers.find((o: Out) => o.sourceSystem !== "cache:fare-index");
    expect(live, "a fare a source holds").toBeDefined();
    const check: Out = await s.call("offer_revalidate", { offerId: live.offerId });
    expect(check).toMatchObject({ offerId: live.offerId, price: live.price });
    expect(["bookable", "revalidated"]).toContain(check.status);
  });

  journey("a far pair connects through a hub; invalid_location only for a code no airport has", async (s: any) => {
    const far: Out = await s.call("offer_search", { origin: iata("ISB"), destination: iata("BOS"), departureDate: date });
    expect(far.offers.some((o: Out) => o.stops === 1 && o.warnings.some((w: string) => w.startsWith("one stop: change planes in")))).toBe(true);
    const unknown: Out = await s.call("offer_search", { origin: iata("DXB"), destination: iata("QQQ"), departureDate: date });
    expect(unknown).toMatchObject({ success: false, errorCode: "invalid_location", error: "invalid_location: destination code QQQ is not a known IATA code" });
    const city: Out = await s.call("offer_search", { origin: iata("DXB"), destination: iata("Paris"), departureDate: date });
    expect(city).toMatchObject({ success: false, errorCode: "invalid_location" });
    expect(city.error).toContain("CDG (");
    const tooClose: Out = await s.call("offer_search", { origin: iata("DXB"), destination: iata("SHJ"), departureDate: date });
    expect(tooClose).toMatchObject({ success: true, offers: [], warnings: ["no connected source sells DXB to SHJ; try another station or airport nearby"] });
  });

  journey("search_locations finds well-known Dubai places, other cities' landmarks, Arabic and misspelled names", async (s: any) => {
    for (const [query, id] of [...DUBAI_PLACES, ...OTHER_SPELLINGS]) {
      const out = await firstPlace(s, query);
      expect(out.results[0]?.placeId, query).toBe(id);
    }
    for (const [query, city, id] of CITY_LANDMARKS) {
      const out = await firstPlace(s, query, city);
      expect(out.results[0]?.placeId, `${query} in ${city}`).toBe(id);
    }
    // `near` fills distanceKm from that point: Home (Dubai Marina) to JLT is about 2 km.
    const near: Out = await s.call("search_locations", { query: "JLT", near: { latitude: 25.0866, longitude: 55.1477 }, limit: 1 });
    expect(near.results).toHaveLength(1);
    expect(near.results[0].distanceKm).toBeLessThan(3);
  }, 120_000);

  journey("real names holding a fixture word are places; the reserved words alone still select the fixtures", async (s: any) => {
    const atlantis = await firstPlace(s, "Atlantis The Palm");
    expect(atlantis.results[0].placeId).toBe("place_atlantis_the_palm");
    const market = await firstPlace(s, "Timeout Market Dubai");
    expect(market.results[0].placeId).toBe("place_time_out_market");
    const clinic: Out = await s.call("search_locations", { query: "injection clinic Business Bay" });
    expect(clinic.success).toBe(true);
    expect(clinic.results.every((r: Out) => r.description === undefined && r.placeId !== "place_sunset_terrace_jbr")).toBe(true);
    const served: Out = await s.call("search_locations", { query: "Atlantis" });
    expect(served).toMatchObject({ success: false, errorCode: "AREA_NOT_SERVED" });
    expect(await s.callFailing("search_locations", { query: "TIMEOUT" })).toMatch(/^upstream timeout/);
  });
});
