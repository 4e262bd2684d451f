// Go's encoding/json writes map keys sorted. The go-sdk re-marshals a tool's output through a
// map[string]any when the tool has an outputSchema (mcp.applySchema), so production's structured
// output has its keys sorted at every depth (measured against the go-sdk by the parity twin,
// parity/).
import { setOwn } from "./setOwn.js";

/** A copy of `value` with every object's keys sorted, at every depth. */
export function sortKeys(value: unknown): unknown {
  // An explicit stack: arguments echoed into an output can be nested very deep.
  if (value === null || typeof value !== "object") return value;
  const root: unknown = Array.isArray(value) ? [] : {};
  const stack: [unknown, unknown][] = [[value, root]];
  while (stack.length > 0) {
    const [from, to] = stack.pop() as [unknown, Record<string, unknown> | unknown[]];
    const keys = Array.isArray(from) ? from.map((_, i) => i) : Object.keys(from as object).sort();
    for (const k of keys) {
      const v = (from as Record<string | number, unknown>)[k];
      if (v === undefined) continue;
      let copy = v;
      if (v !== null && typeof v === "object") {
        copy = Array.isArray(v) ? [] : {};
        stack.push([v, copy]);
      }
      if (Array.isArray(to)) to.push(copy);
      else setOwn(to, k as string, copy);
    }
  }
  return root;
}

