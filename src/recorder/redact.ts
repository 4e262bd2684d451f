// What never reaches a recorded file: the values of `--redact KEY` keys (any depth, any case),
// and any text of a credential (an Authorization header, a redacted value) wherever it shows
// up in the arguments or the answer, echoed in a message say.
import { isObject } from "../base/isObject.js";
import type { Json, JsonObject } from "../base/types.js";

export const REDACTED = "[redacted]";

/** Shorter texts are not searched for inside other strings: "12" would blank every number-like text. */
const MIN_SECRET = 4;

export class Redactor {
  private readonly keys: Set<string>;
  private readonly secrets = new Set<string>();

  constructor(keys: readonly string[], headerSecrets: readonly string[]) {
    this.keys = new Set(keys.map((k) => k.toLowerCase()));
    for (const value of headerSecrets) this.addSecret(value);
  }

  private addSecret(value: string): void {
    if (value.length >= MIN_SECRET) this.secrets.add(value);
    // "Bearer abc…": the token alone may be echoed without its scheme.
    const token = /^\S+\s+(\S.*)$/.exec(value)?.[1];
    if (token && token.length >= MIN_SECRET) this.secrets.add(token);
  }

  readonly isRedactedKey = (key: string): boolean => this.keys.has(key.toLowerCase());

  /** Remember this call's redacted values, so their text is also blanked inside other strings. */
  learn(args: Json): void {
    const walk = (value: Json, key: string | undefined) => {
      if (key !== undefined && this.isRedactedKey(key)) {
        if (typeof value === "string") this.addSecret(value);
        else if (value !== null && typeof value !== "object") this.addSecret(String(value));
        return;
      }
      if (Array.isArray(value)) value.forEach((v) => walk(v, undefined));
      else if (isObject(value)) for (const [k, v] of Object.entries(value)) walk(v, k);
    };
    walk(args, undefined);
  }

  private text(value: string): string {
    let out = value;
    // Longest first, so a token inside a longer secret is not blanked half way.
    for (const secret of [...this.secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /** A copy with every redacted key's value and every secret's text replaced by "[redacted]". */
  redact<T extends Json>(value: T): T {
    const walk = (v: Json, key: string | undefined): Json => {
      // An empty or null value hides nothing, and blanking it would make a recorded answer say
      // something was there.
      if (key !== undefined && this.isRedactedKey(key) && v !== "" && v !== null) return REDACTED;
      if (typeof v === "string") return this.text(v);
      if (Array.isArray(v)) return v.map((item) => walk(item, undefined));
      if (isObject(v)) {
        const out: JsonObject = {};
        for (const [k, item] of Object.entries(v)) Object.defineProperty(out, this.text(k), { value: walk(item, k), enumerable: true, writable: true, configurable: true });
        return out;
      }
      return v;
    };
    return walk(value, undefined) as T;
  }

  /** Does a text still hold a secret (for the test of a written file, and a last check before writing)? */
  leaks(text: string): boolean {
    return [...this.secrets].some((s) => text.includes(s));
  }
}
