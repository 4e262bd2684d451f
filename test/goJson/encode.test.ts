import { describe, expect, it } from "vitest";
import { goMarshal, goWireText, Raw, stringifyDeep } from "../../src/goJson/encode.js";
import fc from "fast-check";
import { goKeyCompare, goObjectKeys, goSorted, isIndexKey } from "../../src/goJson/keyOrder.js";
import { sortKeys } from "../../src/goJson/sortKeys.js";
import { goMarshalFinal, goMarshalled } from "../../src/goJson/marshalled.js";

// What Go 1.x's encoding/json and fmt answer for one map[string]any with these keys, measured with
// a Go program (json.Marshal, fmt.Printf("%v"), json.NewEncoder with SetEscapeHTML(false)):
// strings compare byte by byte in UTF-8, so U+E000 and U+FF01 come before U+1F600, where a
// JavaScript sort (UTF-16 code units) puts the emoji first.
const GO_MAP_ORDER = ["", "10", "9", "a", "\ue000", "\uff01", "\u{1F600}"];

describe("Go's one key-order rule", () => {
  it("sorts keys as Go compares strings (UTF-8 bytes), not as JavaScript's default sort does", () => {
    const shuffled = [GO_MAP_ORDER[6], GO_MAP_ORDER[3], GO_MAP_ORDER[5], GO_MAP_ORDER[0], GO_MAP_ORDER[2], GO_MAP_ORDER[4], GO_MAP_ORDER[1]] as string[];
    expect(goSorted(shuffled)).toEqual(GO_MAP_ORDER);
    expect([...shuffled].sort(), "JavaScript's order differs for the emoji").not.toEqual(GO_MAP_ORDER);
    expect(goKeyCompare("ab", "a")).toBeGreaterThan(0);
    expect(goKeyCompare("a", "a")).toBe(0);
  });

  it("json.Marshal of a Go map writes that order, with Go's HTML escapes", () => {
    const map = sortKeys(Object.fromEntries(GO_MAP_ORDER.map((k, i) => [k, i])));
    expect(goMarshal(map)).toBe('{"":0,"10":1,"9":2,"a":3,"\ue000":4,"\uff01":5,"\u{1F600}":6}');
    expect(goMarshal({ u: "<&>\u2028" })).toBe('{"u":"\\u003c\\u0026\\u003e\\u2028"}');
  });

  it("the wire encoder leaves HTML alone, escapes the line separators, and writes Raw text as it is", () => {
    expect(goWireText({ u: "<&>\u2028", raw: new Raw('{"a":"\\u003c"}'), list: [1, new Raw("2")] })).toBe('{"u":"<&>\\u2028","raw":{"a":"\\u003c"},"list":[1,2]}');
    expect(goWireText({ "9": 1, "10": 2, b: { "2": 0, x: 1 } })).toBe('{"10":2,"9":1,"b":{"2":0,"x":1}}');
  });
});

function nest(depth: number): unknown {
  let v: unknown = "bottom";
  for (let i = 0; i < depth; i++) v = i % 2 ? [v, 1] : { k: v, n: null };
  return v;
}

describe("stringifyDeep", () => {
  it.each([[{ a: [1, "x", null, true, { b: 2.5 }], c: {} }], [[]], ["s\"q"], [{ u: undefined, k: 1 }], [nest(50)]])("equals JSON.stringify for %j", (v) => {
    expect(stringifyDeep(v)).toBe(JSON.stringify(v));
  });

  it("serializes 20,000 levels where JSON.stringify throws, and so do both Go encoders", () => {
    const deep = nest(20_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    for (const text of [stringifyDeep(deep), goMarshal(deep), goWireText(deep)]) {
      expect(text.startsWith('[{"k":[{"k":')).toBe(true);
      expect(text.endsWith(',"n":null},1],"n":null},1]')).toBe(true);
      expect(text.match(/bottom/g)).toHaveLength(1);
    }
  });
});

describe("sortKeys: Go's map order at every depth", () => {
  it("sorts nested objects, keeps array order, drops undefined members", () => {
    const out = sortKeys({ b: 1, a: { d: [{ z: 1, y: 2 }, 3], c: undefined }, "": null });
    expect(JSON.stringify(out)).toBe('{"":null,"a":{"d":[{"y":2,"z":1},3]},"b":1}');
  });

  it("keeps a __proto__ key as data, never as the prototype", () => {
    // JSON.parse makes "__proto__" an own key, as arguments echoed into an output arrive.
    const input = JSON.parse('{"z":1,"__proto__":{"polluted":true},"a":2}') as object;
    const out = sortKeys(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.keys(out)).toEqual(["__proto__", "a", "z"]);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"polluted":true},"a":2,"z":1}');
  });

  it("returns a copy: the input is left as it was", () => {
    const input = { b: { y: 1, x: 2 }, a: 0 };
    sortKeys(input);
    expect(JSON.stringify(input)).toBe('{"b":{"y":1,"x":2},"a":0}');
  });
});

describe("goMarshal: keys as Go's encoding/json writes a map", () => {
  it("sorts array-index keys as strings, at every depth, where JavaScript lists them numerically first", () => {
    const value = sortKeys({ "9": 1, "10": 2, a: { "2": 1, "10": 0, b: [{ "1": 0, "0": 1, x: null }] } });
    expect(JSON.stringify(value)).toBe('{"9":1,"10":2,"a":{"2":1,"10":0,"b":[{"0":1,"1":0,"x":null}]}}');
    expect(goMarshal(value)).toBe('{"10":2,"9":1,"a":{"10":0,"2":1,"b":[{"0":1,"1":0,"x":null}]}}');
  });

  it("sorts only the objects with array-index keys (Go maps); others keep the order they were built in", () => {
    expect(goMarshal({ b: 1, a: { "9": 2, "10": 1, x: 0 }, c: [{ "1": 1, "0": 0 }] })).toBe('{"b":1,"a":{"10":1,"9":2,"x":0},"c":[{"0":0,"1":1}]}');
  });

  it.each([[{ b: 1, a: "{\"10\":1,\"9\":2}" }], [{ k: [1, "x", { z: true }] }], [{ "4294967295": 1, a: 2 }], [[]]])("equals JSON.stringify without array-index keys out of Go order: %j", (value) => {
    const sorted = sortKeys(value);
    expect(goMarshal(sorted)).toBe(JSON.stringify(sorted));
  });
});

describe("structured output on the wire in Go's key order", () => {
  it("a tool with an outputSchema answers array-index keys sorted as strings, in the text and the JSON-RPC answer", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const { Engine } = await import("../../src/engine/engine.js");
    const { goMessageText } = await import("../../src/server/goWire/goWire.js");
    const { baseProfile } = await import("../../src/server/profiles/profiles.js");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-keyorder-"));
    try {
      fs.mkdirSync(path.join(dir, "t"));
      const definition = { name: "stock", description: "stock by product id", inputSchema: { type: "object", properties: { q: { type: "string" } } }, outputSchema: { type: "object" } };
      fs.writeFileSync(
        path.join(dir, "t", "stock.md"),
        `---\ntool: stock\n---\n\n# stock\n\n## Scenario: default\n\n\`\`\`json response\n{ "byId": { "9": 3, "10": {{args.n}}, "200113": 1 }, "q": "{{args.q}}" }\n\`\`\`\n\n## Definition\n\n\`\`\`json tool\n${JSON.stringify(definition)}\n\`\`\`\n`,
      );
      const outcome = new Engine({ toolsDir: dir }).callTool("stock", { q: "<x>" });
      if (outcome.kind !== "result") throw new Error(outcome.message);
      expect(outcome.result.content[0]?.text).toBe('{"byId":{"10":null,"200113":1,"9":3},"q":"\\u003cx\\u003e"}');
      const wire = goMessageText({ jsonrpc: "2.0", id: 1, result: outcome.result }, "tools/call", baseProfile);
      expect(wire).toContain('"structuredContent":{"byId":{"10":null,"200113":1,"9":3},"q":"\\u003cx\\u003e"}');
      // tools/list: a schema's properties map is a Go map too.
      const list = goMessageText({ jsonrpc: "2.0", id: 2, result: { tools: [{ ...definition, inputSchema: { type: "object", properties: { "9": { type: "string" }, "10": { type: "string" } } } }] } }, "tools/list", baseProfile);
      expect(list).toContain('"properties":{"10":{"type":"string"},"9":{"type":"string"}}');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // The wire encoder writes shallow values by recursion and hands deeper ones to an explicit
  // stack (encode.ts, RECURSION_LIMIT 200): either side of the limit, the same text. At 1 and 150
  // levels the recursion writes it all; from 199 the bottom's own members cross the limit.
  it.each([1, 150, 199, 200, 201, 1_000])("the wire encoder writes Go's order, escapes and Raw the same at %i levels", (depth) => {
    let value: unknown = { "9": 1, "10": 2, u: "\u2028<", r: new Raw("[7]"), gone: undefined, list: [null, "x"] };
    // An index key makes it a Go map: every key sorted.
    let text = '{"10":2,"9":1,"list":[null,"x"],"r":[7],"u":"\\u2028<"}';
    for (let i = 0; i < depth; i++) {
      value = i % 2 ? [value, 1] : { k: value, n: null };
      text = i % 2 ? `[${text},1]` : `{"k":${text},"n":null}`;
    }
    expect(goWireText(value)).toBe(text);
  });
});


// The wire encoder keeps the texts of short keys (encode.ts, keyText): a kept text must be the
// one written for that key under those escapes, past the bound and for keys too long to keep.
describe("key texts the wire encoder keeps", () => {
  it("writes the same key differently per encoder: \\u2028 escaped on the wire, \\u003c only by json.Marshal", () => {
    const key = "k\u2028<";
    for (let round = 0; round < 2; round++) {
      expect(goWireText({ [key]: true })).toBe('{"k\\u2028<":true}');
      expect(goMarshal({ [key]: false })).toBe('{"k\\u2028\\u003c":false}');
    }
  });

  it("2,500 distinct keys, short and long, written twice over its bound of 1,000: each time the text JSON.stringify gives", () => {
    const keys = Array.from({ length: 2_500 }, (_, i) => (i % 10 === 0 ? `long-${"x".repeat(80)}-${i}` : `key-${i}-"q"`));
    const value = Object.fromEntries(keys.map((k, i) => [k, i % 2 === 0]));
    const expected = JSON.stringify(value);
    expect(goWireText(value)).toBe(expected);
    expect(goWireText(value)).toBe(expected);
    for (const k of keys.slice(0, 50)) expect(goWireText({ [k]: 1 })).toBe(JSON.stringify({ [k]: 1 }));
  });
});

describe("goObjectKeys looks at the first key only", () => {
  // JavaScript lists array-index keys first, so the first key stands for all: the same order as
  // asking every key, over keys mixing indices, near-indices ("01", "4294967295") and words.
  it("orders 2,000 random objects as a scan of every key would", () => {
    const key = fc.oneof(fc.nat({ max: 50 }).map(String), fc.constantFrom("01", "-1", "4294967294", "4294967295", "1e3", "a", "\u{1F600}", "\uff01", ""), fc.string({ maxLength: 4 }));
    let sorted = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.nat()), { maxLength: 8 }), (pairs) => {
        const value = Object.fromEntries(pairs);
        const keys = Object.keys(value);
        const expected = keys.some(isIndexKey) ? [...keys].sort(goKeyCompare) : keys;
        if (keys.some(isIndexKey)) sorted++;
        expect(goObjectKeys(value)).toEqual(expected);
      }),
      { numRuns: 2_000 },
    );
    expect(sorted, "some objects had an index key").toBeGreaterThan(200);
  });
});

describe("goMarshalled finds the text goMarshalFinal wrote, or writes it again", () => {
  it("the same text for the latest object, one 20 finals back (past the 16 kept) and one over 64 KB", () => {
    const objects = Array.from({ length: 21 }, (_, i) => ({ i, s: `<${i}>` }));
    const texts = objects.map((o) => goMarshalFinal(o));
    const big = { text: "&".repeat(70 * 1024) };
    const bigText = goMarshalFinal(big);
    for (const [i, o] of objects.entries()) expect(goMarshalled(o)).toBe(texts[i]);
    expect(texts[20]).toBe('{"i":20,"s":"\\u003c20\\u003e"}');
    expect(goMarshalled(big)).toBe(bigText);
    expect(goMarshalled({ i: 20, s: "<20>" }), "an equal object, not the same one, is marshalled anew").toBe(texts[20]);
  });
});
