import { describe, expect, it } from "vitest";
import { sortKeys } from "../../src/engine/sortKeys.js";
import { stringifyGoKeyOrder } from "../../src/engine/jsonText.js";

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

describe("stringifyGoKeyOrder: keys as Go's encoding/json writes a map", () => {
  it("sorts array-index keys as strings, at every depth, where JavaScript lists them numerically first", () => {
    const value = sortKeys({ "9": 1, "10": 2, a: { "2": 1, "10": 0, b: [{ "1": 0, "0": 1, x: null }] } });
    expect(JSON.stringify(value)).toBe('{"9":1,"10":2,"a":{"2":1,"10":0,"b":[{"0":1,"1":0,"x":null}]}}');
    expect(stringifyGoKeyOrder(value)).toBe('{"10":2,"9":1,"a":{"10":0,"2":1,"b":[{"0":1,"1":0,"x":null}]}}');
  });

  it("sorts only the objects with array-index keys (Go maps); others keep the order they were built in", () => {
    expect(stringifyGoKeyOrder({ b: 1, a: { "9": 2, "10": 1, x: 0 }, c: [{ "1": 1, "0": 0 }] })).toBe('{"b":1,"a":{"10":1,"9":2,"x":0},"c":[{"0":0,"1":1}]}');
  });

  it.each([[{ b: 1, a: "{\"10\":1,\"9\":2}" }], [{ k: [1, "x", { z: true }] }], [{ "4294967295": 1, a: 2 }], [[]]])("equals JSON.stringify without array-index keys out of Go order: %j", (value) => {
    const sorted = sortKeys(value);
    expect(stringifyGoKeyOrder(sorted)).toBe(JSON.stringify(sorted));
  });
});

describe("structured output on the wire in Go's key order", () => {
  it("a tool with an outputSchema answers array-index keys sorted as strings, in the text and the JSON-RPC answer", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const { Engine } = await import("../../src/engine/engine.js");
    const { goMessageText } = await import("../../src/server/goWire/goWire.js");
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
      const wire = goMessageText({ jsonrpc: "2.0", id: 1, result: outcome.result }, "tools/call");
      expect(wire).toContain('"structuredContent":{"byId":{"10":null,"200113":1,"9":3},"q":"\\u003cx\\u003e"}');
      // tools/list: a schema's properties map is a Go map too.
      const list = goMessageText({ jsonrpc: "2.0", id: 2, result: { tools: [{ ...definition, inputSchema: { type: "object", properties: { "9": { type: "string" }, "10": { type: "string" } } } }] } }, "tools/list");
      expect(list).toContain('"properties":{"10":{"type":"string"},"9":{"type":"string"}}');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
