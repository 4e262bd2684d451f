// JSONata expressions for reading state and arguments in tool files (`{{= ...}}` and
// `json when`). JSONata 1.8 evaluates synchronously, so the call pipeline stays a plain
// function; results are turned back into plain JSON values before they reach a response.
import { randomInt, randomUUID } from "node:crypto";
import jsonata from "jsonata";
import type { Clock, Json, RandomSource } from "../base/types.js";
import { Interned } from "../base/interned.js";
import { baseBindings } from "./library.js";
import { BUILTIN_NAMES } from "./builtins.js";
import { defaultUserId } from "../base/signedInUser.js";
import type { ExpressionWorld } from "./library.js";

export class ExpressionError extends Error {}

export interface ExpressionScope {
  args: Json;
  state?: Json;
  /** The rendered answer, for `json then` operations that keep what the answer said. */
  response?: Json;
  clock: Clock;
  /** `$world` and the world's functions; none outside a catalog (unit tests). */
  world?: ExpressionWorld;
  /** For `$newId`; ids are then deterministic in tests. */
  random?: RandomSource;
  /** Who the call acts for (`$user`): the signed-in user, else the default persona. */
  user?: string;
}

export interface Expression {
  source: string;
  /** Names $state: the state is read only for expressions that do. */
  readsState: boolean;
  /**
   * Reads nothing but $args and $state (no clock, no randomness, no $eval of built text), so
   * the same arguments and state give the same value.
   */
  pure: boolean;
  /** undefined is JSONata's "nothing" (no match): a response drops a key whose value is nothing. */
  evaluate(scope: ExpressionScope): Json | undefined;
}

/** JSONata's own result as plain JSON: sequences lose their markers, functions become null. */
function plain(value: unknown): Json | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "function") return null;
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as Json);
}

/**
 * One compiled expression per distinct text, however many files or file versions use it. A
 * compiled JSONata expression keeps its whole parser alive (about 40 closures): 2,000 files
 * with three expressions each held about 6,000 parsers, tens of MiB.
 */
const shared = new Interned<Expression>();

/** Compile once per distinct text; throws ExpressionError with JSONata's reason. */
export function compileExpression(source: string): Expression {
  return shared.get(source, () => compile(source));
}

/** JSONata's own functions and ours: any other `$name(` is a world function (or a local one). */
const KNOWN_FUNCTIONS = new Set([
  ...BUILTIN_NAMES,
  ..."sum count max min average string substring substringBefore substringAfter lowercase uppercase length trim pad match contains replace split join formatNumber formatBase formatInteger parseInteger number floor ceil round abs sqrt power random boolean not map zip filter single reduce sift keys lookup append exists spread merge reverse each error assert type sort shuffle distinct base64encode base64decode encodeUrlComponent encodeUrl decodeUrlComponent decodeUrl eval toMillis fromMillis clone now millis".split(" "),
]);

/** Whether the source calls a function that is not JSONata's or a built-in: it may read anything. */
function callsWorldFunction(source: string): boolean {
  for (const m of source.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)\s*\(/g)) if (!KNOWN_FUNCTIONS.has(m[1] as string)) return true;
  return false;
}

const fallbackRandom: RandomSource = {
  int: (min, max) => randomInt(min, max + 1),
  uuid: () => randomUUID(),
};

function compile(source: string): Expression {
  let compiled: jsonata.Expression;
  try {
    compiled = jsonata(source);
  } catch (err) {
    throw new ExpressionError(`expression ${JSON.stringify(source)} does not parse: ${(err as Error).message}`);
  }
  return {
    source,
    // A world function may read the state, the clock and randomness: an expression calling one is neither pure nor state-free.
    readsState: source.includes("$state") || callsWorldFunction(source),
    pure: !/\$(now|millis|random|eval|world|newId|secondsSince|user)\b/.test(source) && !callsWorldFunction(source),
    evaluate(scope) {
      const ms = scope.clock();
      // The call's own clock, not a copy: the world's functions key what they keep for the call on it.
      const clock = scope.clock;
      const random = scope.random ?? fallbackRandom;
      const data = scope.world?.data ?? {};
      const user = scope.user ?? defaultUserId;
      const bindings: Record<string, unknown> = {
        ...(scope.world?.library?.bindingsFor(scope.state, clock, random, data, user, ms) ?? {}),
        ...baseBindings(scope.state, ms, random, data, user),
        args: scope.args,
        response: scope.response ?? null,
      };
      try {
        return plain(compiled.evaluate(scope.args, bindings));
      } catch (err) {
        throw new ExpressionError(`expression ${JSON.stringify(source)} failed: ${(err as Error).message}`);
      }
    },
  };
}

/** JSONata's truthiness ($boolean): false, null, 0, "", [] and {} are false. */
export function truthy(value: Json | undefined): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.some(truthy);
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}
