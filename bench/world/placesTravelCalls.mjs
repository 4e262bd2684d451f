// Warm search_locations and offer_search beside a warm get_ride_status, in process through the
// engine (the same call path the transports take, without the wire), interleaved in one run so
// machine load weighs on all alike. The target: each search at most 1.5x get_ride_status.
// Also times the first call of each (the world version's index or airport lookups being built).
// Run after `npm run build`: node bench/world/placesTravelCalls.mjs
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine } from "../../dist/engine/engine.js";
import { OverridesReader } from "../../dist/overrides/overridesFile.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const engine = new Engine({ toolsDir: path.join(root, "tools"), forced: new OverridesReader(path.join(root, "test", "fixtures", "no-run-state")) });
const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const calls = {
  get_ride_status: ["get_ride_status", { rideId: "ride_482913" }],
  "search_locations 'Dubai Hills Mall'": ["search_locations", { query: "Dubai Hills Mall" }],
  "search_locations 'دبي مول'": ["search_locations", { query: "دبي مول" }],
  "search_locations 'Dubia Mall' (typo)": ["search_locations", { query: "Dubia Mall" }],
  "offer_search DXB-CDG (planned)": ["offer_search", { origin: { scheme: "IATA", code: "DXB" }, destination: { scheme: "IATA", code: "CDG" }, departureDate: date }],
  "offer_search DXB-LHR (hand-typed)": ["offer_search", { origin: { scheme: "IATA", code: "DXB" }, destination: { scheme: "IATA", code: "LHR" }, departureDate: date }],
};
// Each batch acts for a user of its own: offer_search remembers every offer in the user's state,
// and a state grown by thousands of bench searches would weigh on every later call.
let user = "900000001";
const call = ([tool, args]) => {
  const out = engine.callTool(tool, args, { sessionId: "bench", userId: user });
  if (out.kind !== "result") throw new Error(`${tool}: ${out.kind}`);
};
for (const [name, c] of Object.entries(calls)) {
  const t = process.hrtime.bigint();
  call(c);
  console.log(`first call ${name}: ${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(1)} ms`);
}
const rounds = Number(process.env.ROUNDS ?? 15);
const per = Number(process.env.PER ?? 200);
const times = Object.fromEntries(Object.keys(calls).map((k) => [k, []]));
for (let r = 0; r < rounds; r++) {
  for (const [name, c] of Object.entries(calls)) {
    user = `9100${r}${name.length}`;
    const t = process.hrtime.bigint();
    for (let i = 0; i < per; i++) call(c);
    times[name].push(Number(process.hrtime.bigint() - t) / 1e3 / per);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(times.get_ride_status);
console.log("| call | median µs | × get_ride_status |\n| --- | --- | --- |");
for (const [name, xs] of Object.entries(times)) console.log(`| ${name} | ${median(xs).toFixed(0)} | ${(median(xs) / base).toFixed(2)} |`);
