// A number past float64's range in a call's arguments, refused in the decoder's words before any
// validation (measured by the parity fuzzer against the v1.6.1 twin).
import { describe, expect, it } from "vitest";
import { numberOutOfRange } from "../../src/engine/numberOutOfRange.js";

describe("numberOutOfRange", () => {
  it("names the containers and the path to the number, and the number as written", () => {
    const args = JSON.parse('{"items":[{"product_id":"prd_1","quantity":1E400}]}') as Record<string, unknown>;
    expect(numberOutOfRange(args, '{"items":[{"product_id":"prd_1","quantity":1E400}]}')).toBe(
      'json: cannot unmarshal "1E400" into Go struct field map[string]interface {}[]interface {}map[string]interface {}.items.0.quantity of type float64',
    );
  });

  it("finds nothing in arguments whose numbers are all in range", () => {
    expect(numberOutOfRange({ a: [1, 2.5, -1e300], b: { c: 0 } }, undefined)).toBeUndefined();
  });
});
