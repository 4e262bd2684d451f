// renderSorted must give exactly sortKeys(render(...)), key order included: it replaces that pair
// on every call of a tool with an outputSchema, for speed. Checked on every scenario of the
// shipped catalog with every FIXTURES.md argument set of its tool, and on hand-made edge cases.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { render, renderSorted, rendersSorted, type RenderContext } from "../../src/template/render.js";
import { sortKeys } from "../../src/goJson/sortKeys.js";
import { compileTemplate } from "../../src/template/template.js";
import type { Json, JsonObject, RandomSource } from "../../src/base/types.js";
import type { WorldSnapshot } from "../../src/world/world.js";
import { projectRoot, readFixtureRows } from "../catalog/fixturesTable.js";

const clock = () => Date.UTC(2026, 11, 1, 9, 30, 15);
/** The same numbers and ids for both renders of one comparison. */
function seeded(): RandomSource {
  let n = 0;
  return { int: (min) => min + (n++ % 3), uuid: () => `00000000-0000-4000-8000-${String(n++).padStart(12, "0")}` };
}

function both(template: ReturnType<typeof compileTemplate>, args: Record<string, Json>, state?: Json, world?: WorldSnapshot): [string, string] {
  const ctx = (): RenderContext => ({ args, clock, random: seeded(), state, world });
  const outcome = (f: () => unknown) => {
    try {
      return JSON.stringify(f());
    } catch (err) {
      return `throws ${(err as Error).message}`;
    }
  };
  return [outcome(() => sortKeys(render(template, ctx()))), outcome(() => renderSorted(template, ctx()))];
}

describe("renderSorted", () => {
  const engine = new Engine({ toolsDir: path.join(projectRoot, "tools") });
  const rows = readFixtureRows();
  const cases: [string, string, string][] = [];
  for (const entry of engine.catalog.all()) {
    if (entry.kind !== "ok" || entry.result.tool.definition.outputSchema === undefined) continue;
    const tool = entry.result.tool;
    const argSets = [{}, ...rows.filter((r) => r.tool === tool.name && r.args).map((r) => r.args as Record<string, Json>)];
    for (const scenario of tool.scenarios) {
      if (scenario.isError || !rendersSorted(scenario.template)) continue;
      const state = { ...engine.initialState(), ...(scenario.state?.given?.value ?? {}) } as JsonObject;
      argSets.forEach((args, i) => cases.push([`${tool.name}/${scenario.name} #${i}`, ...both(scenario.template, args, state, engine.world.snapshot())]));
    }
  }

  it("covers the shipped catalog", () => {
    expect(cases.length).toBeGreaterThan(300);
  });

  it.each(cases)("%s", (_name, expected, got) => {
    expect(got).toBe(expected);
  });

  it.each([
    ['{ "b": {{args.o}}, "a": [ {{args.o}}, { "z": 1, "y": "{{args.s}}" } ], "c": { "k": 2, "j": { "q": 1, "p": 0 } } }', { o: { y: [{ d: 1, c: 2 }], x: null }, s: "v" }],
    ['{ "10": 1, "9": 2, "b": "{{args.s}}", "a": 3 }', { s: "v" }],
    // Go's order, not JavaScript's default sort: U+FF01 before U+1F600 (a surrogate pair).
    ['{ "\u{1F600}": 1, "\uff01": 2, "a": {{args.o}} }', { o: { "\u{1F600}": 1, "\uff01": 2 } }],
    ['{ "__proto__": { "b": 1, "a": "{{args.s}}" }, "a": 1 }', { s: "v" }],
    ['{ "z": {{args.missing}}, "y": "{{args.missing}}", "x": {{= $args.gone }} }', {}],
    ['{ "a": {{args.o}} }', JSON.parse('{"o":{"__proto__":{"polluted":1},"b":2}}') as Record<string, Json>],
    // A `{{= ...}}` answer alone: sorted as it is copied out of JSONata.
    ['{{= { "b": 1, "a": { "d": [{ "z": 0, "y": $args.s }], "c": 2 }, "10": 3, "9": 4 } }}', { s: "v" }],
    ["{{= $args.o }}", JSON.parse('{"o":{"__proto__":{"polluted":1},"b":2,"a":{"y":1,"x":null}}}') as Record<string, Json>],
    ["{{args.o}}", { o: { b: 1, a: { d: 1, c: 2 } } }],
  ])("equals sortKeys(render()) for %s", (text, args) => {
    const template = compileTemplate(text);
    const [expected, got] = both(template, args);
    expect(got).toBe(expected);
    expect(Object.getPrototypeOf(renderSorted(template, { args, clock, random: seeded() }))).toBe(Object.prototype);
  });

  it.each([
    ['{{= [{ "b": 1, "a": 2 }, "t"] }}', {}],
    ["{{= $args.s }}", { s: "v" }],
    ["{{= $args.gone }}", {}],
  ])("a placeholder alone that renders no object: as sortKeys(render()) leaves it, for %s", (text, args) => {
    const [expected, got] = both(compileTemplate(text), args as Record<string, Json>);
    expect(got).toBe(expected);
  });

  it("shares constant parts frozen, so no caller can change the next answer", () => {
    const template = compileTemplate('{ "fixed": { "b": 1, "a": [1, 2] }, "who": "{{args.s}}" }');
    const first = renderSorted(template, { args: { s: "x" }, clock, random: seeded() }) as { fixed: { a: number[] } };
    expect(Object.isFrozen(first.fixed) && Object.isFrozen(first.fixed.a)).toBe(true);
    expect(() => first.fixed.a.push(3)).toThrow(TypeError);
    expect(JSON.stringify(renderSorted(template, { args: { s: "y" }, clock, random: seeded() }))).toBe('{"fixed":{"a":[1,2],"b":1},"who":"y"}');
  });
});
