// `json when` conditions are asked again and again with the same arguments against the same
// state (an agent polling a ride's status), and one JSONata evaluation costs about 12 µs here,
// a quarter of a call. A stored state document is never changed (commitState stores a
// changed copy), so a condition that reads no clock has one value per document and arguments:
// it is remembered per document, and forgotten with it.
import type { Clock, Json } from "../base/types.js";
import type { Expression } from "../jsonata/expression.js";
import type { ExpressionWorld } from "../jsonata/library.js";

/** Conditions that read no state share this key in place of a document. */
const NO_STATE = {};
/** Distinct arguments remembered per document and condition: enough for a polling client, bounded for any other. */
const PER_DOCUMENT = 32;
/** Longer arguments are evaluated every time rather than kept as a key. */
const MAX_KEY_CHARS = 2_048;

const remembered = new WeakMap<Expression, WeakMap<object, Map<string, Json | undefined>>>();

/** The condition's value for these arguments and the state `state()` reads (read only if the condition names $state). */
export function conditionValue(expression: Expression, args: Json, state: () => Json, clock: Clock, world?: ExpressionWorld, user?: string): Json | undefined {
  const doc = expression.readsState ? state() : undefined;
  const scope = { args, state: doc, clock, world, user };
  if (!expression.pure) return expression.evaluate(scope);
  const key = argumentsKey(args);
  const docKey = doc !== null && typeof doc === "object" ? doc : doc === undefined ? NO_STATE : undefined;
  if (key === undefined || docKey === undefined) return expression.evaluate(scope);
  let byDoc = remembered.get(expression);
  if (!byDoc) remembered.set(expression, (byDoc = new WeakMap()));
  let byArgs = byDoc.get(docKey);
  if (!byArgs) byDoc.set(docKey, (byArgs = new Map()));
  if (byArgs.has(key)) return byArgs.get(key);
  const value = expression.evaluate(scope);
  if (byArgs.size >= PER_DOCUMENT) byArgs.clear();
  byArgs.set(key, value);
  return value;
}

function argumentsKey(args: Json): string | undefined {
  try {
    const text = JSON.stringify(args);
    return text.length <= MAX_KEY_CHARS ? text : undefined;
  } catch {
    return undefined; // nested too deep for JSON.stringify: not worth a key
  }
}
