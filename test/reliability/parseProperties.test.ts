// Properties of the tool-file parser and loader: generated well-formed files load with every
// scenario and block at the right line; mutated and arbitrary files never throw and every problem
// points at a line that exists in the file.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadTool } from "../../src/engine/loadTool.js";
import { parseToolFile } from "../../src/toolFile/parseToolFile.js";
import type { Json } from "../../src/base/types.js";
import { hostileJson, hostileString, prototypeSnapshot, runs } from "./arbitraries.js";

interface GenScenario {
  name: string;
  match?: Record<string, Json>;
  kind: "response" | "error";
  body: string;
}

interface GenFile {
  tool: string;
  notes: string[];
  scenarios: GenScenario[];
  properties: string[];
}

const toolName = fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/);
const scenarioName = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);
/** A line of notes that markdown will not read as a heading, fence or front matter. */
const noteLine = hostileString.map((s) => s.replace(/[\u0000-\u001f`#\-=*>|~_[\]<]/g, " ").trim()).filter((s) => !/^\d+[.)]/.test(s));

/** A response body: compact or pretty JSON, sometimes with placeholders. */
const body = fc.oneof(
  hostileJson(3).filter((v) => v !== null && typeof v === "object" && !Array.isArray(v) && !JSON.stringify(v).includes("{{") && !JSON.stringify(v).includes("```")).map((v) => JSON.stringify(v, null, 2)),
  fc.constantFrom('{ "ok": true, "id": "{{args.a}}", "n": {{args.b}}, "at": "{{now+15m}}", "u": {{uuid}} }', '{\n  "when": {{unix+30m}},\n  "label": "{{now|daylabel}}"\n}', '"a plain error text"'),
);

const file: fc.Arbitrary<GenFile> = fc
  .record({
    tool: toolName,
    notes: fc.array(noteLine, { maxLength: 4 }),
    names: fc.uniqueArray(scenarioName, { minLength: 1, maxLength: 6 }),
    properties: fc.uniqueArray(fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,8}$/), { minLength: 1, maxLength: 4 }),
    bodies: fc.array(body, { minLength: 6, maxLength: 6 }),
    kinds: fc.array(fc.constantFrom<"response" | "error">("response", "response", "error"), { minLength: 6, maxLength: 6 }),
    matchValues: fc.array(hostileJson(2).filter((v) => !JSON.stringify(v).includes("```")), { minLength: 6, maxLength: 6 }),
  })
  .map(({ tool, notes, names, properties, bodies, kinds, matchValues }) => ({
    tool,
    notes,
    properties,
    scenarios: names.map((name, i) => ({
      name,
      // The last scenario is the default; the others match on one real input.
      match: i === names.length - 1 ? undefined : { [properties[i % properties.length] as string]: matchValues[i] as Json },
      kind: (bodies[i] as string).startsWith('"') ? "error" : (kinds[i] as "response" | "error"),
      body: bodies[i] as string,
    })),
  }));

/** Write the file and remember the line of each heading and block, counted by hand. */
function writeFile(f: GenFile): { text: string; headingLines: number[]; matchLines: (number | undefined)[]; blockLines: number[]; definitionLine: number } {
  const lines: string[] = ["---", `tool: ${f.tool}`, "domain: generated", "---", "", `# ${f.tool}`, "", ...f.notes, ""];
  const headingLines: number[] = [];
  const matchLines: (number | undefined)[] = [];
  const blockLines: number[] = [];
  for (const s of f.scenarios) {
    headingLines.push(lines.length + 1);
    lines.push(`## Scenario: ${s.name}`, "");
    if (s.match) {
      lines.push("```json match");
      matchLines.push(lines.length + 1);
      lines.push(JSON.stringify(s.match), "```", "");
    } else matchLines.push(undefined);
    lines.push(`\`\`\`json ${s.kind}`);
    blockLines.push(lines.length + 1);
    lines.push(...s.body.split("\n"), "```", "");
  }
  const definition = {
    name: f.tool,
    description: "generated",
    inputSchema: { type: "object", properties: Object.fromEntries(f.properties.map((p) => [p, {}])) },
  };
  lines.push("## Definition", "", "```json tool");
  const definitionLine = lines.length + 1;
  lines.push(JSON.stringify(definition, null, 2), "```", "");
  return { text: lines.join("\n"), headingLines, matchLines, blockLines, definitionLine };
}

const HOSTILE_LINES = ["---", "---js", "```", "```json match", "```json response", "```json tool", "## Definition", "## Scenario: x", "## Scenario:", "## Flow", "{", "}", "{{", "\u0000", "tool: [", "    indented code", "<!--", "-->"];

type Mutation = { op: "delete" | "duplicate" | "insert" | "truncate" | "swap"; at: number; other: number; line: string };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom("delete", "duplicate", "insert", "truncate", "swap"),
  at: fc.nat(),
  other: fc.nat(),
  line: fc.oneof(fc.constantFrom(...HOSTILE_LINES), hostileString),
});

function mutate(text: string, ms: Mutation[]): string {
  let lines = text.split("\n");
  for (const m of ms) {
    const i = m.at % Math.max(1, lines.length);
    const j = m.other % Math.max(1, lines.length);
    if (m.op === "delete") lines.splice(i, 1);
    else if (m.op === "duplicate") lines.splice(i, 0, lines[i] ?? "");
    else if (m.op === "insert") lines.splice(i, 0, m.line);
    else if (m.op === "swap") [lines[i], lines[j]] = [lines[j] ?? "", lines[i] ?? ""];
    else {
      const joined = lines.join("\n");
      lines = joined.slice(0, m.at % (joined.length + 1)).split("\n");
    }
  }
  return lines.join("\n");
}

/** Parse and load: must not throw, and every problem must name this file and a line it has. */
function loadChecked(text: string, tool = "tool") {
  const parsed = parseToolFile(`tools/gen/${tool}.md`, text);
  const loaded = loadTool(parsed);
  const lineCount = text.split("\n").length;
  const problems = loaded.ok ? parsed.problems : loaded.problems;
  for (const p of problems) {
    expect(p.file).toBe(`tools/gen/${tool}.md`);
    expect(Number.isInteger(p.line)).toBe(true);
    expect(p.line).toBeGreaterThanOrEqual(1);
    // +1: an unclosed fence at the end of the file is reported at the line its content would
    // start. +2 for YAML errors: see the known off-by-one below.
    const slack = p.message.startsWith("front matter is not valid YAML") ? 2 : 1;
    expect(p.line, p.message).toBeLessThanOrEqual(lineCount + slack);
    expect(p.message.length).toBeGreaterThan(0);
    // One problem, one line: `file:line: message` must never be broken by the message.
    expect(p.message, p.message).not.toMatch(/[\r\n]/);
  }
  return { parsed, loaded };
}

// A fixed amount of CPU work: on a loaded 2-core machine it can outlast the 30 s default.
describe("parser properties", { timeout: 120_000 }, () => {
  it("a well-formed generated file loads, with every scenario, block and the definition at its line", () => {
    fc.assert(
      fc.property(file, (f) => {
        const { text, headingLines, matchLines, blockLines, definitionLine } = writeFile(f);
        const { parsed, loaded } = loadChecked(text, f.tool);
        expect(parsed.problems).toEqual([]);
        expect(loaded.ok).toBe(true);
        expect(parsed.scenarios.map((s) => s.name)).toEqual(f.scenarios.map((s) => s.name));
        expect(parsed.scenarios.map((s) => s.line)).toEqual(headingLines);
        expect(parsed.scenarios.map((s) => s.match?.line)).toEqual(matchLines);
        expect(parsed.scenarios.map((s) => (s.response ?? s.error)?.line)).toEqual(blockLines);
        expect(parsed.scenarios.map((s) => (s.error ? "error" : "response"))).toEqual(f.scenarios.map((s) => s.kind));
        expect(parsed.definition?.line).toBe(definitionLine);
        expect(parsed.frontMatter.tool).toBe(f.tool);
        // Match blocks are data: parsed back exactly as written, hostile keys included.
        parsed.scenarios.forEach((s, i) => expect(JSON.stringify(s.match?.value)).toBe(JSON.stringify(f.scenarios[i]?.match)));
      }),
      runs(800),
    );
  });

  it("CRLF line endings load the same scenarios at the same lines", () => {
    fc.assert(
      fc.property(file, (f) => {
        const { text, headingLines } = writeFile(f);
        const { parsed, loaded } = loadChecked(text.replace(/\n/g, "\r\n"), f.tool);
        expect(loaded.ok).toBe(true);
        expect(parsed.scenarios.map((s) => s.line)).toEqual(headingLines);
      }),
      runs(300),
    );
  });

  it("a mutated file never throws and every problem names a line of the file", () => {
    const leaked = prototypeSnapshot();
    fc.assert(
      fc.property(file, fc.array(mutation, { minLength: 1, maxLength: 4 }), (f, ms) => {
        loadChecked(mutate(writeFile(f).text, ms), f.tool);
      }),
      runs(1500),
    );
    expect(leaked()).toEqual([]);
  });

  it("arbitrary text never throws and every problem names a line of the file", () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.array(fc.oneof(fc.constantFrom(...HOSTILE_LINES), hostileString), { maxLength: 30 }).map((ls) => ls.join("\n")),
    );
    fc.assert(
      fc.property(text, (t) => {
        loadChecked(t);
      }),
      runs(2000),
    );
  });

  // Regression: gray-matter hands js-yaml the text after the opening ---, newline first, so
  // js-yaml's line 0 is file line 1; the offset was 2.
  it("a YAML error names the line js-yaml stopped at", () => {
    const parsed = parseToolFile("t.md", "---\ntool: [a\ndomain: x\n---\n");
    expect(parsed.problems[0]).toEqual({ file: "t.md", line: 3, message: "front matter is not valid YAML: missed comma between flow collection entries" });
  });

  it("front matter in a language other than YAML is refused, never evaluated", () => {
    const g = globalThis as { __careemFrontMatterRan?: number };
    for (const lang of ["js", "JS", "javascript", "JavaScript", "coffee", "cson", "toString", "constructor", "__proto__", "valueOf", "hasOwnProperty", "__defineGetter__"]) {
      delete g.__careemFrontMatterRan;
      const text = `---${lang}\n{ tool: (globalThis.__careemFrontMatterRan = 1, "evil") }\n---\n\n## Definition\n\n\`\`\`json tool\n{"name":"evil","inputSchema":{"type":"object"}}\n\`\`\`\n`;
      const { loaded } = loadChecked(text);
      expect(g.__careemFrontMatterRan, lang).toBeUndefined();
      expect(loaded.ok, lang).toBe(false);
    }
  });

  it("YAML front matter cannot set a prototype or build objects from tags", () => {
    for (const yaml of ["__proto__: { tool: evil }", "tool: !!js/function 'function(){ return 1 }'", "tool: !!js/regexp /x/", "tool: !!js/undefined ''"]) {
      const parsed = parseToolFile("t.md", `---\n${yaml}\n---\n`);
      expect(Object.getPrototypeOf(parsed.frontMatter)).toBe(Object.prototype);
      expect(typeof parsed.frontMatter.tool === "function" || parsed.frontMatter.tool instanceof RegExp).toBe(false);
      expect(({} as Record<string, unknown>).tool).toBeUndefined();
    }
  });
});
