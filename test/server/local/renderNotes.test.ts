// Tool notes on the dashboard: markdown rendered, raw HTML and script never passed through.
import { beforeAll, describe, expect, it } from "vitest";
import { loadNotesRenderer, type RenderNotes } from "../../../src/server/local/renderNotes.js";
import { notesOf } from "../../../src/toolFile/parseToolFile.js";

describe("renderNotes", () => {
  let renderNotes: RenderNotes;
  beforeAll(async () => {
    renderNotes = await loadNotesRenderer();
  });

  it("renders GitHub tables and code, headings moved under the page's own", () => {
    expect(renderNotes("# t\n\n| a | b |\n| --- | --- |\n| `x` | y |")).toBe(
      "<h4>t</h4>\n<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><code>x</code></td>\n<td>y</td>\n</tr>\n</tbody>\n</table>",
    );
  });

  const hostile: [string, string][] = [
    ["<script>alert(1)</script>", "script"],
    ['<img src=x onerror="alert(1)">', "onerror"],
    ["[click](javascript:alert(1))", "javascript:"],
    ['<a href="#" onclick="x()">a</a>', "onclick"],
    ['<iframe src="https://evil.example"></iframe>', "iframe"],
    ["<style>body{display:none}</style>", "<style"],
  ];
  it.each(hostile)("drops %s", (markdown, banned) => {
    expect(renderNotes(markdown).toLowerCase()).not.toContain(banned);
  });

  it("takes the prose between the front matter and the first ## section", () => {
    expect(notesOf("---\ntool: x\n---\n\n# x\n\nNotes here.\n\n## Scenario: a\n\nnot notes")).toBe("# x\n\nNotes here.");
  });

  it("finds the first section as the parser does: a ## line inside a code fence is part of the notes", () => {
    const text = "\uFEFF---\ntool: x\n---\n\nExample:\n\n```md\n## Scenario: inside a fence\n```\n\n## Scenario: a\n";
    expect(notesOf(text)).toBe("Example:\n\n```md\n## Scenario: inside a fence\n```");
  });
});
