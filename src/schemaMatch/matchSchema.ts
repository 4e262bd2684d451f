// `json match-schema`: a scenario matches when the arguments validate against a JSON Schema
// (WireMock's matchesJsonSchema). Formats are on ("format": "date" is a calendar date), `$data`
// compares one argument with another, and placeholders are rendered before compiling, so
// "formatExclusiveMaximum": "{{now|date}}" means "before today". Compiled once per rendered
// text: a schema that reads the clock compiles again when its text changes (once a day).
import { SchemaCompiler, type Validator } from "../base/ajv.js";
import { render } from "../template/render.js";
import { compileTemplate, type Template } from "../template/template.js";
import type { Clock, Json, RandomSource } from "../base/types.js";

// One compiler for every schema match; $data needs to be switched on at construction.
const compiler = new SchemaCompiler({ formats: true, $data: true });

export interface SchemaMatcher {
  /** null when the arguments validate; else why not (`/departureDate must match format "date"`). */
  check(args: Json, clock: Clock): string | null;
}

export class SchemaMatchError extends Error {}

const KEEP = 8;

// A schema has no use for {{uuid}} or {{rand}}: they render as fixed values.
const noRandom: RandomSource = { int: (min) => min, uuid: () => "00000000-0000-4000-8000-000000000000" };

function compileSchema(schema: Json): Validator {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) throw new SchemaMatchError("json match-schema block must be a JSON Schema object");
  try {
    return compiler.prepare(schema);
  } catch (err) {
    throw new SchemaMatchError(`json match-schema does not compile: ${(err as Error).message}`);
  }
}

/** Compile the block text; `clock` renders it once now, so a broken schema is found at load. */
export function compileSchemaMatcher(text: string, clock: Clock): SchemaMatcher {
  const template: Template = compileTemplate(text);
  const cache = new Map<string, Validator>();
  const validatorFor = (now: Clock): Validator => {
    const schema = render(template, { args: {}, clock: now, random: noRandom });
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (!validate) {
      validate = compileSchema(schema);
      if (cache.size >= KEEP) cache.delete(cache.keys().next().value as string);
      cache.set(key, validate);
    }
    return validate;
  };
  validatorFor(clock);
  return {
    check(args, now) {
      const validate = validatorFor(now);
      if (validate(args)) return null;
      const error = validate.errors?.[0];
      return `${error?.instancePath || "/"} ${error?.message ?? "is invalid"}`;
    },
  };
}
