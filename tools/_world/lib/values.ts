// The few rules of JSONata's values that answers depend on, for world functions that must answer
// byte for byte as the expressions they replaced: truthiness, rounding half to even, numbers in
// text, a fixed number of decimals, and ISO instants.

/** JSONata's truthiness: false, null, 0, "", an empty array or object, and nothing are false. */
export function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return false;
  if (typeof value === "number") return !Number.isNaN(value);
  if (Array.isArray(value)) return value.some(truthy);
  if (typeof value === "object") return Object.keys(value).length > 0;
  if (typeof value === "function") return false;
  return true;
}

/** Rounds half to even at `precision` decimals, shifting by exponent text so 1.005 stays 1.005 (as JSONata's $round). */
export function round(value: number, precision = 0): number {
  let arg = value;
  if (precision) {
    const [mantissa, exponent] = value.toString().split("e");
    arg = +`${mantissa}e${exponent ? +exponent + precision : precision}`;
  }
  let result = Math.round(arg);
  if (Math.abs(result - arg) === 0.5 && Math.abs(result % 2) === 1) result -= 1;
  if (precision) {
    const [mantissa, exponent] = result.toString().split("e");
    result = +`${mantissa}e${exponent ? +exponent - precision : -precision}`;
  }
  return Object.is(result, -0) ? 0 : result;
}

/** A number with two decimals, as `$formatNumber(x, "0.00")` writes it. */
export function twoDecimals(value: number): string {
  const rounded = round(value, 2);
  return `${rounded < 0 ? "-" : ""}${Math.abs(rounded).toFixed(2)}`;
}

/** A value as JSONata's `&` writes it into text: nothing as "", a number to 15 significant digits. */
export function text(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as text`);
    return JSON.stringify(Number(value.toPrecision(15)));
  }
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Number(v.toPrecision(15)) : v)) ?? "";
}

const ISO_8601 = /^\d{4}(-[01]\d)*(-[0-3]\d)*(T[0-2]\d:[0-5]\d:[0-5]\d)*(\.\d+)?([+-][0-2]\d:?[0-5]\d|Z)?$/;

/** Milliseconds of an ISO 8601 instant (`$toMillis`); nothing for nothing; a throw for other text. */
export function toMillis(instant: string | undefined): number | undefined {
  if (instant === undefined) return undefined;
  if (!ISO_8601.test(instant)) throw new Error(`The argument of the toMillis function must be an ISO 8601 formatted timestamp. Given ${JSON.stringify(instant)}`);
  return Date.parse(instant);
}

/** The instants last written: a call writes the same few (its now, a ride's time line) many times. */
const written = new Map<number, string>();

/** An instant as `{{now}}` writes it: UTC, whole seconds (`$iso`). */
export function iso(ms: number): string | undefined {
  if (!Number.isFinite(ms)) return undefined;
  const second = Math.floor(ms / 1000) * 1000;
  const kept = written.get(second);
  if (kept !== undefined) return kept;
  const text = new Date(second).toISOString();
  const value = text.length === 24 ? `${text.slice(0, 19)}Z` : text.replace(/\.\d{3}Z$/, "Z");
  if (written.size >= 64) written.clear();
  written.set(second, value);
  return value;
}

/** Seconds from `instant` to the call's now (negative: ahead); nothing for text that is no instant. */
export function secondsSince(now: number, instant: unknown): number | undefined {
  if (typeof instant !== "string") return undefined;
  const at = Date.parse(instant);
  if (Number.isNaN(at)) return undefined;
  return Math.floor((now - at) / 1000);
}

/** The object without the keys whose value is nothing, as a JSONata object constructor leaves it. */
export function defined<T extends Record<string, unknown>>(object: T): T {
  for (const key of Object.keys(object)) if (object[key] === undefined) delete object[key];
  return object;
}
