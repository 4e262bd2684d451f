// `$user`: who the call acts for (the signed-in user with --auth, else the default persona), in
// expressions and, as `call.user`, in the world modules' functions.
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

function worldOf(files: Record<string, string>): World {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-user-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return new World(dir, clock, { int: (min) => min, uuid: () => "u" });
}

describe("$user", () => {
  const world = () =>
    worldOf({
      "w.md": `# W\n\n${fence}json world\n{ "names": { "900000001": "Sara", "900000002": "Omar" } }\n${fence}\n`,
      "w.ts": `export function me(call: { world: { names: Record<string, string> }; user: string }) { return call.world.names[call.user]; }\n`,
    }).snapshot();

  it("is the call's user in expressions and world functions, the default persona without one", () => {
    const snapshot = world();
    expect(snapshot.problems).toEqual([]);
    const me = compileExpression("$me() & ' / ' & $user");
    expect(me.evaluate({ args: {}, clock, world: snapshot })).toBe("Sara / 900000001");
    expect(me.evaluate({ args: {}, clock, world: snapshot, user: "900000002" })).toBe("Omar / 900000002");
    // Nothing of one call's user stays for the next.
    expect(me.evaluate({ args: {}, clock, world: snapshot })).toBe("Sara / 900000001");
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
