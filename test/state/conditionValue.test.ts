// json when values are remembered per state document and arguments, for speed: never across a
// state change, never for a condition that reads the clock.
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
  it("evaluates once for the same state document and arguments", () => {
    const { expression, runs } = counted("$lookup($state.rides, $args.rideId).booked = true");
    const doc: Json = { rides: { r1: { booked: true } } };
    const values = [1, 2, 3].map(() => conditionValue(expression, { rideId: "r1" }, () => doc, clock));
    expect(values).toEqual([true, true, true]);
    expect(runs()).toBe(1);
  });

  it("evaluates again for a new state document (a commit stores a changed copy)", () => {
    const { expression, runs } = counted("$lookup($state.rides, $args.rideId).booked = true");
    const before: Json = { rides: {} };
    const after: Json = { rides: { r1: { booked: true } } };
    expect(conditionValue(expression, { rideId: "r1" }, () => before, clock)).toBe(false);
    expect(conditionValue(expression, { rideId: "r1" }, () => after, clock)).toBe(true);
    expect(runs()).toBe(2);
  });

  it("evaluates again for other arguments, and keeps each answer apart", () => {
    const { expression, runs } = counted("$lookup($state.rides, $args.rideId).booked = true");
    const doc: Json = { rides: { r1: { booked: true } } };
    expect(conditionValue(expression, { rideId: "r1" }, () => doc, clock)).toBe(true);
    expect(conditionValue(expression, { rideId: "r2" }, () => doc, clock)).toBe(false);
    expect(conditionValue(expression, { rideId: "r1" }, () => doc, clock)).toBe(true);
    expect(runs()).toBe(2);
  });

  it.each(["$millis() > 0", "$now() != ''", "$random() >= 0", '$eval("1 = 1")'])("evaluates %s on every call: it reads more than $args and $state", (source) => {
    const { expression, runs } = counted(source);
    expect(expression.pure).toBe(false);
    for (let i = 0; i < 3; i++) conditionValue(expression, {}, () => ({}), clock);
    expect(runs()).toBe(3);
  });

  it("reads the state only for a condition that names $state", () => {
    const { expression } = counted("$args.rideId = 'x'");
    let reads = 0;
    expect(conditionValue(expression, { rideId: "x" }, () => (reads++, {}), clock)).toBe(true);
    expect(reads).toBe(0);
  });

  it("keeps a bounded number of answers per document, and stays right past the bound", () => {
    const { expression, runs } = counted("$args.n * 2");
    const doc: Json = {};
    for (let n = 0; n < 100; n++) expect(conditionValue(expression, { n }, () => doc, clock)).toBe(n * 2);
    expect(runs()).toBe(100);
    // The first answers were dropped to keep the bound: asked again, they are evaluated again.
    expect(conditionValue(expression, { n: 0 }, () => doc, clock)).toBe(0);
    expect(runs()).toBe(101);
  });
});
