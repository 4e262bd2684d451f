// A `json when` condition's value for one call. Evaluated every time: a condition may call a
// world function that reads the clock (directly, or passed by reference to $filter), so no
// answer of it outlives the call.
import type { Clock, Json } from "../base/types.js";
import type { Expression } from "../jsonata/expression.js";
import type { ExpressionWorld } from "../jsonata/library.js";

/** The condition's value for these arguments and the state `state()` reads (read only if the condition may read it). */
export function conditionValue(expression: Expression, args: Json, state: () => Json, clock: Clock, world?: ExpressionWorld, user?: string): Json | undefined {
  const doc = expression.readsState ? state() : undefined;
  return expression.evaluate({ args, state: doc, clock, world, user });
}
