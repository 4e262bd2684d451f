// A large catalog repeats its schemas: the same inputSchema in many files, or in one file across
// its edits. A definition's object-valued parts (inputSchema, outputSchema, annotations, _meta)
// are kept once per distinct content, and validators are compiled once per kept schema object
// (validators.ts), so one text key serves both, and a catalog that repeats a schema in 2,000 files
// holds it once.
import { isObject } from "../base/isObject.js";
import { Interned } from "../base/interned.js";
import type { JsonObject } from "../base/types.js";

const parts = new Interned<JsonObject>();

/** The definition with each object-valued part replaced by an identical one already kept, if any. Callers must not change the parts. */
export function internSchemas(definition: JsonObject): JsonObject {
  // fromEntries defines keys as data: a "__proto__" key stays a key.
  return Object.fromEntries(Object.entries(definition).map(([key, value]) => [key, isObject(value) ? sharedPart(value) : value]));
}

function sharedPart(value: JsonObject): JsonObject {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return value; // nested too deep to key: kept as it is (compiling it reports the problem)
  }
  return parts.get(text, () => value);
}
