// Where go-sdk panics instead of answering. Its tools/call handler unmarshals the arguments into
// a map and applies the input schema's defaults (jsonschema-go ApplyDefaults, go-sdk v1.6.1 to
// v1.8.0): `"arguments": null` unmarshals to a nil map, and the first default it assigns panics
// (`assignment to entry in nil map`). The handler runs on a goroutine nothing recovers, so
// production's process exits. Measured with the parity twin.
import { isObject } from "../base/isObject.js";
import type { JsonObject } from "../base/types.js";

/** jsonschema-go's schemaHasDefaultsInProperties: a default here or in any nested property. */
function hasDefaults(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (Object.hasOwn(schema, "default")) return true;
  return isObject(schema.properties) && Object.values(schema.properties).some(hasDefaults);
}

/** The panic's text when go-sdk would panic on `"arguments": null` for this input schema, else undefined. */
export function nullArgumentsPanic(inputSchema: JsonObject): string | undefined {
  const properties = isObject(inputSchema.properties) ? inputSchema.properties : {};
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required : []);
  // ApplyDefaults skips required properties; any other with a default (or defaults inside) is
  // assigned into the nil map.
  const panics = Object.entries(properties).some(([name, schema]) => !required.has(name) && hasDefaults(schema));
  return panics ? "assignment to entry in nil map" : undefined;
}
