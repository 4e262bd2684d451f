// A tool file's expression runs with a time budget. JSONata 1.8 evaluates synchronously, so an
// endless one (a recursive function in tail position loops without ever filling the stack) held
// the process for good: every client stalled and SIGTERM was never handled. The interpreter
// calls `__evaluate_entry` from its environment before every step; this one looks at the clock
// every STEPS_PER_LOOK steps and throws once the expression has run past its budget, so the
// call fails alone (with its file, line and the budget) and the server serves on.

/** How long one evaluation of a tool file's expression may run. */
export const EXPRESSION_BUDGET_MS = 1_000;

/** Steps between two looks at the clock: a look costs more than a step. */
const STEPS_PER_LOOK = 1_024;

export class ExpressionTimeout extends Error {}

/** The binding that ends an evaluation past `budgetMs` (made per evaluation: the deadline is its own). */
export function timeBudget(budgetMs: number = EXPRESSION_BUDGET_MS, now: () => number = () => performance.now()): { __evaluate_entry: () => void } {
  const deadline = now() + budgetMs;
  let steps = 0;
  return {
    __evaluate_entry: () => {
      if (++steps % STEPS_PER_LOOK === 0 && now() > deadline) throw new ExpressionTimeout(`ran past its ${budgetMs} ms budget (an endless loop or recursion?)`);
    },
  };
}
