import { describe, expect, it } from "vitest";
import { nullArgumentsPanic } from "../../src/engine/goPanics.js";
import type { JsonObject } from "../../src/base/types.js";

// jsonschema-go's ApplyDefaults (go-sdk v1.6.1 to v1.8.0) into the nil map `"arguments": null`
// unmarshals to: it panics on the first property default it assigns.
describe("where go-sdk panics on null arguments", () => {
  const rows: [string, JsonObject, boolean][] = [
    ["a property with a default", { type: "object", properties: { limit: { type: "integer", default: 10 } } }, true],
    ["a default of null is a default", { type: "object", properties: { limit: { default: null } } }, true],
    ["a default inside an optional object property", { type: "object", properties: { filter: { type: "object", properties: { sort: { default: "asc" } } } } }, true],
    ["a required property's default is skipped", { type: "object", properties: { limit: { default: 10 } }, required: ["limit"] }, false],
    ["no defaults", { type: "object", properties: { rideId: { type: "string" } }, required: ["rideId"] }, false],
    ["no properties", { type: "object" }, false],
    ["a default on the root only", { type: "object", default: {} }, false],
    ["a default inside an array's items is not a property's", { type: "object", properties: { stops: { type: "array", items: { default: 1 } } } }, false],
  ];
  it.each(rows)("%s", (_, schema, panics) => {
    expect(nullArgumentsPanic(schema)).toBe(panics ? "assignment to entry in nil map" : undefined);
  });
});
