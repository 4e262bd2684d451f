// The file-based import (scripts/import-definitions.mjs export.json) runs through the same
// src/importer as `import --from`: the same report, exit codes and byte-for-byte rewrite. And
// the drift report's wording, one row per kind of change.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import type { JsonObject } from "../../src/base/types.js";
import { definitionBlock } from "../../src/importer/definitionBlock.js";
import { definitionDrift } from "../../src/importer/definitionDrift.js";
import { runCliInProcess } from "../cli/runCliInProcess.js";
import { requireBuild } from "../reliability/spawnServer.js";
import { copyCatalog, projectRoot } from "../upstream/twin.js";

const base: JsonObject = {
  name: "t",
  title: "T",
  description: "d",
  annotations: { readOnlyHint: true },
  inputSchema: { type: "object", properties: { a: { type: "string" }, b: { type: "integer" } }, required: ["a"] },
  outputSchema: { type: "object" },
};
const variant = (change: (d: JsonObject & { inputSchema: { properties: JsonObject; required: string[] } }) => void) => {
  const d = structuredClone(base) as JsonObject & { inputSchema: { properties: JsonObject; required: string[] } };
  change(d);
  return d;
};

describe("definitionDrift", () => {
  it.each([
    ["the same definition, keys in another order", variant((d) => (d.inputSchema = { required: ["a"], properties: { b: { type: "integer" }, a: { type: "string" } }, type: "object" } as never)), []],
    ["hints that state the MCP default, as the go-sdk drops them", variant((d) => (d.annotations = { readOnlyHint: true, idempotentHint: false, openWorldHint: true })), []],
    ["description", variant((d) => (d.description = "new")), ["description"]],
    ["title", variant((d) => (d.title = "New")), ["title"]],
    ["annotations", variant((d) => (d.annotations = { readOnlyHint: false })), ["annotations"]],
    ["output schema", variant((d) => (d.outputSchema = { type: "object", required: ["x"] })), ["outputSchema"]],
    ["an input added", variant((d) => (d.inputSchema.properties.c = { type: "boolean" })), ["inputSchema (added c)"]],
    ["an input removed", variant((d) => delete d.inputSchema.properties.b), ["inputSchema (removed b)"]],
    ["an input changed and required", variant((d) => ((d.inputSchema.properties.b = { type: "number" }), (d.inputSchema.required = ["a", "b"]))), ["inputSchema (changed b; now required b)"]],
    ["a schema keyword", variant((d) => ((d.inputSchema as JsonObject).additionalProperties = false)), ["inputSchema (keywords changed additionalProperties)"]],
    ["another top-level field", variant((d) => (d._meta = { ui: 1 })), ["_meta"]],
  ])("%s", (_label, live, expected) => {
    expect(definitionDrift(base, live as JsonObject)).toEqual(expected);
  });
});

describe("definitionBlock", () => {
  it("replaces only the json tool block, keeping CRLF line endings and a tool fence elsewhere", () => {
    const text = "---\r\ntool: t\r\n---\r\n\r\n## Flow\r\n\r\n```json tool\r\n{ \"name\": \"not this\" }\r\n```\r\n\r\n## Definition\r\n\r\n```json tool\r\n{ \"name\": \"t\" }\r\n```\r\n";
    const block = definitionBlock("t.md", text);
    expect(block.ok).toBe(true);
    if (!block.ok) return;
    expect(block.definition).toEqual({ name: "t" });
    expect(block.replace({ name: "t", description: "x" })).toBe(text.replace('{ "name": "t" }', '{\r\n  "name": "t",\r\n  "description": "x"\r\n}'));
  });
});

describe("scripts/import-definitions.mjs", () => {
  let files: { root: string; toolsDir: string };
  let exportFile: string;
  let target: string;

  beforeAll(() => {
    requireBuild();
    files = copyCatalog();
    const tools = new Engine({ toolsDir: files.toolsDir }).listTools().map((t) => structuredClone(t));
    const first = tools[0] as JsonObject;
    first.description = "Changed by the export.";
    target = path.join(files.toolsDir, fs.readdirSync(files.toolsDir, { recursive: true, encoding: "utf8" }).find((f) => f.endsWith(`/${String(first.name)}.md`)) as string);
    exportFile = path.join(files.root, "export.json");
    fs.writeFileSync(exportFile, JSON.stringify({ tools }));
  });
  afterAll(() => fs.rmSync(files.root, { recursive: true, force: true }));

  const script = (...args: string[]) => spawnSync(process.execPath, [path.join(projectRoot, "scripts", "import-definitions.mjs"), ...args], { cwd: projectRoot, encoding: "utf8" });

  it("reports, exits 1 under --check-drift, and writes nothing on --dry-run", () => {
    const before = fs.readFileSync(target, "utf8");
    const run = script(exportFile, "--tools", files.toolsDir, "--dry-run", "--check-drift");
    expect(run.stdout).toContain(`changed: 1\n  ${path.basename(target, ".md")} (${path.relative(projectRoot, target)}): description\n`);
    expect(run.stdout).toContain("drift: yes (exit 1: --check-drift)");
    expect(run.status).toBe(1);
    expect(fs.readFileSync(target, "utf8")).toBe(before);
  });

  it("writes the definition and then finds no drift; a bad export is named", async () => {
    expect(script(exportFile, "--tools", files.toolsDir).status).toBe(0);
    expect(fs.readFileSync(target, "utf8")).toContain('"description": "Changed by the export."');
    const again = script(exportFile, "--tools", files.toolsDir, "--check-drift");
    expect(again.stdout).toContain("drift: none (exit 0)");
    expect(again.status).toBe(0);
    fs.writeFileSync(path.join(files.root, "bad.json"), '{"nope": 1}');
    const bad = script(path.join(files.root, "bad.json"), "--tools", files.toolsDir);
    expect(bad.stderr).toBe(`careem-mcp import: ${path.join(files.root, "bad.json")}: expected a tools/list result ({"tools":[...]}) or an array of tools\n`);
    expect(bad.status).toBe(3);
  });

  it("record refuses an upstream it cannot reach, naming the URL and the fix", async () => {
    const run = await runCliInProcess("record", "--upstream", "http://127.0.0.1:1/mcp", "--tools", path.join(files.root, "never-made"));
    expect(run.status).toBe(3);
    expect(run.stderr).toMatch(/^careem-mcp record: cannot reach http:\/\/127\.0\.0\.1:1\/mcp \(.+\): is the server running, and is the URL right\? Pass the server's MCP endpoint, e\.g\. --upstream https:\/\/host\/mcp\n$/);
    expect(fs.existsSync(path.join(files.root, "never-made"))).toBe(false);
  });
});
