// JSONata expressions for reading state and arguments in tool files (`{{= ...}}` and
// `json when`). JSONata 1.8 evaluates synchronously, so the call pipeline stays a plain
// function; results are turned back into plain JSON values before they reach a response.
import jsonata from "jsonata";
import type { Clock, Json } from "../engine/types.js";
import { SharedByContent } from "../engine/sharedByContent.js";

export class ExpressionError extends Error {}

export interface ExpressionScope {
  args: Json;
  state?: Json;
  /** The rendered answer, for `json then` operations that keep what the answer said. */
  response?: Json;
  clock: Clock;
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
 * with three expressions each held about 6,000 parsers, tens of MiB (issue 16).
 */
const shared = new SharedByContent<Expression>();

/** Compile once per distinct text; throws ExpressionError with JSONata's reason. */
export function compileExpression(source: string): Expression {
  return shared.get(source, () => compile(source));
}

function compile(source: string): Expression {
  let compiled: jsonata.Expression;
  try {
    compiled = jsonata(source);
  } catch (err) {
    throw new ExpressionError(`expression ${JSON.stringify(source)} does not parse: ${(err as Error).message}`);
  }
  return {
    source,
    readsState: source.includes("$state"),
    pure: !/\$(now|millis|random|eval)\b/.test(source),
    evaluate(scope) {
      const ms = scope.clock();
      // $now and $millis read the injected clock, never the machine's, so tests can pin them.
      const bindings: Record<string, unknown> = {
        args: scope.args,
        state: scope.state ?? null,
        response: scope.response ?? null,
        now: () => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z"),
        millis: () => ms,
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
