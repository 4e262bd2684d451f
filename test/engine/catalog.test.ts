// Re-read semantics: every call sees the file as it is on disk now (an edit in the same second as
// the last call included), and a broken file never takes the others down.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";
import type { CallOutcome } from "../../src/base/types.js";

function toolFile(name: string, answer: string, extraScenario = ""): string {
  return `---
tool: ${name}
domain: test
---

# ${name}

${extraScenario}
## Scenario: default

\`\`\`json response
{ "answer": "${answer}", "echo": "{{args.q}}" }
\`\`\`

## Definition

\`\`\`json tool
{ "name": "${name}", "description": "test tool", "inputSchema": { "type": "object", "properties": { "q": { "type": "string" } }, "additionalProperties": false }, "outputSchema": { "type": "object", "properties": { "answer": { "type": "string" } }, "required": ["answer"] } }
\`\`\`
`;
}

function answer(outcome: CallOutcome): unknown {
  if (outcome.kind !== "result") return outcome.message;
  return outcome.result.structuredContent?.answer ?? outcome.result.content[0]?.text;
}

let dir: string;
let engine: Engine;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-catalog-"));
  fs.mkdirSync(path.join(dir, "tools", "rides"), { recursive: true });
  fs.writeFileSync(path.join(dir, "tools", "rides", "echo.md"), toolFile("echo", "one"));
  engine = new Engine({ toolsDir: path.join(dir, "tools"), forced: new OverridesReader(path.join(dir, ".run")) });
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("catalog re-reads on every call", () => {
  it("an edit in the same millisecond as the previous call is seen, same size included", () => {
    const file = path.join(dir, "tools", "rides", "echo.md");
    expect(answer(engine.callTool("echo", {}))).toBe("one");
    for (const next of ["two", "six", "ten", "one"]) {
      fs.writeFileSync(file, toolFile("echo", next)); // same length as before: size cannot tell
      expect(answer(engine.callTool("echo", {}))).toBe(next);
    }
  });

  it("a new file is served on the next call and listed", () => {
    expect(engine.callTool("fresh", {})).toEqual({ kind: "unknown-tool", code: -32602, message: 'unknown tool "fresh"' });
    fs.mkdirSync(path.join(dir, "tools", "food"));
    fs.writeFileSync(path.join(dir, "tools", "food", "fresh.md"), toolFile("fresh", "new"));
    expect(answer(engine.callTool("fresh", {}))).toBe("new");
    expect(engine.listTools().map((t) => t.name)).toEqual(["echo", "fresh"]);
  });

  it("files added one after another, each called at once, are all seen (folder changed within one clock tick)", () => {
    // A folder's mtime and ctime are tick-coarse: an add right after a listing can leave its
    // stat unchanged, so a recent folder is listed again instead of trusted. Many rounds, because
    // whether two adds share a tick depends on the machine's clock.
    const rides = path.join(dir, "tools", "rides");
    for (let i = 0; i < 40; i++) {
      fs.writeFileSync(path.join(rides, `a${i}.md`), toolFile(`a${i}`, "a"));
      expect(answer(engine.callTool(`a${i}`, {}))).toBe("a");
      fs.writeFileSync(path.join(rides, `b${i}.md`), toolFile(`b${i}`, "b"));
      expect(answer(engine.callTool(`b${i}`, {}))).toBe("b");
    }
    expect(engine.listTools()).toHaveLength(81);
  });

  it("a deleted file is an unknown tool on the next call", () => {
    expect(answer(engine.callTool("echo", {}))).toBe("one");
    fs.rmSync(path.join(dir, "tools", "rides", "echo.md"));
    expect(engine.callTool("echo", {}).kind).toBe("unknown-tool");
    expect(engine.listTools()).toEqual([]);
  });

  it("a broken edit isolates that tool, names file:line, and the rest keeps serving", () => {
    fs.writeFileSync(path.join(dir, "tools", "rides", "other.md"), toolFile("other", "fine"));
    fs.writeFileSync(path.join(dir, "tools", "rides", "echo.md"), toolFile("echo", "one").replace('"answer": "one",', '"answer": "one",,'));
    const broken = engine.callTool("echo", {});
    expect(broken.kind === "result" && broken.result.isError).toBe(true);
    expect(answer(broken)).toMatch(/^tool file for echo is broken: tools\/rides\/echo\.md:\d+: scenario "default": json response invalid JSON|echo\.md:\d+: scenario "default": json response invalid JSON/);
    expect(answer(engine.callTool("other", {}))).toBe("fine");
    expect(engine.listTools().map((t) => t.name)).toEqual(["other"]);
    expect(engine.problems()).toHaveLength(1);
    fs.writeFileSync(path.join(dir, "tools", "rides", "echo.md"), toolFile("echo", "mended"));
    expect(answer(engine.callTool("echo", {}))).toBe("mended");
  });

  it("the fingerprint changes when a definition changes, not when a response does", () => {
    const before = engine.fingerprint();
    fs.writeFileSync(path.join(dir, "tools", "rides", "echo.md"), toolFile("echo", "two"));
    expect(engine.fingerprint()).toBe(before);
    fs.writeFileSync(path.join(dir, "tools", "rides", "echo.md"), toolFile("echo", "two").replace("test tool", "a better description"));
    expect(engine.fingerprint()).not.toBe(before);
  });

  it("a forced scenario from .run/overrides.json wins, and a stale one falls back with a warning", () => {
    const file = path.join(dir, "tools", "rides", "echo.md");
    fs.writeFileSync(file, toolFile("echo", "one", '## Scenario: special\n\n```json match\n{ "q": "~magic" }\n```\n\n```json response\n{ "answer": "special" }\n```\n\n'));
    expect(answer(engine.callTool("echo", { q: "a magic word" }))).toBe("special");
    fs.mkdirSync(path.join(dir, ".run"));
    fs.writeFileSync(path.join(dir, ".run", "overrides.json"), JSON.stringify({ echo: "default" }));
    const forced = engine.callTool("echo", { q: "a magic word" });
    expect(answer(forced)).toBe("one");
    expect(forced.kind === "result" && forced.selectedBy).toBe("forced");
    fs.writeFileSync(path.join(dir, ".run", "overrides.json"), JSON.stringify({ echo: "gone" }));
    const stale = engine.callTool("echo", { q: "a magic word" });
    expect(answer(stale)).toBe("special");
    expect(stale.kind === "result" && stale.warnings[0]).toMatch(/forced scenario "gone" of echo no longer exists/);
  });

  it("a corrupt or half-written overrides file never breaks a call", () => {
    fs.mkdirSync(path.join(dir, ".run"));
    fs.writeFileSync(path.join(dir, ".run", "overrides.json"), '{"echo": "defau');
    const outcome = engine.callTool("echo", {});
    expect(answer(outcome)).toBe("one");
    expect(outcome.kind === "result" && outcome.warnings[0]).toMatch(/^ignoring .*overrides\.json: .*scenario --clear-all/);
  });

  it("validation runs before selection, also when a scenario is forced", () => {
    fs.mkdirSync(path.join(dir, ".run"));
    fs.writeFileSync(path.join(dir, ".run", "overrides.json"), JSON.stringify({ echo: "default" }));
    const outcome = engine.callTool("echo", { bogus: true });
    expect(outcome.kind === "result" && outcome.result).toEqual({
      content: [{ type: "text", text: 'validating "arguments": validating root: unexpected additional properties ["bogus"]' }],
      isError: true,
    });
  });

  it("null or missing arguments count as {}", () => {
    expect(answer(engine.callTool("echo", null))).toBe("one");
    expect(answer(engine.callTool("echo", undefined))).toBe("one");
  });
});

describe("catalog reads plain files only", () => {
  it("a file starting with a UTF-8 byte-order mark loads like any other", () => {
    const dir2 = fs.mkdtempSync(path.join(os.tmpdir(), "careem-bom-"));
    try {
      fs.mkdirSync(path.join(dir2, "tools", "rides"), { recursive: true });
      fs.writeFileSync(path.join(dir2, "tools", "rides", "bom.md"), `\uFEFF${toolFile("bom", "marked")}`);
      const e = new Engine({ toolsDir: path.join(dir2, "tools"), forced: new OverridesReader(path.join(dir2, ".run")) });
      expect(answer(e.callTool("bom", {}))).toBe("marked");
    } finally {
      fs.rmSync(dir2, { recursive: true, force: true });
    }
  });

  it("a tool file replaced by a symbolic link after it was listed is not followed", () => {
    const file = path.join(dir, "tools", "rides", "echo.md");
    expect(answer(engine.callTool("echo", {}))).toBe("one");
    const outside = path.join(dir, "outside.md");
    fs.writeFileSync(outside, toolFile("echo", "leaked"));
    fs.rmSync(file);
    fs.symlinkSync(outside, file);
    const outcome = engine.callTool("echo", {});
    expect(answer(outcome)).not.toBe("leaked");
    // Not followed, and named: the call says why the tool is not served.
    expect(outcome.kind === "result" && outcome.result.isError).toBe(true);
    expect(answer(outcome)).toMatch(/^tool file for echo is broken: \S*echo\.md:1: is a symbolic link, and tool files are never read through links/);
  });
});
