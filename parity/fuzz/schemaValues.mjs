// Arguments for a tool, drawn from its inputSchema and then mutated, for the differential fuzzer:
// a value the schema accepts is the start (so a mutation lands one step away from valid, where
// the validator's wording is most detailed), and each mutation breaks it in one way a client
// could: a wrong type, a key missing or added, a key in another case, a null, a deep or wide
// value, an odd string or number.
import fc from "fast-check";

const own = (o, k) => (o !== null && typeof o === "object" && Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);

function resolve(root, ref) {
  if (typeof ref !== "string" || !ref.startsWith("#")) return undefined;
  let node = root;
  for (const part of ref.slice(2).split("/").filter(Boolean)) node = own(node, decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~"));
  return node;
}

/** Strings that have tripped JSON encoders and validators: escapes, HTML, line separators, astral and broken surrogates, controls. */
export const oddStrings = ["", " ", "<script>&amp;", "\u2028\u2029", "é", "\ufeff", "😀", "\ud800", "\udfff", "\u0000", "\u001f", "\\", '"', "a\nb", "ا", "x".repeat(300), "null", "true", "0", "１２３"];

/** A value of any JSON type, small. */
export const anyJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: "anyJson" },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -1000, max: 1000 }),
    fc.constantFrom(1.5, -0.25, 1e21, 2 ** 53 + 2, -(2 ** 63), 0.1),
    fc.constantFrom(...oddStrings),
    fc.string({ maxLength: 8 }),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie("value"), { maxKeys: 3 }),
  ),
})).value;

function stringFor(s) {
  const pattern = own(s, "pattern");
  const enumerated = own(s, "enum");
  if (Array.isArray(enumerated) && enumerated.length > 0) return fc.constantFrom(...enumerated);
  if (typeof pattern === "string") {
    try {
      return fc.stringMatching(new RegExp(pattern)).map((v) => v.slice(0, own(s, "maxLength") ?? 200));
    } catch {
      // A pattern fast-check cannot generate from: a plain string, which may or may not match.
    }
  }
  if (own(s, "format") === "date-time") return fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().replace(/\.\d{3}Z$/, "Z"));
  if (own(s, "format") === "date") return fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const minLength = own(s, "minLength") ?? 0;
  const maxLength = Math.min(own(s, "maxLength") ?? 12, minLength + 12);
  return fc.string({ minLength, maxLength });
}

/** A value the schema `s` (inside `root`) accepts, or near to it where the schema is hard to satisfy. */
export function valueFor(s, root, depth = 0) {
  if (s === true || s === undefined || depth > 8) return anyJson;
  if (s === false) return fc.constant(null);
  const ref = own(s, "$ref");
  if (ref !== undefined) return valueFor(resolve(root, ref), root, depth + 1);
  if (own(s, "const") !== undefined) return fc.constant(own(s, "const"));
  const enumerated = own(s, "enum");
  if (Array.isArray(enumerated) && enumerated.length > 0) return fc.constantFrom(...enumerated);
  const alternatives = own(s, "anyOf") ?? own(s, "oneOf");
  if (Array.isArray(alternatives) && alternatives.length > 0) return fc.oneof(...alternatives.map((a) => valueFor(a, root, depth + 1)));
  const type = own(s, "type");
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => valueFor({ ...s, type: t }, root, depth + 1)));
  switch (type) {
    case "object": {
      const properties = own(s, "properties") ?? {};
      const required = new Set(own(s, "required") ?? []);
      const model = {};
      for (const [name, sub] of Object.entries(properties)) model[name] = valueFor(sub, root, depth + 1);
      return fc.record(model, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
    }
    case "array": {
      const minLength = own(s, "minItems") ?? 0;
      return fc.array(valueFor(own(s, "items"), root, depth + 1), { minLength, maxLength: Math.min(own(s, "maxItems") ?? 4, minLength + 3) });
    }
    case "string":
      return stringFor(s);
    case "integer":
      return fc.integer({ min: own(s, "minimum") ?? -1000, max: own(s, "maximum") ?? 1000 });
    case "number": {
      const min = own(s, "minimum") ?? -1000;
      const max = own(s, "maximum") ?? 1000;
      return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((v) => (Object.is(v, -0) ? 0 : v)));
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return anyJson;
  }
}

/** Every path (list of keys and indexes) to a value inside `v`, the root's [] first. */
function paths(v, at = [], out = []) {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === "object") for (const k of Object.keys(v)) paths(v[k], [...at, k], out);
  return out;
}

function getAt(v, path) {
  return path.reduce((node, k) => node?.[k], v);
}

/** `v` with the value at `path` replaced by `f(old)`; `f` returning undefined deletes it. */
function setAt(v, path, f) {
  if (path.length === 0) return f(v);
  const [k, ...rest] = path;
  const copy = Array.isArray(v) ? [...v] : { ...v };
  const next = setAt(v[k], rest, f);
  if (next === undefined) Array.isArray(copy) ? copy.splice(k, 1) : delete copy[k];
  else copy[k] = next;
  return copy;
}

const otherCase = (k) => (k === k.toUpperCase() ? k.toLowerCase() : k.toUpperCase());
const deep = (n, inner) => Array.from({ length: n }).reduce((acc) => [acc], inner);

/** One mutation: what it does, given the value and where (a path chosen by index), and a random extra. */
const mutation = fc.record({
  kind: fc.constantFrom("wrongType", "delete", "extraKey", "keyCase", "null", "deep", "wide", "oddString", "duplicateItem"),
  where: fc.nat(),
  extra: anyJson,
  odd: fc.constantFrom(...oddStrings),
  depth: fc.constantFrom(2, 20, 120),
});

function mutate(v, m) {
  const all = paths(v);
  const path = all[m.where % all.length];
  const target = getAt(v, path);
  const parentIsObject = path.length > 0 && !Array.isArray(getAt(v, path.slice(0, -1)));
  switch (m.kind) {
    case "wrongType":
      return setAt(v, path, () => (typeof target === typeof m.extra && target !== null ? (typeof target === "string" ? 7 : "seven") : m.extra));
    case "delete":
      return path.length === 0 ? v : setAt(v, path, () => undefined);
    case "extraKey":
      return target !== null && typeof target === "object" && !Array.isArray(target) ? setAt(v, path, (o) => ({ ...o, bogus: m.extra })) : setAt(v, path, () => ({ bogus: m.extra }));
    case "keyCase": {
      if (!parentIsObject) return v;
      const key = path[path.length - 1];
      return setAt(v, path.slice(0, -1), (o) => {
        const copy = { ...o };
        delete copy[key];
        copy[otherCase(String(key))] = target;
        return copy;
      });
    }
    case "null":
      return setAt(v, path, () => null);
    case "deep":
      return setAt(v, path, (old) => deep(m.depth, old ?? 1));
    case "wide":
      return setAt(v, path, (old) => Array.from({ length: 60 }, () => old ?? m.extra));
    case "oddString":
      return setAt(v, path, () => m.odd);
    case "duplicateItem":
      return Array.isArray(target) && target.length > 0 ? setAt(v, path, (a) => [...a, a[0]]) : v;
  }
  return v;
}

/** Arguments for the tool: valid ones, or valid ones with one to three mutations. */
export function argumentsFor(tool) {
  const schema = tool.inputSchema ?? {};
  return fc.tuple(valueFor(schema, schema), fc.array(mutation, { maxLength: 3 })).map(([value, ms]) => ms.reduce(mutate, value));
}
