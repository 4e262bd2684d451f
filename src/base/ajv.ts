// The one way this project makes Ajv (draft 2020-12) validators: the ajv-formats shim, the
// options every instance shares, and the guard against Ajv's growing scope. Used for tool
// arguments and outputs (validators.ts) and for `json match-schema` (schemaMatch/).
import { Ajv2020, type Options, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats ships CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

// ownProperties: Ajv otherwise reads `data.constructor` through the prototype chain, so `{}`
// failed a tool whose input is named "constructor" and passed `required: ["toString"]`.
// Compiling is the biggest cost of loading a tool file, paid again on every edit; the values
// validated are small. Skipping Ajv's code optimisation and ref inlining made compiling the
// shipped schemas about 2.8x faster (233 -> 83 ms for 22 tools, measured on this machine).
const SHARED: Options = { strict: false, allErrors: false, logger: false, ownProperties: true, code: { optimize: false }, inlineRefs: false };

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

  constructor(private readonly opts: { formats: boolean; $data?: boolean }) {
    this.ajv = this.fresh();
  }

  private fresh(): Ajv2020 {
    const ajv = new Ajv2020({ ...SHARED, validateFormats: this.opts.formats, $data: this.opts.$data ?? false });
    return this.opts.formats ? addFormats(ajv) : ajv;
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
