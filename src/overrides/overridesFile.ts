// `.run/overrides.json`: tool name -> forced scenario name (SPEC-NOTES 15). Read on every call;
// written atomically (temp file + rename) so a reader never sees half a file.
import fs from "node:fs";
import path from "node:path";
import { stillValid, stampOf, type StampedCache } from "../engine/fileStamp.js";

export type Overrides = Record<string, string>;

export const OVERRIDES_FILE = "overrides.json";

export interface OverridesRead {
  overrides: Overrides;
  /** Set when the file exists but cannot be used; forcing is then ignored, never fatal. */
  warning?: string;
}

/** Every Overrides object has no prototype, so a tool named "constructor" is never inherited. */
const none = (): Overrides => Object.create(null) as Overrides;

export function readOverrides(runDir: string): OverridesRead {
  const file = path.join(runDir, OVERRIDES_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { overrides: none() };
    return { overrides: none(), warning: `cannot read ${file}: ${(err as Error).message}` };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not a JSON object");
    // A null-prototype copy keeps "__proto__" or "constructor" entries inert.
    const overrides = none();
    for (const [tool, scenario] of Object.entries(parsed)) if (typeof scenario === "string") overrides[tool] = scenario;
    return { overrides };
  } catch (err) {
    return {
      overrides: none(),
      warning: `ignoring ${file}: ${(err as Error).message} (run ./careem-mcp.sh scenario --clear-all to reset it)`,
    };
  }
}

export function writeOverrides(runDir: string, overrides: Overrides): void {
  fs.mkdirSync(runDir, { recursive: true });
  const file = path.join(runDir, OVERRIDES_FILE);
  const temp = path.join(runDir, `.${OVERRIDES_FILE}.${process.pid}.${Date.now()}.tmp`);
  const sorted = Object.fromEntries(Object.entries(overrides).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(temp, `${JSON.stringify(sorted, null, 2)}\n`);
  fs.renameSync(temp, file);
}

const NOTHING_FORCED: OverridesRead = Object.freeze({ overrides: Object.freeze(none()) });

/**
 * readOverrides for the hot path: the server consults forcing on every call, so the file is
 * stat'ed each time but read and parsed again only when its stat changed (or is too recent to
 * trust). The result is shared between calls: callers must not modify it.
 */
export class OverridesReader {
  private cached?: StampedCache & { read: OverridesRead };

  constructor(private readonly runDir: string) {}

  read(): OverridesRead {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(path.join(this.runDir, OVERRIDES_FILE), { throwIfNoEntry: false });
    } catch {
      stat = undefined; // e.g. the run dir is a file: readOverrides below explains it
      return readOverrides(this.runDir);
    }
    if (!stat) {
      this.cached = undefined;
      return NOTHING_FORCED;
    }
    const valid = stillValid(this.cached, stat);
    if (valid) return valid.read;
    const checkedAt = Date.now();
    const read = readOverrides(this.runDir);
    this.cached = { stamp: stampOf(stat), checkedAt, read };
    return read;
  }
}
