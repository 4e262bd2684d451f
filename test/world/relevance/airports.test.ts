// The airports half of the wide world's relevance table (issue 43): what a traveller types in a
// "From" or "To" box, and the airport that must come first. Codes, metro codes, city names,
// airport names, Arabic and misspelled.
import { describe, expect, it } from "vitest";
import { createAirportIndex, searchAirports } from "../../../tools/_world/lib/travel/airports.js";
import { airports, metroData } from "../../../tools/_world/lib/travel/data.js";

const index = createAirportIndex(airports, metroData);

const table: [query: string, first: string][] = [
  // codes and metro codes
  ["DXB", "DXB"],
  ["dxb", "DXB"],
  [" lhr ", "LHR"],
  ["CDG", "CDG"],
  ["jfk", "JFK"],
  ["LON", "LHR"],
  ["PAR", "CDG"],
  ["NYC", "JFK"],
  ["TYO", "HND"],
  ["MIL", "MXP"],
  // cities
  ["London", "LHR"],
  ["Paris", "CDG"],
  ["New York", "JFK"],
  ["Bangkok", "BKK"],
  ["Sydney", "SYD"],
  ["Manchester", "MAN"],
  ["Karachi", "KHI"],
  ["Lahore", "LHE"],
  ["Islamabad", "ISB"],
  ["Cairo", "CAI"],
  ["Jeddah", "JED"],
  ["Riyadh", "RUH"],
  ["Doha", "DOH"],
  ["Abu Dhabi", "AUH"],
  ["Istanbul", "IST"],
  ["Tokyo", "HND"],
  ["Frankfurt", "FRA"],
  ["Munich", "MUC"],
  ["Kathmandu", "KTM"],
  ["Colombo", "CMB"],
  ["Kochi", "COK"],
  ["Nairobi", "NBO"],
  ["Toronto", "YYZ"],
  ["Los Angeles", "LAX"],
  ["Singapore", "SIN"],
  ["Muscat", "MCT"],
  ["Amman", "AMM"],
  ["Beirut", "BEY"],
  ["Baku", "GYD"],
  ["Tbilisi", "TBS"],
  ["Male", "MLE"],
  ["Dhaka", "DAC"],
  // airport names
  ["Heathrow", "LHR"],
  ["Gatwick", "LGW"],
  ["Charles de Gaulle", "CDG"],
  ["Hamad International", "DOH"],
  ["Changi", "SIN"],
  ["John F Kennedy", "JFK"],
  ["Al Maktoum", "DWC"],
  ["Heathrow airport", "LHR"],
  ["Schiphol", "AMS"],
  // Arabic
  ["لندن", "LHR"],
  ["باريس", "CDG"],
  ["القاهرة", "CAI"],
  ["مطار دبي", "DXB"],
  ["الرياض", "RUH"],
  ["جدة", "JED"],
  ["اسطنبول", "IST"],
  ["كراتشي", "KHI"],
  ["مطار لاهور", "LHE"],
  // misspelled
  ["Londn", "LHR"],
  ["Pari", "CDG"],
  ["Bankok", "BKK"],
  ["Sydny", "SYD"],
  ["Frankfrut", "FRA"],
  ["Dubay", "DXB"],
  ["Manchster", "MAN"],
  ["Karachii", "KHI"],
  ["Instanbul", "IST"],
  ["Hethrow", "LHR"],
];

describe("airports relevance: the airport that must come first", () => {
  it.each(table)("%s -> %s", (query, first) => {
    const hits = searchAirports(index, query, { limit: 5 });
    expect(hits[0]?.airport.iata, hits.map((h) => h.airport.iata).join(", ")).toBe(first);
  });
});
