// A number past float64's range inside a call's arguments (1E400: JSON.parse makes it Infinity).
// The go-sdk unmarshals arguments into a map[string]any first, and its decoder refuses such a
// number there, naming the containers it was in and the path to it (measured against the v1.6.1
// twin: `... into Go struct field map[string]interface {}[]interface {}map[string]interface {}
// .items.0.quantity of type float64`).
import { goQuote } from "./goFmtVerbs.js";

interface Frame {
  value: unknown;
  key: string;
  parent: Frame | undefined;
}

/** The decoder's words for the first such number, or undefined. `text`: the arguments as sent, for the number's own writing. */
export function numberOutOfRange(args: Record<string, unknown>, text: string | undefined): string | undefined {
  // An explicit stack, children pushed last-first so they are visited in order: arguments can be
  // nested deeper than the call stack goes.
  const stack: Frame[] = [{ value: args, key: "", parent: undefined }];
  let found: Frame | undefined;
  while (stack.length > 0 && found === undefined) {
    const frame = stack.pop() as Frame;
    const v = frame.value;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) found = frame;
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, value] = entries[i] as [string, unknown];
      stack.push({ value, key, parent: frame });
    }
  }
  if (found === undefined) return undefined;
  const path: string[] = [];
  const types: string[] = [];
  for (let f = found; f.parent !== undefined; f = f.parent) {
    path.unshift(f.key);
    types.unshift(Array.isArray(f.parent.value) ? "[]interface {}" : "map[string]interface {}");
  }
  const written = text?.match(/-?\d+(?:\.\d+)?[eE][+-]?\d+/g)?.find((m) => !Number.isFinite(Number(m)));
  return `json: cannot unmarshal ${goQuote(written ?? "1e+400")} into Go struct field ${types.join("")}.${path.join(".")} of type float64`;
}
