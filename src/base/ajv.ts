// The one way this project makes Ajv (draft 2020-12) validators: the ajv-formats shim, the
// options every instance shares, and the guard against Ajv's growing scope. Used for tool
// arguments and outputs (validators.ts) and for `json match-schema` (schemaMatch/).
import fs from "node:fs";
import path from "node:path";
import { Ajv2020, type ErrorObject, type Options, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { compileKey, CompiledBefore } from "./compiledBefore.js";
import { remembered } from "./remembered.js";

// ajv-formats ships CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

// ownProperties: Ajv otherwise reads `data.constructor` through the prototype chain, so `{}`
// failed a tool whose input is named "constructor" and passed `required: ["toString"]`.
// Compiling is the biggest cost of loading a tool file, paid again on every edit; the values
// validated are small. Skipping Ajv's code optimisation and ref inlining made compiling the
// shipped schemas about 2.8x faster (233 -> 83 ms for 22 tools, measured on this machine).
const SHARED: Options = { strict: false, allErrors: false, logger: false, ownProperties: true, code: { optimize: false }, inlineRefs: false };

/** A compiled schema as its callers use it: call it, then read why it failed. */
export type Validator = ((data: unknown) => boolean) & { readonly errors?: ErrorObject[] | null };

// Beside the typecheck's cache, in the project's node_modules: two folders up from src/base or
// dist/base, one up from dist/ when this runs from the bundle (scripts/bundle.mjs). A fresh
// install starts from nothing. Where Ajv is not installed in either (a hoisted install),
// compiles are remembered in memory only.
const [bundled, unbundled] = [path.resolve(import.meta.dirname, "..", "node_modules"), path.resolve(import.meta.dirname, "..", "..", "node_modules")];
const projectModules = fs.existsSync(path.join(bundled, "ajv", "package.json")) ? bundled : unbundled;

function versionOf(name: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(projectModules, name, "package.json"), "utf8")) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

const versions = [versionOf("ajv"), versionOf("ajv-formats")];
// What a compile's outcome depends on besides the schema. Bump the last part when this file
// changes how it drives Ajv in a way its options do not show.
const COMPILER_TAG = `ajv@${versions[0]} ajv-formats@${versions[1]} ${JSON.stringify(SHARED)} 1`;
const sharedLedger = new CompiledBefore(versions.every((v) => v !== undefined) ? path.join(projectModules, ".cache", "careem-mcp", "compiled-schemas") : undefined);

/**
 * Most texts the date-time format keeps its verdict of (remembered): a client can make us keep
 * only this many. ajv-formats' date-time takes the text apart with two regular expressions and a
 * calendar check; an answer holds several instants, the same ones from call to call within a
 * second (a ride's view: six, a tenth of a call's check).
 */
export const FORMAT_VERDICTS = 1_000;

/** Most compiles one Ajv instance takes before a fresh one replaces it. */
export const RENEW_AFTER = 200;

/**
 * Compiles schemas with one set of options. Ajv keeps values of every compiled schema in an
 * instance-wide scope that removeSchema does not clear (a few KB per compile), so a server
 * whose files are edited all day would grow without bound: a fresh instance every RENEW_AFTER
 * compiles caps that. Validators compiled earlier keep working, holding on to their own
 * instance until they are dropped.
 */
export class SchemaCompiler {
  private ajv: Ajv2020;
  private compiles = 0;

  /** What, besides a schema's text, decides whether it compiles here (part of each remembered key). */
  readonly tag: string;

  constructor(
    private readonly opts: { formats: boolean; $data?: boolean },
    private readonly before: CompiledBefore = sharedLedger,
  ) {
    this.ajv = this.fresh();
    this.tag = `${COMPILER_TAG} formats=${opts.formats} $data=${opts.$data ?? false}`;
  }

  /**
   * A validator for `schema`. A schema text that compiled before (in any process) compiles on
   * the validator's first call; any other compiles now, and throws Ajv's error now as compile
   * does. Either way a validator that exists is one whose schema compiles.
   */
  prepare(schema: object): Validator {
    const key = compileKey(this.tag, JSON.stringify(schema));
    if (!this.before.has(key)) {
      const validate = this.compile(schema);
      this.before.add(key);
      return validate;
    }
    let compiled: ValidateFunction | undefined;
    const late = () => {
      try {
        return this.compile(schema);
      } catch (err) {
        // Only a ledger edited by hand (or a changed Ajv under the same version) gets here.
        throw new Error(`${err instanceof Error ? err.message : String(err)} (this schema was remembered as compiling: delete ${this.before.where} and restart)`);
      }
    };
    const validate = (data: unknown) => (compiled ??= late())(data);
    return Object.defineProperty(validate, "errors", { get: () => compiled?.errors }) as Validator;
  }

  private fresh(): Ajv2020 {
    const ajv = new Ajv2020({ ...SHARED, validateFormats: this.opts.formats, $data: this.opts.$data ?? false });
    if (!this.opts.formats) return ajv;
    addFormats(ajv);
    const dateTime = ajv.formats["date-time"] as { validate: (text: string) => boolean } | undefined;
    if (dateTime && typeof dateTime.validate === "function") ajv.addFormat("date-time", { ...dateTime, validate: remembered(FORMAT_VERDICTS, dateTime.validate) } as never);
    return ajv;
  }

  /** Compile, then drop the schema from Ajv's registry so edited files never pile up in memory. Throws Ajv's error. */
  compile(schema: object): ValidateFunction {
    if (++this.compiles % RENEW_AFTER === 0) this.ajv = this.fresh();
    try {
      return this.ajv.compile(schema);
    } finally {
      this.ajv.removeSchema(schema);
    }
  }
}
