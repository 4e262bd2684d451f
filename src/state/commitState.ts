// After a scenario answered: apply its `json then` operations to a copy of the state and store
// the copy. Any failure (a bad path, an expression error, the cap) leaves the state unchanged and
// is returned as text for an isError answer.
import type { RenderContext } from "../template/render.js";
import type { Json, JsonObject } from "../base/types.js";
import { ExpressionError } from "../jsonata/expression.js";
import { applyOperations, OperationError, type Operation } from "./operations.js";
import { StateLimitError, type StateStore } from "./stateStore.js";

export function commitState(store: StateStore, key: string, current: JsonObject, operations: Operation[], ctx: RenderContext): string | null {
  const next = structuredClone(current) as Record<string, Json>;
  try {
    applyOperations(next, operations, { ...ctx, state: current });
    store.write(key, next);
    return null;
  } catch (err) {
    if (err instanceof OperationError || err instanceof ExpressionError || err instanceof StateLimitError) return err.message;
    throw err;
  }
}
