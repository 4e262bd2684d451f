// Tool file (markdown) -> ToolFile: front matter, ordered scenarios, definition, each with its
// line. Never throws: every problem is collected with a place and a hint, like Prism's
// diagnostics, so one broken file is reported instead of stopping the rest.
import matter from "gray-matter";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { JsonTextError, parseJson } from "../base/jsonText.js";
import { scanStructure } from "./scanStructure.js";
import { structuralLines } from "./structuralLines.js";
import type { Block, Json, JsonObject, Scenario, ToolFile } from "../base/types.js";

// Front matter is data, never code: gray-matter would eval `---js` blocks with its default engines.
const refuse = () => {
  throw new Error("only YAML front matter is allowed (remove the language after the opening ---)");
};
export const MATTER_OPTIONS = { engines: { js: refuse, javascript: refuse, coffee: refuse, coffeescript: refuse, cson: refuse } };

const processor = unified().use(remarkParse);

const SCENARIO_BLOCKS = new Set(["match", "response", "error", "dynamics"]);
// State and schema matching (src/state, src/schemaMatch): optional blocks under a scenario.
const STATE_BLOCKS = new Set(["match-schema", "when", "then", "given"]);
/** Blocks kept as text: they may hold bare {{...}} values and are compiled later (dynamics: loadTool parses them, so a problem can name the line of its key). */
const TEMPLATE_BLOCKS = new Set(["response", "error", "then", "match-schema", "state", "dynamics"]);

interface MdNode {
  type: string;
  depth?: number;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: MdNode[];
  position?: { start: { line: number } };
}

function textOf(node: MdNode): string {
  if (typeof node.value === "string") return node.value;
  return (node.children ?? []).map(textOf).join("");
}

/** Number of lines before the body gray-matter returns, so body lines map to file lines. */
export function bodyLineOffset(text: string, body: string): number {
  if (!text.endsWith(body)) return 0;
  const prefix = text.slice(0, text.length - body.length);
  let lines = 0;
  for (let i = 0; i < prefix.length; i++) if (prefix.charCodeAt(i) === 10) lines++;
  return lines;
}

export function parseToolFile(displayPath: string, input: string): ToolFile {
  // Editors on some systems save UTF-8 with a byte-order mark; it is not part of the front matter.
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const name = displayPath.replace(/^.*[\\/]/, "").replace(/\.md$/, "");
  const file: ToolFile = { path: displayPath, name, frontMatter: {}, frontMatterLine: 1, scenarios: [], problems: [] };
  const problem = (line: number, message: string) => file.problems.push({ file: displayPath, line, message });

  if (text.trim() === "") {
    problem(1, "file is empty (a tool file needs front matter, scenarios and a ## Definition)");
    return file;
  }
  if (text.includes("\u0000")) {
    problem(1, "file is binary, not markdown (a tool file is UTF-8 text)");
    return file;
  }

  let body = text;
  try {
    const parsed = matter(text, MATTER_OPTIONS as never);
    file.frontMatter = (parsed.data ?? {}) as Record<string, unknown>;
    body = parsed.content;
  } catch (err) {
    const mark = (err as { mark?: { line?: number } }).mark;
    const reason = (err as { reason?: string }).reason ?? (err instanceof Error ? err.message : String(err));
    // gray-matter hands js-yaml the text after the opening ---, newline first: its line 0 is file line 1.
    problem(mark?.line !== undefined ? mark.line + 1 : 1, `front matter is not valid YAML: ${reason}`);
    return file;
  }
  const offset = bodyLineOffset(text, body);
  if (!text.startsWith("---")) problem(1, "missing front matter: start the file with ---, tool: <name>, ---");

  const structural = structuralLines(body);
  const nodes: MdNode[] = scanStructure(structural) ?? ((processor.parse(structural) as MdNode).children ?? []);
  let section: { kind: "notes" | "flow" | "definition" | "state" | "other" } | { kind: "scenario"; scenario: Scenario } = { kind: "notes" };
  let definitions = 0;
  let definitionLine = 0;
  let toolBlocks = 0;

  for (const node of nodes) {
    const line = (node.position?.start.line ?? 1) + offset;
    if (node.type === "heading" && node.depth === 2) {
      const title = textOf(node).trim();
      const scenarioTitle = /^Scenario:\s*(.*)$/.exec(title);
      if (scenarioTitle) {
        const scenarioName = (scenarioTitle[1] ?? "").trim();
        if (!scenarioName) problem(line, "scenario heading has no name (write ## Scenario: <name>)");
        else if (file.scenarios.some((s) => s.name === scenarioName)) problem(line, `duplicate scenario "${scenarioName}" (scenario names must be unique in a file)`);
        const scenario: Scenario = { name: scenarioName, line };
        file.scenarios.push(scenario);
        section = { kind: "scenario", scenario };
      } else if (title === "Definition") {
        definitions++;
        definitionLine ||= line;
        if (definitions > 1) problem(line, "second ## Definition section (a tool file has exactly one)");
        section = { kind: "definition" };
      } else if (title === "State") {
        section = { kind: "state" };
      } else if (title === "Flow") {
        section = { kind: "flow" };
      } else {
        section = { kind: "other" };
      }
      continue;
    }
    if (node.type !== "code" || section.kind === "flow") continue;
    const lang = (node.lang ?? "").trim();
    const meta = (node.meta ?? "").trim();
    if (lang !== "json" || !meta) continue;
    const contentLine = line + 1;
    if (meta === "tool" && section.kind === "definition") toolBlocks++;
    let value: Json;
    try {
      // Templates may hold bare {{...}} values, which are not JSON: they are compiled later.
      value = TEMPLATE_BLOCKS.has(meta) ? (node.value ?? "") : (parseJson(node.value ?? "") as Json);
    } catch (err) {
      if (err instanceof JsonTextError) {
        problem(contentLine + err.lineOffset, `json ${meta} block: ${err.message}`);
        continue;
      }
      throw err;
    }
    const block: Block = { value, line: contentLine };
    if (section.kind === "scenario" && STATE_BLOCKS.has(meta)) {
      const scenario = section.scenario;
      const key = meta === "match-schema" ? "matchSchema" : (meta as "when" | "then" | "given");
      if (scenario[key]) problem(line, `scenario "${scenario.name}" has a second json ${meta} block (keep one)`);
      else if (key === "when" && typeof value !== "string") problem(contentLine, `json when block must be one JSON string: a JSONata condition over $args and $state`);
      else if (key === "given" && (typeof value !== "object" || value === null || Array.isArray(value))) problem(contentLine, "json given block must be a JSON object: the sample state --check renders this scenario with");
      else (scenario as unknown as Record<string, Block>)[key] = block;
    } else if (section.kind === "state" && meta === "state") {
      if (file.state) problem(line, "second json state block (a tool file declares its initial state once)");
      else file.state = block as Block<string>;
    } else if (section.kind === "scenario" && SCENARIO_BLOCKS.has(meta)) {
      const scenario = section.scenario;
      const key = meta as "match" | "response" | "error" | "dynamics";
      if (scenario[key]) problem(line, `scenario "${scenario.name}" has a second json ${meta} block (keep one)`);
      else if (key === "dynamics") scenario.dynamics = block as Block<string>;
      else if (key !== "match" && (scenario.response || scenario.error)) {
        problem(line, `scenario "${scenario.name}" has both json response and json error (a scenario answers one way)`);
      } else if (key === "match") scenario.match = block;
      else if (key === "response") scenario.response = block as Block<string>;
      else scenario.error = block as Block<string>;
    } else if (section.kind === "definition" && meta === "tool") {
      if (file.definition) {
        // A second ## Definition section has already been reported; only flag two blocks in one section.
        if (definitions === 1) problem(line, "second json tool block (a tool file has exactly one definition)");
      }
      else if (typeof value !== "object" || value === null || Array.isArray(value)) problem(contentLine, "json tool block must be a JSON object (the MCP tool)");
      else file.definition = block as Block<JsonObject>;
    } else if (SCENARIO_BLOCKS.has(meta) || STATE_BLOCKS.has(meta) || meta === "tool" || meta === "state") {
      const where = meta === "tool" ? "under ## Definition" : meta === "state" ? "under ## State" : "under a ## Scenario: heading";
      problem(line, `json ${meta} block outside its section (move it ${where})`);
    }
  }

  for (const scenario of file.scenarios) {
    if (!scenario.response && !scenario.error) problem(scenario.line, `scenario "${scenario.name}" has no json response or json error block`);
  }
  if (definitions === 0) problem(Math.max(1, offset + 1), "no ## Definition section with a json tool block (add one at the end)");
  else if (toolBlocks === 0) problem(definitionLine, "## Definition has no json tool block (add a ```json tool block under it)");
  return file;
}

/**
 * A tool file's notes for humans: the markdown after the front matter and before the first `##`
 * section, found as parseToolFile finds sections (a `## ` line inside a code fence is not one).
 * Empty when the front matter does not parse: the file is broken, and its problems say why.
 */
export function notesOf(input: string): string {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  let body: string;
  try {
    body = matter(text, MATTER_OPTIONS as never).content;
  } catch {
    return "";
  }
  const structural = structuralLines(body);
  const nodes: MdNode[] = scanStructure(structural) ?? ((processor.parse(structural) as MdNode).children ?? []);
  const section = nodes.find((node) => node.type === "heading" && node.depth === 2);
  const lines = body.split("\n");
  return (section ? lines.slice(0, (section.position?.start.line ?? 1) - 1) : lines).join("\n").trim();
}
