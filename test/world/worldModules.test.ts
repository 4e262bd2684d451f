// World modules (`_world/*.ts`): each exported function bound as `$<name>`, handed the call
// (world, state, user, instant, ids) as its first argument; imports of sub-folder modules, JSON
// and npm packages; an edit to any of them seen on the next snapshot; a module that does not
// compile or throws is a problem with its file and line while the rest of the world serves.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { World } from "../../src/world/world.js";
import { compileExpression } from "../../src/jsonata/expression.js";
import { conditionValue } from "../../src/state/conditionValue.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A world folder under the project's node_modules, so a module's bare imports resolve there as the catalog's do. */
function folderOf(files: Record<string, string>): string {
  const base = path.resolve("node_modules", ".cache", "careem-world-tests");
  fs.mkdirSync(base, { recursive: true });
  const dir = fs.mkdtempSync(path.join(base, "world-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) write(dir, name, text);
  return dir;
}

function write(dir: string, name: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
}

const at = (hour: number) => () => Date.UTC(2026, 11, 7, hour);
const random = { int: (min: number) => min, uuid: () => "u" };
const fence = "```";

describe("world modules", () => {
  it("a json when passing a clock-reading function by reference answers by the call's instant", () => {
    const dir = folderOf({
      "clock.ts": `import type { Call } from "./lib/call";\nexport function isPast(call: Call, at: string): boolean { return Date.parse(at) < call.now; }\n`,
      "lib/call.ts": `export interface Call { now: number }\n`,
    });
    const world = new World(dir, at(10), random);
    const when = compileExpression("$count($filter([$args.at], $isPast)) > 0");
    const args = { at: "2026-12-07T11:00:00Z" };
    const ask = (hour: number) => conditionValue(when, args, () => ({}), at(hour), world.snapshot());
    expect(world.snapshot().problems).toEqual([]);
    expect(ask(10)).toBe(false);
    expect(ask(12)).toBe(true);
  });

  it("hands the call's world, state, user, instant and ids; a string naming $state is left as written", () => {
    const dir = folderOf({
      "w.md": `# W\n\n${fence}json world\n{ "greeting": "hello" }\n${fence}\n`,
      "w.ts": [
        `export function hello(call: { world: { greeting: string }; user: string }, name: string) { return call.world.greeting + " " + name + " from " + call.user; }`,
        `export function rides(call: { state: { rides?: Record<string, unknown> } | null }) { return Object.keys(call.state?.rides ?? {}); }`,
        `export function hint() { return "read it from $state.rides"; }`,
        `export function stamp(call: { now: number; newId(p: string): string }) { return { at: call.now, id: call.newId("ride") }; }`,
      ].join("\n"),
    });
    const snapshot = new World(dir, at(10), random).snapshot();
    expect(snapshot.problems).toEqual([]);
    const scope = { args: {}, state: { rides: { r1: {}, r2: {} } }, clock: at(10), world: snapshot, random, user: "900000002" };
    expect(compileExpression("$hello('Omar')").evaluate(scope)).toBe("hello Omar from 900000002");
    expect(compileExpression("$rides()").evaluate(scope)).toEqual(["r1", "r2"]);
    expect(compileExpression("$hint()").evaluate(scope)).toBe("read it from $state.rides");
    expect(compileExpression("$stamp()").evaluate(scope)).toEqual({ at: Date.UTC(2026, 11, 7, 10), id: "ride_10000000" });
  });

  it("imports sub-folder modules, JSON files and npm packages, and sees an edit to any of them on the next snapshot", () => {
    const dir = folderOf({
      "shop.ts": `import { price } from "./lib/price.js";\nimport table from "./data/table.json";\nimport jsonata from "jsonata";\nexport function total(_call: unknown, n: number) { return price(n) + table.fee + jsonata("1 + 1").evaluate({}); }\n`,
      "lib/price.ts": `export function price(n: number): number { return n * 10; }\n`,
      "data/table.json": `{ "fee": 1 }`,
    });
    const world = new World(dir, at(10), random);
    const total = compileExpression("$total(3)");
    const ask = () => total.evaluate({ args: {}, clock: at(10), world: world.snapshot() });
    expect(world.snapshot().problems).toEqual([]);
    expect(ask()).toBe(33);
    const first = world.snapshot();
    expect(world.snapshot(), "nothing changed: the same snapshot").toBe(first);
    write(dir, "lib/price.ts", `export function price(n: number): number { return n * 100; }\n`);
    expect(ask()).toBe(303);
    write(dir, "data/table.json", `{ "fee": 7 }`);
    expect(ask()).toBe(309);
  });

  it("a module's top-level values belong to one world version: a new snapshot evaluates it afresh", () => {
    const dir = folderOf({
      "count.ts": `let built = 0;\nconst index = { made: ++built };\nexport function made() { return index.made; }\nexport function bump() { return ++index.made; }\n`,
      "w.md": `# W\n\n${fence}json world\n{ "v": 1 }\n${fence}\n`,
    });
    const world = new World(dir, at(10), random);
    const bump = compileExpression("$bump()");
    expect(bump.evaluate({ args: {}, clock: at(10), world: world.snapshot() })).toBe(2);
    write(dir, "w.md", `# W\n\n${fence}json world\n{ "v": 2 }\n${fence}\n`);
    expect(compileExpression("$made()").evaluate({ args: {}, clock: at(10), world: world.snapshot() })).toBe(1);
  });

  it("a module that does not compile is a problem at its line; the other modules keep serving", () => {
    const dir = folderOf({
      "bad.ts": `export function ok() { return 1; }\n\nexport function broken( { return 2; }\n`,
      "good.ts": `export function fine() { return "fine"; }\n`,
    });
    const snapshot = new World(dir, at(10), random).snapshot();
    expect(snapshot.problems).toHaveLength(1);
    expect(snapshot.problems[0]?.file).toMatch(/bad\.ts$/);
    expect(snapshot.problems[0]?.line).toBe(3);
    expect(snapshot.problems[0]?.message).toContain("world module does not compile");
    expect(compileExpression("$fine()").evaluate({ args: {}, clock: at(10), world: snapshot })).toBe("fine");
  });

  it("a module that throws while loading is a problem at the line that threw, in the file it threw in", () => {
    const dir = folderOf({
      "boom.ts": `import { table } from "./lib/table";\nexport function row() { return table; }\n`,
      "lib/table.ts": `const rows: string[] = [];\n\nif (rows.length === 0) throw new Error("no rows");\nexport const table = rows;\n`,
      "good.ts": `export function fine() { return "fine"; }\n`,
    });
    const snapshot = new World(dir, at(10), random).snapshot();
    expect(snapshot.problems).toHaveLength(1);
    expect(snapshot.problems[0]?.file).toMatch(/lib\/table\.ts$/);
    expect(snapshot.problems[0]?.line).toBe(3);
    expect(snapshot.problems[0]?.message).toContain("world module threw while loading: no rows");
    expect(compileExpression("$fine()").evaluate({ args: {}, clock: at(10), world: snapshot })).toBe("fine");
  });

  it("an import of a file that is not there names the importing line", () => {
    const dir = folderOf({ "m.ts": `export const a = 1;\nimport { b } from "./lib/missing";\nexport function f() { return b; }\n` });
    const snapshot = new World(dir, at(10), random).snapshot();
    expect(snapshot.problems).toHaveLength(1);
    expect(snapshot.problems[0]?.file).toMatch(/m\.ts$/);
    expect(snapshot.problems[0]?.message).toContain(`imports "./lib/missing", which is not a file`);
  });

  it("a name exported by two modules is a problem; the first keeps it", () => {
    const dir = folderOf({ "a.ts": `export function same() { return "a"; }\n`, "b.ts": `export function same() { return "b"; }\n` });
    const snapshot = new World(dir, at(10), random).snapshot();
    expect(snapshot.problems.map((p) => p.message)).toEqual([expect.stringContaining("function same is exported by")]);
    expect(compileExpression("$same()").evaluate({ args: {}, clock: at(10), world: snapshot })).toBe("a");
  });
});
