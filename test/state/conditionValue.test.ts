// json when values are evaluated on every call: a condition may read the clock through a world
// function, called or passed by reference, and nothing it answered may outlive the call.
import { describe, expect, it } from "vitest";
import { conditionValue } from "../../src/state/conditionValue.js";
import { compileExpression, type Expression } from "../../src/jsonata/expression.js";
import type { Json } from "../../src/base/types.js";

/** The compiled expression, with a count of the evaluations that really ran. */
function counted(source: string): { expression: Expression; runs: () => number } {
  const compiled = compileExpression(source);
  let runs = 0;
  const expression: Expression = { ...compiled, evaluate: (scope) => (runs++, compiled.evaluate(scope)) };
  return { expression, runs: () => runs };
}

const clock = () => Date.UTC(2026, 11, 1, 12);

describe("conditionValue", () => {
  it("evaluates on every call, and answers by the state document it is given", () => {
    const { expression, runs } = counted("$lookup($state.rides, $args.rideId).booked = true");
    const before: Json = { rides: {} };
    const after: Json = { rides: { r1: { booked: true } } };
    expect(conditionValue(expression, { rideId: "r1" }, () => before, clock)).toBe(false);
    expect(conditionValue(expression, { rideId: "r1" }, () => after, clock)).toBe(true);
    expect(conditionValue(expression, { rideId: "r1" }, () => after, clock)).toBe(true);
    expect(runs()).toBe(3);
  });

  it("reads the state only for a condition that may read it", () => {
    const { expression } = counted("$args.rideId = 'x'");
    let reads = 0;
    expect(conditionValue(expression, { rideId: "x" }, () => (reads++, {}), clock)).toBe(true);
    expect(reads).toBe(0);
  });

  it.each(["$rideFind($args.id)", "$filter([$args.at], $isPast)"])("reads the state for %s: a world function, called or passed, may read it", (source) => {
    expect(compileExpression(source).readsState).toBe(true);
  });
});
