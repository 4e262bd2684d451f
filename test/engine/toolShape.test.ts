// The engine's own Tool check against the SDK's zod ToolSchema, the one it replaced: on every
// case below both must agree on valid or not, and the engine must name the field at fault.
import fs from "node:fs";
import path from "node:path";
import { ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { toolShapeProblem } from "../../src/engine/toolShape.js";
import { projectRoot } from "../journeys/server.js";

const base = { name: "t", inputSchema: { type: "object" } };
const withField = (extra: Record<string, unknown>) => ({ ...base, ...extra });

/** [what, definition, the problem's path or null for a valid tool] */
const cases: [string, unknown, string | null][] = [
  ["the smallest tool", base, null],
  ["every optional field", withField({ title: "T", description: "d", outputSchema: { type: "object", properties: { a: { type: "string" } }, required: ["a"] }, annotations: { title: "A", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }, execution: { taskSupport: "optional" }, _meta: { "x/y": 1 }, icons: [{ src: "https://x/i.png", mimeType: "image/png", sizes: ["48x48"], theme: "dark" }] }), null],
  ["unknown fields beside the known ones", withField({ somethingElse: [1], inputSchema: { type: "object", additionalProperties: false, $defs: {} } }), null],
  ["not an object", [base], "(root)"],
  ["null", null, "(root)"],
  ["no name", { inputSchema: { type: "object" } }, "name"],
  ["a numeric name", withField({ name: 7 }), "name"],
  ["a numeric title", withField({ title: 1 }), "title"],
  ["description null", withField({ description: null }), "description"],
  ["no inputSchema", { name: "t" }, "inputSchema"],
  ["inputSchema of type string", withField({ inputSchema: { type: "string" } }), "inputSchema.type"],
  ["inputSchema without a type", withField({ inputSchema: { properties: {} } }), "inputSchema.type"],
  ["a property schema that is a string", withField({ inputSchema: { type: "object", properties: { a: "string" } } }), "inputSchema.properties.a"],
  ["properties as an array", withField({ inputSchema: { type: "object", properties: [] } }), "inputSchema.properties"],
  ["required holding a number", withField({ inputSchema: { type: "object", required: ["a", 2] } }), "inputSchema.required.1"],
  ["required as a string", withField({ inputSchema: { type: "object", required: "a" } }), "inputSchema.required"],
  ["outputSchema of type array", withField({ outputSchema: { type: "array" } }), "outputSchema.type"],
  ["annotations as a string", withField({ annotations: "read only" }), "annotations"],
  ["a hint as a string", withField({ annotations: { readOnlyHint: "true" } }), "annotations.readOnlyHint"],
  ["an annotations title number", withField({ annotations: { title: 3 } }), "annotations.title"],
  ["an unknown taskSupport", withField({ execution: { taskSupport: "sometimes" } }), "execution.taskSupport"],
  ["_meta as an array", withField({ _meta: [] }), "_meta"],
  ["_meta null", withField({ _meta: null }), "_meta"],
  ["icons not an array", withField({ icons: { src: "x" } }), "icons"],
  ["an icon without src", withField({ icons: [{ mimeType: "image/png" }] }), "icons.0.src"],
  ["an icon with an unknown theme", withField({ icons: [{ src: "x", theme: "blue" }] }), "icons.0.theme"],
  ["an icon's sizes holding a number", withField({ icons: [{ src: "x", sizes: [48] }] }), "icons.0.sizes.0"],
];

describe("toolShapeProblem", () => {
  it.each(cases)("%s", (_what, definition, problemAt) => {
    const problem = toolShapeProblem(definition);
    expect(ToolSchema.safeParse(definition).success, "the SDK's ToolSchema agrees on valid or not").toBe(problemAt === null);
    if (problemAt === null) expect(problem).toBeUndefined();
    else expect(problem).toMatch(new RegExp(`^${problemAt.replace(/[.()]/g, "\\$&")}: `));
  });

  it("passes every definition the shipped catalog serves", () => {
    const definitions = fs
      .readdirSync(path.join(projectRoot, "tools"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".md") && !f.startsWith("_"))
      .map((f) => fs.readFileSync(path.join(projectRoot, "tools", f), "utf8"))
      .map((text) => JSON.parse(/```json tool\n([\s\S]*?)\n```/.exec(text)?.[1] ?? "null") as unknown);
    expect(definitions.length).toBeGreaterThanOrEqual(22);
    for (const definition of definitions) {
      expect(ToolSchema.safeParse(definition).success).toBe(true);
      expect(toolShapeProblem(definition)).toBeUndefined();
    }
  });
});
