// The SDK client's own output-schema validator (AjvJsonSchemaValidator), one for every client a
// test worker opens, keeping what it compiled by schema text. The SDK makes a fresh Ajv per client
// and compiles every tool's outputSchema at each listTools: with a client per journey, that was
// more than half of a service test worker's CPU (5.3 of 9 s for rides, measured with --cpu-prof).
// Validation itself is unchanged: the same SDK class, the same Ajv options, the same messages.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation";

const KEEP = 500;
const sdkValidator = new AjvJsonSchemaValidator();
const compiled = new Map<string, JsonSchemaValidator<unknown>>();

export const sharedValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    // One Ajv answers an $id it compiled once for every later schema of that $id: such a schema
    // gets an Ajv of its own, as a client would without this.
    if (typeof schema === "object" && schema !== null && "$id" in schema) return new AjvJsonSchemaValidator().getValidator<T>(schema);
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      // Test catalogs made on the fly are many; past KEEP start again rather than grow.
      if (compiled.size >= KEEP) compiled.clear();
      validate = sdkValidator.getValidator<unknown>(schema);
      compiled.set(key, validate);
    }
    return validate as JsonSchemaValidator<T>;
  },
};
