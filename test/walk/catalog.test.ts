// The shipped catalog, walked as agents walk it: 2,000 calls with a fixed seed and a fixed
// first instant (so a failure here is found again by `check --walk 2000 --seed 1` with the same
// start), no invalid answer anywhere, and every scenario reached that forcing does not guard.
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

  it("reaches every scenario that is not forcing-only", () => {
    expect(report.unreached.filter((u) => !u.forcingOnly).map((u) => `${u.tool}/${u.scenario}`), formatWalk(report)).toEqual([]);
  });
});
