// What a world function is handed: the call it answers, as its first argument. Nothing of it is
// global: the data is the snapshot's, the state the user's document, the instant the call's
// (fixed for the whole call, so every function of one answer agrees on "now"), and ids and
// randomness come from the engine's injected source, so tests pin them.
//
// A world module declares the same shape for itself (the catalog's `lib/` holds its typed
// version); the engine promises only this much.
import type { Json, JsonObject, RandomSource } from "../base/types.js";

export interface WorldCall {
  /** `$world`: every data block's keys, merged; the same object for the whole world version. */
  world: JsonObject;
  /** The user's state document (`$state`); null before the user changed anything. */
  state: Json;
  /** Who the call acts for (`$user`). */
  user: string;
  /** The call's instant, in milliseconds (`$millis()`). */
  now: number;
  /** An id the service creates, `<prefix>_` + 8 digits (`$newId`). */
  newId(prefix: string): string;
  random: RandomSource;
}

/** A world module's exported function: the call first, then what the expression passes. */
export type WorldFunction = (call: WorldCall, ...args: never[]) => unknown;

/**
 * The world's functions as JSONata bindings, made once per world snapshot. An expression is
 * evaluated synchronously, so the call is set in the cell before it runs and read by every
 * binding it reaches (`enter` returns what to restore).
 */
export class WorldFunctions {
  readonly bindings: Record<string, (...args: unknown[]) => unknown> = {};
  private current: WorldCall | undefined;

  constructor(readonly functions: ReadonlyMap<string, WorldFunction>) {
    for (const [name, fn] of functions) {
      const bound = (...args: unknown[]) => {
        const call = this.current;
        if (!call) throw new Error(`$${name} was called outside a call (world functions are called from a tool file's expression)`);
        return (fn as (call: WorldCall, ...rest: unknown[]) => unknown)(call, ...args);
      };
      // JSONata's $map, $filter and $sort pass a function as many arguments as it declares.
      Object.defineProperty(bound, "length", { value: Math.max(0, fn.length - 1) });
      this.bindings[name] = bound;
    }
  }

  /** Points the bindings at `call`; returns the call to put back afterwards. */
  enter(call: WorldCall): WorldCall | undefined {
    const before = this.current;
    this.current = call;
    return before;
  }

  leave(before: WorldCall | undefined): void {
    this.current = before;
  }
}
