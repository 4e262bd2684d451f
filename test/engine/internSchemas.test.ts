// Identical schemas across tool files are kept once, with one compiled validator, so a large
// catalog that repeats its schemas does not hold a copy per file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it, vi } from "vitest";
import { Catalog } from "../../src/engine/catalog.js";
import { internSchemas } from "../../src/engine/internSchemas.js";

// Schemas are interned by content for the whole process (other test files run in it too): a key
// of this file's own keeps them new here, so the compiles counted are these files'.
const own = `q_${process.pid}_${Date.now()}`;

const toolFile = (name: string, description: string) => `---
tool: ${name}
---

# ${name}

## Scenario: default

\`\`\`json response
{ "ok": true }
\`\`\`

## Definition

\`\`\`json tool
${JSON.stringify({ name, description, inputSchema: { type: "object", properties: { q: { type: "string" }, [own]: { type: "string" } } }, outputSchema: { type: "object", properties: { ok: { type: "boolean" }, [own]: { type: "string" } } } }, null, 2)}
\`\`\`
`;

describe("shared definition parts", () => {
  it("two files with the same schemas serve one schema object each, and each keeps its own name and description", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-shared-"));
    try {
      fs.mkdirSync(path.join(dir, "d"));
      fs.writeFileSync(path.join(dir, "d", "one.md"), toolFile("one", "first"));
      fs.writeFileSync(path.join(dir, "d", "two.md"), toolFile("two", "second"));
      const catalog = new Catalog(dir);
      // Every Ajv compile the two files cause: one per distinct schema, not one per file.
      const compile = vi.spyOn(Ajv2020.prototype, "compile");
      let compiled: unknown[];
      const tools = ["one", "two"].map((n) => {
        const entry = catalog.get(n);
        if (entry.kind !== "ok") throw new Error(`${n}: ${JSON.stringify(entry)}`);
        return entry.result.tool;
      });
      try {
        compiled = compile.mock.calls.map((call) => call[0]);
      } finally {
        compile.mockRestore();
      }
      const [one, two] = tools;
      expect(compiled, "the input and the output schema, each compiled once for both files").toHaveLength(2);
      expect(compiled).toContain(one?.definition.inputSchema);
      expect(compiled).toContain(one?.definition.outputSchema);
      expect(one?.definition.inputSchema).toBe(two?.definition.inputSchema);
      expect(one?.definition.outputSchema).toBe(two?.definition.outputSchema);
      expect([one?.definition.name, one?.definition.description, two?.definition.name, two?.definition.description]).toEqual(["one", "first", "two", "second"]);
      expect(one?.validators.checkArguments({ q: 1 })).toBe(two?.validators.checkArguments({ q: 1 }));
      expect(one?.validators.checkArguments({ q: 1 })).not.toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps key order and a __proto__ key as data", () => {
    const definition = JSON.parse('{"name":"t","__proto__":{"x":1},"inputSchema":{"type":"object"}}') as Record<string, unknown>;
    const shared = internSchemas(definition as never);
    expect(Object.getPrototypeOf(shared)).toBe(Object.prototype);
    expect(Object.keys(shared)).toEqual(["name", "__proto__", "inputSchema"]);
    expect(JSON.stringify(shared)).toBe(JSON.stringify(definition));
  });
});
