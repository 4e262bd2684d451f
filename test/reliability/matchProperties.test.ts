// Properties of the `json match` rules (docs/tool-files.md's table and its corner cases) over
// generated arguments and patterns: never a throw, a well-formed result, and the algebra the table
// implies.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { argumentsMatch, matchArguments } from "../../src/engine/match.js";
import type { Json } from "../../src/base/types.js";
import { asTransported, deeplyNested, hostileArgs, hostileJson, hostileKey, prototypeSnapshot, runs } from "./arbitraries.js";

/** A pattern that asks for exactly this value: every string written as `=x` (plain equality). */
function literalPattern(value: Json): Json {
  if (typeof value === "string") return `=${value}`;
  if (Array.isArray(value)) return value.map(literalPattern);
  if (value !== null && typeof value === "object") {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: literalPattern(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

function withKey(base: Record<string, Json>, key: string, value: Json): Record<string, Json> {
  const out = asTransported(base);
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

// A fixed amount of CPU work: on a loaded 2-core machine it can outlast the 30 s default.
describe("matcher properties", { timeout: 120_000 }, () => {
  it("never throws and always answers a well-formed result, for any pattern and arguments", () => {
    const leaked = prototypeSnapshot();
    fc.assert(
      fc.property(hostileJson(4), hostileArgs, (pattern, args) => {
        const result = matchArguments(pattern, args);
        expect(typeof result.matched).toBe("boolean");
        if (!result.matched) {
          expect(typeof result.key).toBe("string");
          expect(typeof result.reason).toBe("string");
        }
      }),
      runs(3000),
    );
    expect(leaked()).toEqual([]);
  });

  // Selection asks the yes-or-no reading; `why` and the closest miss ask the explained one. They
  // are two walks of one rule set and must never disagree (random pairs miss; literal ones match).
  it("argumentsMatch answers what matchArguments(...).matched answers, for any pattern and arguments", () => {
    let hits = 0;
    fc.assert(
      fc.property(hostileJson(4), hostileArgs, fc.boolean(), (random, args, literal) => {
        const pattern = literal ? literalPattern(args) : random;
        const explained = matchArguments(pattern, args).matched;
        if (explained) hits++;
        expect(argumentsMatch(pattern, args)).toBe(explained);
      }),
      runs(3000),
    );
    // Both outcomes were exercised, so the agreement is not only over misses.
    expect(hits).toBeGreaterThan(100);
  });

  it("a pattern asking for the arguments' exact values (strings as =x) always matches them", () => {
    fc.assert(
      fc.property(hostileArgs, (args) => {
        expect(matchArguments(literalPattern(args), args)).toEqual({ matched: true });
      }),
      runs(2000),
    );
  });

  it("extra arguments never turn a match into a miss", () => {
    fc.assert(
      fc.property(hostileJson(3), hostileArgs, hostileKey, hostileJson(2), (pattern, args, key, extra) => {
        fc.pre(!Object.prototype.hasOwnProperty.call(args, key));
        if (matchArguments(pattern, args).matched) expect(matchArguments(pattern, withKey(args, key, extra)).matched).toBe(true);
      }),
      runs(2000),
    );
  });

  it("dropping a key from a matching pattern keeps it matching", () => {
    fc.assert(
      fc.property(hostileArgs, (args) => {
        const pattern = literalPattern(args) as Record<string, Json>;
        for (const key of Object.keys(pattern)) {
          const smaller = asTransported(pattern);
          delete smaller[key];
          expect(matchArguments(smaller, args).matched).toBe(true);
        }
      }),
      runs(1000),
    );
  });

  it("a key absent from the arguments never matches, whatever the pattern, __proto__ and constructor included", () => {
    fc.assert(
      fc.property(hostileArgs, hostileKey, hostileJson(2), (args, key, value) => {
        fc.pre(!Object.prototype.hasOwnProperty.call(args, key));
        const result = matchArguments(withKey({}, key, value), args);
        expect(result).toMatchObject({ matched: false, key, reason: "argument absent" });
      }),
      runs(2000),
    );
  });

  it('"*" matches exactly the present, non-null arguments', () => {
    fc.assert(
      fc.property(hostileKey, hostileJson(2), (key, value) => {
        const args = withKey({}, key, value);
        expect(matchArguments(withKey({}, key, "*"), args).matched).toBe(value !== null);
      }),
      runs(2000),
    );
  });

  it("string patterns never match null", () => {
    fc.assert(
      fc.property(hostileKey, fc.string(), (key, pattern) => {
        fc.pre(pattern !== "*");
        expect(matchArguments(withKey({}, key, pattern), withKey({}, key, null)).matched).toBe(false);
      }),
      runs(1000),
    );
  });

  it("~x matches every string containing x, in any ASCII case", () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), fc.string(), (before, needle, after) => {
        const args = { q: `${before}${needle.toUpperCase()}${after}` };
        expect(matchArguments({ q: `~${needle.toLowerCase()}` }, args).matched).toBe(true);
      }),
      runs(1000),
    );
  });

  it("[] matches every array and nothing else", () => {
    fc.assert(
      fc.property(hostileJson(3), (value) => {
        expect(matchArguments({ list: [] }, { list: value }).matched).toBe(Array.isArray(value));
      }),
      runs(1000),
    );
  });

  it("does not recurse into arguments deeper than the pattern (10,000-deep arguments)", () => {
    for (const kind of ["array", "object"] as const) {
      const args = { a: deeplyNested(10_000, kind) };
      expect(matchArguments({ a: "*" }, args).matched).toBe(true);
      expect(matchArguments({ a: kind === "array" ? [] : {} }, args).matched).toBe(true);
      expect(matchArguments({ a: { b: 1 } }, { a: deeplyNested(10_000, "object") }).matched).toBe(false);
    }
  });

  // Regression: string patterns compare with the argument's JSON text and misses describe it;
  // both used JSON.stringify, which overflows near 4,500 levels (now stringifyDeep).
  it("a string pattern against a 10,000-deep argument answers instead of throwing", () => {
    expect(matchArguments({ a: "~bottom" }, { a: deeplyNested(10_000, "array") }).matched).toBe(true);
  });

  it("a miss on a 10,000-deep argument answers instead of throwing", () => {
    expect(matchArguments({ a: 5 }, { a: deeplyNested(10_000, "array") }).matched).toBe(false);
  });
});
