// A world function called with arguments and literals runs as a plain JS call (directCall.ts),
// decided from the parsed tree. Held to JSONata's interpreter: every direct expression of the
// shipped catalog answers as the interpreter does, for the ids the catalog's fixtures use.
import fs from "node:fs";
import path from "node:path";
import jsonata from "jsonata";
import { describe, expect, it } from "vitest";
import { directOf } from "../../src/jsonata/directCall.js";
import { compileExpression } from "../../src/jsonata/expression.js";
import { Catalog } from "../../src/engine/catalog.js";
import { expressionsOf } from "../../src/state/scenarioState.js";
import { World } from "../../src/world/world.js";
import { projectRoot } from "../journeys/server.js";
import type { JsonObject } from "../../src/base/types.js";

describe("which expressions are direct calls", () => {
  it.each([
    ["$rideFind($args.rideId)", true],
    ["$rideStatusOf($rideFind($args.rideId)) = 'SEARCHING'", true],
    ["$rideStatusOf($rideFind($args.rideId)) != 'SEARCHING'", true],
    ["$rideStatusView($rideAs($args.rideId, ['SCHEDULED', 'SEARCHING']))", true],
    ["$f(1, 'a', true, null)", true],
    ["$rideFind($args.rideId).status", false],
    ["$rideFind($args.ride.id)", false],
    ["$rideFind($args.rideId)[0]", false],
    ["$not($rideFind($args.rideId))", true],
    ["$count($filter([$args.at], $isPast)) > 0", false],
    ["'SEARCHING' = $rideStatusOf($rideFind($args.rideId))", false],
    ["$rideFind($args.rideId) = 1", false],
    ["$x := 1", false],
    ["$f([$args.a])", false],
  ])("%s: %s", (source, direct) => {
    expect(directOf(jsonata(source).ast()) !== undefined).toBe(direct);
  });
});

describe("direct comparisons keep JSONata's rules", () => {
  it.each([
    ["$f() = 'A'", "A", true],
    ["$f() = 'A'", undefined, false],
    ["$f() != 'A'", undefined, false],
    ["$f() != 'A'", "B", true],
    ["$f() = 'A'", ["A"], false],
    ["$f() != 'A'", 1, true],
  ])("%s when $f() is %j: %s", (source, value, expected) => {
    const fn = () => value;
    const scope = { args: {}, fn: (name: string) => (name === "f" ? fn : undefined) };
    const direct = directOf(jsonata(source).ast());
    expect(direct?.ready(scope)).toBe(true);
    expect(direct?.run(scope)).toBe(expected);
    const interpreted = jsonata(source).evaluate({}, { f: fn });
    expect(interpreted === true, "JSONata's interpreter agrees").toBe(expected);
  });
});

describe("direct calls answer as JSONata's interpreter", () => {
  const tools = path.join(projectRoot, "tools");
  const clock = () => Date.UTC(2026, 11, 7, 9, 30);
  const world = new World(path.join(tools, "_world"), clock, { int: (min) => min, uuid: () => "u" }).snapshot();
  const sources = new Set<string>();
  for (const entry of new Catalog(tools).all()) {
    if (entry.kind !== "ok") continue;
    for (const scenario of entry.result.tool.scenarios) {
      if (scenario.state?.when) sources.add(scenario.state.when.source);
      for (const e of expressionsOf(scenario.template.root)) sources.add(e.source);
    }
  }
  const direct = [...sources].filter((s) => directOf(jsonata(s).ast()) !== undefined);
  const ids = fs.readFileSync(path.join(projectRoot, "FIXTURES.md"), "utf8").match(/\b(ride|bsk|ord|ofr|rst|itm|prd|place|saved|txn|idem)[_-][A-Za-z0-9_-]+/g) ?? [];
  const pool = [...new Set(ids)].slice(0, 60);

  it("covers most of the catalog's conditions and answers", () => {
    expect(direct.length).toBeGreaterThan(40);
    expect(pool.length).toBeGreaterThan(20);
  });

  it.each(direct)("%s", (source) => {
    const expression = compileExpression(source);
    const keys = [...source.matchAll(/\$args\.([A-Za-z_]+)/g)].map((m) => m[1] as string);
    for (const id of [undefined, ...pool]) {
      const args: JsonObject = id === undefined ? {} : Object.fromEntries(keys.map((k) => [k, id]));
      const both = [false, true].map((interpreterOnly) => {
        try {
          return JSON.stringify(expression.evaluate({ args, state: { rides: {} }, clock, world, random: { int: (min) => min, uuid: () => "u" }, interpreterOnly }) ?? "(nothing)");
        } catch (err) {
          return `error: ${(err as Error).message}`;
        }
      });
      expect(both[0], `${source} with ${JSON.stringify(args)}`).toBe(both[1]);
    }
  });
});
