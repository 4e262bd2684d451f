// What the wide world's places and travel indexes cost, for the note (issue 43): the time
// to build each index from its data (CPU ms, median of 5 builds after a warm-up), and the CPU
// time of one warm search or plan (µs, over a few thousand varied queries). CPU time rather than
// wall time: this machine is shared, and waiting for a core is not the code's cost.
//
//   node scripts/world/speed.mjs
//
// The world libraries are TypeScript; this bundles a small entry with rolldown (already a
// devDependency) into a temporary file and runs it, so nothing needs building first.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "rolldown";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "world-speed-"));
const lib = (p) => JSON.stringify(path.join(root, "tools/_world/lib", p));

const entry = `
import { airports, carrierData, metroData } from ${lib("travel/data.ts")};
import { createAirportIndex, searchAirports } from ${lib("travel/airports.ts")};
import { createRoutePlanner, planFlights } from ${lib("travel/routes.ts")};
import { placeFiles } from ${lib("places/data.ts")};
import { placesFromFiles } from ${lib("places/load.ts")};
import { createPlaceIndex } from ${lib("places/index.ts")};
import { searchPlaces } from ${lib("places/search.ts")};
import { placesNear } from ${lib("places/near.ts")};

const cpu = (f) => { const c = process.cpuUsage(); f(); const u = process.cpuUsage(c); return (u.user + u.system) / 1000; };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function buildMs(f) { f(); return median(Array.from({ length: 5 }, () => cpu(f))); }
function perCallUs(calls) {
  for (const c of calls) c();
  let ms = 0;
  const rounds = Math.max(1, Math.ceil(3000 / calls.length));
  for (let r = 0; r < rounds; r++) ms += cpu(() => { for (const c of calls) c(); });
  return (ms * 1000) / (rounds * calls.length);
}

const places = placesFromFiles(placeFiles);
const placeIndex = createPlaceIndex(places);
const airportIndex = createAirportIndex(airports, metroData);
const planner = createRoutePlanner(airportIndex.byCode, carrierData);

const { readFileSync } = await import("node:fs");
const airportsText = readFileSync(${JSON.stringify(path.join(root, "tools/_world/data/travel/airports.json"))}, "utf8");
const rows = [
  ["parse: airports.json (" + (airportsText.length / 1e6).toFixed(1) + " MB)", buildMs(() => JSON.parse(airportsText)).toFixed(1) + " ms"],
  ["build: places (" + places.length + ", text + spatial)", buildMs(() => createPlaceIndex(placesFromFiles(placeFiles))).toFixed(1) + " ms"],
  ["build: airports (" + airports.length + ", lookups, at load)", buildMs(() => createAirportIndex(airports, metroData)).toFixed(1) + " ms"],
  ["build: airports' text (on the first text search)", buildMs(() => createAirportIndex(airports, metroData).texts()).toFixed(1) + " ms"],
  ["build: route planner (" + Object.keys(carrierData.carriers).length + " hub carriers)", buildMs(() => createRoutePlanner(airportIndex.byCode, carrierData)).toFixed(2) + " ms"],
];
const placeQueries = ["Dubai Mall", "business bay", "JLT", "deira city centre", "expo city", "dubai hills mall", "DXB terminal 3", "burj khalifa", "global village", "gold souk", "دبي مول", "الخليج التجاري", "souq waqif", "pyramids", "faisal mosque", "mall of the emirates"];
const typoQueries = ["Dubia Mall", "bussiness bay", "global vilage", "mall of emirats", "dubai marena", "miracle gardn", "ferari world", "pyramds giza"];
const airportQueries = ["DXB", "LON", "London", "Paris", "New York", "Heathrow", "karachi", "لندن", "Bangkok", "Charles de Gaulle"];
const airportTypos = ["Londn", "Bankok", "Sydny", "Frankfrut", "Manchster", "Instanbul"];
const pairs = [["DXB", "LHR"], ["DXB", "CDG"], ["DXB", "JFK"], ["DXB", "KHI"], ["AUH", "MAN"], ["DXB", "BKK"], ["DXB", "JED"], ["DXB", "SYD"]];
const connecting = [["MAN", "PER"], ["INV", "TIF"], ["BRS", "TIF"], ["LXR", "GRR"], ["ABZ", "NNT"], ["ASW", "YXU"]];
const home = { latitude: 25.0866, longitude: 55.1477 };
rows.push(
  ["search_locations words (" + placeQueries.length + " queries)", perCallUs(placeQueries.map((q) => () => searchPlaces(placeIndex, q))).toFixed(1) + " µs"],
  ["search_locations typos (" + typoQueries.length + ")", perCallUs(typoQueries.map((q) => () => searchPlaces(placeIndex, q))).toFixed(1) + " µs"],
  ["search_locations with near", perCallUs(placeQueries.map((q) => () => searchPlaces(placeIndex, q, { near: home }))).toFixed(1) + " µs"],
  ["places near a point (10 nearest)", perCallUs([() => placesNear(placeIndex, home)]).toFixed(1) + " µs"],
  ["airports: codes, cities, names (" + airportQueries.length + ")", perCallUs(airportQueries.map((q) => () => searchAirports(airportIndex, q))).toFixed(1) + " µs"],
  ["airports: typos (" + airportTypos.length + ")", perCallUs(airportTypos.map((q) => () => searchAirports(airportIndex, q))).toFixed(1) + " µs"],
  ["plan: nonstop pairs (" + pairs.length + ")", perCallUs(pairs.map(([o, d]) => () => planFlights(planner, o, d, "2027-03-01"))).toFixed(1) + " µs"],
  ["plan: one or two stops (" + connecting.length + ")", perCallUs(connecting.map(([o, d]) => () => planFlights(planner, o, d, "2027-03-01"))).toFixed(1) + " µs"],
);
const width = Math.max(...rows.map((r) => r[0].length));
for (const [what, figure] of rows) console.log(what.padEnd(width + 2) + figure);
console.log("load average " + (await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ") + " on " + (await import("node:os")).cpus().length + " cores");
`;

try {
  const input = path.join(dir, "entry.mjs");
  writeFileSync(input, entry);
  const output = path.join(dir, "out.mjs");
  await build({ input, platform: "node", logLevel: "silent", cwd: root, output: { file: output, format: "esm", codeSplitting: false } });
  await import(pathToFileURL(output).href);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
