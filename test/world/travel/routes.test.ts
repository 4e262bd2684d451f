// The route planner's rules (issue 43): flights for any pair of real airports, nonstop where a
// carrier based at either end flies the pair, else through a real hub; durations from the
// distance; the same answer for the same (pair, date, cabin).
import { describe, expect, it } from "vitest";
import { createAirportIndex } from "../../../tools/_world/lib/travel/airports.js";
import { airports, carrierData, metroData } from "../../../tools/_world/lib/travel/data.js";
import { createRoutePlanner, planFlights } from "../../../tools/_world/lib/travel/routes.js";

const index = createAirportIndex(airports, metroData);
const planner = createRoutePlanner(index.byCode, carrierData);
const date = "2027-01-15";

describe("nonstop or through a hub", () => {
  // Today's hand-typed routes (tools/_world/travel.md): every carrier they sell flies the pair
  // nonstop in the planned network too, so a world that answers a hand-typed route when it has
  // one and a planned one otherwise never contradicts itself about who flies where.
  it.each([
    ["DXB", "LHR", ["EK", "BA"]],
    ["LHR", "DXB", ["EK", "BA"]],
    ["DXB", "LGW", ["EK"]],
    ["DXB", "MCT", ["FZ", "EK", "WY"]],
    ["DXB", "DOH", ["FZ", "QR", "EK"]],
    ["DXB", "RUH", ["SV", "EK", "FZ"]],
    ["DXB", "BOM", ["EK", "AI", "6E"]],
    ["DXB", "IST", ["TK", "EK"]],
    ["AUH", "LHR", ["EY", "BA"]],
    ["SHJ", "MCT", ["G9"]],
  ])("%s-%s is flown nonstop by %j", (origin, destination, carriers) => {
    const plan = planFlights(planner, origin, destination, date);
    expect(plan.kind).toBe("nonstop");
    const flying = new Set(plan.services.map((s) => s.carrier));
    for (const c of carriers) expect(flying, `${c} on ${origin}-${destination}`).toContain(c);
  });

  it("every nonstop carrier is based at one end of the pair", () => {
    for (const [o, d] of [["DXB", "SYD"], ["CDG", "JFK"], ["KHI", "LHE"], ["CAI", "JED"], ["AUH", "MAN"]] as const) {
      for (const s of planFlights(planner, o, d, date).services) {
        expect(carrierData.carriers[s.carrier]!.hubs.some((h) => h === o || h === d), `${s.serviceNumber} ${o}-${d}`).toBe(true);
        expect(s.stops).toBe(0);
      }
    }
  });

  it.each([
    ["MAN", "PER"],
    ["BHX", "KTM"],
    ["INV", "TIF"],
    ["GOI", "BRS"],
    ["LXR", "MAN"],
  ])("%s-%s, which no carrier flies nonstop, connects once through a hub of a carrier flying that leg", (origin, destination) => {
    const plan = planFlights(planner, origin, destination, date);
    expect(plan.kind).toBe("one-stop");
    expect(plan.services.length).toBeGreaterThan(0);
    for (const s of plan.services) {
      expect(s.stops).toBe(1);
      expect(s.legs).toHaveLength(2);
      const hub = s.legs[0]!.destination;
      expect(s.via).toBe(hub);
      expect(carrierData.carriers[s.legs[0]!.carrier]!.hubs).toContain(hub);
      expect(carrierData.carriers[s.legs[1]!.carrier]!.hubs).toContain(hub);
      expect(s.warnings[0]).toMatch(new RegExp(`^one stop: change planes in .+ \\(${hub}\\), \\d+ h( \\d+ min)? connection$`));
      expect(s.durationMinutes).toBeGreaterThan(s.legs[0]!.durationMinutes + s.legs[1]!.durationMinutes + 60);
    }
  });

  it("a long one-stop trip connects through a global hub", () => {
    const vias = planFlights(planner, "MAN", "PER", date).services.map((s) => s.via);
    expect(vias.some((v) => ["DXB", "DOH", "AUH", "SIN"].includes(v!))).toBe(true);
  });

  it("regional airports far apart connect through two hubs", () => {
    const plan = planFlights(planner, "ASW", "YXU", date);
    expect(plan.kind).toBe("two-stop");
    expect(plan.services[0]!.legs.map((l) => l.origin)).toEqual(["ASW", ...plan.services[0]!.via!.split(",")]);
    expect(plan.services[0]!.warnings[0]).toMatch(/^2 stops: change planes in .+, then .+$/);
    expect(plan.services[0]!.stops).toBe(2);
  });

  it("answers nothing for an unknown code, the same airport twice, or two airports one drive apart", () => {
    expect(planFlights(planner, "XQZ", "LHR", date)).toMatchObject({ kind: "none", services: [] });
    expect(planFlights(planner, "dxb", "DXB", date)).toMatchObject({ kind: "none", services: [] });
    expect(planFlights(planner, "DXB", "DWC", date)).toMatchObject({ kind: "none", services: [] });
    expect(planFlights(planner, "DXB", "SHJ", date)).toMatchObject({ kind: "none", services: [] });
  });
});

describe("durations from the great-circle distance", () => {
  // Timetable block times, with the tolerance a model can promise.
  it.each([
    ["DXB", "LHR", 7 * 60, 8 * 60],
    ["DXB", "JFK", 13.5 * 60, 14.5 * 60],
    ["DXB", "SYD", 13.5 * 60, 14.75 * 60],
    ["AUH", "MAN", 7.25 * 60, 8.25 * 60],
    ["DXB", "MCT", 55, 80],
    ["DXB", "BOM", 2.75 * 60, 3.5 * 60],
    ["LHR", "DXB", 6.5 * 60, 7.25 * 60],
  ])("%s-%s takes %d to %d minutes", (origin, destination, min, max) => {
    for (const s of planFlights(planner, origin, destination, date).services) {
      expect(s.durationMinutes).toBeGreaterThanOrEqual(min);
      expect(s.durationMinutes).toBeLessThanOrEqual(max);
    }
  });

  it("flies westbound slower than eastbound (the jet stream)", () => {
    const east = planFlights(planner, "LHR", "DXB", date).services[0]!.durationMinutes;
    const west = planFlights(planner, "DXB", "LHR", date).services[0]!.durationMinutes;
    expect(west).toBeGreaterThan(east);
  });
});

describe("the same question, the same answer", () => {
  it("is deterministic for the same pair, date and cabin", () => {
    for (const [o, d] of [["DXB", "CDG"], ["MAN", "PER"], ["KHI", "LHE"]] as const) {
      expect(planFlights(planner, o, d, date, "business")).toEqual(planFlights(planner, o, d, date, "business"));
      expect(planFlights(planner, o.toLowerCase(), ` ${d}`, date)).toEqual(planFlights(planner, o, d, date));
    }
  });

  it("keeps the schedule from day to day and moves the fares", () => {
    const monday = planFlights(planner, "DXB", "CDG", "2027-03-01").services;
    const tuesday = planFlights(planner, "DXB", "CDG", "2027-03-02").services;
    expect(tuesday.map((s) => [s.serviceNumber, s.departs, s.durationMinutes])).toEqual(monday.map((s) => [s.serviceNumber, s.departs, s.durationMinutes]));
    expect(tuesday.map((s) => s.fare)).not.toEqual(monday.map((s) => s.fare));
  });

  it("prices by distance and cabin: longer trips and better cabins cost more", () => {
    const cheapest = (o: string, d: string, cabin: "economy" | "business" = "economy") => Math.min(...planFlights(planner, o, d, date, cabin).services.map((s) => s.fare));
    expect(cheapest("DXB", "MCT")).toBeLessThan(cheapest("DXB", "LHR"));
    expect(cheapest("DXB", "LHR")).toBeLessThan(cheapest("DXB", "SYD"));
    expect(cheapest("DXB", "LHR", "business")).toBeGreaterThan(2.5 * cheapest("DXB", "LHR"));
    // Realistic figures: a Gulf hop in the hundreds of dirhams, London in the low thousands.
    expect(cheapest("DXB", "MCT")).toBeGreaterThan(250);
    expect(cheapest("DXB", "MCT")).toBeLessThan(900);
    expect(cheapest("DXB", "LHR")).toBeGreaterThan(1200);
    expect(cheapest("DXB", "LHR")).toBeLessThan(4000);
  });

  it("sells a cabin only where the carrier has it", () => {
    for (const cabin of ["first", "business", "premium_economy"] as const) {
      const services = planFlights(planner, "DXB", "LHR", date, cabin).services;
      expect(services.length).toBeGreaterThan(0);
      for (const s of services) expect(carrierData.carriers[s.carrier]!.cabins).toContain(cabin);
    }
    // Air Arabia sells economy only: its SHJ-MCT hop is not among the business offers.
    expect(planFlights(planner, "SHJ", "MCT", date, "business").services.map((s) => s.carrier)).not.toContain("G9");
  });

  it("writes services in the hand-typed routes' shape, departures as local HH:MM", () => {
    for (const s of planFlights(planner, "DXB", "BKK", date).services) {
      expect(s.departs).toMatch(/^([01][0-9]|2[0-3]):[0-5][0-9]$/);
      expect(s.serviceNumber).toMatch(new RegExp(`^${s.carrier} \\d{3}$`));
      expect(Number.isInteger(s.fare) && s.fare % 5 === 0).toBe(true);
      if (s.sourceSystem === "cache:fare-index") expect([s.baggage, s.refundable, "validMinutes" in s]).toEqual([null, null, false]);
      else expect(s.validMinutes).toBe(s.sourceSystem.startsWith("gds:") ? 15 : 20);
    }
  });
});
