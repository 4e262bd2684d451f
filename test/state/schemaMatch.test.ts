// offer_search refuses what production's validation refuses, for every such input, not only the
// fixture values: `json match-schema` with formats, `$data` and {{now|date}}, table-driven.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { projectRoot } from "../catalog/fixturesTable.js";

// A pinned clock: "today" in Dubai is 2026-10-05.
const now = Date.UTC(2026, 9, 5, 12);
const engine = new Engine({ toolsDir: path.join(projectRoot, "tools"), clock: () => now });
const at = (code: string) => ({ scheme: "IATA", code });

function search(origin: string, destination: string, departureDate: string) {
  const outcome = engine.callTool("offer_search", { origin: at(origin), destination: at(destination), departureDate }, { sessionId: "schema" });
  if (outcome.kind !== "result") throw new Error(outcome.message);
  return { scenario: outcome.scenario, errorCode: (outcome.result.structuredContent as { errorCode?: string } | undefined)?.errorCode };
}

describe("offer_search validates like production", () => {
  it.each([
    ["2027-02-30", "invalid-date", "invalid_date"],
    ["2027-02-31", "invalid-date", "invalid_date"],
    ["2027-04-31", "invalid-date", "invalid_date"],
    ["2027-13-01", "invalid-date", "invalid_date"],
    ["2027-00-10", "invalid-date", "invalid_date"],
    ["2026-02-29", "invalid-date", "invalid_date"],
    ["15/01/2027", "date-not-iso", "invalid_date"],
    ["tomorrow", "date-not-iso", "invalid_date"],
    ["2026-10-04", "past-date", "departure_in_past"],
    ["2024-05-01", "past-date", "departure_in_past"],
    ["2020-03-01", "past-date", "departure_in_past"],
    ["2028-02-29", "beyond-booking-horizon", "invalid_date"],
    ["2031-01-15", "beyond-booking-horizon", "invalid_date"],
    ["2027-09-01", "beyond-booking-horizon", "invalid_date"],
    ["2027-08-31", "flight-offers", undefined],
    ["2027-02-28", "flight-offers", undefined],
    // 16:00 in Dubai: today's 07:40, 09:35 and 15:05 departures are gone, so none is offered.
    ["2026-10-05", "no-offers-on-route", undefined],
    ["2026-10-06", "flight-offers", undefined],
  ])("DXB→MCT on %s: %s", (date, scenario, errorCode) => {
    expect(search("DXB", "MCT", date)).toEqual({ scenario, errorCode });
  });

  it.each(["DXB", "LHR", "MCT", "AUH"])("%s→%s is invalid_route", (code) => {
    expect(search(code, code, "2027-01-15")).toEqual({ scenario: "identical-locations", errorCode: "invalid_route" });
  });

  it("yesterday follows the clock, not a fixed value", () => {
    const later = new Engine({ toolsDir: path.join(projectRoot, "tools"), clock: () => Date.UTC(2027, 0, 20, 12) });
    const outcome = later.callTool("offer_search", { origin: at("DXB"), destination: at("MCT"), departureDate: "2027-01-19" });
    expect(outcome).toMatchObject({ scenario: "past-date" });
  });
});
