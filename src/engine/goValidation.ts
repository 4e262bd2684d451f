// The first argument-validation error, worded and ordered as production's Go validator reports it,
// so a client sees production's text: keywords in the Go library's order, each nested schema adding
// "validating <path>: ". Ajv decides validity; this walk only runs to explain a failure.
import { goFixed, goQuote, goQuoteList, goRat, goValue } from "./goFmtVerbs.js";

type Schema = Record<string, unknown> | boolean;

function jsonType(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v; // "string" | "boolean" | "object"
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as never)[k], (b as never)[k]));
}

function own(o: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

/** Resolve a local `#/...` JSON pointer against the root schema. */
function resolvePointer(root: Schema, ref: string): Schema | undefined {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object") return undefined;
    node = own(node, key);
  }
  return node as Schema | undefined;
}

/** How jsonschema-go prints a schema (Schema.String): its $id, its anchor, else anonymous. */
function schemaName(s: unknown): string {
  if (s !== null && typeof s === "object") {
    const id = own(s, "$id");
    if (typeof id === "string" && id !== "") return id;
    const anchor = own(s, "$anchor") || own(s, "$dynamicAnchor");
    if (typeof anchor === "string" && anchor !== "") return `anchor ${anchor}`;
  }
  return "<anonymous schema>";
}

const schemaNames = (list: unknown[]) => `[${list.map(schemaName).join(" ")}]`;

class Walker {
  /** Where the schema being checked sits in the root document, as a JSON pointer ("" = root). */
  private path = "";

  constructor(private readonly root: Schema) {}

  /**
   * Returns the error text or null when the instance is valid. jsonschema-go labels each level
   * with the schema's absolute location, `$ref` targets included: /properties/items/items,
   * /$defs/basketItem/properties/quantity (measured against the go-sdk by the parity twin).
   */
  check(instance: unknown, schema: Schema, path: string): string | null {
    const saved = this.path;
    this.path = path;
    const inner = this.keywords(instance, schema);
    this.path = saved;
    return inner === null ? null : `validating ${path === "" ? "root" : path}: ${inner}`;
  }

  private child(instance: unknown, schema: Schema, segment: string): string | null {
    return this.check(instance, schema, this.path + segment);
  }

  private keywords(v: unknown, s: Schema): string | null {
    if (s === true) return null;
    if (s === false) return "not: validated against {}";
    const ref = own(s, "$ref");
    if (typeof ref === "string") {
      const target = resolvePointer(this.root, ref);
      if (target !== undefined) {
        const err = this.check(v, target, ref === "#" ? "" : ref.slice(1));
        if (err) return err;
      }
    }
    const type = own(s, "type");
    if (type !== undefined) {
      const got = jsonType(v);
      if (typeof type === "string") {
        if (!(got === type || (got === "integer" && type === "number"))) {
          return `type: ${this.v(v)} has type ${goQuote(got)}, want ${goQuote(type)}`;
        }
      } else if (Array.isArray(type)) {
        if (!(type.includes(got) || (got === "integer" && type.includes("number")))) {
          return `type: ${this.v(v)} has type ${goQuote(got)}, want one of ${goQuote(type.join(", "))}`;
        }
      }
    }
    const en = own(s, "enum");
    if (Array.isArray(en) && !en.some((e) => deepEqual(e, v))) {
      return `enum: ${this.v(v)} does not equal any of: ${goValue(en)}`;
    }
    if (Object.prototype.hasOwnProperty.call(s, "const") && !deepEqual(own(s, "const"), v)) {
      return `const: ${this.v(v)} does not equal ${goValue(own(s, "const"))}`;
    }
    if (typeof v === "number") {
      const num = (k: string) => (typeof own(s, k) === "number" ? (own(s, k) as number) : undefined);
      const multipleOf = num("multipleOf");
      if (multipleOf !== undefined && (v / multipleOf) % 1 !== 0) return `multipleOf: ${goRat(v)} is not a multiple of ${goFixed(multipleOf)}`;
      const min = num("minimum");
      if (min !== undefined && v < min) return `minimum: ${goRat(v)} is less than ${goFixed(min)}`;
      const max = num("maximum");
      if (max !== undefined && v > max) return `maximum: ${goRat(v)} is greater than ${goFixed(max)}`;
      const xmin = num("exclusiveMinimum");
      if (xmin !== undefined && v <= xmin) return `exclusiveMinimum: ${goRat(v)} is less than or equal to ${goFixed(xmin)}`;
      const xmax = num("exclusiveMaximum");
      if (xmax !== undefined && v >= xmax) return `exclusiveMaximum: ${goRat(v)} is greater than or equal to ${goFixed(xmax)}`;
    }
    if (typeof v === "string") {
      const length = [...v].length;
      const minLength = own(s, "minLength");
      if (typeof minLength === "number" && length < minLength) return `minLength: ${goQuote(v)} contains ${length} Unicode code points, fewer than ${minLength}`;
      const maxLength = own(s, "maxLength");
      if (typeof maxLength === "number" && length > maxLength) return `maxLength: ${goQuote(v)} contains ${length} Unicode code points, more than ${maxLength}`;
      const pattern = own(s, "pattern");
      if (typeof pattern === "string" && !new RegExp(pattern, "u").test(v)) return `pattern: ${goQuote(v)} does not match regular expression ${goQuote(pattern)}`;
    }
    const logic = this.logic(v, s);
    if (logic) return logic;
    if (Array.isArray(v)) return this.array(v, s);
    if (v !== null && typeof v === "object") return this.object(v as Record<string, unknown>, s);
    return null;
  }

  private logic(v: unknown, s: Record<string, unknown>): string | null {
    const allOf = own(s, "allOf");
    if (Array.isArray(allOf)) {
      for (let i = 0; i < allOf.length; i++) {
        const err = this.child(v, allOf[i] as Schema, `/allOf/${i}`);
        if (err) return err;
      }
    }
    const anyOf = own(s, "anyOf");
    if (Array.isArray(anyOf)) {
      const errs = anyOf.map((sub, i) => this.child(v, sub as Schema, `/anyOf/${i}`));
      if (errs.every((e) => e !== null)) return `anyOf: did not validate against any of ${schemaNames(anyOf)}:\n${errs.join("\n")}`;
    }
    const oneOf = own(s, "oneOf");
    if (Array.isArray(oneOf)) {
      const ok = oneOf.filter((sub, i) => this.child(v, sub as Schema, `/oneOf/${i}`) === null);
      if (ok.length === 0) return `oneOf: did not validate against any of ${schemaNames(oneOf)}`;
      if (ok.length > 1) return `oneOf: validated against both ${schemaName(ok[0])} and ${schemaName(ok[1])}`;
    }
    const not = own(s, "not");
    if (not !== undefined && this.child(v, not as Schema, "/not") === null) return `not: validated against ${schemaName(not)}`;
    const cond = own(s, "if");
    if (cond !== undefined) {
      const branch = this.child(v, cond as Schema, "/if") === null ? "then" : "else";
      const sub = own(s, branch);
      if (sub !== undefined) {
        const err = this.child(v, sub as Schema, `/${branch}`);
        if (err) return err;
      }
    }
    return null;
  }

  private array(v: unknown[], s: Record<string, unknown>): string | null {
    const prefix = own(s, "prefixItems");
    const prefixLength = Array.isArray(prefix) ? prefix.length : 0;
    if (Array.isArray(prefix)) {
      for (let i = 0; i < prefix.length && i < v.length; i++) {
        const err = this.child(v[i], prefix[i] as Schema, `/prefixItems/${i}`);
        if (err) return err;
      }
    }
    const items = own(s, "items");
    if (items !== undefined && !Array.isArray(items)) {
      for (let i = prefixLength; i < v.length; i++) {
        const err = this.child(v[i], items as Schema, "/items");
        if (err) return err;
      }
    }
    const minItems = own(s, "minItems");
    if (typeof minItems === "number" && v.length < minItems) return `minItems: array length ${v.length} is less than ${minItems}`;
    const maxItems = own(s, "maxItems");
    if (typeof maxItems === "number" && v.length > maxItems) return `maxItems: array length ${v.length} is greater than ${maxItems}`;
    if (own(s, "uniqueItems") === true) {
      for (let i = 1; i < v.length; i++) {
        for (let j = 0; j < i; j++) if (deepEqual(v[i], v[j])) return `uniqueItems: array items ${i} and ${j} are equal`;
      }
    }
    return null;
  }

  private object(v: Record<string, unknown>, s: Record<string, unknown>): string | null {
    const evaluated = new Set<string>();
    const properties = own(s, "properties");
    if (properties && typeof properties === "object") {
      for (const name of Object.keys(properties)) {
        if (!Object.prototype.hasOwnProperty.call(v, name)) continue;
        const err = this.child(v[name], (properties as Record<string, Schema>)[name] as Schema, `/properties/${name}`);
        if (err) return err;
        evaluated.add(name);
      }
    }
    const patternProperties = own(s, "patternProperties");
    if (patternProperties && typeof patternProperties === "object") {
      for (const name of Object.keys(v)) {
        for (const re of Object.keys(patternProperties)) {
          if (!new RegExp(re, "u").test(name)) continue;
          const err = this.child(v[name], (patternProperties as Record<string, Schema>)[re] as Schema, `/patternProperties/${re}`);
          if (err) return err;
          evaluated.add(name);
        }
      }
    }
    const additional = own(s, "additionalProperties");
    if (additional === false) {
      const extra = Object.keys(v).filter((k) => !evaluated.has(k));
      if (extra.length > 0) return `unexpected additional properties ${goQuoteList(extra)}`;
    } else if (additional !== undefined && additional !== true) {
      for (const name of Object.keys(v)) {
        if (evaluated.has(name)) continue;
        const err = this.child(v[name], additional as Schema, "/additionalProperties");
        if (err) return err;
      }
    }
    const count = Object.keys(v).length;
    const minProperties = own(s, "minProperties");
    if (typeof minProperties === "number" && count < minProperties) return `minProperties: object has ${count} properties, less than ${minProperties}`;
    const maxProperties = own(s, "maxProperties");
    if (typeof maxProperties === "number" && count > maxProperties) return `maxProperties: object has ${count} properties, greater than ${maxProperties}`;
    const required = own(s, "required");
    if (Array.isArray(required)) {
      const missing = required.filter((r) => typeof r === "string" && !Object.prototype.hasOwnProperty.call(v, r));
      if (missing.length > 0) return `required: missing properties: ${goQuoteList(missing)}`;
    }
    const dependentRequired = own(s, "dependentRequired");
    if (dependentRequired && typeof dependentRequired === "object") {
      for (const [prop, reqs] of Object.entries(dependentRequired)) {
        if (!Object.prototype.hasOwnProperty.call(v, prop) || !Array.isArray(reqs)) continue;
        const missing = reqs.filter((r) => !Object.prototype.hasOwnProperty.call(v, r));
        if (missing.length > 0) return `dependentRequired[${goQuote(prop)}]: missing properties ${goQuoteList(missing)}`;
      }
    }
    return null;
  }

  private v(value: unknown): string {
    // Go prints a JSON null held in an interface through reflect as an invalid value.
    return value === null ? "<invalid reflect.Value>" : goValue(value);
  }
}

/** The Go-worded reason for the first validation error, or null if the walk finds none. */
export function goValidationReason(schema: Schema, instance: unknown): string | null {
  return new Walker(schema).check(instance, schema, "");
}
