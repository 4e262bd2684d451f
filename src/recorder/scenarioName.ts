// A recorded scenario's name: the tool and its arguments as a slug, so the same call gets the
// same name in every recording. Long ones are cut and end in a digest of the arguments, so two
// calls that share a long prefix still get different names.
import { createHash } from "node:crypto";
import { stringifyDeep } from "../goJson/encode.js";
import { isObject } from "../base/isObject.js";
import type { Json, JsonObject } from "../base/types.js";

const MAX = 64;

function slug(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function words(value: Json): string[] {
  if (Array.isArray(value)) return value.flatMap(words);
  // Keys sorted: the same arguments sent in another key order are the same call, with the same name.
  if (isObject(value)) return Object.keys(value).sort().flatMap((k) => [k, ...words(value[k] as Json)]);
  return [String(value)];
}

/** Canonical text of arguments: keys sorted at every depth, so key order never makes a new call. */
export function canonicalArguments(args: JsonObject): string {
  const sort = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(sort);
    if (isObject(v)) {
      const out: JsonObject = {};
      for (const k of Object.keys(v).sort()) Object.defineProperty(out, k, { value: sort(v[k] as Json), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return v;
  };
  return stringifyDeep(sort(args));
}

export function scenarioName(tool: string, args: JsonObject): string {
  const base = slug(tool);
  const rest = slug(words(args).join(" "));
  if (rest === "") return `${base}-no-arguments`;
  const full = `${base}-${rest}`;
  if (full.length <= MAX) return full;
  const digest = createHash("sha256").update(canonicalArguments(args)).digest("hex").slice(0, 8);
  return `${full.slice(0, MAX - 9).replace(/-+$/, "")}-${digest}`;
}
