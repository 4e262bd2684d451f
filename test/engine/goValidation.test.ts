// Argument validation worded as production's Go validator words it, first error only.
import { describe, expect, it } from "vitest";
import { goFloat, goRat, goValue } from "../../src/engine/goFmtVerbs.js";
import { compileValidators } from "../../src/engine/validators.js";
import type { JsonObject } from "../../src/base/types.js";

// offer_search's input schema, verbatim as production's (SOURCE.md says where it comes from).
const offerSearch: JsonObject = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  required: ["origin", "destination", "departureDate"],
  properties: {
    origin: { $ref: "#/$defs/location" },
    destination: { $ref: "#/$defs/location" },
    departureDate: { type: "string", format: "date" },
  },
  additionalProperties: false,
  $defs: {
    location: {
      type: "object",
      required: ["scheme", "code"],
      properties: { scheme: { enum: ["IATA", "UIC", "GTFS_STOP_ID"] }, code: { type: "string", minLength: 1 } },
      additionalProperties: false,
    },
  },
};

const other: JsonObject = {
  type: "object",
  properties: {
    limit: { type: "integer", minimum: 1, maximum: 50 },
    terms: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 3 },
    note: { type: ["null", "string"] },
    price: { type: "number", exclusiveMinimum: 0 },
    code: { type: "string", pattern: "^[A-Z]+$", maxLength: 4 },
  },
  additionalProperties: false,
};

const dxb = { scheme: "IATA", code: "DXB" };
const lhr = { scheme: "IATA", code: "LHR" };
const offer = compileValidators({ name: "offer_search", inputSchema: offerSearch });
const misc = compileValidators({ name: "misc", inputSchema: other });

// The fourth example, as first written down, put the path inside a $ref relative to it; the go-sdk
// twin measured absolute pointers (/$defs/location/properties/scheme), and where a measurement
// against the real SDK disagrees with what was written, the measurement wins.
describe("Go-worded argument errors: the four worded examples, as measured against the go-sdk", () => {
  it.each([
    [{ destination: lhr, departureDate: "2026-12-01" }, 'validating root: required: missing properties: ["origin"]'],
    [{ origin: dxb, destination: lhr, departureDate: "2026-12-01", bogus: 1 }, 'validating root: unexpected additional properties ["bogus"]'],
    [{ limit: "five" }, 'validating root: validating /properties/limit: type: five has type "string", want "integer"'],
    [
      { origin: { scheme: "XYZ", code: "DXB" }, destination: lhr, departureDate: "2026-12-01" },
      "validating root: validating /properties/origin: validating /$defs/location: validating /$defs/location/properties/scheme: enum: XYZ does not equal any of: [IATA UIC GTFS_STOP_ID]",
    ],
  ])("%j", (args, reason) => {
    const v = "limit" in args ? misc : offer;
    expect(v.checkArguments(args)).toBe(reason);
  });
});

describe("Go-worded argument errors: more keywords", () => {
  it.each([
    [{}, 'validating root: required: missing properties: ["origin" "destination" "departureDate"]', offer],
    [{ origin: dxb, destination: lhr, departureDate: "not-a-date" }, null, offer], // format is not enforced on arguments
    [{ origin: { scheme: "IATA", code: "" }, destination: lhr, departureDate: "x" }, 'validating root: validating /properties/origin: validating /$defs/location: validating /$defs/location/properties/code: minLength: "" contains 0 Unicode code points, fewer than 1', offer],
    [{ limit: 0 }, "validating root: validating /properties/limit: minimum: 0/1 is less than 1.000000", misc],
    [{ limit: 51 }, "validating root: validating /properties/limit: maximum: 51/1 is greater than 50.000000", misc],
    [{ limit: 1.5 }, 'validating root: validating /properties/limit: type: 1.5 has type "number", want "integer"', misc],
    [{ terms: [] }, "validating root: validating /properties/terms: minItems: array length 0 is less than 1", misc],
    [{ terms: ["a", 2] }, 'validating root: validating /properties/terms: validating /properties/terms/items: type: 2 has type "integer", want "string"', misc],
    [{ note: 5 }, 'validating root: validating /properties/note: type: 5 has type "integer", want one of "null, string"', misc],
    [{ price: 0 }, "validating root: validating /properties/price: exclusiveMinimum: 0/1 is less than or equal to 0.000000", misc],
    [{ code: "abc" }, 'validating root: validating /properties/code: pattern: "abc" does not match regular expression "^[A-Z]+$"', misc],
    [{ code: "ABCDE" }, 'validating root: validating /properties/code: maxLength: "ABCDE" contains 5 Unicode code points, more than 4', misc],
    [{ limit: 5, note: null }, null, misc],
  ])("%j", (args, reason, v) => {
    expect(v.checkArguments(args)).toBe(reason);
  });

  it("a non-object argument value is a type error at the root", () => {
    expect(offer.checkArguments([1])).toBe('validating root: type: [1] has type "array", want "object"');
  });
});

describe("Go fmt verbs", () => {
  it.each([
    [5, "5"], [1.5, "1.5"], [123456, "123456"], [1e6, "1e+06"], [1234567, "1.234567e+06"], [0.0001, "0.0001"], [0.00001, "1e-05"], [-2, "-2"],
  ])("%%v of %d is %s", (n, text) => {
    expect(goFloat(n)).toBe(text);
  });
  it("%v of maps sorts keys, slices use spaces", () => {
    expect(goValue({ b: 1, a: ["x", true] })).toBe("map[a:[x true] b:1]");
  });
  it("%s of a big.Rat is an exact fraction", () => {
    expect([goRat(5), goRat(0.5), goRat(-0.25)]).toEqual(["5/1", "1/2", "-1/4"]);
  });
});
