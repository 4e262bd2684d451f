// One `{{...}}` expression of the placeholder table, parsed once when a template is compiled.
import { compileExpression, ExpressionError, type Expression } from "../jsonata/expression.js";

import type { TimeFormat } from "../base/dubaiTime.js";

export type { TimeFormat };

export type Placeholder =
  | { kind: "arg"; path: string[]; source: string }
  | { kind: "time"; unit: "iso" | "unix" | "unixms"; offsetMs: number; roundMs: number; format?: TimeFormat; source: string }
  | { kind: "uuid"; source: string }
  | { kind: "rand"; min: number; max: number; source: string }
  /** `{{= <JSONata>}}`: a computed value over $args and the session's $state. */
  | { kind: "expr"; expression: Expression; source: string };

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const FORMATS: readonly TimeFormat[] = ["date", "weekday", "hhmm", "daylabel"];
const KNOWN = "{{args.<name>}}, {{= <JSONata over $args, $state>}}, {{now}}, {{now+15m}}, {{now+2h@20m}}, {{now|date}}, {{unix}}, {{unixms}}, {{uuid}}, {{rand:1-9}}";

export class PlaceholderError extends Error {}

/** Parse the text between `{{` and `}}`. Throws PlaceholderError with a mending hint. */
export function parsePlaceholder(raw: string): Placeholder {
  const source = raw.trim();
  if (source.startsWith("=")) {
    try {
      return { kind: "expr", expression: compileExpression(source.slice(1).trim()), source };
    } catch (err) {
      if (err instanceof ExpressionError) throw new PlaceholderError(`placeholder {{${source}}}: ${err.message}`);
      throw err;
    }
  }
  if (source.startsWith("args.")) {
    const path = source.slice(5).split(".");
    if (path.some((segment) => segment === "")) {
      throw new PlaceholderError(`placeholder {{${source}}} has an empty path segment (write {{args.items.0.quantity}})`);
    }
    return { kind: "arg", path, source };
  }
  if (source === "uuid") return { kind: "uuid", source };
  const rand = /^rand:(-?\d+)-(-?\d+)$/.exec(source);
  if (rand) {
    const min = Number(rand[1]);
    const max = Number(rand[2]);
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) {
      throw new PlaceholderError(`placeholder {{${source}}} needs a range low-high with low <= high, e.g. {{rand:1000-9999}}`);
    }
    return { kind: "rand", min, max, source };
  }
  const time = /^(now|unixms|unix)((?:[+-]\d+[smhd])*)(?:@(\d+)([smhd]))?(?:\|([a-z]+))?$/.exec(source);
  if (time) {
    const [, base, offsets = "", roundN, roundUnit, format] = time;
    let offsetMs = 0;
    for (const part of offsets.matchAll(/([+-])(\d+)([smhd])/g)) {
      offsetMs += (part[1] === "-" ? -1 : 1) * Number(part[2]) * (UNIT_MS[part[3] as string] as number);
    }
    const roundMs = roundN ? Number(roundN) * (UNIT_MS[roundUnit as string] as number) : 0;
    if (roundN && roundMs === 0) throw new PlaceholderError(`placeholder {{${source}}} rounds to a zero boundary; use e.g. @20m`);
    if (format !== undefined) {
      if (!FORMATS.includes(format as TimeFormat)) {
        throw new PlaceholderError(`placeholder {{${source}}} has unknown format |${format} (use |date, |weekday, |hhmm or |daylabel)`);
      }
      if (base !== "now") throw new PlaceholderError(`placeholder {{${source}}}: formats apply to {{now...}} only`);
    }
    const unit = base === "now" ? "iso" : (base as "unix" | "unixms");
    return { kind: "time", unit, offsetMs, roundMs, format: format as TimeFormat | undefined, source };
  }
  throw new PlaceholderError(`unknown placeholder {{${source}}} (known: ${KNOWN})`);
}
