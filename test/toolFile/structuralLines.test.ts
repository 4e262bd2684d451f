// The parser hands remark only headings and fenced blocks; everything it reads must survive.
import { describe, expect, it } from "vitest";
import { parseToolFile } from "../../src/toolFile/parseToolFile.js";
import { structuralLines } from "../../src/toolFile/structuralLines.js";

describe("structuralLines", () => {
  it("keeps headings and fenced blocks, blanks the rest, keeps every line number", () => {
    const body = ["# t", "prose", "| a | b |", "## Scenario: x", "```json match", "## not a heading", "```", "- list", "~~~json response", "{}", "~~~", "tail"].join("\n");
    expect(structuralLines(body).split("\n")).toEqual(["# t", "", "", "## Scenario: x", "```json match", "## not a heading", "```", "", "~~~json response", "{}", "~~~", ""]);
  });

  it("a shorter or different fence does not close a block", () => {
    const body = ["````json response", "```", "~~~~", "````", "after"].join("\n");
    expect(structuralLines(body).split("\n")).toEqual(["````json response", "```", "~~~~", "````", ""]);
  });

  it("a heading inside a code block is not a scenario", () => {
    const file = parseToolFile("t.md", "---\ntool: t\n---\n\n## Scenario: real\n\n```json response\n{\"a\": \"\\n## Scenario: fake\"}\n```\n\n````text\n## Scenario: fake\n````\n\n## Definition\n\n```json tool\n{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\"}}\n```\n");
    expect(file.scenarios.map((s) => s.name)).toEqual(["real"]);
    expect(file.problems).toEqual([]);
  });

  it("deeply nested list markers in the notes no longer reach the markdown parser", () => {
    // micromark needed minutes for this; the notes are never read, so they are blanked.
    const file = parseToolFile("t.md", `---\ntool: t\n---\n\n${"- ".repeat(10_000)}\n\n## Definition\n\n\`\`\`json tool\n{"name":"t","inputSchema":{"type":"object"}}\n\`\`\`\n`);
    expect(file.definition?.line).toBe(10);
  });
});

describe("structuralLines with CRLF", () => {
  it("recognises fences and headings in a CRLF file", () => {
    const body = ["## Scenario: x", "```json response", "{}", "```", "prose"].join("\r\n");
    expect(structuralLines(body).split("\n")).toEqual(["## Scenario: x\r", "```json response\r", "{}\r", "```\r", ""]);
  });
});
