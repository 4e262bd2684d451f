// Generators shared by the property tests: JSON values as a transport hands them to the engine
// (JSON.parse output, so "__proto__" is an own key), salted with the strings most likely to
// break a template engine or reach the prototype chain.
import fc from "fast-check";
import type { Json } from "../../src/base/types.js";

/** Pinned so a failure reproduces; override with FC_SEED to explore. */
export const FC_SEED = Number(process.env.FC_SEED ?? 20261005);

export function runs(n: number): fc.Parameters<unknown> {
  return { seed: FC_SEED, numRuns: n };
}

/** Text that has broken template engines, JSON writers or object lookups somewhere before. */
export const HOSTILE_TEXT = [
  '"',
  "\\",
  '\\"',
  "}}",
  "{{",
  "{{uuid}}",
  "{{args.a}}",
  "{{now}}",
  "{{rand:1-2}}",
  "{{{",
  "}}}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "\u0000",
  "\u2028",
  "\u2029",
  "\ud83d\ude00",
  "</script>",
  "<&>",
  "${process.exit(1)}",
  "`",
  "\n",
  "\r\n",
  "*",
  "~",
  "=",
  "=*",
  "null",
  "",
] as const;

/** A string: hostile fragments glued to ordinary (and full-Unicode) text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.array(fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ maxLength: 4 })), { maxLength: 5 }).map((parts) => parts.join("")) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }) },
);

/** Object keys, often the ones that mean something to JavaScript objects. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "a", "b", "items", "0"),
  hostileString,
);

/** Round trip through JSON text, as a transport delivers arguments to the engine. */
export function asTransported<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

const scalar: fc.Arbitrary<Json> = fc.oneof(
  hostileString,
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

/** Any JSON value with hostile keys and strings, at most `maxDepth` deep. */
export function hostileJson(maxDepth = 4): fc.Arbitrary<Json> {
  const { value } = fc.letrec<{ value: Json }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", maxDepth, withCrossShrink: true },
      scalar,
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(hostileKey, tie("value"), { maxKeys: 4, noNullPrototype: true }),
    ),
  }));
  return value.map(asTransported);
}

/** An arguments object, as JSON.parse would hand it over. */
export const hostileArgs: fc.Arbitrary<Record<string, Json>> = fc
  .dictionary(hostileKey, hostileJson(3), { maxKeys: 6, noNullPrototype: true })
  .map(asTransported);

/** A value nested `depth` levels deep, built without recursion. */
export function deeplyNested(depth: number, kind: "array" | "object"): Json {
  let value: Json = "bottom";
  for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value };
  return value;
}

/** Fails the test if anything wrote to Object.prototype while it ran. */
export function prototypeSnapshot(): () => string[] {
  const before = new Set(Object.getOwnPropertyNames(Object.prototype));
  return () => Object.getOwnPropertyNames(Object.prototype).filter((k) => !before.has(k));
}
