import { describe, expect, it } from "vitest";
import { stringifyDeep } from "../../src/engine/jsonText.js";

function nest(depth: number): unknown {
  let v: unknown = "bottom";
  for (let i = 0; i < depth; i++) v = i % 2 ? [v, 1] : { k: v, n: null };
  return v;
}

describe("stringifyDeep", () => {
  it.each([[{ a: [1, "x", null, true, { b: 2.5 }], c: {} }], [[]], ["s\"q"], [{ u: undefined, k: 1 }], [nest(50)]])("equals JSON.stringify for %j", (v) => {
    expect(stringifyDeep(v)).toBe(JSON.stringify(v));
  });

  it("serializes 20,000 levels where JSON.stringify throws", () => {
    const deep = nest(20_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const text = stringifyDeep(deep);
    expect(text.startsWith('[{"k":[{"k":')).toBe(true);
    expect(text.endsWith(',"n":null},1],"n":null},1]')).toBe(true);
    expect(text.match(/bottom/g)).toHaveLength(1);
  });
});
