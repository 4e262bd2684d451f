// The shipped catalog, walked as agents walk it: 2,000 calls with a fixed seed and a fixed
// first instant (so a failure here is found again by `check --walk 2000 --seed 1` with the same
// start), and no invalid answer anywhere. Coverage: at 2,000 steps the walk reaches most of the
// catalog but not all (the longest chains, a revalidated offer booked inside its hold, need
// more steps or luck); the floor below holds it there, and the report names what it missed.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatWalk } from "../../src/walk/runWalk.js";
import { walkCatalog } from "../../src/walk/walk.js";
import { projectRoot } from "../journeys/server.js";

describe("check --walk over the shipped catalog", () => {
  const report = walkCatalog({ toolsDir: path.join(projectRoot, "tools"), steps: 2000, seed: 1, start: Date.UTC(2026, 11, 1, 6, 0, 0) });

  it("finds no invalid answer in 2,000 steps", () => {
    expect(report.violations.map((v) => `step ${v.step}: ${v.tool}: ${v.message}`), formatWalk(report)).toEqual([]);
  });

  it("reaches at least 90% of the scenarios that are not forcing-only", () => {
    const walked = [...report.reached.values()].reduce((n, byScenario) => n + byScenario.size, 0);
    const missed = report.unreached.filter((u) => !u.forcingOnly).length;
    expect(walked / (walked + missed), formatWalk(report)).toBeGreaterThanOrEqual(0.9);
  });
});
