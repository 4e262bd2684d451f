// An answer's sorted copy of a world object is made once per world snapshot and shared, frozen
// (src/jsonata/worldValues.ts): the same copy call after call, in Go's key order, never one of an
// object the expression built itself, and a new one once the world file changes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compileExpression } from "../../src/jsonata/expression.js";
import { sortKeys } from "../../src/goJson/sortKeys.js";
import { World } from "../../src/world/world.js";

describe("sorted copies of world objects", () => {
  let dir: string | undefined;
  afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  const worldText = (city: string) => ["# w", "", "```json world", JSON.stringify({ places: { home: { name: "Home", city, at: { lon: 55.1, lat: 25.0 } } } }), "```", ""].join("\n");

  function world(city: string): { world: World; file: string } {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "world-values-"));
    const file = path.join(dir, "w.md");
    fs.writeFileSync(file, worldText(city));
    return { world: new World(dir, () => 0, { int: (min) => min, uuid: () => "u" }), file };
  }

  const answer = (w: World, source: string, sortedKeys = true) => compileExpression(source).evaluate({ args: {}, clock: () => 0, world: w.snapshot(), sortedKeys }) as Record<string, unknown>;

  it("is the same frozen copy on every call, in Go's key order", () => {
    const { world: w } = world("Dubai");
    const first = answer(w, '{ "place": $world.places.home, "made": { "b": 1, "a": 2 } }');
    const second = answer(w, '{ "place": $world.places.home, "made": { "b": 1, "a": 2 } }');
    expect(JSON.stringify(first.place)).toBe(JSON.stringify(sortKeys((w.snapshot().data.places as Record<string, unknown>).home)));
    expect(JSON.stringify(first.place)).toBe('{"at":{"lat":25,"lon":55.1},"city":"Dubai","name":"Home"}');
    expect(second.place, "shared across calls").toBe(first.place);
    expect(Object.isFrozen(first.place) && Object.isFrozen((first.place as { at: object }).at)).toBe(true);
    expect(() => {
      (first.place as Record<string, unknown>).city = "Sharjah";
    }).toThrow(TypeError);
    expect(second.made, "an object the expression built is its own every call").not.toBe(first.made);
    expect(Object.isFrozen(first.made)).toBe(false);
    expect(JSON.stringify(first.made)).toBe('{"a":2,"b":1}');
  });

  it("is made again once the world file changed", () => {
    const { world: w, file } = world("Dubai");
    const before = answer(w, "$world.places.home");
    fs.writeFileSync(file, worldText("Sharjah"));
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    const after = answer(w, "$world.places.home");
    expect(after).not.toBe(before);
    expect(after.city).toBe("Sharjah");
    expect(before.city, "the earlier answer keeps what it said").toBe("Dubai");
  });

  it("is not shared where the value is not copied sorted (conditions, state changes)", () => {
    const { world: w } = world("Dubai");
    const one = answer(w, "$world.places.home", false);
    const two = answer(w, "$world.places.home", false);
    expect(two).not.toBe(one);
    expect(Object.isFrozen(one)).toBe(false);
  });
});
