// The places half of the wide world's relevance table (issue 43): what a user types into
// search_locations, and the place that must come first. English, Arabic and misspelled queries,
// landmarks in every city search_locations offers, and a few with `city` or `near`.
import { describe, expect, it } from "vitest";
import { placeFiles } from "../../../tools/_world/lib/places/data.js";
import { createPlaceIndex } from "../../../tools/_world/lib/places/index.js";
import { placesFromFiles } from "../../../tools/_world/lib/places/load.js";
import { searchPlaces, type PlaceSearchOptions } from "../../../tools/_world/lib/places/search.js";

const index = createPlaceIndex(placesFromFiles(placeFiles));
const home = { latitude: 25.0866, longitude: 55.1477 }; // Sara's Home, Marina Gate 2

const table: [query: string, options: PlaceSearchOptions, first: string][] = [
  // English, Dubai
  ["Dubai Mall", {}, "place_dubai_mall"],
  ["burj khalifa", {}, "place_burj_khalifa"],
  ["Business Bay", {}, "place_business_bay"],
  ["JLT", {}, "place_jlt"],
  ["Deira City Centre", {}, "place_deira_city_centre"],
  ["Expo City", {}, "place_expo_city"],
  ["Dubai Hills Mall", {}, "place_dubai_hills_mall"],
  ["Global Village", {}, "place_global_village"],
  ["dubai frame", {}, "place_dubai_frame"],
  ["museum of the future", {}, "place_museum_of_the_future"],
  ["la mer", {}, "place_la_mer"],
  ["kite beach", {}, "place_kite_beach"],
  ["ibn battuta mall", {}, "place_ibn_battuta_mall"],
  ["city walk", {}, "place_city_walk"],
  ["ain dubai", {}, "place_ain_dubai"],
  ["gold souk", {}, "place_gold_souk"],
  ["dubai marina", {}, "place_dubai_marina"],
  ["palm jumeirah", {}, "place_palm_jumeirah"],
  ["DIFC", {}, "place_difc"],
  ["al barsha", {}, "place_al_barsha"],
  ["silicon oasis", {}, "place_silicon_oasis"],
  ["dubai opera", {}, "place_dubai_opera"],
  ["miracle garden", {}, "place_miracle_garden"],
  ["ski dubai", {}, "place_ski_dubai"],
  ["DXB terminal 3", {}, "place_dxb_t3"],
  ["term 3", {}, "place_dxb_t3"],
  ["dxb terminal 1", {}, "place_dxb_t1"],
  ["dxb t2", {}, "place_dxb_t2"],
  ["al maktoum airport", {}, "place_dwc"],
  ["Atlantis The Palm", {}, "place_atlantis_the_palm"],
  ["Time Out Market Dubai", {}, "place_time_out_market"],
  ["meydan racecourse", {}, "place_meydan_racecourse"],
  ["dubai creek harbour", {}, "place_creek_harbour"],
  ["burjuman metro", {}, "place_metro_burjuman"],
  ["mall of the emirates metro", {}, "place_metro_moe"],
  ["jumeirah mosque", {}, "place_jumeirah_mosque"],
  ["festival city mall", {}, "place_festival_city_mall"],
  ["wafi", {}, "place_wafi_mall"],
  ["dragon mart", {}, "place_dragon_mart"],
  ["hatta dam", {}, "place_hatta_dam"],
  ["al qudra lakes", {}, "place_al_qudra_lakes"],
  ["heathrow", {}, "place_lhr_t5"],
  ["the frame near zabeel", {}, "place_dubai_frame"],
  ["alserkal avenue", {}, "place_al_quoz_creative"],
  ["rashid hospital", {}, "place_rashid_hospital"],
  ["jw marriott marquis", {}, "place_jw_marriott_marquis"],
  // English, the other cities
  ["Louvre Abu Dhabi", {}, "place_louvre_abu_dhabi"],
  ["grand mosque", { city: "abu_dhabi" }, "place_sheikh_zayed_mosque"],
  ["yas mall", {}, "place_yas_mall"],
  ["ferrari world", {}, "place_ferrari_world"],
  ["al majaz waterfront", {}, "place_al_majaz_waterfront"],
  ["ajman corniche", {}, "place_ajman_corniche"],
  ["jebel jais", {}, "place_jebel_jais"],
  ["jebel hafeet", {}, "place_jebel_hafeet"],
  ["kingdom centre", {}, "place_kingdom_centre"],
  ["masmak", {}, "place_masmak"],
  ["al balad", {}, "place_al_balad"],
  ["corniche", { city: "jeddah" }, "place_jeddah_corniche"],
  ["ithra", {}, "place_ithra"],
  ["souq waqif", {}, "place_souq_waqif"],
  ["the pearl", { city: "doha" }, "place_the_pearl"],
  ["roman theatre", {}, "place_roman_theatre"],
  ["mazar e quaid", {}, "place_mazar_e_quaid"],
  ["badshahi mosque", {}, "place_badshahi_mosque"],
  ["faisal mosque", {}, "place_faisal_mosque"],
  ["pyramids", {}, "place_pyramids_giza"],
  ["khan el khalili", {}, "place_khan_el_khalili"],
  ["airport", { city: "cairo" }, "place_cai_airport"],
  ["airport", { city: "karachi" }, "place_khi_airport"],
  ["airport", { city: "dubai" }, "place_dxb_t3"],
  ["airport", { city: "abu_dhabi" }, "place_auh_terminal_a"],
  ["airport", { city: "doha" }, "place_doh_airport"],
  ["corniche", { city: "abu_dhabi" }, "place_ad_corniche"],
  ["city centre", { city: "sharjah" }, "place_city_centre_sharjah"],
  ["city centre", { city: "ajman" }, "place_ajman_city_centre"],
  ["marina mall", { city: "abu_dhabi" }, "place_marina_mall_ad"],
  ["festival city", { city: "cairo" }, "place_cairo_festival_city"],
  ["edge of the world", {}, "place_edge_of_the_world"],
  ["lusail stadium", {}, "place_lusail_stadium"],
  ["wagah border", {}, "place_wagah_border"],
  ["dolmen mall", {}, "place_dolmen_mall_clifton"],
  // Arabic
  ["دبي مول", {}, "place_dubai_mall"],
  ["برج خليفة", {}, "place_burj_khalifa"],
  ["الخليج التجاري", {}, "place_business_bay"],
  ["متحف المستقبل", {}, "place_museum_of_the_future"],
  ["القرية العالمية", {}, "place_global_village"],
  ["نخلة جميرا", {}, "place_palm_jumeirah"],
  ["مول الإمارات", {}, "place_mall_of_emirates"],
  ["مطار دبي", {}, "place_dxb_t3"],
  ["جامع الشيخ زايد", {}, "place_sheikh_zayed_mosque"],
  ["سوق واقف", {}, "place_souq_waqif"],
  ["أهرامات الجيزة", {}, "place_pyramids_giza"],
  ["برج المملكة", {}, "place_kingdom_centre"],
  ["مسجد فيصل", {}, "place_faisal_mosque"],
  ["برواز دبي", {}, "place_dubai_frame"],
  ["سيتي سنتر ديرة", {}, "place_deira_city_centre"],
  ["اكسبو سيتي", {}, "place_expo_city"],
  ["برج العرب", {}, "place_burj_al_arab"],
  ["كورنيش الدوحة", {}, "place_doha_corniche"],
  // misspelled
  ["Dubia Mall", {}, "place_dubai_mall"],
  ["burj kalifa", {}, "place_burj_khalifa"],
  ["bussiness bay", {}, "place_business_bay"],
  ["global vilage", {}, "place_global_village"],
  ["mall of emirats", {}, "place_mall_of_emirates"],
  ["dubai marena", {}, "place_dubai_marina"],
  ["jumeira lake towers", {}, "place_jlt"],
  ["ibn batuta", {}, "place_ibn_battuta_mall"],
  ["museum of futur", {}, "place_museum_of_the_future"],
  ["miracle gardn", {}, "place_miracle_garden"],
  ["souk waqif", {}, "place_souq_waqif"],
  ["ferari world", {}, "place_ferrari_world"],
  ["pyramds giza", {}, "place_pyramids_giza"],
  ["atlantis palm", {}, "place_atlantis_the_palm"],
  ["emirats towers", {}, "place_emirates_towers"],
  ["kingdom centr", {}, "place_kingdom_centre"],
  // a city's name read as a filter
  ["Business Bay Dubai", {}, "place_business_bay"],
  ["JLT, Dubai, UAE", {}, "place_jlt"],
  ["corniche abu dhabi", {}, "place_ad_corniche"],
  ["airport sharjah", {}, "place_shj_airport"],
  ["pyramids cairo", {}, "place_pyramids_giza"],
  ["كورنيش أبوظبي", {}, "place_ad_corniche"],
  // near: the closest of equals
  ["metro station", { near: home }, "place_metro_sobha"],
  ["metro station", { near: { latitude: 25.2545, longitude: 55.3305 } }, "place_metro_city_centre"],
];

describe("places relevance: the place that must come first", () => {
  it.each(table)("%s %o -> %s", (query, options, first) => {
    const hits = searchPlaces(index, query, options);
    expect(hits[0]?.place.placeId, hits.map((h) => h.place.placeId).join(", ")).toBe(first);
  });
});

describe("places relevance: near lifts close places, never past the landmark a query names", () => {
  it.each([
    ["Dubai Mall", "place_dubai_mall"],
    ["burj khalifa", "place_burj_khalifa"],
    ["mall", "place_marina_mall"],
  ])("%s from Home (Dubai Marina) -> %s", (query, first) => {
    expect(searchPlaces(index, query, { near: home })[0]?.place.placeId).toBe(first);
  });
});
