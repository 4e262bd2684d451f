// The compiled evaluator (src/jsonata/compiled) against JSONata's interpreter, the reference:
// each construct evaluated both ways, odd cases of the value model included (singleton
// sequences, flattening, predicates that index, grouping, casting, tail calls into $map), then
// what it leaves to the interpreter, and the whole shipped catalog walked with every expression
// evaluated both ways (CAREEM_JSONATA_CHECK=1), where one difference fails the walk.
import { spawnSync } from "node:child_process";
import path from "node:path";
import jsonata from "jsonata";
import { describe, expect, it } from "vitest";
import { compileTree, Unsupported } from "../../src/jsonata/compiled/compile.js";
import { compileExpression } from "../../src/jsonata/expression.js";
import { assertBuilt } from "../assertBuilt.js";

const root = path.resolve(import.meta.dirname, "..", "..");

type Outcome = { value: string } | { threw: true };

function interpreted(source: string, input: unknown, bindings: Record<string, unknown>): Outcome {
  try {
    return { value: JSON.stringify(jsonata(source).evaluate(input, bindings)) ?? "undefined" };
  } catch {
    return { threw: true };
  }
}

function compiled(source: string, input: unknown, bindings: Record<string, unknown>): Outcome {
  const tree = compileTree(jsonata(source).ast() as never);
  try {
    return { value: JSON.stringify(tree(input, bindings)) ?? "undefined" };
  } catch (err) {
    if (err instanceof Unsupported) throw err;
    return { threw: true };
  }
}

const data = {
  products: [
    { id: "a", price: 10, tags: ["x", "y"], stock: { dxb: 2 } },
    { id: "b", price: 25.5, tags: ["y"], stock: { dxb: 0, auh: 4 } },
    { id: "c", price: 7, tags: [], stock: {} },
  ],
  one: [{ id: "only" }],
  nested: [[1, 2], [3]],
  city: "Dubai",
  n: 3,
  empty: {},
  none: null,
};

/** [expression, what it exercises]; input is `data`, bindings `$k` (a string) and `$obj`. */
const cases: [string, string][] = [
  ["products.id", "a name maps over an array"],
  ["one.id", "a singleton sequence is its item"],
  ["products[0]", "index"],
  ["products[-1].id", "index from the end"],
  ["products[price > 9].id", "boolean predicate"],
  ["products[price > 100].id", "nothing matches: nothing"],
  ["products[[0, 2]].id", "an array of indices"],
  ["products.tags", "arrays flatten one level along a path"],
  ["products.tags[0]", "a predicate per step"],
  ["nested", "a nested array stays as written"],
  ["nested[0]", "index into an array of arrays"],
  ["products.stock.*", "wildcard"],
  ["$.city", "the context"],
  ["$$.n", "the root"],
  ["products{id: price}", "grouping after a path"],
  ["products{$string(price > 9): id}", "grouping items by a computed key"],
  ['{"a": 1, "b": products.id, "c": missing}', "object constructor drops nothing-valued keys"],
  ['{"a\\"b": 1, "c\\\\d": 2, "x\\ny": 3, "\\u2028": 4, "constructor": 5, "toString": n, "skip": missing, "last": city}', "written keys a JS function is made of: quotes, backslashes, a line break, U+2028, Object.prototype's names"],
  ["$keys({ \"z\": 1, \"a\": missing, \"m\": 2 })", "written keys in their order, a nothing-valued one left out"],
  ["{ $k: city }", "one computed key on one item"],
  ["{ city: n }", "one computed key read off the item"],
  ["{ missing: n }", "one computed key that is nothing: the empty object"],
  ["{ n: city }", "one computed key that is not a string throws"],
  ["{ $k: missing }", "one computed key whose value is nothing"],
  ['{ ("__" & "proto__"): n }', "one computed key named __proto__"],
  ['{ ("__" & "proto__"): products[0] }', "one computed key named __proto__, an object value"],
  ['{ "__proto__": n, "a": 1 }', "a written key __proto__ (the interpreter throws)"],
  ['products{ ("__" & "proto__"): id }', "a computed key __proto__ grouping a sequence"],
  ["products.{ id: price }", "one computed key per item of a path"],
  ["products{ id & '': price }", "one computed key grouping a sequence"],
  ['{"2": "two", "1": "one", "z": 0}', "object keys in JS order"],
  ['[1, [2, 3], products.id, missing]', "array constructor flattens paths, keeps nested constructors"],
  ["[products.id]", "an array constructor around a path"],
  ["[products.tags, 'z']", "an array constructor spreads a path's sequence"],
  ["[nested, 4]", "an array constructor spreads an array value one level"],
  ["[one, missing, []]", "an array constructor: a singleton, nothing, an empty array"],
  ["[$obj.deep.value, [5]]", "an array constructor: a bound array spread, a nested constructor kept"],
  ["[1..4]", "range"],
  ["n + 1", "arithmetic"],
  ["n / 0", "division by zero"],
  ['n + "1"', "arithmetic on a string throws"],
  ["missing + 1", "arithmetic on nothing is nothing"],
  ["-n", "negation"],
  ['-"x"', "negating a string throws"],
  ["n = 3 and city = 'Dubai'", "and"],
  ["missing or n", "or casts"],
  ["products = products", "deep equality of arrays"],
  ["empty = {}", "deep equality of objects"],
  ['n < "4"', "comparing a number with a string throws"],
  ["missing < 1", "comparing with nothing is nothing"],
  ["{} < 1", "comparing an object throws"],
  ['"y" in products.tags', "in"],
  ["city & n & missing & products[0].stock", "concatenation writes JSON for objects"],
  ["0.1 + 0.2 & ''", "numbers written at 15 significant digits"],
  ["n > 2 ? 'big' : 'small'", "condition"],
  ["n > 5 ? 'big'", "condition without else: nothing"],
  ["($x := 1; ($x := 2); $x)", "a block's binding stays in its block"],
  ["($x := 1; (false ? ($x := 2) : 0; $x))", "a binding in a branch not taken"],
  ["($x := n; $f := function($y) { $x + $y }; $x := 10; $f(1))", "a lambda sees its frame's later binding"],
  ["($f := function($n) { $n <= 1 ? 1 : $n * $f($n - 1) }; $f(6))", "recursion"],
  ["$map(products, function($p, $i) { $p.id & $i })", "$map passes as many arguments as declared"],
  ["$map(products, function() { 'x' })", "a callback of no parameters"],
  ["$map(products, function($p, $i, $a) { $p.id & $i & $count($a) })", "a callback of three parameters"],
  ["$map(products, function($p, $i, $a, $d) { $p.id & $i & $count($a) & $exists($d) })", "a callback of four parameters: the fourth unbound"],
  ["($f := function($a, $b, $c, $d, $e) { $a & $b & $c & $d & $exists($e) }; $f(1, 2, 3, 4))", "a lambda of five parameters, called with four"],
  ["($f := function($a, $a) { $a }; $f(1, 2))", "a parameter named twice: the last argument"],
  ["$map([1, 2], function($v) { $filter(products, function($p) { $p.price = 10 }) })", "a tail call's singleton sequence reaches $map unsettled"],
  ["$filter(products, function($p) { $p.price > 9 }).id", "$filter"],
  ["$each(products[0].stock, function($v, $k) { $k & '=' & $v })", "$each"],
  ["$sift(products[1].stock, function($v) { $v > 0 })", "$sift"],
  ["$sift(products[2].stock, function($v) { $v > 0 })", "$sift with nothing kept"],
  ["$merge([products[0].stock, products[1].stock])", "$merge"],
  ["$merge(products[0])", "$merge of one object"],
  ["$merge([1])", "$merge of a number throws"],
  ["$append(products[0].id, products[1].id)", "$append makes an array"],
  ["$append(missing, 1)", "$append with nothing"],
  ["$count(products)", "$count"],
  ["$count(city)", "$count of one value"],
  ["$exists(missing)", "$exists"],
  ["$not(empty)", "$not casts"],
  ["$boolean([0, ''])", "$boolean of an array"],
  ["$lookup(products, 'id')", "$lookup maps over arrays"],
  ["$lookup(products[0], $k)", "$lookup with a bound key"],
  ["$keys(products[1].stock)", "$keys"],
  ["$keys(products)", "$keys of an array (the interpreter's)"],
  ["$string(n)", "$string"],
  ["$string(products[0])", "$string of an object"],
  ["$string()", "a context argument (the interpreter's)"],
  ["$lowercase(city)", "$lowercase"],
  ["$uppercase(n)", "$uppercase of a number throws"],
  ["$contains(city, 'ub')", "$contains"],
  ["$contains(city, /^d/i)", "$contains with a regex"],
  ["$join(products.id, ', ')", "$join"],
  ["$join(products.price)", "$join of numbers throws"],
  ["$substringBefore(city, 'b') & $substringAfter(city, 'b')", "$substringBefore and After"],
  ["[$round(2.5), $round(3.5), $round(-0.4), $round(1.005, 2), $round(1234.5678, -2)]", "$round, half to even"],
  ["[$floor(-1.5), $ceil(1.2), $abs(-2)]", "$floor, $ceil, $abs"],
  ["[$sum(products.price), $max(products.price), $min(products.price), $sum([])]", "$sum, $max, $min"],
  ["$max(products.id)", "$max of strings throws"],
  ["$number('12.5') + $number(n)", "$number"],
  ["$toMillis('2026-12-01T10:00:00Z')", "$toMillis"],
  ["$toMillis('01/12/2026')", "$toMillis of another form throws"],
  ["[$type(n), $type(city), $type(none), $type(products), $type(empty), $type(true)]", "$type"],
  ["$formatNumber(1234.5, '#,##0.00')", "a function we hand to the interpreter"],
  ["$reduce(products.price, function($a, $b) { $a + $b })", "$reduce (the interpreter's) calling our lambda"],
  ["$sort(products, function($a, $b) { $a.price < $b.price }).id", "$sort with our comparator"],
  ["$replace(city, /u/, 'o')", "a regex handed to the interpreter's $replace"],
  ["$substring(city, 1, 3)", "$substring (the interpreter's)"],
  ["$undefinedFunction(1)", "calling nothing throws"],
  ["$obj.deep.value", "a path from a binding"],
  ["($o := {\"list\": $filter(products, function($p) { true })}; $o.list)", "a simple path ending in a sequence"],
  ["($o := {\"a\": products}; $o.a.id)", "a simple path meeting an array on the way"],
  ["($o := {\"a\": one}; $o.a.id)", "a simple path through a one-item array"],
  ["$obj.deep.value.missing", "a simple path past an array"],
  ["city.length", "a name on a string is nothing"],
  ['{"a": 1, "a": 2}', "the same key twice throws"],
  ["products.{\"id\": id, \"dear\": price > 9}", "an object constructor per item"],
  ['{"k": $count($), "n": n}', "an object constructor reading the context"],
  ["$k", "a binding"],
];

const bindings = { k: "id", obj: { deep: { value: [1, 2] } } };

describe("the compiled evaluator answers as the interpreter", () => {
  it.each(cases)("%s (%s)", (source) => {
    const reference = interpreted(source, data, bindings);
    expect(compiled(source, data, bindings)).toEqual(reference);
  });

  it("the table covers both outcomes: values and errors", () => {
    const outcomes = cases.map(([source]) => interpreted(source, data, bindings));
    expect(outcomes.filter((o) => "threw" in o).length).toBeGreaterThanOrEqual(10);
    expect(outcomes.filter((o) => "value" in o).length).toBeGreaterThanOrEqual(70);
  });

  it("an array as the whole input is one value, as the interpreter wraps it", () => {
    for (const source of ["$", "$[0]", "*", "$count($)", '{"k": $}', "a.b"]) expect(compiled(source, [1, 2], {})).toEqual(interpreted(source, [1, 2], {}));
  });
});

describe("what it leaves to the interpreter", () => {
  it.each([
    ["products^(price).id", "sorting"],
    ["products@$p.id", "tuple streams"],
    ["products#$i.id", "positional variables"],
    ["city ~> $lowercase()", "function chains"],
    ["$substring(?, 0, 2)", "partial application"],
    ["$ ~> |products|{'new': true}|", "transforms"],
    ["function($x)<n:n> { $x }", "signatures"],
    ["$eval('1 + 1')", "$eval (it evaluates in the caller's frame)"],
    ["**.id", "descendants"],
  ])("%s (%s) is Unsupported when compiled", (source) => {
    expect(() => compileTree(jsonata(source).ast() as never)).toThrow(Unsupported);
  });

  it("a built-in taken as a value goes to the interpreter, and the expression still answers its value", () => {
    const source = "$map(['a', 'b'], $uppercase)";
    expect(() => compiled(source, null, {})).toThrow(Unsupported);
    expect(compileExpression(source).evaluate({ args: {}, clock: () => 0 })).toEqual(["A", "B"]);
  });

  it("a lambda as the answer is the interpreter's (it writes its own lambda object)", () => {
    const source = "$f := function($x) { $x * 2 }";
    // Ours would be null; the interpreter's is its lambda object, fields and all.
    expect(compileExpression(source).evaluate({ args: {}, clock: () => 0 })).toMatchObject({ _jsonata_lambda: true, arguments: [{ value: "x" }] });
  });

  it("an error is reported in the interpreter's words", () => {
    const source = "$args.n + 'x'";
    let reference = "";
    try {
      jsonata(source).evaluate({ n: 1 });
    } catch (err) {
      reference = (err as Error).message;
    }
    expect(reference).toMatch(/right side/);
    expect(() => compileExpression(source).evaluate({ args: { n: 1 }, clock: () => 0 })).toThrow(`expression ${JSON.stringify(source)} failed: ${reference}`);
  });
});

describe("the shipped catalog, every expression both ways", () => {
  it("a walk of agent-like calls with CAREEM_JSONATA_CHECK=1 finds no difference", () => {
    assertBuilt();
    const run = spawnSync("node", ["dist/cli.js", "check", "--walk", "2500", "--seed", "11"], { cwd: root, encoding: "utf8", env: { ...process.env, CAREEM_JSONATA_CHECK: "1" } });
    expect(run.stderr).not.toMatch(/compiled evaluator answered/);
    expect(run.stdout).toMatch(/walk: 2500 steps in \d+ journeys \(seed 11\), 0 violations; reached 1[3-9]\d of \d+ scenarios/);
    expect(run.status).toBe(0);
  });
});
