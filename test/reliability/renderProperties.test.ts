// Model-based properties of the template compiler and renderer (rendering on the parsed tree):
// generated
// templates, written out as tool-file text, are compiled and rendered with hostile arguments and
// compared against an independent model. Arguments may change values, never the shape, and text
// an argument brings in is never expanded a second time.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { goMarshal } from "../../src/goJson/encode.js";
import { isIndexKey } from "../../src/goJson/keyOrder.js";
import { sortKeys } from "../../src/goJson/sortKeys.js";
import { render } from "../../src/template/render.js";
import { compileTemplate } from "../../src/template/template.js";
import type { Json, RandomSource } from "../../src/base/types.js";
import { asTransported, deeplyNested, hostileArgs, hostileJson, hostileKey, hostileString, prototypeSnapshot, runs } from "./arbitraries.js";

const NOW = Date.UTC(2026, 9, 5, 12, 0, 0);
const clock = () => NOW;
const UUID = "00000000-0000-4000-8000-000000000000";
const random: RandomSource = { int: (min) => min, uuid: () => UUID };

/** A placeholder the model knows how to evaluate. */
type Ph = { kind: "arg"; path: string[] } | { kind: "uuid" } | { kind: "now" } | { kind: "unix" } | { kind: "rand"; min: number; max: number };

/** A template as a tree: what the tool-file author wrote. */
type T =
  | { t: "lit"; value: Json }
  | { t: "bare"; ph: Ph }
  | { t: "text"; parts: (string | Ph)[] }
  | { t: "arr"; items: T[] }
  | { t: "obj"; entries: [string, T][] };

const ARG_NAMES = ["a", "b", "items", "__proto__", "constructor", "toString", "0"];

/** Path segments an author can write: no ".", no "}}", no spaces (the placeholder is trimmed). */
const segment = fc.oneof(fc.constantFrom(...ARG_NAMES), fc.stringMatching(/^[A-Za-z0-9_\-]{1,6}$/));

const placeholder: fc.Arbitrary<Ph> = fc.oneof(
  { weight: 4, arbitrary: fc.array(segment, { minLength: 1, maxLength: 3 }).map((path): Ph => ({ kind: "arg", path })) },
  fc.constant<Ph>({ kind: "uuid" }),
  fc.constant<Ph>({ kind: "now" }),
  fc.constant<Ph>({ kind: "unix" }),
  fc.tuple(fc.integer({ min: -50, max: 50 }), fc.nat(50)).map(([min, span]): Ph => ({ kind: "rand", min, max: min + span })),
);

function source(ph: Ph): string {
  switch (ph.kind) {
    case "arg":
      return `args.${ph.path.join(".")}`;
    case "rand":
      return `rand:${ph.min}-${ph.max}`;
    default:
      return ph.kind;
  }
}

/** Literal text an author may write: anything but "{{", which would start a placeholder. */
const literalText = hostileString.filter((s) => !s.includes("{{"));
const literalJson = hostileJson(2).filter((v) => !JSON.stringify(v).includes("{{"));

const template: fc.Arbitrary<T> = fc.letrec<{ node: T }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", maxDepth: 4, withCrossShrink: true },
    literalJson.map((value): T => ({ t: "lit", value })),
    placeholder.map((ph): T => ({ t: "bare", ph })),
    fc
      .array(fc.oneof(literalText, placeholder), { minLength: 1, maxLength: 4 })
      .filter((parts) => parts.some((p) => typeof p !== "string"))
      // Adjacent literal text must not join into "{{", nor a "{" run into a placeholder's braces.
      .filter((parts) => {
        const joined = parts.map((p) => (typeof p === "string" ? p : "\u0001")).join("");
        return !joined.includes("{{") && !joined.includes("{\u0001");
      })
      .map((parts): T => ({ t: "text", parts })),
    fc.array(tie("node"), { maxLength: 4 }).map((items): T => ({ t: "arr", items })),
    fc.uniqueArray(fc.tuple(hostileKey, tie("node")), { maxLength: 4, selector: ([k]) => k }).map((entries): T => ({ t: "obj", entries })),
  ),
})).node;

/** Write the tree as a tool author would: JSON text with bare `{{...}}` where values go. */
function write(node: T, indent: string): string {
  switch (node.t) {
    case "lit":
      return JSON.stringify(node.value);
    case "bare":
      return `{{${source(node.ph)}}}`;
    case "text":
      return JSON.stringify(node.parts.map((p) => (typeof p === "string" ? p : `{{${source(p)}}}`)).join(""));
    case "arr":
      return `[${node.items.map((n) => write(n, indent)).join(`,${indent}`)}]`;
    case "obj":
      return `{${indent}${node.entries.map(([k, v]) => `${JSON.stringify(k)}:${indent}${write(v, indent)}`).join(`,${indent}`)}${indent}}`;
  }
}

function lookup(args: Record<string, Json>, path: string[]): Json | undefined {
  let current: Json | undefined = args;
  for (const s of path) {
    if (current === null || typeof current !== "object" || !Object.prototype.hasOwnProperty.call(current, s)) return undefined;
    current = (current as Record<string, Json>)[s];
  }
  return current;
}

function modelBare(ph: Ph, args: Record<string, Json>): Json {
  switch (ph.kind) {
    case "arg":
      return lookup(args, ph.path) ?? null;
    case "uuid":
      return UUID;
    case "now":
      return "2026-10-05T12:00:00Z";
    case "unix":
      return NOW / 1000;
    case "rand":
      return ph.min;
  }
}

function modelText(ph: Ph, args: Record<string, Json>): string {
  if (ph.kind === "arg") {
    const v = lookup(args, ph.path);
    if (v === undefined) return "";
    if (v === null) return "null";
    return typeof v === "string" ? v : JSON.stringify(v);
  }
  const v = modelBare(ph, args);
  return typeof v === "string" ? v : JSON.stringify(v);
}

/**
 * What the response must be: a standing placeholder gives the argument's typed value (null when
 * missing), one inside a string gives text (objects as compact JSON, missing as "").
 */
function model(node: T, args: Record<string, Json>): Json {
  switch (node.t) {
    case "lit":
      return node.value;
    case "bare":
      return modelBare(node.ph, args);
    case "text":
      return node.parts.map((p) => (typeof p === "string" ? p : modelText(p, args))).join("");
    case "arr":
      return node.items.map((n) => model(n, args));
    case "obj": {
      const out: Record<string, Json> = {};
      for (const [k, v] of node.entries) Object.defineProperty(out, k, { value: model(v, args), enumerable: true, writable: true, configurable: true });
      return out;
    }
  }
}

/** Arguments under the names templates use, so lookups mostly hit. */
const namedArgs: fc.Arbitrary<Record<string, Json>> = fc
  .tuple(hostileArgs, fc.subarray(ARG_NAMES), fc.array(hostileJson(3), { minLength: ARG_NAMES.length, maxLength: ARG_NAMES.length }))
  .map(([base, names, values]) => {
    const args = asTransported(base);
    names.forEach((n, i) => Object.defineProperty(args, n, { value: values[i], enumerable: true, writable: true, configurable: true }));
    return asTransported(args);
  });

const indentation = fc.constantFrom("", " ", "\n  ", "\r\n\t");

// A fixed amount of CPU work: on a loaded 2-core machine it can outlast the 30 s default.
describe("renderer properties", { timeout: 120_000 }, () => {
  it("renders exactly what the model says, for any template and hostile arguments", () => {
    const leaked = prototypeSnapshot();
    fc.assert(
      fc.property(template, namedArgs, indentation, (tree, args, indent) => {
        const compiled = compileTemplate(write(tree, indent));
        const out = render(compiled, { args, clock, random });
        // Byte-identical JSON text: same keys in the same order, same values, same shape.
        expect(JSON.stringify(out)).toBe(JSON.stringify(model(tree, args)));
      }),
      runs(3000),
    );
    expect(leaked()).toEqual([]);
  });

  it("output is always valid JSON, and Go's text encoding of it decodes to the same value", () => {
    /** Whether some object in the value has an array-index key (a Go map, written with sorted keys). */
    const hasIndexKey = (value: unknown): boolean =>
      value !== null && typeof value === "object" && (Object.keys(value).some((k) => !Array.isArray(value) && isIndexKey(k)) || Object.values(value).some(hasIndexKey));
    fc.assert(
      fc.property(template, namedArgs, (tree, args) => {
        const out = render(compileTemplate(write(tree, " ")), { args, clock, random });
        const text = goMarshal(out);
        expect(text).not.toMatch(/[<>&\u2028\u2029]/);
        const decoded = JSON.parse(text) as Json;
        // The same value, whatever the key order...
        expect(JSON.stringify(sortKeys(decoded))).toBe(JSON.stringify(sortKeys(out)));
        // ...and the same order too, unless an object is a Go map that encoding/json sorts.
        if (!hasIndexKey(out)) expect(JSON.stringify(decoded)).toBe(JSON.stringify(out));
      }),
      runs(2000),
    );
  });

  it("the shape does not depend on the arguments: two calls differ only where placeholders stand", () => {
    const shape = (node: T, value: Json): void => {
      switch (node.t) {
        case "lit":
          expect(value).toEqual(node.value);
          return;
        case "bare":
          return; // a typed value: anything an argument holds
        case "text":
          expect(typeof value).toBe("string");
          return;
        case "arr":
          expect(Array.isArray(value)).toBe(true);
          expect((value as Json[]).length).toBe(node.items.length);
          node.items.forEach((n, i) => shape(n, (value as Json[])[i] as Json));
          return;
        case "obj":
          // Sorted: JavaScript objects list integer-like keys ("0") first, whatever the template says.
          expect(Object.keys(value as object).sort()).toEqual(node.entries.map(([k]) => k).sort());
          for (const [k, n] of node.entries) shape(n, (value as Record<string, Json>)[k] as Json);
          return;
      }
    };
    fc.assert(
      fc.property(template, namedArgs, namedArgs, (tree, one, two) => {
        const compiled = compileTemplate(write(tree, ""));
        shape(tree, render(compiled, { args: one, clock, random }));
        shape(tree, render(compiled, { args: two, clock, random }));
      }),
      runs(1500),
    );
  });

  it("placeholder text inside an argument stays literal (no second expansion)", () => {
    const sneaky = ["{{uuid}}", "{{now}}", "{{args.b}}", '"}}, "x": {{', "\\u007b\\u007buuid}}", "{{rand:1-1}}"];
    const compiled = compileTemplate('{"echo": "<{{args.a}}>", "bare": {{args.a}}, "list": [{{args.a}}, "{{args.a}}{{args.a}}"]}');
    for (const a of sneaky) {
      const out = render(compiled, { args: { a, b: "SECOND" }, clock, random });
      expect(out).toEqual({ echo: `<${a}>`, bare: a, list: [a, `${a}${a}`] });
    }
  });

  it("compiling arbitrary text never throws anything but a located template error", () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.array(fc.constantFrom("{", "}", "{{", "}}", '"', "\\", ":", ",", "[", "]", "args.a", "uuid", "now+1h@0m", "rand:9-1", "\n", " ", "1", '"\\u0000careem-mcp-bare-placeholder"', "null"), { maxLength: 20 }).map((p) => p.join("")),
      template.chain((tree) => fc.nat(40).map((cut) => write(tree, " ").slice(0, -cut || undefined))),
    );
    fc.assert(
      fc.property(text, (raw) => {
        try {
          compileTemplate(raw);
        } catch (err) {
          expect((err as Error).constructor.name).toBe("JsonTextError");
          expect(Number.isInteger((err as { lineOffset: number }).lineOffset)).toBe(true);
          expect((err as { lineOffset: number }).lineOffset).toBeGreaterThanOrEqual(0);
          expect((err as { lineOffset: number }).lineOffset).toBeLessThanOrEqual(raw.split("\n").length - 1);
        }
      }),
      runs(3000),
    );
  });

  it("a hand-written stand-in key with a non-string value is an ordinary object, not a crash", () => {
    // The compiler marks bare placeholders with this key internally; an author can type it too.
    for (const value of ["5", "null", "{}", "[1]"]) {
      const compiled = compileTemplate(`{"\\u0000careem-mcp-bare-placeholder": ${value}}`);
      expect(render(compiled, { args: {}, clock, random })).toEqual({ "\u0000careem-mcp-bare-placeholder": JSON.parse(value) });
    }
  });

  it("echoes a 4,000-deep argument through a bare placeholder unchanged", () => {
    const deep = deeplyNested(4000, "array");
    const out = render(compileTemplate('{"x": {{args.a}}}'), { args: { a: deep }, clock, random });
    expect((out as Record<string, Json>).x).toBe(deep);
  });
});
