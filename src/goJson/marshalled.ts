// A call's structured output is marshalled once for its text content and then again, identically,
// where the JSON-RPC answer embeds it: remembering the first text per object halves that cost.
import { goMarshal, Raw } from "./encode.js";

/** Texts of objects their owners will not change again; forgotten with the object. */
const written = new WeakMap<object, string>();

/** goMarshal of an object its owner will not change again; goMarshalled finds the text later. */
export function goMarshalFinal(value: object): string {
  const text = goMarshal(value);
  written.set(value, text);
  return text;
}

/** The text goMarshalFinal wrote for this object, or goMarshal of it. */
export function goMarshalled(value: unknown): string {
  return (typeof value === "object" && value !== null && written.get(value)) || goMarshal(value);
}

/** A value the go-sdk embeds pre-marshalled by json.Marshal (HTML escapes included), for goWireText. */
export function marshalText(value: unknown): Raw {
  return new Raw(goMarshalled(value));
}
