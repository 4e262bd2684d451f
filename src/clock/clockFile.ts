// `.run/clock.json`: how far the local clock is moved, for the whole server and per session, so
// a test or a person can watch a ride complete or an offer lapse without waiting. Local-only:
// production's clock is the wall clock. Read on every call (stat'ed, parsed again only when it
// changed), written atomically (temp file + rename) so a reader never sees half a file.
import fs from "node:fs";
import path from "node:path";
import { stillValid, stampOf, type StampedCache } from "../base/fileStamp.js";
import type { CallContext, TimeShift } from "../base/types.js";

export const CLOCK_FILE = "clock.json";

export interface ClockMoves {
  /** Every call is this far ahead of the wall clock (ms). */
  offsetMs: number;
  /** Calls of a session are further ahead by this much (ms), on top of offsetMs. */
  sessions: Record<string, number>;
}

export interface ClockRead {
  moves: ClockMoves;
  /** The file exists but cannot be used: the clock is then not moved, never fatal. */
  warning?: string;
}

const still = (): ClockMoves => ({ offsetMs: 0, sessions: Object.create(null) as Record<string, number> });

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

export function readClock(runDir: string): ClockRead {
  const file = path.join(runDir, CLOCK_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { moves: still() };
    return { moves: still(), warning: `cannot read ${file}: ${(err as Error).message}` };
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not a JSON object");
    const { offsetMs, sessions } = parsed as Record<string, unknown>;
    const moves = still();
    if (offsetMs !== undefined && !finite(offsetMs)) throw new Error(`offsetMs must be a number of milliseconds, got ${JSON.stringify(offsetMs)}`);
    moves.offsetMs = offsetMs ?? 0;
    if (sessions !== undefined) {
      if (typeof sessions !== "object" || sessions === null || Array.isArray(sessions)) throw new Error("sessions must be an object of session id -> milliseconds");
      for (const [id, ms] of Object.entries(sessions)) if (finite(ms)) moves.sessions[id] = ms;
    }
    return { moves };
  } catch (err) {
    return { moves: still(), warning: `ignoring ${file}: ${(err as Error).message} (run ./careem-mcp.sh clock --reset)` };
  }
}

export function writeClock(runDir: string, moves: ClockMoves): void {
  fs.mkdirSync(runDir, { recursive: true });
  const file = path.join(runDir, CLOCK_FILE);
  const temp = path.join(runDir, `.${CLOCK_FILE}.${process.pid}.${Date.now()}.tmp`);
  const sessions = Object.fromEntries(Object.entries(moves.sessions).filter(([, ms]) => ms !== 0).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(temp, `${JSON.stringify({ offsetMs: moves.offsetMs, sessions }, null, 2)}\n`);
  fs.renameSync(temp, file);
}

/** The clock file as the engine's TimeShift. */
export class ClockReader implements TimeShift {
  private cached?: StampedCache & { read: ClockRead };
  /** Warned once per distinct problem, not on every call. */
  private warned?: string;
  /** Joined once: this is stat'ed on every call, and path.join showed in the call's profile. */
  private readonly file: string;

  constructor(
    private readonly runDir: string,
    private readonly warn: (message: string) => void = () => undefined,
  ) {
    this.file = path.join(runDir, CLOCK_FILE);
  }

  read(): ClockRead {
    const file = this.file;
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(file, { throwIfNoEntry: false });
    } catch {
      return readClock(this.runDir);
    }
    if (!stat) {
      this.cached = undefined;
      return { moves: still() };
    }
    const valid = stillValid(this.cached, stat);
    if (valid) return valid.read;
    const checkedAt = Date.now();
    const read = readClock(this.runDir);
    this.cached = { stamp: stampOf(stat), checkedAt, read };
    if (read.warning && read.warning !== this.warned) this.warn(read.warning);
    this.warned = read.warning;
    return read;
  }

  offsetMs(call: CallContext): number {
    const { moves } = this.read();
    const own = call.sessionId !== undefined && Object.prototype.hasOwnProperty.call(moves.sessions, call.sessionId) ? (moves.sessions[call.sessionId] as number) : 0;
    return moves.offsetMs + own;
  }
}

/** `+25m`, `-1h`, `90s`, `2d`, `1h30m` -> milliseconds; undefined when it is none of these. */
export function parseDuration(text: string): number | undefined {
  const m = /^([+-])?((?:\d+(?:\.\d+)?[smhd])+)$/.exec(text.trim());
  if (!m) return undefined;
  const unit: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  let ms = 0;
  for (const part of (m[2] as string).matchAll(/(\d+(?:\.\d+)?)([smhd])/g)) ms += Number(part[1]) * (unit[part[2] as string] as number);
  return Math.round(m[1] === "-" ? -ms : ms);
}
