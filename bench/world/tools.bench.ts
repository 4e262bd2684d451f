// Issue 43's speed target in process: a warm search_products and a warm search_restaurants
// through the engine (scenario choice, expressions, world functions, output validation) beside a
// warm get_ride_status, measured in the same run; the ratio is the figure, not the times.
// Run: npx vitest bench --run bench/world/tools.bench.ts
import path from "node:path";
import { bench, describe } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";

const root = path.resolve(import.meta.dirname, "../..");
const engine = new Engine({ toolsDir: path.join(root, "tools"), forced: new OverridesReader(path.join(root, "test", "fixtures", "no-run-state")) });
const call = (tool: string, args: Record<string, unknown>) => {
  const outcome = engine.callTool(tool, args, { sessionId: "bench" });
  if (outcome.kind !== "result") throw new Error(`${tool}: ${outcome.kind}`);
};
const home = { latitude: 25.0866, longitude: 55.1477 };
const difc = { latitude: 25.2125, longitude: 55.281 };
// Warm: every index built and every tool file loaded before the first sample.
call("get_ride_status", { rideId: "ride_482913" });
call("search_products", { search_terms: ["milk"] });
call("search_restaurants", { query: "pizza", location: home });

describe("warm tool calls in process", () => {
  bench("baseline: get_ride_status", () => call("get_ride_status", { rideId: "ride_482913" }));
  bench("search_products ['coffee']", () => call("search_products", { search_terms: ["coffee"] }));
  bench("search_products ['milk','eggs','bread']", () => call("search_products", { search_terms: ["milk", "eggs", "bread"] }));
  bench("search_restaurants 'pizza' near home", () => call("search_restaurants", { query: "pizza", location: home }));
  bench("search_restaurants 'shawarma' near DIFC", () => call("search_restaurants", { query: "shawarma", location: difc }));
});
