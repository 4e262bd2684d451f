// One row per line of the `json match` table (docs/tool-files.md), then the corner cases:
// Unicode case folding, `=x`, a string pattern against a non-string argument, pattern arrays
// holding objects, and `[]`.
import { describe, expect, it } from "vitest";
import { matchArguments, matchEachKey } from "../../src/engine/match.js";
import type { Json } from "../../src/base/types.js";

type Row = [label: string, pattern: Json, args: Record<string, Json>, matched: boolean];

const seedTable: Row[] = [
  ["equal, strings case-insensitive", { rideId: "ride_123" }, { rideId: "RIDE_123" }, true],
  ["equal, different value", { rideId: "ride_123" }, { rideId: "ride_124" }, false],
  ["~ contains, case-insensitive", { query: "~pizza" }, { query: "Best PIZZA in town" }, true],
  ["~ contains, absent substring", { query: "~pizza" }, { query: "burgers" }, false],
  ["* present and not null", { promo_code: "*" }, { promo_code: "SAVE10" }, true],
  ["* rejects null", { promo_code: "*" }, { promo_code: null }, false],
  ["* rejects absent", { promo_code: "*" }, {}, false],
  ["=* literal star", { code: "=*" }, { code: "*" }, true],
  ["=* literal star is not a wildcard", { code: "=*" }, { code: "anything" }, false],
  ["=~x literal tilde", { code: "=~x" }, { code: "~x" }, true],
  ["=~x is not contains", { code: "=~x" }, { code: "axb" }, false],
  ["number exact", { limit: 5 }, { limit: 5 }, true],
  ["number differs", { limit: 5 }, { limit: 6 }, false],
  ['number pattern matches "5" as text', { limit: 5 }, { limit: "5" }, true],
  ["boolean exact", { express: true }, { express: true }, true],
  ["boolean differs", { express: true }, { express: false }, false],
  ["null exact", { note: null }, { note: null }, true],
  ["nested objects recursive", { location: { city: "dubai" } }, { location: { city: "Dubai", area: "Marina" } }, true],
  ["nested objects, mismatch inside", { location: { city: "dubai" } }, { location: { city: "Abu Dhabi" } }, false],
  ["array: every listed element in argument", { search_terms: ["milk"] }, { search_terms: ["bread", "Milk"] }, true],
  ["array: listed element missing", { search_terms: ["milk", "eggs"] }, { search_terms: ["milk"] }, false],
];

const corners: Row[] = [
  ['"5" pattern against number 5 (JSON text)', { limit: "5" }, { limit: 5 }, true],
  ["string pattern never matches null", { rideId: "null" }, { rideId: null }, false],
  ["~ against a number compares its JSON text", { amount: "~12" }, { amount: 1234 }, true],
  ["string pattern against an object compares compact JSON", { loc: '{"a":1}' }, { loc: { a: 1 } }, true],
  ["absent key never matches", { rideId: "x" }, {}, false],
  ["[] matches any array", { items: [] }, { items: [1, 2] }, true],
  ["[] matches an empty array", { items: [] }, { items: [] }, true],
  ["[] does not match a non-array", { items: [] }, { items: "x" }, false],
  ["array of objects: partial match", { items: [{ sku: "milk" }] }, { items: [{ sku: "MILK", quantity: 2 }] }, true],
  ["array of objects: no element matches", { items: [{ sku: "milk", quantity: 3 }] }, { items: [{ sku: "milk", quantity: 2 }] }, false],
  ["array element patterns use ~", { terms: ["~avo"] }, { terms: ["avocado"] }, true],
  ["~ folds Unicode case", { city: "~ÉCOLE" }, { city: "une école" }, true],
  ["nested object pattern vs non-object", { location: { city: "x" } }, { location: "x" }, false],
  ["__proto__ in a pattern is an ordinary absent key", JSON.parse('{"__proto__":{"polluted":"*"}}'), {}, false],
  ["constructor key is not inherited", { constructor: "*" }, {}, false],
  ["empty pattern matches anything", {}, { a: 1 }, true],
  ["number pattern against boolean", { limit: 1 }, { limit: true }, false],
];

describe("matchArguments: the match table", () => {
  it.each(seedTable)("%s", (_label, pattern, args, matched) => {
    expect(matchArguments(pattern, args).matched).toBe(matched);
  });
});

describe("matchArguments: corner cases", () => {
  it.each(corners)("%s", (_label, pattern, args, matched) => {
    expect(matchArguments(pattern, args).matched).toBe(matched);
  });
});

describe("matchArguments explains a miss", () => {
  it("names the first mismatching key and why", () => {
    expect(matchArguments({ rideId: "~missing", city: "dubai" }, { rideId: "ride_missing_1", city: "sharjah" })).toEqual({
      matched: false,
      key: "city",
      reason: '"sharjah" does not match "dubai"',
      expected: "dubai",
      seen: "sharjah",
    });
  });
  it("names nested keys with a dotted path", () => {
    expect(matchArguments({ location: { city: "dubai" } }, { location: {} })).toEqual({ matched: false, key: "location.city", reason: "argument absent", expected: "dubai" });
  });
  it("an array miss shows the whole expected list and the array seen", () => {
    expect(matchArguments({ terms: ["milk", "eggs"] }, { terms: ["milk"] })).toEqual({
      matched: false,
      key: "terms",
      reason: 'no element matches "eggs"',
      expected: ["milk", "eggs"],
      seen: ["milk"],
    });
  });
});

describe("matchEachKey judges every top-level key on its own (closest-scenario diffs)", () => {
  it("keeps going past the first miss", () => {
    expect(matchEachKey({ a: "x", b: "y", c: 3 }, { a: "X", b: "z" })).toEqual([
      { key: "a", result: { matched: true } },
      { key: "b", result: { matched: false, key: "b", reason: '"z" does not match "y"', expected: "y", seen: "z" } },
      { key: "c", result: { matched: false, key: "c", reason: "argument absent", expected: 3 } },
    ]);
  });
});
