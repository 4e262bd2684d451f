// World files: data merged into $world with time placeholders rendered at load, module functions
// that call each other and see the call's state and clock, and every problem with its file and line.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { distanceKm, iso, newId, secondsSince } from "../../src/jsonata/builtins.js";
import { World } from "../../src/world/world.js";
import { compileExpression } from "../../src/jsonata/expression.js";
import { conditionValue } from "../../src/state/conditionValue.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function worldOf(files: Record<string, string>, clock = () => Date.UTC(2026, 9, 5, 12)): World {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-world-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return new World(dir, clock, { int: (min) => min, uuid: () => "u" });
}

const fence = "```";

describe("world files", () => {
  it("merges data blocks, renders time at load, and reports a key declared twice at its line", () => {
    const world = worldOf({
      "a.md": `# A\n\n${fence}json world\n{ "shops": { "s1": { "opened": "{{now-1h}}" } } }\n${fence}\n`,
      "b.md": `# B\n\n${fence}json world\n{ "shops": {}, "fares": { "base": 12 } }\n${fence}\n`,
    });
    const snap = world.snapshot();
    expect(snap.data).toEqual({ shops: { s1: { opened: "2026-10-05T11:00:00Z" } }, fares: { base: 12 } });
    expect(snap.problems).toHaveLength(1);
    expect(snap.problems[0]).toMatchObject({ line: 4 });
    expect(snap.problems[0]?.file).toMatch(/b\.md$/);
    expect(snap.problems[0]?.message).toContain(`world key "shops" is already declared by`);
  });

  it("module functions call each other and read the call's world and state", () => {
    const world = worldOf({
      "f.md": `# F\n\n${fence}json world\n{ "price": 10 }\n${fence}\n`,
      "f.ts": `type Call = { world: { price: number }; state: { fee?: number } | null };\nexport function total(call: Call, n: number) { return n * call.world.price + fee(call); }\nexport function fee(call: Call) { return call.state?.fee ?? 0; }\n`,
    });
    const snap = world.snapshot();
    expect(snap.problems).toEqual([]);
    const expr = compileExpression("$total($args.n)");
    expect(expr.readsState, "a world function may read the state").toBe(true);
    expect(expr.evaluate({ args: { n: 3 }, state: { fee: 2 }, clock: () => 0, world: snap })).toBe(32);
    expect(expr.evaluate({ args: { n: 3 }, state: {}, clock: () => 0, world: snap })).toBe(30);
  });

  it("a json when passing a clock-reading function by reference answers by the call's instant, in a new Engine's world too", () => {
    const files = { "f.ts": `export function isPast(call: { now: number }, at: string) { return Date.parse(at) < call.now; }\n` };
    const when = compileExpression("$count($filter([$args.at], $isPast)) > 0");
    const args = { at: "2026-12-07T11:00:00Z" };
    const ask = (hour: number) => conditionValue(when, args, () => ({}), () => Date.UTC(2026, 11, 7, hour), worldOf(files).snapshot());
    expect(ask(10)).toBe(false);
    expect(ask(12)).toBe(true);
  });

  it("a JSONata function section is a problem at its line that names the module its rule goes to", () => {
    const world = worldOf({ "rides.md": `# R\n\n${fence}json world\n{ "v": 1 }\n${fence}\n\n## Function: $rideFind\n\n${fence}jsonata\nfunction($id) { $id }\n${fence}\n` });
    const problems = world.snapshot().problems.map((p) => `${p.line}: ${p.message}`);
    expect(problems).toEqual([
      "7: \"## Function: $rideFind\" is a JSONata world function: the world's rules are world modules now (write `export function rideFind(call, ...)` in _world/rides.ts, bound as $rideFind)",
      "9: a jsonata block in a world file is not read: the world's rules are world modules (_world/rides.ts)",
    ]);
  });

  it("sees an edit on the next snapshot", () => {
    const world = worldOf({ "a.md": `${fence}json world\n{ "v": 1 }\n${fence}\n` });
    expect(world.snapshot().data).toEqual({ v: 1 });
    fs.writeFileSync(path.join(world.dir, "a.md"), `${fence}json world\n{ "v": 22 }\n${fence}\n`);
    expect(world.snapshot().data).toEqual({ v: 22 });
  });

  it("is the same snapshot while no file changed, and a new one when a file comes or goes", () => {
    const world = worldOf({ "a.md": `${fence}json world\n{ "a": 1 }\n${fence}\n`, "b.md": `${fence}json world\n{ "b": 2 }\n${fence}\n` });
    const first = world.snapshot();
    expect(world.snapshot(), "nothing changed: the same object (the engine's memo keys on it)").toBe(first);
    fs.rmSync(path.join(world.dir, "b.md"));
    const without = world.snapshot();
    expect(without).not.toBe(first);
    expect(without.data).toEqual({ a: 1 });
    fs.writeFileSync(path.join(world.dir, "c.md"), `${fence}json world\n{ "c": 3 }\n${fence}\n`);
    expect(world.snapshot().data).toEqual({ a: 1, c: 3 });
    expect(world.snapshot()).toBe(world.snapshot());
  });
});

describe("built-ins", () => {
  it.each([
    // London -> Paris is 343.6 km great-circle; one degree of latitude is 111.2 km.
    [{ latitude: 51.5074, longitude: -0.1278 }, { latitude: 48.8566, longitude: 2.3522 }, 343.6],
    [{ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }, 111.2],
    [{ latitude: 25.0866, longitude: 55.1477 }, { latitude: 25.0866, longitude: 55.1477 }, 0],
  ])("distanceKm(%j, %j) is %d km", (a, b, km) => {
    expect(distanceKm(a, b)).toBeCloseTo(km, 1);
  });

  it("$distanceKm refuses what is not a point", () => {
    expect(() => distanceKm({ latitude: "25" }, { latitude: 1, longitude: 2 })).toThrow(/needs \{latitude, longitude\} numbers/);
  });

  it("$newId is the prefix and 8 digits, from the injected randomness", () => {
    expect(newId({ int: (min) => min, uuid: () => "" }, "ord")).toBe("ord_10000000");
    expect(newId({ int: (_min, max) => max, uuid: () => "" }, "ride")).toBe("ride_99999999");
    expect(() => newId({ int: (min) => min, uuid: () => "" }, "Ord!")).toThrow(/lower-case prefix/);
  });

  it("$secondsSince and $iso read the call's clock", () => {
    const clock = () => Date.UTC(2026, 9, 5, 12, 0, 30);
    expect(secondsSince(clock, "2026-10-05T12:00:00Z")).toBe(30);
    expect(secondsSince(clock, "2026-10-05T12:01:00Z")).toBe(-30);
    expect(secondsSince(clock, "not a time")).toBeUndefined();
    expect(iso(Date.UTC(2026, 9, 5, 12, 0, 0, 999))).toBe("2026-10-05T12:00:00Z");
  });
});

describe("an answer that breaks only a format", () => {
  it("is logged but sent: go-sdk's validator does not check format", async () => {
    const { Engine } = await import("../../src/engine/engine.js");
    const engine = new Engine({ toolsDir: path.join(import.meta.dirname, "..", "fixtures", "world-catalog") });
    const outcome = engine.callTool("format_only", {});
    expect(outcome.kind === "result" && outcome.warnings[0]).toMatch(/format_only\.md:14: scenario "not-a-time" output does not match outputSchema: \/at must match format "date-time"/);
    expect(outcome.kind === "result" && outcome.rpcError).toBeUndefined();
    expect(outcome.kind === "result" && outcome.result.structuredContent).toEqual({ at: "tomorrow" });
  });
});
