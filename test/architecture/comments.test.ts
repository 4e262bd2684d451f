// A comment in src/ says its reason itself: a reader of the repository cannot follow a pointer
// to the tracker ("issue 14"), to the contract folder outside it ("SPEC-NOTES 19", "seed 003",
// "the server-surface seed") or to a style guide.
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { projectRoot } from "../journeys/server.js";

const OUTSIDE = /\bissues? \d+\b|SPEC-NOTES|STYLE\.md|STYLE practice|\bseed \d{3}\b|\bseeds?['’]s?\b(?! ?[:=(])|server-surface seed/i;

/** `// ...` and `/* ... *\/` comment text of a TypeScript source, line by line, with its line number. */
export function commentLines(text: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  text.split("\n").forEach((source, i) => {
    const m = /(?:^|\s)(\/\/.*|\/\*.*|^\s*\*.*)$/.exec(source);
    if (m) found.push({ line: i + 1, text: m[1] as string });
  });
  return found;
}

it("finds pointers in comments and leaves code alone", () => {
  const sample = ['// as production does (SPEC-NOTES 19)', "const seed = opts.seed; // the walk's seed", "/** the seed's shape */", ' * see issue 14', "run(seed(3));"].join("\n");
  expect(commentLines(sample).filter((c) => OUTSIDE.test(c.text)).map((c) => c.line)).toEqual([1, 3, 4]);
});

it("no comment in src/ points outside the repository", () => {
  const src = path.join(projectRoot, "src");
  const pointers: string[] = [];
  const files = fs.readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  expect(files.length).toBeGreaterThan(100);
  for (const file of files) {
    for (const comment of commentLines(fs.readFileSync(path.join(src, file), "utf8"))) {
      if (OUTSIDE.test(comment.text)) pointers.push(`src/${file}:${comment.line}: ${comment.text.trim()}`);
    }
  }
  expect(pointers).toEqual([]);
});
