// A call's structured output is marshalled once for its text content and then again, identically,
// where the JSON-RPC answer embeds it: remembering the first text per object halves that cost.
import { goMarshal, Raw } from "./encode.js";

/**
 * The last texts goMarshalFinal wrote, with their objects, oldest overwritten first. An answer is
 * written in the same turn as its result is made, unless a declared delay holds it; one held past
 * RECENT later answers is marshalled again, to the same text. A WeakMap did the same on every call
 * at about a third of goMarshalFinal's own time, and left its entries for the GC to clear. What
 * the slots keep alive is bounded: texts over KEPT_TEXT_LENGTH are not kept (about 2 MB at most).
 */
const RECENT = 16;
const KEPT_TEXT_LENGTH = 64 * 1024;
const recentValues: (object | undefined)[] = new Array(RECENT).fill(undefined);
const recentTexts: string[] = new Array(RECENT).fill("");
let next = 0;

/** goMarshal of an object its owner will not change again; goMarshalled finds the text later. */
export function goMarshalFinal(value: object): string {
  const text = goMarshal(value);
  if (text.length > KEPT_TEXT_LENGTH) return text;
  recentValues[next] = value;
  recentTexts[next] = text;
  next = (next + 1) % RECENT;
  return text;
}

/** The text goMarshalFinal wrote for this object, or goMarshal of it. */
export function goMarshalled(value: unknown): string {
  if (typeof value === "object" && value !== null) {
    const at = recentValues.indexOf(value);
    if (at >= 0) return recentTexts[at] as string;
  }
  return goMarshal(value);
}

/** A value the go-sdk embeds pre-marshalled by json.Marshal (HTML escapes included), for goWireText. */
export function marshalText(value: unknown): Raw {
  return new Raw(goMarshalled(value));
}
