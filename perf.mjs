import { Engine } from "./dist/engine/engine.js";
const e = new Engine({ toolsDir: "tools" });
const home = { latitude: 25.0866, longitude: 55.1477 }, work = { latitude: 25.2115, longitude: 55.2806 };
const cases = [
  ["search_locations", { query: "DXB terminal 3" }],
  ["get_ride_estimates", { pickup: home, dropoff: work }],
  ["get_ride_history", {}],
  ["get_ride_status", { rideId: "ride_123" }],
  ["offer_search", { origin: { scheme: "IATA", code: "DXB" }, destination: { scheme: "IATA", code: "LHR" }, departureDate: "2026-12-20" }],
  ["get_wallet_balance", {}],
  ["search_restaurants", { query: "sushi" }],
];
for (const [name, args] of cases) {
  e.callTool(name, args);
  const t = performance.now();
  let o; for (let i = 0; i < 20; i++) o = e.callTool(name, args);
  console.log(name, ((performance.now() - t) / 20).toFixed(1), "ms", o.scenario, o.warnings.length);
}
