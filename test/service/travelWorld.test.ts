// FIXTURES.md lists the travel world's places and services for people; this keeps that list
// equal to the data the tools answer from (tools/_world/travel.md), figure for figure.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { World } from "../../src/world/world.js";
import { projectRoot } from "../catalog/fixturesTable.js";

interface Service { carrier: string; serviceNumber: string; departs: string; days?: number[]; durationMinutes: number; stops: number; fare: number; sourceSystem: string; validMinutes?: number }
interface Route { mode: string; origin: { code: string }; destination: { code: string }; services: Service[] }
interface Travel {
  places: Record<string, { scheme: string; code: string; name: string; city: string; timeZone: string }>;
  cities: Record<string, { name: string }>;
  carriers: Record<string, { name: string }>;
  routes: Record<string, Route>;
}

const travel = new World(path.join(projectRoot, "tools", "_world"), () => Date.now(), { int: (min) => min, uuid: () => "00000000-0000-4000-8000-000000000000" }).snapshot().data.travel as unknown as Travel;
const weekdays = ["", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** The rows of the FIXTURES.md table whose header starts with `header`, cells trimmed. */
function table(header: string): string[][] {
  const lines = fs.readFileSync(path.join(projectRoot, "FIXTURES.md"), "utf8").split("\n");
  const start = lines.findIndex((l) => l.startsWith(header));
  expect(start, `FIXTURES.md has a table "${header}"`).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(line.split("|").slice(1, -1).map((c) => c.trim()));
  }
  return rows;
}

describe("FIXTURES.md travel tables equal the travel world", () => {
  it("places", () => {
    const expected = Object.values(travel.places).map((p) => [p.scheme, p.code, p.name, travel.cities[p.city]?.name, p.timeZone]);
    expect(table("| scheme | code | name | city | time zone |")).toEqual(expected);
  });

  it("routes and services", () => {
    const expected = Object.values(travel.routes).flatMap((r) =>
      r.services.map((s) => [
        `${r.origin.code} → ${r.destination.code}`,
        r.mode,
        travel.carriers[s.carrier]?.name,
        s.serviceNumber,
        s.departs,
        s.days ? s.days.map((d) => weekdays[d]).join(" ") : "daily",
        String(s.durationMinutes),
        String(s.stops),
        s.fare.toFixed(2),
        s.sourceSystem,
        s.validMinutes === undefined ? "—" : String(s.validMinutes),
      ]),
    );
    expect(table("| route | mode | carrier | service |")).toEqual(expected);
  });
});
