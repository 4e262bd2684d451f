// The whole call pipeline (catalog -> validate -> select -> render) over a snapshot of the real
// catalog, with arguments generated from each tool's input schema and then made hostile. Every
// call must end in one of the documented outcomes, and no argument may touch the prototype chain.
import { goQuote } from "../../src/base/goQuote.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";
import type { Json, JsonObject } from "../../src/base/types.js";
import type { LoadedTool } from "../../src/engine/loadTool.js";
import { isDefaultScenario } from "../../src/engine/select.js";
import { asTransported, deeplyNested, hostileJson, hostileKey, hostileString, prototypeSnapshot, runs } from "./arbitraries.js";

const root = path.resolve(import.meta.dirname, "../..");
let dir: string;
let engine: Engine;
let tools: JsonObject[];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-engine-props-"));
  fs.cpSync(path.join(root, "tools"), path.join(dir, "tools"), { recursive: true });
  fs.mkdirSync(path.join(dir, "run"));
  engine = new Engine({
    toolsDir: path.join(dir, "tools"),
    forced: new OverridesReader(path.join(dir, "run")),
    clock: () => Date.UTC(2026, 9, 5, 12, 0, 0),
    random: { int: (min) => min, uuid: () => "00000000-0000-4000-8000-000000000000" },
  });
  tools = engine.listTools();
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The tool as the engine loaded it. */
function loaded(name: string): LoadedTool {
  const entry = engine.catalog.get(name);
  if (entry.kind !== "ok") throw new Error(`${name} is not loaded: ${entry.kind}`);
  return entry.result.tool;
}

type Schema = Record<string, unknown>;

function resolve(rootSchema: Schema, schema: unknown): Schema {
  let node = (schema ?? {}) as Schema;
  for (let hops = 0; typeof node.$ref === "string" && node.$ref.startsWith("#/") && hops < 8; hops++) {
    let target: unknown = rootSchema;
    for (const part of node.$ref.slice(2).split("/")) target = (target as Schema | undefined)?.[part];
    node = (target ?? {}) as Schema;
  }
  return node;
}

/** Mostly-valid arguments for a schema, with hostile values mixed in at every level. */
function argumentsFor(rootSchema: Schema, schema: unknown, depth = 0): fc.Arbitrary<Json> {
  const node = resolve(rootSchema, schema);
  const hostile = hostileJson(2);
  if (depth > 6) return hostile;
  let typed: fc.Arbitrary<Json>;
  const type = Array.isArray(node.type) ? (node.type.find((t) => t !== "null") as string | undefined) : (node.type as string | undefined);
  if (Array.isArray(node.enum)) typed = fc.constantFrom(...(node.enum as Json[]));
  else if (type === "string" && typeof node.pattern === "string") typed = fc.oneof({ weight: 4, arbitrary: fc.stringMatching(new RegExp(node.pattern, "u")) }, { weight: 1, arbitrary: hostileString });
  else if (type === "string") typed = fc.oneof(hostileString.filter((x) => x.length >= Number(node.minLength ?? 0)), fc.string({ minLength: Number(node.minLength ?? 0), maxLength: 12 }));
  else if (type === "integer") typed = fc.integer({ min: typeof node.minimum === "number" ? node.minimum : -5, max: typeof node.maximum === "number" ? node.maximum : 200 });
  else if (type === "number") typed = fc.double({ noNaN: true, noDefaultInfinity: true, min: typeof node.minimum === "number" ? node.minimum : -1000, max: typeof node.maximum === "number" ? node.maximum : 1000 });
  else if (type === "boolean") typed = fc.boolean();
  else if (type === "array") typed = fc.array(argumentsFor(rootSchema, node.items, depth + 1), { minLength: Number(node.minItems ?? 0), maxLength: Math.max(3, Number(node.minItems ?? 0)) });
  else if (type === "object" || node.properties) {
    const props = (node.properties ?? {}) as Record<string, unknown>;
    const shape: Record<string, fc.Arbitrary<Json>> = {};
    for (const [k, v] of Object.entries(props)) shape[k] = argumentsFor(rootSchema, v, depth + 1);
    typed = fc
      .tuple(
        fc.record(shape, { requiredKeys: ((node.required ?? []) as string[]).filter((k) => k in shape) }),
        fc.oneof({ weight: 15, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(hostileKey, hostile) }),
      )
      .map(([obj, extra]) => {
        const out = asTransported(obj) as JsonObject;
        if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
        return out;
      });
  } else typed = hostile;
  return fc.oneof({ weight: 30, arbitrary: typed }, { weight: 1, arbitrary: hostile }, { weight: 1, arbitrary: fc.constant(null) });
}

// Validation, or (arguments not an object) the go-sdk's JSON decoder before it.
// Measured: the go-sdk twin panics on `"arguments": null` for these shipped tools, and no other.
const PANICS_ON_NULL = ["cancel_ride", "get_payment_methods", "get_ride_history", "get_wallet_balance", "search_locations", "search_products", "search_restaurants"];
const VALIDATION = /^validating "arguments": (validating root: |unmarshaling arguments: json: cannot unmarshal )/;

// A fixed amount of CPU work: on a loaded 2-core machine it can outlast the 30 s default.
describe("engine call pipeline properties", { timeout: 120_000 }, () => {
  it("serves a catalog to test", () => {
    expect(tools.length).toBeGreaterThan(0);
  });

  it("every call ends in a documented outcome, for schema-shaped and hostile arguments", () => {
    const leaked = prototypeSnapshot();
    const perTool = Math.max(60, Math.floor(4000 / Math.max(1, tools.length)));
    let calls = 0;
    const seen = { validation: 0, matched: 0, default: 0, errorScenario: 0 };
    for (const tool of tools) {
      const name = tool.name as string;
      const schema = tool.inputSchema as Schema;
      const args = fc.oneof({ weight: 9, arbitrary: argumentsFor(schema, schema) }, { weight: 1, arbitrary: hostileJson(3) });
      fc.assert(
        fc.property(args, (a) => {
          calls++;
          const outcome = engine.callTool(name, a);
          expect(outcome.kind).toBe("result");
          if (outcome.kind !== "result") return;
          const { result } = outcome;
          expect(result.content).toHaveLength(1);
          expect(result.content[0]?.type).toBe("text");
          const text = result.content[0]?.text as string;
          if (outcome.scenario === null) {
            expect(result.isError).toBe(true);
            // null arguments where the go-sdk panics (engine/goPanics.ts), then only validation
            // may fail before selection on a well-formed file.
            if (a === null && PANICS_ON_NULL.includes(name)) {
              expect(outcome.goPanic).toBe("assignment to entry in nil map");
              return;
            }
            expect(outcome.goPanic).toBeUndefined();
            expect(text).toMatch(VALIDATION);
            seen.validation++;
            if (process.env.DEBUG_PROPS) console.log(name, text.slice(0, 160));
            return;
          }
          // Nothing is forced here: the scenario was chosen by its conditions, or is the default
          // because none of the others matched.
          const chosen = loaded(name).scenarios.find((sc) => sc.name === outcome.scenario);
          expect(chosen).toBeDefined();
          expect(outcome.selectedBy).toBe(chosen && isDefaultScenario(chosen) ? "default" : chosen?.state?.when ? "state" : "matched");
          if (outcome.selectedBy === "matched" || outcome.selectedBy === "state") seen.matched++;
          else seen.default++;
          if (result.isError) {
            seen.errorScenario++;
            expect(result.structuredContent).toBeUndefined();
            return;
          }
          // Success: the text is Go's encoding of exactly the structured content.
          expect(text).not.toMatch(/[<>&]/);
          expect(JSON.parse(text)).toEqual(result.structuredContent);
        }),
        { ...runs(perTool), seed: runs(perTool).seed! + name.length },
      );
    }
    expect(leaked()).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(1000);
    // The generator reaches every stage, not just validation errors.
    expect(seen.validation).toBeGreaterThan(0);
    expect(seen.matched + seen.default).toBeGreaterThan(calls / 10);
  });

  it("missing arguments count as {}; null too, except where the go-sdk panics on it", () => {
    const panicking: string[] = [];
    for (const tool of tools) {
      const name = tool.name as string;
      const a = engine.callTool(name, undefined);
      const b = engine.callTool(name, null);
      const c = engine.callTool(name, {});
      expect(JSON.stringify(a)).toBe(JSON.stringify(c));
      if (b.kind === "result" && b.goPanic !== undefined) {
        panicking.push(name);
        expect(b.result.isError).toBe(true);
        expect(b.result.content[0]?.text).toBe(`go-sdk panics on "arguments": null for ${name} (assignment to entry in nil map: its input schema has a property default): production's process exits here, so its client's connection ends. Send {} or leave "arguments" out.`);
      } else expect(JSON.stringify(b)).toBe(JSON.stringify(c));
    }
    // The tools the twin's go-sdk panicked on (the parity corpus's arguments-null cases).
    expect(panicking.sort()).toEqual([...PANICS_ON_NULL].sort());
  });

  it("arguments that are not an object are refused by validation, never a crash", () => {
    for (const tool of tools) {
      for (const a of [[], [1], "x", 5, true, 0, ""]) {
        const outcome = engine.callTool(tool.name as string, a);
        expect(outcome.kind).toBe("result");
        // The go-sdk's JSON decoder refuses them before validation (measured by the parity twin).
        if (outcome.kind === "result") expect(outcome.result.content[0]?.text).toMatch(/^validating "arguments": unmarshaling arguments: json: cannot unmarshal ".*" into Go value of type map\[string\]interface \{\}$/);
      }
    }
  });

  it("a 10,000-deep argument gets the Go-worded validation error, not a stack overflow", () => {
    for (const tool of tools) {
      const props = Object.keys(((tool.inputSchema as Schema).properties ?? {}) as object);
      for (const key of [...props, "unexpected_key"]) {
        for (const kind of ["array", "object"] as const) {
          const outcome = engine.callTool(tool.name as string, { [key]: deeplyNested(10_000, kind) });
          expect(outcome.kind).toBe("result");
          if (outcome.kind === "result") expect(outcome.result.content[0]?.text).toMatch(VALIDATION);
        }
      }
    }
  });

  it("__proto__ and constructor in arguments stay data: no pollution, no inherited match", () => {
    const leaked = prototypeSnapshot();
    for (const tool of tools) {
      for (const text of ['{"__proto__":{"polluted":1,"rideId":"x"}}', '{"constructor":{"prototype":{"polluted":1}}}', '{"__proto__":null}', '{"toString":"x","hasOwnProperty":1}']) {
        const outcome = engine.callTool(tool.name as string, JSON.parse(text));
        expect(outcome.kind).toBe("result");
      }
    }
    expect(leaked()).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("unknown tool names, hostile ones included, answer unknown-tool with the name quoted", () => {
    fc.assert(
      fc.property(fc.oneof(hostileKey, fc.constantFrom("../../etc/passwd", "food/search_restaurants", "/etc/passwd", "tools", ".", "", "README")), (name) => {
        fc.pre(!tools.some((t) => t.name === name));
        expect(engine.callTool(name, {})).toEqual({ kind: "unknown-tool", code: -32602, message: `unknown tool ${goQuote(name)}` });
      }),
      runs(500),
    );
  });
});

describe("arguments nested deeper than JSON.stringify can go", () => {
  // A tool whose schema accepts any value (no shipped tool does today; an author may write one).
  const freeForm = (scenarios: string) => `---
tool: free_form
---

${scenarios}

## Definition

\`\`\`json tool
{"name": "free_form", "inputSchema": {"type": "object", "properties": {"payload": {}}}}
\`\`\`
`;
  let ffDir: string;
  beforeAll(() => {
    ffDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-free-form-"));
    fs.mkdirSync(path.join(ffDir, "tools", "misc"), { recursive: true });
  });
  afterAll(() => fs.rmSync(ffDir, { recursive: true, force: true }));

  function call(scenarios: string, payload: Json) {
    fs.writeFileSync(path.join(ffDir, "tools", "misc", "free_form.md"), freeForm(scenarios));
    const e = new Engine({ toolsDir: path.join(ffDir, "tools"), forced: new OverridesReader(path.join(ffDir, "run")) });
    return e.callTool("free_form", { payload });
  }

  it("a 4,000-deep value matches and echoes", () => {
    const outcome = call('## Scenario: hit\n\n```json match\n{"payload": "~bottom"}\n```\n\n```json response\n{"echo": {{args.payload}}}\n```\n\n## Scenario: miss\n\n```json response\n{}\n```', deeplyNested(4000, "array"));
    expect(outcome.kind === "result" && outcome.scenario).toBe("hit");
  });

  // Regression: JSON.stringify overflows near 4,500 levels; the matcher and the text encoder
  // now fall back to an explicit-stack serializer (jsonText.ts stringifyDeep).
  it("a 10,000-deep value against a string pattern answers instead of throwing", () => {
    const outcome = call('## Scenario: hit\n\n```json match\n{"payload": "~bottom"}\n```\n\n```json response\n{}\n```\n\n## Scenario: miss\n\n```json response\n{}\n```', deeplyNested(10_000, "array"));
    expect(outcome.kind).toBe("result");
  });

  it("a 10,000-deep value echoed by a bare placeholder answers instead of throwing", () => {
    const outcome = call('## Scenario: echo\n\n```json response\n{"echo": {{args.payload}}}\n```', deeplyNested(10_000, "array"));
    expect(outcome.kind).toBe("result");
  });
});
