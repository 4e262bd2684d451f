// What an expression reads of the world, and the bindings every expression sees besides $args.
// The world's functions are not JSONata: they are the world modules' exports (worldCall.ts).
import type { Json, JsonObject, RandomSource } from "../base/types.js";
import { builtinBindings } from "./builtins.js";
import type { WorldValues } from "./worldValues.js";
import type { WorldFunctions } from "./worldCall.js";

/**
 * What an expression reads of the world: `$world` and the world's functions. The world room's
 * WorldSnapshot is one; the expression language knows no more of it.
 */
export interface ExpressionWorld {
  /** `$world`: every data block's keys, merged. */
  data: JsonObject;
  /** The data's objects, whose sorted copies answers share; none: every answer copies its own. */
  values?: WorldValues;
  /** The world modules' functions (tools/_world/*.ts), bound as `$<name>`; none when there are none. */
  natives?: WorldFunctions;
}

/** What every expression sees besides $args: the state, the world, the user, time, built-ins. */
export function baseBindings(state: Json | undefined, ms: number, random: RandomSource, data: Json, user: string): Record<string, unknown> {
  return { state: state ?? null, world: data, user, ...builtinBindings(() => ms, random) };
}
