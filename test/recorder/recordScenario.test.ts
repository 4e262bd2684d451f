// The recorder's rules on a tool file, without a proxy: each recorded call answers its own
// arguments again through the real engine (case, extra keys, array order, operator-looking
// strings, no arguments at all), a repeated call is written once, the first answer is a new
// file's default, hand-written text stays byte for byte, and "{{" in an answer stays literal.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkCatalog } from "../../src/check/checkCatalog.js";
import { Engine } from "../../src/engine/engine.js";
import { parseToolFile } from "../../src/toolFile/parseToolFile.js";
import type { JsonObject } from "../../src/base/types.js";
import { recordScenario, type RecordInput } from "../../src/recorder/recordScenario.js";

const definition: JsonObject = {
  name: "probe_search",
  description: "Searches the probe.",
  inputSchema: {
    type: "object",
    properties: { q: { type: "string" }, limit: { type: "integer" }, tags: { type: "array", items: { type: "string" } } },
  },
  outputSchema: { type: "object", required: ["echo"], properties: { echo: { type: "string" } } },
};

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  dirs = [];
});

function catalog(): { toolsDir: string; file: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "record-rules-"));
  dirs.push(root);
  const toolsDir = path.join(root, "tools");
  return { toolsDir, file: path.join(toolsDir, "misc", "probe_search.md") };
}

function input(args: JsonObject, echo: string): RecordInput {
  return { tool: "probe_search", args, answer: { kind: "response", value: { echo } }, definition, domain: "misc", isRedactedKey: () => false, source: "the test upstream" };
}

function record(file: string, args: JsonObject, echo: string) {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
  const outcome = recordScenario(existing, file, input(args, echo));
  if (outcome.kind === "written") {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, outcome.text);
  }
  return outcome;
}

const answerOf = (toolsDir: string, args: JsonObject) => {
  const outcome = new Engine({ toolsDir }).callTool("probe_search", args);
  if (outcome.kind !== "result") throw new Error(outcome.message);
  return outcome.result.structuredContent?.echo;
};

describe("recordScenario", () => {
  it("answers every recorded call with its own answer, however close the calls are", () => {
    const { toolsDir, file } = catalog();
    const calls: JsonObject[] = [
      { q: "Pizza" },
      { q: "pizza" },
      { q: "pizza", limit: 5 },
      {},
      { tags: ["a", "b"] },
      { tags: ["b", "a"] },
      { tags: ["a", "b", "a"] },
      { q: "~izz" },
      { q: "*" },
      { q: "=pizza" },
      { q: "{{now}}" },
    ];
    calls.forEach((args, i) => expect(record(file, args, `answer ${i}`).kind).toBe("written"));
    calls.forEach((args, i) => expect(answerOf(toolsDir, args)).toBe(`answer ${i}`));
    // Arguments never recorded get the default: the first answer.
    expect(answerOf(toolsDir, { q: "sushi" })).toBe("answer 0");
    const report = checkCatalog(toolsDir);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    const names = parseToolFile(file, fs.readFileSync(file, "utf8")).scenarios.map((s) => s.name);
    expect(names).toEqual([
      "probe-search-q-now",
      "probe-search-q-pizza-3",
      "probe-search-q",
      "probe-search-q-izz",
      "probe-search-tags-a-b-a",
      "probe-search-tags-b-a",
      "probe-search-tags-a-b",
      "probe-search-no-arguments",
      "probe-search-limit-5-q-pizza",
      "probe-search-q-pizza-2",
      "probe-search-q-pizza",
      "default",
    ]);
  });

  it("writes the match block with the literal prefix where a value looks like an operator, and a guard only where the matcher needs one", () => {
    const { file } = catalog();
    record(file, { q: "~izz" }, "a");
    record(file, { q: "Pizza", limit: 5 }, "b");
    record(file, { q: "pizza" }, "c");
    const scenarios = parseToolFile(file, fs.readFileSync(file, "utf8")).scenarios;
    const byName = new Map(scenarios.map((s) => [s.name, s]));
    expect(byName.get("probe-search-q-izz")?.match?.value).toEqual({ q: "=~izz" });
    expect(byName.get("probe-search-q-izz")?.matchSchema).toBeUndefined();
    expect(byName.get("probe-search-limit-5-q-pizza")?.matchSchema).toBeUndefined();
    // { q: "pizza" } would also take { q: "Pizza", limit: 5 } below it: guarded to exactly itself.
    expect(JSON.parse(String(byName.get("probe-search-q-pizza")?.matchSchema?.value))).toEqual({ required: ["q"], properties: { q: { const: "pizza" } }, propertyNames: { enum: ["q", "$user"] } });
  });

  it("writes a repeated call once", () => {
    const { file } = catalog();
    record(file, { q: "pizza", limit: 5 }, "first");
    const text = fs.readFileSync(file, "utf8");
    const again = record(file, { limit: 5, q: "pizza" }, "second");
    expect(again).toEqual({ kind: "duplicate", scenario: "probe-search-limit-5-q-pizza" });
    expect(fs.readFileSync(file, "utf8")).toBe(text);
  });

  it("puts recorded scenarios above hand-written ones and leaves every hand-written byte in place", () => {
    const { toolsDir, file } = catalog();
    const head = "---\ntool: probe_search\ndomain: misc\n---\n\n# probe_search\n\nNotes a person wrote.\n\n";
    const rest =
      '## Scenario: any-pizza\n\n```json match\n{ "q": "~pizza" }\n```\n\n```json response\n{ "echo": "hand-written" }\n```\n\n' +
      '## Scenario: fallback\n\n```json response\n{ "echo": "fallback" }\n```\n\n## Definition\n\n```json tool\n' +
      JSON.stringify(definition, null, 2) +
      "\n```\n";
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, head + rest);
    expect(record(file, { q: "pizza party" }, "recorded").kind).toBe("written");
    const text = fs.readFileSync(file, "utf8");
    expect(text.startsWith(head)).toBe(true);
    expect(text.endsWith(rest)).toBe(true);
    expect(answerOf(toolsDir, { q: "pizza party" })).toBe("recorded");
    expect(answerOf(toolsDir, { q: "pizza night" })).toBe("hand-written");
    expect(answerOf(toolsDir, { q: "sushi" })).toBe("fallback");
  });

  it("keeps {{ in an answer literal, and an isError answer as a json error", () => {
    const { toolsDir, file } = catalog();
    record(file, { q: "braces" }, "a {{b}} c {{now}}");
    const failing = recordScenario(fs.readFileSync(file, "utf8"), file, { ...input({ q: "fail" }, ""), answer: { kind: "error", text: "upstream said {{no}}" } });
    expect(failing.kind).toBe("written");
    if (failing.kind === "written") fs.writeFileSync(file, failing.text);
    expect(answerOf(toolsDir, { q: "braces" })).toBe("a {{b}} c {{now}}");
    const outcome = new Engine({ toolsDir }).callTool("probe_search", { q: "fail" });
    expect(outcome.kind === "result" && outcome.result).toEqual({ content: [{ type: "text", text: "upstream said {{no}}" }], isError: true });
  });
});
