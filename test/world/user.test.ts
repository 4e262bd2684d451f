// `$user`: who the call acts for (the signed-in user with --auth, else the default persona), in
// expressions and in the world's functions, whose remembered answers are kept per user.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { compileExpression } from "../../src/jsonata/expression.js";
import { World } from "../../src/world/world.js";
import { projectRoot } from "../journeys/server.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const fence = "```";
const clock = () => Date.UTC(2026, 9, 5, 12);

function worldOf(text: string): World {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-user-"));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, "w.md"), text);
  return new World(dir, clock, { int: (min) => min, uuid: () => "u" });
}

describe("$user", () => {
  const world = () =>
    worldOf(`# W\n\n${fence}json world\n{ "names": { "900000001": "Sara", "900000002": "Omar" } }\n${fence}\n\n## Function: $me\n\n${fence}jsonata\nfunction() { $lookup($world.names, $user) }\n${fence}\n`).snapshot();

  it("is the call's user in expressions and world functions, the default persona without one", () => {
    const snapshot = world();
    expect(snapshot.problems).toEqual([]);
    const me = compileExpression("$me() & ' / ' & $user");
    expect(me.evaluate({ args: {}, clock, world: snapshot })).toBe("Sara / 900000001");
    expect(me.evaluate({ args: {}, clock, world: snapshot, user: "900000002" })).toBe("Omar / 900000002");
    // $me reads nothing but the world and $user: remembered, but never across users.
    expect(me.evaluate({ args: {}, clock, world: snapshot })).toBe("Sara / 900000001");
  });

  it("a function that names a parameter $user is a problem with its line; the others still work", () => {
    const snapshot = worldOf(
      `# W\n\n## Function: $bad\n\n${fence}jsonata\nfunction($user) { $user }\n${fence}\n\n## Function: $good\n\n${fence}jsonata\nfunction() { 42 }\n${fence}\n`,
    ).snapshot();
    expect(snapshot.problems).toHaveLength(1);
    expect(snapshot.problems[0]?.message).toBe("function $bad names a parameter or variable $state, $world or $user: those are the call's own; rename it (e.g. $owner)");
    expect(compileExpression("$good()").evaluate({ args: {}, clock, world: snapshot })).toBe(42);
  });

  it("search_locations lists the signed-in user's saved places, measured from their home", () => {
    const engine = new Engine({ toolsDir: path.join(projectRoot, "tools") });
    const search = (userId?: string) => {
      const outcome = engine.callTool("search_locations", { query: "home" }, { sessionId: `user-${userId}`, ...(userId ? { userId } : {}) });
      return outcome.kind === "result" ? (outcome.result.structuredContent as { results: { placeId: string; distanceKm: number }[] }).results : [];
    };
    expect(search()[0]).toMatchObject({ placeId: "saved_home", distanceKm: 0 });
    expect(search("900000002")[0]).toMatchObject({ placeId: "saved_home_omar", distanceKm: 0 });
    expect(search("900000002").map((p) => p.placeId)).not.toContain("saved_home");
  });
});
