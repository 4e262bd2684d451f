// Which parts of a tool definition moved between a file and the live server, worded for the
// drift report: a person reads it to decide which scenarios to look at.
import { isObject } from "../base/isObject.js";
import type { Json, JsonObject } from "../base/types.js";
import { sameJson } from "./sameJson.js";

/** Fields with a report line of their own; any other top-level key is named as it is. */
const NAMED = ["title", "description", "annotations", "outputSchema", "_meta"];

function propertiesOf(schema: Json | undefined): JsonObject {
  return isObject(schema) && isObject(schema.properties) ? schema.properties : {};
}

function requiredOf(schema: Json | undefined): string[] {
  return isObject(schema) && Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : [];
}

/**
 * Annotations with the hints that state the MCP default left out: the go-sdk omits
 * `readOnlyHint: false` and `idempotentHint: false` (plain bools, omitempty), so a definition
 * written with them and the same definition served by a Go server mean the same to a client.
 */
const HINT_DEFAULTS: Record<string, boolean> = { readOnlyHint: false, idempotentHint: false, destructiveHint: true, openWorldHint: true };

function meaningfulAnnotations(value: Json | undefined): Json | undefined {
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) if (HINT_DEFAULTS[key] !== v) out[key] = v;
  return Object.keys(out).length === 0 ? undefined : out;
}

/** One phrase per changed field, in a fixed order; empty when the two are the same JSON. */
export function definitionDrift(fileDefinition: JsonObject, live: JsonObject): string[] {
  const changes: string[] = [];
  for (const key of NAMED) {
    const same = key === "annotations" ? sameJson(meaningfulAnnotations(fileDefinition[key]), meaningfulAnnotations(live[key])) : sameJson(fileDefinition[key], live[key]);
    if (!same) changes.push(key);
  }
  const before = fileDefinition.inputSchema;
  const after = live.inputSchema;
  if (!sameJson(before, after)) {
    const was = propertiesOf(before);
    const now = propertiesOf(after);
    const added = Object.keys(now).filter((k) => !Object.prototype.hasOwnProperty.call(was, k));
    const removed = Object.keys(was).filter((k) => !Object.prototype.hasOwnProperty.call(now, k));
    const changed = Object.keys(now).filter((k) => Object.prototype.hasOwnProperty.call(was, k) && !sameJson(was[k], now[k]));
    const parts: string[] = [];
    if (added.length) parts.push(`added ${added.join(", ")}`);
    if (removed.length) parts.push(`removed ${removed.join(", ")}`);
    if (changed.length) parts.push(`changed ${changed.join(", ")}`);
    const nowRequired = requiredOf(after);
    const wasRequired = requiredOf(before);
    const newlyRequired = nowRequired.filter((r) => !wasRequired.includes(r));
    const noLonger = wasRequired.filter((r) => !nowRequired.includes(r));
    if (newlyRequired.length) parts.push(`now required ${newlyRequired.join(", ")}`);
    if (noLonger.length) parts.push(`no longer required ${noLonger.join(", ")}`);
    // Any other keyword at the schema's top (additionalProperties, $defs, type), by name.
    const wasSchema = isObject(before) ? before : {};
    const nowSchema = isObject(after) ? after : {};
    const keywords = [...new Set([...Object.keys(wasSchema), ...Object.keys(nowSchema)])].filter((k) => k !== "properties" && k !== "required" && !sameJson(wasSchema[k], nowSchema[k]));
    if (keywords.length) parts.push(`keywords changed ${keywords.join(", ")}`);
    // Only the order of "required" moved: the same schema to a validator, still worth a look.
    if (parts.length === 0) parts.push("required reordered");
    changes.push(`inputSchema (${parts.join("; ")})`);
  }
  const seen = new Set([...NAMED, "inputSchema", "name"]);
  for (const key of [...Object.keys(fileDefinition), ...Object.keys(live)]) {
    if (seen.has(key)) continue;
    seen.add(key);
    if (!sameJson(fileDefinition[key], live[key])) changes.push(key);
  }
  return changes;
}
