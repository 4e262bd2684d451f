// The line scan must read exactly what remark reads, or step aside: compared on every shipped and
// fixture tool file, on table rows of the corners, and on generated bodies salted with markdown.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { scanStructure } from "../../src/toolFile/scanStructure.js";
import { structuralLines } from "../../src/toolFile/structuralLines.js";
import { runs } from "../reliability/arbitraries.js";

interface Node {
  type: string;
  depth?: number;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: Node[];
  position?: { start: { line: number } };
}

const textOf = (n: Node): string => (typeof n.value === "string" ? n.value : (n.children ?? []).map(textOf).join(""));

/** What parseToolFile reads of a node: headings' depth and text, code blocks' info and content, lines. */
function readable(nodes: Node[]) {
  return nodes
    .filter((n) => n.type === "heading" || n.type === "code")
    .map((n) =>
      n.type === "heading"
        ? { type: n.type, line: n.position?.start.line, depth: n.depth, text: n.depth === 2 ? textOf(n) : undefined }
        : { type: n.type, line: n.position?.start.line, lang: n.lang ?? null, meta: n.meta ?? null, value: n.value },
    );
}

const remark = unified().use(remarkParse);
const viaRemark = (structural: string) => readable((remark.parse(structural) as Node).children ?? []);

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith(".md")).map((e) => path.join(e.parentPath, e.name));
}

describe("scanStructure reads what remark reads", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const files = [...markdownFiles(path.join(root, "tools")), ...markdownFiles(path.join(root, "test/fixtures"))];

  it(`every shipped and fixture tool file (${files.length}) is scanned, and as remark parses it`, () => {
    let scanned = 0;
    for (const file of files) {
      const structural = structuralLines(fs.readFileSync(file, "utf8"));
      const nodes = scanStructure(structural);
      if (!nodes) continue;
      scanned++;
      expect(readable(nodes), file).toEqual(viaRemark(structural));
    }
    // The shipped catalog has no file the scan hands back to remark.
    expect(scanned).toBeGreaterThanOrEqual(markdownFiles(path.join(root, "tools")).length);
  });

  const rows: [string, string, "scan" | "remark"][] = [
    ["plain scenario heading", "## Scenario: ok\n\n```json response\n{}\n```", "scan"],
    ["closing hashes", "## Scenario: x ##\n", "remark"],
    ["emphasis in a scenario name", "## Scenario: *x*\n", "remark"],
    ["escape in a scenario name", "## Scenario: a\\_b\n", "remark"],
    ["entity in a scenario name", "## Scenario: a&amp;b\n", "remark"],
    ["trailing tabs and spaces", "##   Scenario: x \t \n", "scan"],
    ["indented heading", "   ## Definition\n", "scan"],
    ["other depths keep markup", "# *title* ##\n### `x`\n", "scan"],
    ["empty heading", "##\n## \n", "scan"],
    ["tilde fence, longer close", "~~~json tool\n{}\n~~~~~\n", "scan"],
    ["backtick fence holding a shorter one", "````json response\n```\n````\n", "scan"],
    ["info with extra words", "```json   response  extra \n{}\n```\n", "scan"],
    ["empty block", "```json match\n```\n", "scan"],
    ["indented close", "```json match\n{}\n   ```\n", "scan"],
    ["indented fence", "  ```json match\n  {}\n  ```\n", "remark"],
    ["unclosed fence", "```json match\n{}\n", "remark"],
    ["escaped info", "```json\\ match\n{}\n```\n", "remark"],
    ["CRLF", "## Scenario: x\r\n", "remark"],
  ];
  it.each(rows)("%s", (_label, body, by) => {
    const structural = structuralLines(body);
    const nodes = scanStructure(structural);
    expect(nodes ? "scan" : "remark").toBe(by);
    if (nodes) expect(readable(nodes)).toEqual(viaRemark(structural));
  });

  it("generated bodies: whenever the scan answers, remark agrees", () => {
    const line = fc.oneof(
      fc.constantFrom("", "## Scenario: a", "## Definition", "# t", "### x", "```json match", "```json response", "```json tool", "```", "````", "~~~", "~~~json error", " ```", "## Scenario: a ##", "##", "text", "- item", "{\"a\": 1}", "  ## Flow", "\t## x", "``` json match"),
      fc.stringMatching(/^[ #`~*_\\&a-z:\t]{0,12}$/),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const structural = structuralLines(lines.join("\n"));
        const nodes = scanStructure(structural);
        if (nodes) expect(readable(nodes)).toEqual(viaRemark(structural));
      }),
      runs(3000),
    );
  });
});
