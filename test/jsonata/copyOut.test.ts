// How the compiled evaluator's values leave JSONata (src/jsonata/expression.ts): copied to plain
// JSON as JSON.stringify then JSON.parse would make them, sorted in Go's key order for an answer
// (keys Object.prototype also names included). Each case against JSONata's interpreter, the
// reference, in both orders.
import jsonata from "jsonata";
import { describe, expect, it } from "vitest";
import { compileExpression } from "../../src/jsonata/expression.js";
import { sortKeys } from "../../src/goJson/sortKeys.js";

const input = { n: 3, city: "Dubai", items: [{ id: "b", price: 2 }, { id: "a", price: 1 }], none: null };

const cases: [string, string][] = [
  ['{ "z": n, "a": city, "m": missing, "b": items }', "written keys, one nothing-valued, an array of data objects"],
  ['{ "constructor": missing, "toString": missing, "valueOf": n }', "keys Object.prototype also names: left out when nothing, kept when something"],
  ['{ "constructor": { "hasOwnProperty": 1 }, "__defineGetter__": [1, 2] }', "Object.prototype's names holding values"],
  ['{ "b": { "y": 1, "x": { "q": [ { "d": 1, "c": 2 } ], "p": 0 } }, "a": none }', "nested written objects, null kept"],
  ['items.{ "price": price, "id": id }', "one constructor's objects, several, through a path"],
  ['{ "u": n / 0 = 1 ? 1 : 2, "nan": $number("1") - 1, "neg": -0 }', "numbers as JSON writes them"],
  ['$merge([{ "b": 1 }, { "a": 2 }])', "a merged object (no written keys of its own)"],
  ['{ "x": { "b": 1, "a": 2 } }.x', "an object taken out of another"],
];

function reference(source: string): string {
  return JSON.stringify(JSON.parse(JSON.stringify(jsonata(source).evaluate(input)) ?? "null"));
}

describe("values copied out of the compiled evaluator", () => {
  it.each(cases)("%s (%s): as written", (source) => {
    const value = compileExpression(source).evaluate({ args: input, clock: () => 0 });
    expect(JSON.stringify(value)).toBe(reference(source));
  });

  it.each(cases)("%s (%s): sorted for an answer", (source) => {
    const value = compileExpression(source).evaluate({ args: input, clock: () => 0, sortedKeys: true });
    const expected = JSON.stringify(sortKeys(JSON.parse(reference(source))));
    expect(JSON.stringify(value)).toBe(expected);
  });
});
