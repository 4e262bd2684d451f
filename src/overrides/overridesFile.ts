// `.run/overrides.json`: tool name -> forced scenario, either a name or `{ "scenario": name,
// "times": n }` for a forcing that lasts n calls. Read on every call, so a `scenario` command takes
// effect on the next call with no restart; written atomically (temp file + rename) so a reader
// never sees half a file.
import fs from "node:fs";
import path from "node:path";
import { stillValid, stampOf, type StampedCache } from "../base/fileStamp.js";
import type { CallContext, Forcing, ForcedChoice } from "../base/types.js";

export interface Override {
  scenario: string;
  /** Calls left; absent: until cleared. */
  times?: number;
}

export type Overrides = Record<string, Override>;

export const OVERRIDES_FILE = "overrides.json";

export interface OverridesRead {
  overrides: Overrides;
  /** Set when the file exists but cannot be used; forcing is then ignored, never fatal. */
  warning?: string;
}

/** Every Overrides object has no prototype, so a tool named "constructor" is never inherited. */
const none = (): Overrides => Object.create(null) as Overrides;

function entryOf(value: unknown): Override | undefined {
  if (typeof value === "string") return { scenario: value };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { scenario, times } = value as Record<string, unknown>;
  if (typeof scenario !== "string") return undefined;
  if (times === undefined) return { scenario };
  if (typeof times !== "number" || !Number.isInteger(times) || times < 1) return undefined;
  return { scenario, times };
}

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
    for (const [tool, value] of Object.entries(parsed)) {
      const entry = entryOf(value);
      if (entry) overrides[tool] = entry;
    }
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
  // A forcing without a count stays a plain name, as the file has always looked.
  const sorted = Object.fromEntries(
    Object.entries(overrides)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tool, o]) => [tool, o.times === undefined ? o.scenario : { scenario: o.scenario, times: o.times }]),
  );
  fs.writeFileSync(temp, `${JSON.stringify(sorted, null, 2)}\n`);
  fs.renameSync(temp, file);
}

export function hasOverride(overrides: Overrides, tool: string): Override | undefined {
  return Object.prototype.hasOwnProperty.call(overrides, tool) ? overrides[tool] : undefined;
}

const NOTHING_FORCED: OverridesRead = Object.freeze({ overrides: Object.freeze(none()) });

/**
 * The overrides file as a forcing layer. The server consults it on every call, so the file is
 * stat'ed each time but read and parsed again only when its stat changed (or is too recent to
 * trust). A counted entry is decremented in the file itself (removed at 0), so the CLI and the
 * page show what is left.
 */
export class OverridesReader implements Forcing {
  private cached?: StampedCache & { read: OverridesRead };
  /** Joined once: this is stat'ed on every call, and path.join showed in the call's profile. */
  private readonly file: string;

  constructor(private readonly runDir: string) {
    this.file = path.join(runDir, OVERRIDES_FILE);
  }

  /** The shared, cached read: callers must not modify it. */
  read(): OverridesRead {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(this.file, { throwIfNoEntry: false });
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

  choose(tool: string, scenarios: readonly string[], _call: CallContext, use: boolean): { forced?: ForcedChoice; warnings: string[] } {
    const { overrides, warning } = this.read();
    const warnings = warning ? [warning] : [];
    const entry = hasOverride(overrides, tool);
    if (!entry) return { warnings };
    if (!scenarios.includes(entry.scenario)) {
      warnings.push(`forced scenario "${entry.scenario}" of ${tool} no longer exists in its tool file; selecting normally (./careem-mcp.sh scenario ${tool} --clear)`);
      return { warnings };
    }
    const forced: ForcedChoice = { scenario: entry.scenario, layer: "overrides" };
    if (entry.times !== undefined) {
      if (!use) forced.left = entry.times - 1;
      else {
        // Taken under the run dir's lock from the file as it is now: replicas sharing a run dir
        // (deploy/) must not both spend the last count they each read.
        const left = this.useOnce(tool, entry);
        if (left === undefined) return { warnings };
        forced.left = left;
      }
    }
    return { forced, warnings };
  }

  /**
   * Spends one count: read again under the lock right before writing, so a change made by the
   * CLI or another process meanwhile is kept. The count left, or undefined when another process
   * spent the last one (this call then selects normally).
   */
  private useOnce(tool: string, seen: Override): number | undefined {
    const left = underLock(this.runDir, () => {
      const fresh = readOverrides(this.runDir).overrides;
      const now = hasOverride(fresh, tool);
      if (!now || now.scenario !== seen.scenario || now.times === undefined) return undefined;
      const rest = Object.fromEntries(Object.entries(fresh).filter(([t]) => t !== tool)) as Overrides;
      writeOverrides(this.runDir, now.times > 1 ? { ...rest, [tool]: { scenario: now.scenario, times: now.times - 1 } } : rest);
      return now.times - 1;
    });
    this.cached = undefined;
    return left;
  }
}

const LOCK = ".overrides.lock";
/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 2_000;
const napCell = new Int32Array(new SharedArrayBuffer(4));

/**
 * `fn` while holding the run dir's lock (a directory: mkdir either makes it or fails, across
 * processes and on a shared volume). A call is answered synchronously, so waiting is a short
 * blocking nap; where no lock can be made (a read-only run dir) `fn` runs without one.
 */
function underLock<T>(runDir: string, fn: () => T): T {
  const lock = path.join(runDir, LOCK);
  const deadline = Date.now() + 1_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || Date.now() > deadline) return fn();
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > STALE_LOCK_MS) fs.rmdirSync(lock);
      } catch {
        // Gone meanwhile: try again.
      }
      Atomics.wait(napCell, 0, 0, 2);
    }
  }
  try {
    return fn();
  } finally {
    try {
      fs.rmdirSync(lock);
    } catch {
      // Taken as stale by another process: nothing to release.
    }
  }
}
