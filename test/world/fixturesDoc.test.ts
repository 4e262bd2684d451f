// FIXTURES.md is the people's map of the world: every entity the world files declare by id
// (restaurants, dishes, products, places, cards, rides, promo codes, ...) is named there, and
// every id FIXTURES.md names of those families is one the world has or a tool file uses, so the
// map can neither leave an entity out nor keep one the world dropped.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { World } from "../../src/world/world.js";
import type { Json } from "../../src/base/types.js";
import { projectRoot } from "../journeys/server.js";

const toolsDir = path.join(projectRoot, "tools");
const world = new World(path.join(toolsDir, "_world"), () => Date.now(), { int: (min) => min, uuid: () => "00000000-0000-4000-8000-000000000000" }).snapshot();
const fixtures = fs.readFileSync(path.join(projectRoot, "FIXTURES.md"), "utf8");
const ID = /^[a-z]+_[A-Za-z0-9_]+$/;

/** Keys of maps keyed by ids (`"rst_10231": {...}`), anywhere in the world data. */
function entityIds(value: Json, out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 8 || value === null || typeof value !== "object") return out;
  if (Array.isArray(value)) {
    for (const v of value) entityIds(v, out, depth + 1);
    return out;
  }
  const keys = Object.keys(value);
  // Entities are objects: a map of strings keyed like ids (`opens_at`, `closes_at`) is a record.
  if (keys.length > 0 && keys.every((k) => ID.test(k)) && Object.values(value).some((v) => v !== null && typeof v === "object")) for (const k of keys) out.add(k);
  for (const v of Object.values(value)) entityIds(v as Json, out, depth + 1);
  return out;
}

const ids = entityIds(world.data);
const families = new Set([...ids].map((id) => id.slice(0, id.indexOf("_") + 1)));
const toolText = fs
  .readdirSync(toolsDir, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".md"))
  .map((f) => fs.readFileSync(path.join(toolsDir, f), "utf8"))
  .join("\n");

describe("FIXTURES.md and the world", () => {
  it("the world declares entities by id (the map has something to check)", () => {
    expect(world.problems).toEqual([]);
    expect(ids.size).toBeGreaterThan(50);
  });

  it("names every entity the world declares by id", () => {
    expect([...ids].filter((id) => !fixtures.includes(id)).sort()).toEqual([]);
  });

  it("names no id of those families that the world and the tool files do not have", () => {
    const named = new Set([...fixtures.matchAll(/`([a-z]+_[A-Za-z0-9_]+)`/g)].map((m) => m[1] as string));
    const stale = [...named].filter((id) => families.has(id.slice(0, id.indexOf("_") + 1)) && !ids.has(id) && !toolText.includes(id) && !JSON.stringify(world.data).includes(id));
    expect(stale.sort()).toEqual([]);
  });
});
