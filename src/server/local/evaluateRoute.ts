// POST /_local/evaluate: the dashboard's expression box. A `json when` condition or a `{{= }}`
// placeholder is evaluated as a call would evaluate it, by the engine's own entry point
// (compileExpression's Expression.evaluate, which conditionValue and the template renderer
// use), against the arguments given (a journal call's, usually) and the state that call's next
// call would read. Nothing is written: the state is read with peek, $newId's ids are throwaway.
import type { Request, Response } from "express";
import type { Json } from "../../base/types.js";
import { compileExpression } from "../../jsonata/expression.js";
import type { LocalContext } from "./localContext.js";
import { sendLocalError } from "./localGuard.js";

/** The expression inside what a person pastes: `{{= e }}`, a `json when` block's JSON string `"e"`, or `e` itself. */
export function expressionSource(typed: string): string | { error: string } {
  const text = typed.trim();
  const placeholder = /^\{\{=([\s\S]*)\}\}$/.exec(text);
  if (placeholder) return (placeholder[1] as string).trim();
  if (text.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === "string") return parsed;
    } catch (err) {
      return { error: `a json when block is one JSON string; this one does not parse: ${(err as Error).message} (or type the expression without quotes)` };
    }
  }
  return text;
}

export function evaluateRoute(ctx: LocalContext) {
  return (req: Request, res: Response): void => {
    const body = (req.body ?? {}) as { expression?: unknown; arguments?: unknown; session?: unknown };
    if (typeof body.expression !== "string" || body.expression.trim() === "") return sendLocalError(res, 400, 'the body needs "expression": a json when condition or a {{= }} placeholder, e.g. "$count($keys($state))"');
    const source = expressionSource(body.expression);
    if (typeof source !== "string") return sendLocalError(res, 400, source.error);
    const session = typeof body.session === "string" && body.session !== "" ? body.session : undefined;
    const args = (body.arguments ?? {}) as Json;
    let expression;
    try {
      expression = compileExpression(source);
    } catch (err) {
      // The compiler's message names the expression already.
      return sendLocalError(res, 400, err instanceof Error ? err.message : String(err));
    }
    const engine = ctx.engine;
    const call = { sessionId: session, transport: "http" };
    const key = engine.state.keyFor(call);
    const started = engine.state.peek(key);
    const state = started ?? engine.initialState();
    try {
      const value = expression.evaluate({ args, state, clock: engine.clockFor(call), world: engine.world.snapshot() });
      // JSONata's "nothing" has no JSON: said as such, as a response would drop its key.
      res.json({ source, stateKey: key, stateStarted: started !== undefined, ...(value === undefined ? { nothing: true } : { value }) });
    } catch (err) {
      sendLocalError(res, 400, `${err instanceof Error ? err.message : String(err)} (in: ${source})`);
    }
  };
}
