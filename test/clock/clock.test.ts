// Moving the local clock: the command writes .run/clock.json, the server's reader offsets every
// call (and one session's further), and what cannot be used is named with its fix.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { clockCommand } from "../../src/clock/clockCommand.js";
import { CLOCK_FILE, ClockReader, parseDuration } from "../../src/clock/clockFile.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const runDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "careem-clock-"));
  dirs.push(d);
  return d;
};

function run(dir: string, o: { move?: string; set?: string; reset?: boolean; session?: string }) {
  const out = new PassThrough();
  const err = new PassThrough();
  const code = clockCommand({ ...o, reset: Boolean(o.reset), runDir: dir, now: () => Date.UTC(2026, 11, 1, 8), out, err });
  return { code, out: String(out.read() ?? ""), err: String(err.read() ?? "") };
}

describe("clock", () => {
  it("refuses a move past year 9999 and leaves the clock where it was (issue 45, item 11)", () => {
    const dir = runDir();
    const far = run(dir, { move: "+200000000d" });
    expect(far.code).toBe(1);
    expect(far.err).toContain("outside 1970-01-01..9999-12-31; the clock was not moved");
    expect(run(dir, {}).out).toContain("(2026-12-01T08:00:00Z)");
  });

  it.each([
    ["+25m", 25 * 60_000],
    ["90s", 90_000],
    ["-1h", -3_600_000],
    ["1h30m", 5_400_000],
    ["2d", 172_800_000],
    ["tomorrow", undefined],
    ["25", undefined],
  ])("parseDuration(%s) = %s", (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it("moves the server, then one session further, and resets", () => {
    const dir = runDir();
    const reader = new ClockReader(dir);
    expect(reader.offsetMs({ sessionId: "s1" })).toBe(0);
    expect(run(dir, { move: "+25m" }).out).toContain("server clock: +25m (2026-12-01T08:25:00Z)");
    expect(reader.offsetMs({ sessionId: "s1" })).toBe(25 * 60_000);
    expect(run(dir, { move: "+1h", session: "s1" }).out).toContain("session s1: +1h25m (+1h on top of the server's)");
    expect(reader.offsetMs({ sessionId: "s1" })).toBe(85 * 60_000);
    expect(reader.offsetMs({ sessionId: "s2" })).toBe(25 * 60_000);
    run(dir, { set: "2026-12-02T08:00:00Z" });
    expect(reader.offsetMs({})).toBe(86_400_000);
    run(dir, { reset: true });
    expect(reader.offsetMs({ sessionId: "s1" })).toBe(0);
  });

  it("refuses what is not a move, and ignores a broken file with a warning naming the fix", () => {
    const dir = runDir();
    const bad = run(dir, { move: "soon" });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain(`"soon" is not a move; write +25m`);
    fs.writeFileSync(path.join(dir, CLOCK_FILE), "{ nope");
    const warnings: string[] = [];
    expect(new ClockReader(dir, (w) => warnings.push(w)).offsetMs({})).toBe(0);
    expect(warnings[0]).toContain("./careem-mcp.sh clock --reset");
  });
});
