// A Go map[string]any as data: the go-sdk re-marshals a tool's output through one when the tool
// has an outputSchema (mcp.applySchema), so production's structured output has its keys sorted at
// every depth (measured against the go-sdk by the parity twin, parity/).
import { setOwn } from "../base/setOwn.js";
import { goKeyCompare } from "./keyOrder.js";

/** A copy of `value` with every object's keys in Go's map order, at every depth. */
export function sortKeys(value: unknown): unknown {
  // An explicit stack: arguments echoed into an output can be nested very deep.
  if (value === null || typeof value !== "object") return value;
  const root: unknown = Array.isArray(value) ? [] : {};
  const stack: [unknown, unknown][] = [[value, root]];
  while (stack.length > 0) {
    const [from, to] = stack.pop() as [unknown, Record<string, unknown> | unknown[]];
    const keys = Array.isArray(from) ? from.map((_, i) => i) : Object.keys(from as object).sort(goKeyCompare);
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

/** A Go map[string]any of one level: its keys sorted, the values as they are (structs keep their order). */
export function sortTop(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort(goKeyCompare)) setOwn(out, k, value[k]);
  return out;
}
