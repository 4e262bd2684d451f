// `check` knows the world's names: a tool file that names a world function no module exports, or
// reads a world key that does not exist, fails `check` at the expression's line with the closest
// name, instead of passing while every call of that scenario fails or drops a field.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { assertBuilt } from "../assertBuilt.js";
import { projectRoot } from "../journeys/server.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** The shipped catalog, copied, with `edit` applied to one tool file's text. */
function catalogWith(file: string, edit: (text: string) => string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-names-"));
  dirs.push(dir);
  fs.cpSync(path.join(projectRoot, "tools"), dir, { recursive: true });
  const target = path.join(dir, file);
  const before = fs.readFileSync(target, "utf8");
  const after = edit(before);
  expect(after, "the plant took").not.toBe(before);
  fs.writeFileSync(target, after);
  return dir;
}

function check(dir: string): { status: number | null; out: string } {
  assertBuilt();
  const run = spawnSync(process.execPath, ["dist/cli.js", "check", "--tools", dir], { cwd: projectRoot, encoding: "utf8" });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe("check knows the world's names", () => {
  it("a json when calling a misspelled world function fails check at its line, with the function it meant", () => {
    const dir = catalogWith("rides/get_ride_status.md", (t) => t.replace(`"$rideStatusOf($rideFind($args.rideId)) = 'CAPTAIN_ARRIVED'"`, `"$rideStatusOf($rideFnd($args.rideId)) = 'CAPTAIN_ARRIVED'"`));
    const { status, out } = check(dir);
    expect(status).toBe(1);
    expect(out).toContain(`rides/get_ride_status.md:98: scenario "captain-arrived": json when names $rideFnd, which no world module exports (did you mean $rideFind?)`);
  });

  it("a {{= }} reading a world key that does not exist fails check at its line, with the key it meant", () => {
    const dir = catalogWith("rides/get_ride_status.md", (t) => t.replace("{{= $rideStatusView($rideAs($args.rideId, ['CAPTAIN_ARRIVED'])) }}", "{{= $merge([$rideStatusView($rideAs($args.rideId, ['CAPTAIN_ARRIVED'])), { 'captain': $world.captains }]) }}"));
    const { status, out } = check(dir);
    expect(status).toBe(1);
    expect(out).toMatch(/rides\/get_ride_status\.md:102: scenario "captain-arrived": \{\{= .*\}\} reads \$world\.captains, which is not a world key \(did you mean \$world\.rideCaptains\?\)/);
  });

  it("a world function passed by reference counts as named, and the shipped catalog names only what exists", () => {
    const dir = catalogWith("rides/get_ride_status.md", (t) => t.replace(`"$rideStatusOf($rideFind($args.rideId)) = 'CAPTAIN_ARRIVED'"`, `"$count($filter([$args.rideId], $rideFinder)) > 0"`));
    expect(check(dir).out).toContain("json when names $rideFinder, which no world module exports (did you mean $rideFind?)");
    const shipped = spawnSync(process.execPath, ["dist/cli.js", "check"], { cwd: projectRoot, encoding: "utf8" });
    expect(shipped.status, shipped.stdout + shipped.stderr).toBe(0);
  });
});
