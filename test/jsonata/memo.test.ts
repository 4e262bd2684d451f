// The world's pure functions answer from memory for the same arguments and the same world data:
// which functions count as pure, that a remembered answer is the computed one (nothing, missing
// and null arguments included), that a world edit forgets, and that memory stays bounded.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compileExpression } from "../../src/jsonata/expression.js";
import { callPureFunctions, Memo, MEMO_LIMIT, memoized, pureFunctions, splitFunction } from "../../src/jsonata/memo.js";
import { World } from "../../src/world/world.js";
import jsonata from "jsonata";
import { compileTree, type Keep } from "../../src/jsonata/compiled/compile.js";

const fn = (name: string, source: string) => ({ name, source, line: 1 });

describe("pureFunctions", () => {
  const cases: [string, string, boolean][] = [
    ["reads only the world and its arguments", "function($id) { $lookup($world.things, $id) }", true],
    ["reads the state", "function($id) { $lookup($state.things, $id) }", false],
    ["reads the clock", "function() { $millis() }", false],
    ["reads the clock as text", "function() { $now() }", false],
    ["makes an id", 'function() { $newId("x") }', false],
    ["draws a random number", "function() { $random() }", false],
    ["shuffles", "function($a) { $shuffle($a) }", false],
    ["measures time since", "function($t) { $secondsSince($t) }", false],
    ["evaluates built text", 'function($t) { $eval($t) }', false],
    ["calls a pure function", "function($id) { $pureOne($id).name }", true],
    ["calls one that reads the state", "function($id) { $statey($id) }", false],
    ["calls one that calls one that reads the clock", "function() { $clocky2() }", false],
  ];
  const world = [
    fn("$pureOne", "function($id) { $lookup($world.things, $id) }"),
    fn("$statey", "function($id) { $state.x }"),
    fn("$clocky", "function() { $millis() }"),
    fn("$clocky2", "function() { $clocky() + 1 }"),
    fn("$ping", "function($n) { $n > 0 ? $pong($n - 1) : 0 }"),
    fn("$pong", "function($n) { $n > 0 ? $ping($n - 1) : 1 }"),
  ];
  it.each(cases)("%s: %s", (_label, source, expected) => {
    expect(pureFunctions([...world, fn("$subject", source)]).has("$subject")).toBe(expected);
  });
  it("mutual recursion among pure functions is pure; one impure member spoils its callers", () => {
    const pure = pureFunctions(world);
    expect([...pure].sort()).toEqual(["$ping", "$pong", "$pureOne"]);
    const spoilt = pureFunctions([...world.filter((f) => f.name !== "$pong"), fn("$pong", "function($n) { $n > 0 ? $ping($n - 1) : $millis() }")]);
    expect(spoilt.has("$ping")).toBe(false);
    expect(spoilt.has("$pong")).toBe(false);
  });
});

describe("callPureFunctions: kept for one call", () => {
  const world = [fn("$dice", "function() { $random() }"), fn("$statey", "function($id) { $state.x }")];
  it.each([
    ["reads the state", "function($id) { $lookup($state.things, $id) }", true],
    ["reads the clock", "function() { $millis() }", true],
    ["calls one that reads the state", "function($id) { $statey($id) }", true],
    ["makes an id", 'function() { $newId("x") }', false],
    ["draws a random number", "function() { $random() }", false],
    ["shuffles", "function($a) { $shuffle($a) }", false],
    ["evaluates built text", "function($t) { $eval($t) }", false],
    ["calls one that draws", "function() { $dice() + 1 }", false],
  ] as [string, string, boolean][])("%s: %s", (_label, source, expected) => {
    expect(callPureFunctions([...world, fn("$subject", source)]).has("$subject")).toBe(expected);
  });
});

describe("memoized", () => {
  it("splits parameters, signature and body; leaves other shapes alone", () => {
    expect(splitFunction("function($a, $b)<nn:n> { $a + $b }")).toEqual({ params: ["$a", "$b"], signature: "<nn:n>", body: " $a + $b " });
    expect(splitFunction("function() { 1 }")).toEqual({ params: [], signature: "", body: " 1 " });
    expect(splitFunction("$other")).toBeUndefined();
    expect(memoized("$x", "$other")).toBe("$other");
  });
  it("keeps the body's first line on the function's first line (messages keep their lines)", () => {
    const source = "function($a) { (\n  $b := $a;\n  $b\n) }";
    expect(memoized("$f", source).split("\n")).toHaveLength(source.split("\n").length);
  });
});

describe("Memo", () => {
  it("tells nothing, a missing argument and null apart, and never keys a function", () => {
    const memo = new Memo();
    memo.use({});
    const keys = [memo.key("f", []), memo.key("f", [undefined]), memo.key("f", [null]), memo.key("f", [undefined, 1]), memo.key("f", [1, undefined]), memo.key("g", [])];
    expect(new Set(keys).size).toBe(keys.length);
    expect(memo.key("f", [() => 1])).toBeUndefined();
    expect(memo.key("f", [{ body: {}, environment: {}, arguments: [] }])).toBeUndefined();
  });
  it("remembers nothing as an answer, and holds at most MEMO_LIMIT answers", () => {
    const memo = new Memo();
    memo.use({});
    memo.put("k", undefined);
    expect(memo.has("k")).toBe(true);
    expect(memo.get("k")).toBeUndefined();
    for (let i = 0; i < MEMO_LIMIT + 10; i++) memo.put(`k${i}`, i);
    expect(memo.size).toBeLessThanOrEqual(MEMO_LIMIT);
    // k and k0..k4998 fill it; k4999 empties it first, so k4999..k5009 remain.
    expect(memo.size).toBe(11);
  });
  it("keeps answers apart per world data object", () => {
    const memo = new Memo();
    const a = {};
    memo.use(a);
    memo.put("k", 1);
    memo.use({});
    expect(memo.has("k")).toBe(false);
    memo.use(a);
    expect(memo.get("k")).toBe(1);
  });
});

describe("Memo.keep: the compiled evaluator's kept functions", () => {
  /** A function that counts its runs; one call's memo pointed at `clock`. */
  function counted(arity: number) {
    let runs = 0;
    const params = Array.from({ length: arity }, (_, i) => `p${i}`);
    const fn = new Function(...params, "return this.run(arguments)").bind({ run: (args: IArguments) => (runs++, [...args].map(String).join("|") || undefined) });
    Object.defineProperty(fn, "length", { value: arity });
    return { fn: fn as (...args: unknown[]) => unknown, runs: () => runs };
  }

  it("for a call: an object argument by identity, every argument its own level, nothing and functions as JSONata's rewrite has them", () => {
    const memo = new Memo();
    const clock = () => 0;
    memo.useCall(clock, {}, {}, 0, "u");
    const two = counted(2);
    const kept = memo.keep("f", "call", two.fn, () => "u") as (a: unknown, b: unknown) => unknown;
    expect(kept.length, "a callback gets as many arguments as it declares").toBe(2);
    const ride = { id: 1 };
    expect(kept(ride, "x")).toBe("[object Object]|x");
    expect(kept(ride, "x")).toBe("[object Object]|x");
    expect(two.runs(), "the same object and text: kept").toBe(1);
    kept({ id: 1 }, "x");
    kept(ride, "y");
    kept(ride, undefined);
    kept(ride, null);
    expect(two.runs(), "an equal but other object, another text, nothing and null: each computed").toBe(5);
    kept(ride, undefined);
    expect(two.runs(), "nothing as an argument is kept too").toBe(5);
    const withFunction = () => 1;
    kept(withFunction, "x");
    kept(withFunction, "x");
    expect(two.runs(), "a function argument keeps nothing").toBe(7);
    const none = counted(0);
    const keptNone = memo.keep("g", "call", none.fn, () => "u") as () => unknown;
    expect(keptNone()).toBeUndefined();
    expect(keptNone()).toBeUndefined();
    expect(none.runs(), "no arguments, nothing as the answer: kept").toBe(1);
    memo.useCall(clock, {}, {}, 0, "u");
    kept(ride, "x");
    expect(two.runs(), "another state document is another call's answers").toBe(8);
    memo.useCall(() => 0, {}, {}, 0, "u");
    keptNone();
    expect(none.runs(), "a new clock (a new call): computed again").toBe(2);
  });

  it("for a call: at most MEMO_LIMIT answers, then it starts over", () => {
    const memo = new Memo();
    memo.useCall(() => 0, {}, {}, 0, "u");
    const one = counted(1);
    const kept = memo.keep("f", "call", one.fn, () => "u") as (a: unknown) => unknown;
    for (let i = 0; i <= MEMO_LIMIT; i++) kept(i);
    expect(one.runs()).toBe(MEMO_LIMIT + 1);
    kept(MEMO_LIMIT - 1);
    expect(one.runs(), "the full tree was emptied: an early answer is computed again").toBe(MEMO_LIMIT + 2);
    kept(MEMO_LIMIT - 1);
    expect(one.runs(), "and kept from then on").toBe(MEMO_LIMIT + 2);
  });

  it("for a world version: by the arguments' JSON and the user, as the rewrite's keys", () => {
    const memo = new Memo();
    memo.use({});
    let user = "a";
    const one = counted(1);
    const kept = memo.keep("f", "world", one.fn, () => user) as (a: unknown) => unknown;
    kept({ id: 1 });
    kept({ id: 1 });
    expect(one.runs(), "equal JSON: kept across objects").toBe(1);
    user = "b";
    kept({ id: 1 });
    expect(one.runs(), "another user: computed").toBe(2);
    memo.use({});
    kept({ id: 1 });
    expect(one.runs(), "another world version: computed").toBe(3);
  });

  it("the compiler keeps only the root block's own binds of a kept name, not a local of that name", () => {
    const kept = new Map([["f", "call" as const]]);
    const tree = compileTree(jsonata("( $f := function($x) { $x + 1 }; $g := function() { ( $f := function($x) { $x + 2 }; $f(1) ) }; [$f(1), $g()] )").ast() as never, { kept });
    const keptNames: string[] = [];
    const keep: Keep = (name, _kind, fn) => {
      keptNames.push(name);
      return fn;
    };
    expect(tree(null, { __keep: keep })).toEqual([2, 3]);
    expect(keptNames).toEqual(["f"]);
  });
});

describe("world functions answer from memory as they compute", () => {
  let dir: string | undefined;
  afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  function worldWith(text: string): { world: World; file: string } {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "memo-world-"));
    const file = path.join(dir, "w.md");
    fs.writeFileSync(file, text);
    return { world: new World(dir, () => 0, { int: (min) => min, uuid: () => "u" }), file };
  }
  const worldText = (price: number) =>
    [
      "# w",
      "",
      "```json world",
      JSON.stringify({ things: { a: { price }, b: { price: 2 } } }),
      "```",
      "",
      "## Function: $priceOf",
      "",
      "```jsonata",
      "function($id) { $lookup($world.things, $id).price }",
      "```",
      "",
      "## Function: $counted",
      "",
      "```jsonata",
      "function($id) { $exists($id) ? $priceOf($id) : -1 }",
      "```",
      "",
    ].join("\n");

  it("the same answers twice, nothing for an unknown id, and a new answer after the world file changes", () => {
    const { world, file } = worldWith(worldText(1));
    const ask = (source: string) => compileExpression(source).evaluate({ args: {}, clock: () => 0, world: world.snapshot() });
    expect(world.snapshot().problems).toEqual([]);
    for (let round = 0; round < 2; round++) {
      expect(ask('$priceOf("a")')).toBe(1);
      expect(ask('$priceOf("zz")')).toBeUndefined();
      expect(ask("$counted()")).toBe(-1);
      expect(ask('$counted("b")')).toBe(2);
    }
    fs.writeFileSync(file, worldText(7));
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    expect(ask('$priceOf("a")')).toBe(7);
  });

  it("an expression the compiled evaluator leaves to the interpreter (a $sort) gets the interpreter's functions, made on first use", () => {
    const { world } = worldWith(worldText(1));
    const ask = (source: string) => compileExpression(source).evaluate({ args: {}, clock: () => 0, world: world.snapshot() });
    for (let round = 0; round < 2; round++) {
      expect(ask('$sort([$priceOf("b"), $priceOf("a"), $counted("b")])')).toEqual([1, 2, 2]);
      expect(ask('$sort([$priceOf("zz")])'), "nothing, sorted: an empty array").toEqual([]);
    }
  });

  it("a function that reads the state and the clock is kept for one call only, per state document and instant", () => {
    const { world } = worldWith(["# w", "", "## Function: $load", "", "```jsonata", "function() { $count($state.items) * 1000 + $millis() }", "```", ""].join("\n"));
    expect(world.snapshot().problems).toEqual([]);
    let reads = 0;
    const stateWith = (n: number) => ({
      get items() {
        reads++;
        return Array.from({ length: n }, (_, i) => i);
      },
    });
    const ask = (clock: () => number, state: object) => compileExpression("$load()").evaluate({ args: {}, clock, state: state as never, world: world.snapshot() });
    const callClock = () => 5;
    const state = stateWith(3);
    expect(ask(callClock, state)).toBe(3005);
    expect(ask(callClock, state), "the same call asks again").toBe(3005);
    expect(reads, "its body ran once for the call").toBe(1);
    expect(ask(callClock, stateWith(4)), "another state document").toBe(4005);
    expect(ask(() => 5, state), "a new call (a new clock) computes again").toBe(3005);
    expect(reads).toBe(3);
    expect(ask(callClock, state), "only the latest call's answers are kept: an earlier clock computes again").toBe(3005);
    expect(reads).toBe(4);
    let ms = 7;
    const wallClock = () => ms;
    expect(ask(wallClock, state)).toBe(3007);
    expect(reads).toBe(5);
    ms = 8;
    expect(ask(wallClock, state), "a clock that moved is another instant").toBe(3008);
  });
});
