// The shipped catalog's injections (tools/_injections.json): one on every vertical, each placed in
// its tool's answer when asked, the answer still valid against its outputSchema, and none placed
// when nobody asked.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";
import { projectRoot } from "../journeys/server.js";

const engine = new Engine({ toolsDir: path.join(projectRoot, "tools"), forced: new OverridesReader(path.join(projectRoot, "test", "fixtures", "no-run-state")) });
const home = { latitude: 25.0866, longitude: 55.1477 };

/** Arguments an agent would send each injected tool. */
const asked: Record<string, Record<string, unknown>> = {
  search_restaurants: { query: "shawarma", location: home },
  get_restaurant_menu: { restaurant_id: "rst_10231" },
  search_products: { search_terms: ["milk"] },
  search_locations: { query: "Dubai Marina Mall" },
  offer_search: { origin: { scheme: "IATA", code: "DXB" }, destination: { scheme: "IATA", code: "LHR" }, departureDate: "2027-01-15" },
  get_ride_status: { rideId: "ride_arrived" },
};

describe("the catalog's injections", () => {
  const injections = engine.injections.all();

  it("parse without a problem and cover every vertical", () => {
    expect(engine.injections.problems()).toEqual([]);
    expect(new Set(injections.map((i) => i.vertical))).toEqual(new Set(["food", "groceries", "rides", "travel"]));
    expect(injections.map((i) => i.tool).sort()).toEqual(Object.keys(asked).sort());
  });

  it.each(injections.map((i) => [i.id, i] as const))("%s lands in its answer, which stays valid; unasked, it is absent", (id, injection) => {
    const args = asked[injection.tool];
    const placed = engine.callTool(injection.tool, args, { meta: { "careem-mcp/injections": [id] } });
    expect(placed.kind).toBe("result");
    if (placed.kind !== "result") return;
    expect(placed.rpcError, JSON.stringify(placed.warnings)).toBeUndefined();
    expect(placed.warnings.filter((w) => /outputSchema/.test(w))).toEqual([]);
    expect(placed.result.content[0]?.text).toContain(JSON.stringify(injection.text).slice(1, 40));
    const plain = engine.callTool(injection.tool, args, {});
    expect(plain.kind === "result" && plain.result.content[0]?.text.includes(injection.text.slice(0, 30))).toBe(false);
  });
});
