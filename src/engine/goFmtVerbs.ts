// Go's fmt verbs as production's validator uses them in messages (%v, %q, %s of *big.Rat, %f),
// so argument-validation errors read byte for byte as the Go service writes them.
import { goSorted } from "../goJson/keyOrder.js";
import { goQuote } from "../base/goQuote.js";

/** strconv.FormatFloat(f, 'g', -1, 64): shortest digits, exponent form below 1e-4 or from 1e6. */
export function goFloat(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? "+Inf" : n < 0 ? "-Inf" : "NaN";
  if (n === 0) return Object.is(n, -0) ? "-0" : "0";
  const [mantissa = "", expText = "0"] = n.toExponential().split("e");
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const sign = exp < 0 ? "-" : "+";
    return `${mantissa}e${sign}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  return String(n);
}

interface GoValueFrame {
  open: string;
  children: unknown[];
  /** Map keys in print order; undefined for a slice. */
  keys?: string[];
  next: number;
  parts: string[];
}

function goScalarOrFrame(value: unknown): string | GoValueFrame {
  if (value === undefined || value === null) return "<nil>";
  if (typeof value === "string") return value;
  if (typeof value === "number") return goFloat(value);
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return { open: "[", children: value, next: 0, parts: [] };
  const keys = goSorted(Object.keys(value as object));
  return { open: "map[", children: keys.map((k) => (value as Record<string, unknown>)[k]), keys, next: 0, parts: [] };
}

/**
 * %v of a decoded JSON value (Go maps print with sorted keys). Iterative, not recursive: a
 * client can send arguments nested deeper than the JavaScript call stack (10,000 levels), and
 * explaining why they are invalid must not overflow it.
 */
export function goValue(value: unknown): string {
  const root = goScalarOrFrame(value);
  if (typeof root === "string") return root;
  const stack: GoValueFrame[] = [root];
  for (;;) {
    const top = stack[stack.length - 1] as GoValueFrame;
    if (top.next < top.children.length) {
      const child = goScalarOrFrame(top.children[top.next]);
      if (typeof child !== "string") {
        stack.push(child);
        continue;
      }
      top.parts.push(top.keys ? `${top.keys[top.next]}:${child}` : child);
      top.next++;
      continue;
    }
    const text = `${top.open}${top.parts.join(" ")}]`;
    stack.pop();
    const parent = stack[stack.length - 1];
    if (!parent) return text;
    parent.parts.push(parent.keys ? `${parent.keys[parent.next]}:${text}` : text);
    parent.next++;
  }
}

/** %q of a string: Go's strconv.Quote (base/goQuote.ts). */
export { goQuote };

/** %q of a []string: `["a" "b"]`. */
export function goQuoteList(list: string[]): string {
  return `[${list.map(goQuote).join(" ")}]`;
}

/** %s of a *big.Rat holding a float64 exactly: `5/1`, `1/2`. */
export function goRat(n: number): string {
  if (Number.isInteger(n)) return `${BigInt(n)}/1`;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, n);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const exponentBits = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & 0xfffffffffffffn;
  let exponent: number;
  if (exponentBits === 0) exponent = -1074;
  else {
    mantissa |= 1n << 52n;
    exponent = exponentBits - 1075;
  }
  let num = mantissa;
  let den = 1n;
  if (exponent >= 0) num <<= BigInt(exponent);
  else den <<= BigInt(-exponent);
  while (num % 2n === 0n && den % 2n === 0n) {
    num /= 2n;
    den /= 2n;
  }
  return `${negative ? "-" : ""}${num}/${den}`;
}

/** %f of a float64: six decimals. */
export function goFixed(n: number): string {
  return n.toFixed(6);
}
