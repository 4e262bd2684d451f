// README's "Which production?" and parity/profiles/which-production.md are generated from the
// measured differences (differences.json, default.md): the generator's --check fails when either
// no longer says what the measurements do.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { projectRoot } from "../journeys/server.js";

it("README's Which production? section and which-production.md are what the measurements generate", () => {
  const run = spawnSync(process.execPath, [path.join(projectRoot, "parity", "profiles", "which-production.mjs"), "--check"], { cwd: projectRoot, encoding: "utf8" });
  expect(run.stdout + run.stderr).toBe("");
  expect(run.status).toBe(0);
});
