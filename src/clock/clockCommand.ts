// `./careem-mcp.sh clock [+25m | --set ISO | --reset] [--session ID]`: move the running server's
// clock (local-only). The server reads the file on every call, so the next call sees it.
import { parseDuration, readClock, writeClock } from "./clockFile.js";

export interface ClockCommandOptions {
  move?: string;
  set?: string;
  reset: boolean;
  session?: string;
  runDir: string;
  /** The wall clock, injected for tests. */
  now?: () => number;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

function shown(ms: number): string {
  const sign = ms < 0 ? "-" : "+";
  let rest = Math.abs(Math.round(ms / 1000));
  const parts: string[] = [];
  for (const [unit, size] of [["d", 86_400], ["h", 3_600], ["m", 60], ["s", 1]] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.length ? `${sign}${parts.join("")}` : "+0s";
}

/** 10000-01-01T00:00:00Z: the first instant ISO 8601 needs more than four digits of year for. */
const LAST_INSTANT = Date.UTC(10000, 0, 1);

export function clockCommand(o: ClockCommandOptions): number {
  const now = o.now ?? Date.now;
  const fail = (message: string) => {
    o.err.write(`clock: ${message}\n`);
    return 1;
  };
  const { moves, warning } = readClock(o.runDir);
  if (warning) o.err.write(`clock: ${warning}\n`);
  const chosen = [o.move !== undefined, o.set !== undefined, o.reset].filter(Boolean).length;
  if (chosen > 1) return fail("give one of: a move (+25m), --set ISO, --reset");
  if (o.reset) {
    if (o.session) delete moves.sessions[o.session];
    else {
      moves.offsetMs = 0;
      for (const id of Object.keys(moves.sessions)) delete moves.sessions[id];
    }
  } else if (o.move !== undefined || o.set !== undefined) {
    let by: number;
    if (o.move !== undefined) {
      const parsed = parseDuration(o.move);
      if (parsed === undefined) return fail(`"${o.move}" is not a move; write +25m, -1h, 90s, 2d or 1h30m`);
      by = parsed;
    } else {
      const at = Date.parse(o.set as string);
      if (Number.isNaN(at)) return fail(`"${o.set}" is not an instant; write it as 2026-12-01T08:00:00Z`);
      const current = moves.offsetMs + (o.session ? (moves.sessions[o.session] ?? 0) : 0);
      by = at - now() - current;
    }
    // Every instant a call writes must be a date ISO 8601 writes with four digits: +200000000d
    // was accepted and then broke every call (an Invalid Date, or a year of six digits).
    const after = now() + moves.offsetMs + (o.session ? (moves.sessions[o.session] ?? 0) : 0) + by;
    if (!(after >= 0 && after < LAST_INSTANT)) return fail(`that move puts the clock outside 1970-01-01..9999-12-31; the clock was not moved`);
    if (o.session) moves.sessions[o.session] = (moves.sessions[o.session] ?? 0) + by;
    else moves.offsetMs += by;
  }
  if (chosen > 0) writeClock(o.runDir, moves);
  const base = moves.offsetMs;
  o.out.write(`server clock: ${shown(base)} (${new Date(Math.floor((now() + base) / 1000) * 1000).toISOString().replace(".000Z", "Z")})\n`);
  for (const [id, ms] of Object.entries(moves.sessions)) o.out.write(`session ${id}: ${shown(base + ms)} (${shown(ms)} on top of the server's)\n`);
  return 0;
}
