// The travel world's reference data: the files are what scripts/world/travelData.mjs writes from
// the pinned npm datasets (so nobody's hand edit drifts from its source unnoticed), and they hold
// what the travel world's scenarios name today.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { airlinesFile, airlinesJson, airportsFile, airportsJson } from "../../../scripts/world/travelData.mjs";
import { airportByCode, airportsOfCity, airportTimeZone, createAirportIndex, isKnownAirportCode } from "../../../tools/_world/lib/travel/airports.js";
import { airlines, airports, carrierData, metroData } from "../../../tools/_world/lib/travel/data.js";

const index = createAirportIndex(airports, metroData);

describe("travel reference data", () => {
  it("airports.json and airlines.json are what scripts/world/travelData.mjs writes", async () => {
    expect(readFileSync(airportsFile, "utf8")).toBe(await airportsJson());
    expect(readFileSync(airlinesFile, "utf8")).toBe(airlinesJson());
  });

  it("holds every passenger airport with an IATA code and every active airline", () => {
    expect(airports.length).toBeGreaterThan(6000);
    expect(new Set(airports.map((a) => a.iata)).size).toBe(airports.length);
    expect(airports.every((a) => /^[A-Z0-9]{3}$/.test(a.iata) && a.tz.includes("/") && Math.abs(a.lat) <= 90 && Math.abs(a.lon) <= 180)).toBe(true);
    expect(airlines.length).toBeGreaterThan(900);
  });

  it("keeps today's travel world's airports under today's names and zones", () => {
    const today: [string, string, string][] = [
      ["DXB", "Dubai International Airport", "Asia/Dubai"],
      ["DWC", "Al Maktoum International Airport", "Asia/Dubai"],
      ["AUH", "Zayed International Airport", "Asia/Dubai"],
      ["SHJ", "Sharjah International Airport", "Asia/Dubai"],
      ["MCT", "Muscat International Airport", "Asia/Muscat"],
      ["DOH", "Hamad International Airport", "Asia/Qatar"],
      ["RUH", "King Khalid International Airport", "Asia/Riyadh"],
      ["BOM", "Chhatrapati Shivaji Maharaj International Airport", "Asia/Kolkata"],
      ["IST", "Istanbul Airport", "Europe/Istanbul"],
      ["LHR", "London Heathrow Airport", "Europe/London"],
      ["LGW", "London Gatwick Airport", "Europe/London"],
    ];
    for (const [code, name, tz] of today) expect([code, airportByCode(index, code)?.name, airportTimeZone(index, code)]).toEqual([code, name, tz]);
  });

  it("knows a code whatever its case, and only codes an airport has", () => {
    expect(isKnownAirportCode(index, "cdg")).toBe(true);
    expect(isKnownAirportCode(index, " JFK ")).toBe(true);
    expect(isKnownAirportCode(index, "XXX")).toBe(false);
    expect(isKnownAirportCode(index, "PAR")).toBe(false);
    expect(isKnownAirportCode(index, "Dubai")).toBe(false);
  });

  it("lists a city's airports, main airport first, for a city's name sent as a code", () => {
    expect(airportsOfCity(index, "Dubai").map((a) => a.iata)).toEqual(["DXB", "DWC"]);
    expect(airportsOfCity(index, "london").map((a) => a.iata).slice(0, 2)).toEqual(["LHR", "LGW"]);
    expect(airportsOfCity(index, "Muscat").map((a) => a.iata)).toEqual(["MCT"]);
    expect(airportsOfCity(index, "Atlantis")).toEqual([]);
  });

  it("names a real airline for every hub carrier, and every hub is an airport", () => {
    const codes = new Set(airlines.map((a) => a.code));
    for (const [code, carrier] of Object.entries(carrierData.carriers)) {
      expect(codes.has(code), code).toBe(true);
      for (const hub of carrier.hubs) expect(isKnownAirportCode(index, hub), `${code} hub ${hub}`).toBe(true);
    }
    for (const metro of Object.values(metroData.metros)) for (const code of metro.airports) expect(isKnownAirportCode(index, code), code).toBe(true);
  });
});
