// A number past float64's range inside a call's arguments (1E400: JSON.parse makes it Infinity).
// The go-sdk unmarshals arguments into a map[string]any first, and its decoder refuses such a
// number there, naming the containers it was in and the path to it (measured against the v1.6.1
// twin: `... into Go struct field map[string]interface {}[]interface {}map[string]interface {}
// .items.0.quantity of type float64`).
import { goQuote } from "./goFmtVerbs.js";

/** The decoder's words for the first such number, or undefined. `text`: the arguments as sent, for the number's own writing. */
export function numberOutOfRange(args: Record<string, unknown>, text: string | undefined): string | undefined {
  const types: string[] = [];
  const path: string[] = [];
  const find = (v: unknown): boolean => {
    if (typeof v === "number") return !Number.isFinite(v);
    if (v === null || typeof v !== "object") return false;
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    types.push(Array.isArray(v) ? "[]interface {}" : "map[string]interface {}");
    for (const [k, x] of entries) {
      path.push(k);
      if (find(x)) return true;
      path.pop();
    }
    types.pop();
    return false;
  };
  if (!find(args)) return undefined;
  const written = text?.match(/-?\d+(?:\.\d+)?[eE][+-]?\d+/g)?.find((m) => !Number.isFinite(Number(m)));
  return `json: cannot unmarshal ${goQuote(written ?? "1e+400")} into Go struct field ${types.join("")}.${path.join(".")} of type float64`;
}
