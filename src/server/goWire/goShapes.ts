// Results in the shape and key order the go-sdk marshals them: its structs' field order, Go's
// omitempty, maps sorted, and jsonschema-go's own order for schemas. Measured against the parity
// twin; the field lists are the go-sdk v1.6.1 structs (mcp/protocol.go) and
// jsonschema-go v0.4.3 (jsonschema/schema.go).
import { goMarshalString, Raw } from "../../goJson/encode.js";
import { goSorted } from "../../goJson/keyOrder.js";
import { marshalText } from "../../goJson/marshalled.js";
import { sortKeys, sortTop as sortedMap } from "../../goJson/sortKeys.js";
import { setOwn } from "../../base/setOwn.js";
import { isObject as isObj } from "../../base/isObject.js";
import type { Profile } from "../profiles/profiles.js";

type Obj = Record<string, unknown>;
const has = (o: Obj, k: string) => Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;

/** Go's omitempty: false, 0, "", empty arrays and maps, nil. */
function empty(v: unknown): boolean {
  return v === undefined || v === null || v === false || v === 0 || v === "" || (Array.isArray(v) && v.length === 0) || (isObj(v) && Object.keys(v).length === 0);
}

// jsonschema.Schema: type, properties, dependencies, items first (its MarshalJSON), then the
// struct's fields in declaration order, then unknown keywords (Extra) sorted.
const schemaFields = [
  "$id", "$schema", "$ref", "$comment", "$defs", "definitions", "$anchor", "$dynamicAnchor", "$dynamicRef", "$vocabulary",
  "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
  "enum", "const", "multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern",
  "prefixItems", "minItems", "maxItems", "additionalItems", "uniqueItems", "contains", "minContains", "maxContains", "unevaluatedItems",
  "minProperties", "maxProperties", "required", "dependentRequired", "patternProperties", "additionalProperties", "propertyNames", "unevaluatedProperties",
  "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "contentEncoding", "contentMediaType", "contentSchema", "format",
];
const first = ["type", "properties", "dependencies", "items"];
const known = new Set([...first, ...schemaFields]);
const subschema = new Set(["items", "additionalItems", "contains", "unevaluatedItems", "additionalProperties", "propertyNames", "unevaluatedProperties", "not", "if", "then", "else", "contentSchema"]);
const schemaLists = new Set(["prefixItems", "allOf", "anyOf", "oneOf"]);
const schemaMaps = new Set(["$defs", "definitions", "patternProperties", "dependentSchemas"]);
// Pointers and RawMessage: kept even when zero; everything else is omitempty.
const keptWhenZero = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "minContains", "maxContains", "minProperties", "maxProperties", "const", "default"]);

/** A schema as jsonschema-go's Schema.MarshalJSON writes it (properties keep the author's order). */
export function goSchema(node: unknown): unknown {
  if (typeof node === "boolean") return node;
  if (!isObj(node)) return node;
  const out: Obj = {};
  const put = (k: string, v: unknown) => setOwn(out, k, v);
  for (const k of [...first, ...schemaFields]) {
    if (!has(node, k)) continue;
    const v = node[k];
    if (k === "properties") {
      // Marshalled even when empty (but not when absent).
      if (isObj(v)) put(k, Object.fromEntries(Object.entries(v).map(([p, s]) => [p, goSchema(s)])));
      continue;
    }
    // Subschemas are *Schema: `false` and `{}` are kept (as false and true).
    if (!keptWhenZero.has(k) && !subschema.has(k) && empty(v)) continue;
    if (subschema.has(k)) put(k, goSchema(v));
    else if (schemaLists.has(k) && Array.isArray(v)) put(k, v.map(goSchema));
    else if (schemaMaps.has(k) && isObj(v)) put(k, Object.fromEntries(goSorted(Object.keys(v)).map((d) => [d, goSchema(v[d])])));
    else if (k === "default") put(k, v);
    else put(k, sortKeys(v));
  }
  for (const k of goSorted(Object.keys(node).filter((k) => !known.has(k)))) put(k, sortKeys(node[k]));
  const keys = Object.keys(out);
  // Schema{} marshals as true and {"not":{}} as false.
  if (keys.length === 0) return true;
  if (keys.length === 1 && keys[0] === "not" && out.not === true) return false;
  return out;
}

/** mcp.ToolAnnotations: *bool hints kept when false, bool hints omitted when false (written from v1.7.0). */
function goAnnotations(a: unknown, profile: Profile): unknown {
  if (!isObj(a)) return undefined;
  const out: Obj = {};
  const falseWritten = profile.has("false-tool-hints");
  if (typeof a.destructiveHint === "boolean") out.destructiveHint = a.destructiveHint;
  if (a.idempotentHint === true || falseWritten) out.idempotentHint = a.idempotentHint === true;
  if (typeof a.openWorldHint === "boolean") out.openWorldHint = a.openWorldHint;
  if (a.readOnlyHint === true || falseWritten) out.readOnlyHint = a.readOnlyHint === true;
  if (typeof a.title === "string" && a.title !== "") out.title = a.title;
  return out;
}

/** mcp.Tool: _meta, annotations, description, inputSchema, name, outputSchema, title, icons. Other keys do not exist in Go. */
export function goTool(t: unknown, profile: Profile): unknown {
  if (!isObj(t)) return t;
  const out: Obj = {};
  if (!empty(t._meta)) out._meta = sortKeys(t._meta);
  if (isObj(t.annotations)) out.annotations = goAnnotations(t.annotations, profile);
  if (!empty(t.description)) out.description = t.description;
  out.inputSchema = marshalText(goSchema(t.inputSchema));
  out.name = t.name;
  if (t.outputSchema !== undefined && t.outputSchema !== null) out.outputSchema = marshalText(goSchema(t.outputSchema));
  if (!empty(t.title)) out.title = t.title;
  if (!empty(t.icons)) out.icons = t.icons;
  return out;
}

/** mcp.Resource: _meta, annotations, description, mimeType, name, size, title, uri, icons. */
function goResource(r: unknown): unknown {
  if (!isObj(r)) return r;
  const out: Obj = {};
  for (const k of ["_meta", "annotations", "description", "mimeType", "name", "size", "title", "uri", "icons"]) {
    if (k !== "name" && k !== "uri" && empty(r[k])) continue;
    out[k] = k === "_meta" || k === "annotations" ? sortKeys(r[k]) : r[k];
  }
  return out;
}

/** mcp.ResourceContents: uri, mimeType, text, blob, _meta. */
function goContents(c: unknown): unknown {
  if (!isObj(c)) return c;
  const out: Obj = { uri: c.uri };
  for (const k of ["mimeType", "text", "blob"]) if (!empty(c[k])) out[k] = c[k];
  if (!empty(c._meta)) out._meta = sortKeys(c._meta);
  return out;
}

function pick(o: Obj, keys: string[]): Obj {
  const out: Obj = {};
  for (const k of keys) if (has(o, k)) out[k] = o[k];
  return out;
}

// go-sdk's Cacheable results: the fields come first in each result struct, zero values written.
const cacheable = new Set(["tools/list", "resources/list", "resources/read", "resources/templates/list", "prompts/list", "server/discover"]);
// Where a 2026-07-28 result puts `resultType`: first (completeResultWithType, embedded first in
// the list structs and DiscoverResult), or last (CallToolResult's and ReadResourceResult's MarshalJSON).
const resultTypeLast = new Set(["tools/call", "resources/read"]);

/** A result as the go-sdk's result struct for `method` marshals it. */
export function goResult(method: string | undefined, result: unknown, profile: Profile): unknown {
  // Already written the go-sdk's way.
  if (!isObj(result) || result instanceof Raw) return result;
  const hints: Obj = method !== undefined && cacheable.has(method) && profile.has("cache-hints") ? { ttlMs: 0, cacheScope: "public" } : {};
  // The 2026-07-28 era's fields (wire/rpcSession.ts eraResult): resultType and the `_meta` map.
  const era = typeof result.resultType === "string";
  const head: Obj = era && !empty(result._meta) ? { _meta: sortTop(result._meta) } : {};
  const body = era ? without(result, ["resultType", "_meta"]) : result;
  if (method === "resources/read") return readResult(body, { ...head, ...hints }, era ? result.resultType : undefined, profile);
  const shaped = shapeResult(method, body, profile);
  if (!isObj(shaped) || shaped instanceof Raw) return shaped;
  if (!era) return { ...hints, ...shaped };
  // Those two write resultType with omitempty: an empty one (a legacy-initialized session) is left out.
  if (method !== undefined && resultTypeLast.has(method)) return { ...head, ...hints, ...shaped, ...(result.resultType === "" ? {} : { resultType: result.resultType }) };
  return { resultType: result.resultType, ...head, ...hints, ...shaped };
}

/** mcp.ReadResourceResult: _meta, the cache fields, contents, resultType; from v1.7.0 marshalled with json.Marshal, HTML escapes included. */
function readResult(result: Obj, head: Obj, resultType: unknown, profile: Profile): unknown {
  const out: Obj = { ...head, contents: Array.isArray(result.contents) ? result.contents.map(goContents) : result.contents };
  if (resultType !== undefined && resultType !== "") out.resultType = resultType;
  return profile.has("html-escaping") ? marshalText(out) : out;
}

/** A Go map[string]any: its keys sorted, the values as they are (structs keep their order). */
function sortTop(m: unknown): Obj {
  return sortedMap(isObj(m) ? m : {});
}

function without(o: Obj, keys: string[]): Obj {
  const out: Obj = {};
  for (const k of Object.keys(o)) if (!keys.includes(k)) out[k] = o[k];
  return out;
}

/** mcp.ServerCapabilities: its fields in struct order, each capability's own fields picked. */
function goCapabilities(caps: unknown): Obj {
  const c = isObj(caps) ? caps : {};
  const out: Obj = {};
  for (const k of ["experimental", "extensions", "completions", "logging", "prompts", "resources", "tools"]) {
    if (has(c, k)) out[k] = isObj(c[k]) ? pick(c[k] as Obj, ["listChanged", "subscribe"]) : c[k];
  }
  return out;
}

/**
 * One content item as TextContent.MarshalJSON writes it. A plain text item (the engine's every
 * answer) is written directly: the same bytes as marshalling the picked object, whose two keys
 * cannot hold an index key, without building it, walking it or scanning it for one.
 */
function goContent(c: unknown): Raw {
  if (isObj(c) && c.type === "text" && typeof c.text === "string") {
    const keys = Object.keys(c);
    if (keys.length === 2 && keys[0] === "type" && keys[1] === "text") return new Raw(`{"type":"text","text":${goMarshalString(c.text)}}`);
  }
  return marshalText(isObj(c) ? pick(c, ["type", "text", "annotations", "_meta"]) : c);
}

function shapeResult(method: string | undefined, result: Obj, profile: Profile): unknown {
  switch (method) {
    case "initialize": {
      const capabilities = goCapabilities(result.capabilities);
      return pick({ ...result, capabilities, serverInfo: isObj(result.serverInfo) ? pick(result.serverInfo, ["name", "title", "version", "websiteUrl", "icons"]) : result.serverInfo }, ["_meta", "capabilities", "instructions", "protocolVersion", "serverInfo"]);
    }
    case "tools/list":
      return { ...(has(result, "nextCursor") ? { nextCursor: result.nextCursor } : {}), tools: Array.isArray(result.tools) ? result.tools.map((t) => goTool(t, profile)) : result.tools };
    case "tools/call": {
      // Each content item marshals itself with json.Marshal (TextContent.MarshalJSON): HTML escapes.
      const out: Obj = { content: Array.isArray(result.content) ? result.content.map(goContent) : [] };
      // json.Marshal'd output embedded as a RawMessage: HTML escapes included.
      if (has(result, "structuredContent")) out.structuredContent = marshalText(result.structuredContent);
      if (result.isError === true) out.isError = true;
      return out;
    }
    case "resources/list":
      return { resources: Array.isArray(result.resources) ? result.resources.map(goResource) : result.resources };
    case "server/discover":
      // mcp.DiscoverResult after its head: supportedVersions, capabilities, instructions.
      return { supportedVersions: result.supportedVersions, capabilities: goCapabilities(result.capabilities) };
    default:
      return result;
  }
}

/** Notification params by method: mcp.LoggingMessageParams is _meta, data, level, logger. */
export function goParams(method: string, params: unknown): unknown {
  if (method === "notifications/message" && isObj(params)) return pick(params, ["_meta", "data", "level", "logger"]);
  return params;
}

