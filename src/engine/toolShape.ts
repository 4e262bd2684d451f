// Is a `json tool` block an MCP Tool object a client will accept? The fields and types of the
// spec's Tool (2025-06-18, with icons and execution from 2025-11-25), checked by a small table
// rather than the SDK's zod schema: the engine stays free of the SDK, and a process that only
// lists tools does not load zod (about 100 modules) to do it. test/engine/toolShape.test.ts holds
// this table to the SDK's ToolSchema on the same objects.
import { isObject } from "../base/isObject.js";

type Check = (value: unknown, at: string) => string | undefined;

const got = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);
const expected = (what: string, value: unknown, at: string) => `${at}: expected ${what}, got ${got(value)}`;

const string: Check = (v, at) => (typeof v === "string" ? undefined : expected("a string", v, at));
const boolean: Check = (v, at) => (typeof v === "boolean" ? undefined : expected("a boolean", v, at));
const oneOf =
  (...values: string[]): Check =>
  (v, at) =>
    typeof v === "string" && values.includes(v) ? undefined : `${at}: expected one of ${values.map((x) => JSON.stringify(x)).join(", ")}, got ${JSON.stringify(v)}`;
const arrayOf =
  (item: Check): Check =>
  (v, at) => {
    if (!Array.isArray(v)) return expected("an array", v, at);
    for (const [i, x] of v.entries()) {
      const problem = item(x, `${at}.${i}`);
      if (problem) return problem;
    }
    return undefined;
  };
/** Any object (the SDK's record of unknown values): `_meta`, a property's schema. */
const anyObject: Check = (v, at) => (isObject(v) ? undefined : expected("an object", v, at));
const recordOf =
  (item: Check): Check =>
  (v, at) => {
    if (!isObject(v)) return expected("an object", v, at);
    for (const [key, x] of Object.entries(v)) {
      const problem = item(x, `${at}.${key}`);
      if (problem) return problem;
    }
    return undefined;
  };
/** An object whose listed fields, where present, pass their checks; other fields are allowed. */
const fields =
  (shape: Record<string, { check: Check; required?: boolean }>): Check =>
  (v, at) => {
    if (!isObject(v)) return expected("an object", v, at);
    for (const [key, { check, required }] of Object.entries(shape)) {
      const path = at === "" ? key : `${at}.${key}`;
      if (!Object.hasOwn(v, key) || v[key] === undefined) {
        if (required) return `${path}: required`;
        continue;
      }
      const problem = check(v[key], path);
      if (problem) return problem;
    }
    return undefined;
  };

const optional = (check: Check) => ({ check });
const required = (check: Check) => ({ check, required: true });

/** The root of an input or output schema: what the spec pins down; the rest is JSON Schema's. */
const schemaRoot = fields({
  type: required(oneOf("object")),
  properties: optional(recordOf(anyObject)),
  required: optional(arrayOf(string)),
});

const icon = fields({
  src: required(string),
  mimeType: optional(string),
  sizes: optional(arrayOf(string)),
  theme: optional(oneOf("light", "dark")),
});

const tool = fields({
  name: required(string),
  title: optional(string),
  icons: optional(arrayOf(icon)),
  description: optional(string),
  inputSchema: required(schemaRoot),
  outputSchema: optional(schemaRoot),
  annotations: optional(
    fields({
      title: optional(string),
      readOnlyHint: optional(boolean),
      destructiveHint: optional(boolean),
      idempotentHint: optional(boolean),
      openWorldHint: optional(boolean),
    }),
  ),
  execution: optional(fields({ taskSupport: optional(oneOf("required", "optional", "forbidden")) })),
  _meta: optional(anyObject),
});

/** The first way `definition` is not an MCP Tool (`path: what is wrong`), or undefined. */
export function toolShapeProblem(definition: unknown): string | undefined {
  const problem = tool(definition, "");
  return problem?.startsWith(": ") ? `(root)${problem}` : problem;
}
