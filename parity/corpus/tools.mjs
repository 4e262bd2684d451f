// Tool-call cases, generated from each tool's definition and scenarios: one call per scenario
// (sample arguments with the scenario's match block laid over them) and invalid calls that break
// each schema keyword the definition uses, at every depth the schema reaches.
import fs from "node:fs";
import path from "node:path";
import { parseToolFile } from "../../dist/toolFile/parseToolFile.js";
import { overlay } from "../../dist/check/sampleArguments.js";
import Ajv2020 from "ajv/dist/2020.js";

// jsonschema-go reports the first error it meets, and it meets properties in Go map order: with
// two errors in one call, production's text changes from run to run. Every generated call must
// break at most one rule, which this counts (formats off, as production does not check them).
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
function errorCount(schema, args) {
  const validate = ajv.compile(schema);
  validate(args);
  const errors = (validate.errors ?? []).filter((e) => e.keyword !== "if");
  return new Set(errors.map((e) => e.instancePath)).size + (errors.some((e) => e.instancePath === "" && e.keyword === "required") ? errors.filter((e) => e.instancePath === "" && e.keyword === "required").length - 1 : 0);
}

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

function resolve(root, node, depth = 0) {
  if (!isObject(node) || depth > 16) return node;
  if (typeof node.$ref === "string" && node.$ref.startsWith("#/")) {
    let t = root;
    for (const k of node.$ref.slice(2).split("/")) t = isObject(t) ? t[k] : undefined;
    return resolve(root, t, depth + 1);
  }
  return node;
}

const typeOf = (node) => {
  if (typeof node.type === "string") return node.type;
  if (Array.isArray(node.type)) return node.type.find((t) => t !== "null");
  if (isObject(node.properties)) return "object";
  return undefined;
};

const patternCandidates = ["AAA", "AE", "DXB", "1234", "12:30", "+971500000001", "careem_pay", "ABC123", "123", "pm_visa_4242"];

function sampleString(node) {
  if (typeof node.pattern === "string") {
    const re = new RegExp(node.pattern, "u");
    const prefix = /^\^\(?([a-z]+)_/.exec(node.pattern);
    if (prefix && re.test(`${prefix[1]}_7001`)) return `${prefix[1]}_7001`;
    const hit = patternCandidates.find((c) => re.test(c));
    if (hit) return hit;
  }
  if (node.format === "date") return "2026-10-06";
  if (node.format === "date-time") return "2026-10-06T09:30:00Z";
  if (node.format === "email") return "sara@example.com";
  if (node.format === "uri") return "https://example.com/x";
  let s = "sample";
  if (typeof node.minLength === "number") while (s.length < node.minLength) s += "x";
  if (typeof node.maxLength === "number") s = s.slice(0, Math.max(node.maxLength, 1));
  return s;
}

/** A value the schema accepts, required properties only. */
export function sample(root, schema, depth = 0) {
  const node = resolve(root, schema);
  if (!isObject(node) || depth > 12) return null;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  if ("const" in node) return node.const;
  const branch = [node, ...(node.anyOf ?? []), ...(node.oneOf ?? [])].map((b) => resolve(root, b)).find((b) => isObject(b) && typeOf(b));
  if (!branch) return null;
  switch (typeOf(branch)) {
    case "string":
      return sampleString(branch);
    case "integer":
    case "number": {
      const min = branch.minimum ?? (branch.exclusiveMinimum !== undefined ? branch.exclusiveMinimum + 1 : 1);
      return typeof branch.maximum === "number" && branch.maximum < min ? branch.maximum : min;
    }
    case "boolean":
      return false;
    case "array": {
      const n = Math.max(1, branch.minItems ?? 1);
      return Array.from({ length: n }, () => sample(root, branch.items, depth + 1));
    }
    case "object": {
      const out = {};
      for (const key of branch.required ?? []) if (isObject(branch.properties) && key in branch.properties) out[key] = sample(root, branch.properties[key], depth + 1);
      return out;
    }
    default:
      return null;
  }
}

const clone = (v) => JSON.parse(JSON.stringify(v));

/** Sets `value` at `at` (keys and indexes) inside a copy of `base`, creating objects on the way. */
function setAt(base, at, value, remove = false) {
  const out = clone(base);
  let cur = out;
  for (let i = 0; i < at.length - 1; i++) {
    const k = at[i];
    if (cur[k] === undefined || cur[k] === null || typeof cur[k] !== "object") cur[k] = typeof at[i + 1] === "number" ? [] : {};
    cur = cur[k];
  }
  const last = at[at.length - 1];
  if (remove) delete cur[last];
  else cur[last] = value;
  return out;
}

function wrongValue(type) {
  switch (type) {
    case "string":
      return 12345;
    case "integer":
      return "five";
    case "number":
      return "five";
    case "boolean":
      return "yes";
    case "array":
      return { not: "an array" };
    case "object":
      return "not an object";
    default:
      return undefined;
  }
}

/** Invalid argument objects: [label, args]. Walks properties, items and $refs to depth 4. */
function invalidArgs(root, base) {
  const out = [];
  const seenRefs = new Set();
  const walk = (schema, at, depth) => {
    if (depth > 4) return;
    const viaRef = isObject(schema) && typeof schema.$ref === "string" ? schema.$ref : null;
    if (viaRef) {
      if (seenRefs.has(`${viaRef}@${depth}`)) return;
      seenRefs.add(`${viaRef}@${depth}`);
    }
    const node = resolve(root, schema);
    if (!isObject(node)) return;
    const label = at.length === 0 ? "root" : at.map((k) => (typeof k === "number" ? `[${k}]` : k)).join(".");
    const put = (what, value) => out.push([`${label}/${what}${viaRef ? "-via-ref" : ""}`, setAt(base, at, value)]);
    const type = typeOf(node);
    if (at.length > 0) {
      const wrong = wrongValue(type);
      if (wrong !== undefined) put("wrong-type", wrong);
      if (Array.isArray(node.enum)) put("enum", "NOT_IN_ENUM");
      if (typeof node.pattern === "string") put("pattern", "!!bad pattern!!");
      if (typeof node.minimum === "number") put("below-minimum", node.minimum - 1);
      if (typeof node.maximum === "number") put("above-maximum", node.maximum + 1);
      if (typeof node.exclusiveMinimum === "number") put("exclusive-minimum", node.exclusiveMinimum);
      if (typeof node.minLength === "number" && node.minLength > 0) put("below-minLength", "");
      if (typeof node.maxLength === "number") put("above-maxLength", "x".repeat(node.maxLength + 1));
      if (typeof node.format === "string") put(`format-${node.format}`, "not-a-" + node.format);
      if (typeof node.minItems === "number" && node.minItems > 0) put("below-minItems", []);
      if (typeof node.maxItems === "number") put("above-maxItems", Array.from({ length: node.maxItems + 1 }, () => sample(root, node.items)));
      if (type === "integer") put("fraction", 1.5);
      if (Array.isArray(node.type) && node.type.includes("null")) put("null-allowed", null);
      else if (type) put("null", null);
    }
    if (type === "object" && isObject(node.properties)) {
      const here = at.length === 0 ? base : sample(root, node);
      if (at.length > 0) {
        for (const key of node.required ?? []) out.push([`${label}/missing-${key}`, setAt(base, at, (({ [key]: _, ...rest }) => rest)(clone(here ?? {})))]);
        if (node.additionalProperties === false) out.push([`${label}/additional-property`, setAt(base, at, { ...(here ?? {}), bogus: 1 })]);
      }
      for (const [key, sub] of Object.entries(node.properties)) {
        const subAt = [...at, key];
        // Optional nested objects need their required parts for deeper cases to be reached.
        const child = resolve(root, sub);
        if (isObject(child) && typeOf(child) === "object" && !(at.length === 0 && key in base)) {
          walkWith(sub, subAt, depth + 1);
        } else walk(sub, subAt, depth + 1);
      }
    }
    if (type === "array" && node.items !== undefined) walk(node.items, [...at, 0], depth + 1);
  };
  // Deeper cases under an optional object start from a base holding a valid instance of it.
  const walkWith = (sub, subAt, depth) => {
    const saved = base;
    if (getAt(base, subAt) === undefined) base = setAt(base, subAt, sample(root, sub));
    walk(sub, subAt, depth);
    base = saved;
  };
  walk(root, [], 0);
  return out;
}

function getAt(obj, at) {
  let cur = obj;
  for (const k of at) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = cur[k];
  }
  return cur;
}

const call = (id, name, args) => ({ jsonrpc: "2.0", id, method: "tools/call", params: args === undefined ? { name } : { name, arguments: args } });

export function toolCases(toolsDir) {
  const files = fs
    .readdirSync(toolsDir, { recursive: true })
    .filter((f) => String(f).endsWith(".md"))
    .map(String)
    .sort();
  const cases = [];
  for (const rel of files) {
    const file = parseToolFile(rel, fs.readFileSync(path.join(toolsDir, rel), "utf8"));
    const def = file.definition?.value;
    if (!def) continue;
    const name = def.name;
    const root = def.inputSchema;
    const base = sample(root, root) ?? {};
    const add = (label, args) => {
      if (isObject(args) && errorCount(root, args) > 1) return;
      cases.push({ name: `tools-call/${name}/${label}`, messages: [call(3, name, args)] });
    };
    for (const sc of file.scenarios) {
      const args = sc.match ? overlay(clone(base), sc.match.value) : base;
      add(`scenario-${sc.name.replace(/[^A-Za-z0-9_-]+/g, "-")}`, args);
    }
    add("arguments-absent", undefined);
    add("arguments-null", null);
    add("arguments-empty-object", {});
    add("arguments-array", []);
    add("arguments-string", "x");
    add("arguments-number", 7);
    for (const key of root.required ?? []) add(`root/missing-${key}`, (({ [key]: _, ...rest }) => rest)(base));
    add("root/additional-property", { ...base, bogus: 1 });
    // Not two additional properties: jsonschema-go names them in Go map order, which changes
    // from run to run (production's text is not deterministic there).
    const seen = new Set(cases.map((c) => c.name));
    for (const [label, args] of invalidArgs(root, base)) {
      if (errorCount(root, args) > 1) continue;
      let n = `tools-call/${name}/${label}`;
      for (let i = 2; seen.has(n); i++) n = `tools-call/${name}/${label}-${i}`;
      seen.add(n);
      cases.push({ name: n, messages: [call(3, name, args)] });
    }
  }
  return cases;
}
