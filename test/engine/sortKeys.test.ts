import { describe, expect, it } from "vitest";
import { sortKeys } from "../../src/engine/sortKeys.js";

describe("sortKeys: Go's map order at every depth", () => {
  it("sorts nested objects, keeps array order, drops undefined members", () => {
    const out = sortKeys({ b: 1, a: { d: [{ z: 1, y: 2 }, 3], c: undefined }, "": null });
    expect(JSON.stringify(out)).toBe('{"":null,"a":{"d":[{"y":2,"z":1},3]},"b":1}');
  });

  it("keeps a __proto__ key as data, never as the prototype", () => {
    // JSON.parse makes "__proto__" an own key, as arguments echoed into an output arrive.
    const input = JSON.parse('{"z":1,"__proto__":{"polluted":true},"a":2}') as object;
    const out = sortKeys(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.keys(out)).toEqual(["__proto__", "a", "z"]);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"polluted":true},"a":2,"z":1}');
  });

  it("returns a copy: the input is left as it was", () => {
    const input = { b: { y: 1, x: 2 }, a: 0 };
    sortKeys(input);
    expect(JSON.stringify(input)).toBe('{"b":{"y":1,"x":2},"a":0}');
  });
});
