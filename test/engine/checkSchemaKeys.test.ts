// --check's reading of an input schema (src/check/schemaKeys.ts), one row per rule: which match
// keys and which {{args...}} paths it admits. No false positives inside free-form objects; a
// path the schema rules out is named with a "did you mean".
import { describe, expect, it } from "vitest";
import { unknownArgPlaceholders } from "../../src/check/argPlaceholders.js";
import { unknownMatchKeys } from "../../src/check/matchKeys.js";
import { compileTemplate } from "../../src/template/template.js";
import type { Json } from "../../src/base/types.js";

const schema = {
  type: "object",
  properties: {
    rideId: { type: "string" },
    labels: { type: "object", additionalProperties: { type: "string" } },
    extra: { type: "object" },
    pickup: { type: "object", properties: { address: { type: "string" } }, additionalProperties: false },
    items: { type: "array", items: { type: "object", properties: { quantity: { type: "integer" } } } },
    anything: {},
    ref: { $ref: "#/$defs/place" },
  },
  $defs: { place: { type: "object", properties: { city: { type: "string" } } } },
  additionalProperties: false,
};

// [match block, problems]
const matchRows: [Json, string[]][] = [
  [{ rideId: "x" }, []],
  [{ labels: { anyKey: "x" } }, []],
  [{ extra: { whatever: { deep: 1 } } }, []],
  [{ anything: { a: 1 } }, []],
  [{ items: [{ quantity: 1 }] }, []],
  [{ ref: { city: "dubai" } }, []],
  [{ rideID: "x" }, ['match key "rideID" is not an input of t (did you mean "rideId"?)']],
  [{ pickup: { adress: "x" } }, ['match key "pickup.adress" is not an input of t (did you mean "pickup.address"?)']],
  [{ items: [{ quantiti: 1 }] }, ['match key "items[].quantiti" is not an input of t (did you mean "items[].quantity"?)']],
  [{ ref: { cty: "x" } }, ['match key "ref.cty" is not an input of t (did you mean "ref.city"?)']],
];

// [template, problems]
const argRows: [string, string[]][] = [
  ['{ "id": "{{args.rideId}}" }', []],
  ['{ "label": "{{args.labels.home}}" }', []],
  ['{ "x": {{args.extra.any.depth}} }', []],
  ['{ "q": {{args.items.0.quantity}} }', []],
  ['{ "c": "{{args.ref.city}}" }', []],
  ['{ "a": {{args.anything.at.all}} }', []],
  ['{\n  "id": "{{args.rideID}}"\n}', ["1: placeholder {{args.rideID}} names no input of t, so it renders empty (did you mean {{args.rideId}}?)"]],
  ['{ "a": "{{args.pickup.adress}}" }', ["0: placeholder {{args.pickup.adress}} names no input of t, so it renders empty (did you mean {{args.pickup.address}}?)"]],
  ['{ "q": {{args.items.first}} }', ["0: placeholder {{args.items.first}} names no input of t, so it renders empty"]],
  ['{ "q": "{{args.rideId.length}}" }', ["0: placeholder {{args.rideId.length}} names no input of t, so it renders empty"]],
];

describe("--check: match keys", () => {
  it.each(matchRows)("%j", (pattern, problems) => {
    expect(unknownMatchKeys("t", schema, pattern)).toEqual(problems);
  });

  it("a top-level free-form input (no properties) admits any key", () => {
    expect(unknownMatchKeys("t", { type: "object" }, { anything: { at: "all" } })).toEqual([]);
    expect(unknownMatchKeys("t", { type: "object", additionalProperties: { type: "string" } }, { k: "v" })).toEqual([]);
  });
});

describe("--check: {{args...}} placeholders", () => {
  it.each(argRows)("%s", (text, problems) => {
    const found = unknownArgPlaceholders("t", schema, compileTemplate(text).root, text);
    expect(found.map((p) => `${p.lineOffset}: ${p.message}`)).toEqual(problems);
  });
});
