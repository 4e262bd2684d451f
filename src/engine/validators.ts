// Ajv (draft 2020-12) behind a small interface, compiled once per schema object (identical
// schemas are one object by then, internSchemas.ts).
import { SchemaCompiler, type Validator } from "../base/ajv.js";
import { goValidationReason } from "./goValidation.js";
import type { JsonObject } from "../base/types.js";

// Arguments are checked with formats off, as production's validator does; outputs with them on.
const argumentsCompiler = new SchemaCompiler({ formats: false });
const outputCompiler = new SchemaCompiler({ formats: true });

export interface ToolValidators {
  /** Go-worded reason of the first argument error, or null when valid. */
  checkArguments(args: unknown): string | null;
  /** First output schema error (`/path message`), or null when valid or no output schema. */
  checkOutput(value: unknown): string | null;
  /** The same error with the path as keys, so --check can name the offending key's line. */
  outputError(value: unknown): { path: string[]; message: string } | null;
}

/** A JSON Pointer's reference tokens ("/a~1b/0" -> ["a/b", "0"]). */
function pointerKeys(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export class SchemaCompileError extends Error {
  constructor(
    readonly which: "inputSchema" | "outputSchema",
    reason: string,
  ) {
    super(`${which} does not compile: ${reason}`);
  }
}

// Identical schemas (across files, or one file's schema across its edits) are one object by
// the time they get here (internSchemas.ts), and share one compiled validator: compiling is the
// costliest part of loading a file, and at 2,000 files the compiled code was most of the heap.
// Held weakly: a validator lives as long as its schema object.
// A schema text that compiled before (in any process: base/compiledBefore.ts) compiles on its
// first use, so listing a tool never waits on compiling it.
const compiledInputs = new WeakMap<object, Validator>();
const compiledOutputs = new WeakMap<object, Validator>();

function compileShared(which: "inputSchema" | "outputSchema", schema: JsonObject): Validator {
  const compiled = which === "inputSchema" ? compiledInputs : compiledOutputs;
  let validate = compiled.get(schema);
  if (validate) return validate;
  try {
    validate = (which === "inputSchema" ? argumentsCompiler : outputCompiler).prepare(schema);
  } catch (err) {
    throw new SchemaCompileError(which, err instanceof Error ? err.message : String(err));
  }
  compiled.set(schema, validate);
  return validate;
}

export function compileValidators(definition: JsonObject): ToolValidators {
  const inputSchema = definition.inputSchema as JsonObject;
  const input = compileShared("inputSchema", inputSchema);
  const output = definition.outputSchema === undefined ? undefined : compileShared("outputSchema", definition.outputSchema as JsonObject);
  return {
    checkArguments(args) {
      if (input(args)) return null;
      const error = input.errors?.[0];
      // The Go-order walk explains the failure; Ajv's own text is the fallback if they disagree.
      return goValidationReason(inputSchema, args) ?? `validating root: ${error?.instancePath || "/"} ${error?.message ?? "is invalid"}`;
    },
    checkOutput(value) {
      return this.outputError(value)?.message ?? null;
    },
    outputError(value) {
      if (!output || output(value)) return null;
      const error = output.errors?.[0];
      const pointer = error?.instancePath ?? "";
      // A missing required key is placed at the object that lacks it; an extra one at itself.
      const extra = error?.keyword === "additionalProperties" ? [String((error.params as { additionalProperty?: unknown }).additionalProperty)] : [];
      return {
        path: [...pointerKeys(pointer), ...extra],
        message: `${pointer || "/"} ${error?.message ?? "is invalid"}${error?.params ? ` ${JSON.stringify(error.params)}` : ""}`,
      };
    },
  };
}
