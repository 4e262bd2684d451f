// ToolFile -> a servable tool: templates compiled, schemas compiled, names agreed. Anything that
// would make a call answer wrongly is a fatal problem: the file is left out of tools/list.
import { parseDynamics, type Dynamics } from "../base/dynamics.js";
import { JsonTextError } from "../base/jsonText.js";
import { compileTemplate, type Template } from "../template/template.js";
import type { Block, JsonObject, Problem, ToolFile } from "../base/types.js";
import { compileValidators, SchemaCompileError, type ToolValidators } from "./validators.js";
import { Interned } from "../base/interned.js";
import { internSchemas } from "./internSchemas.js";
import { isObject } from "../base/isObject.js";
import { toolShapeProblem } from "./toolShape.js";
import { compileScenarioState, type ScenarioState } from "../state/scenarioState.js";

export interface LoadedScenario {
  name: string;
  line: number;
  match?: Block;
  /** Compiled `json response` or `json error` template. */
  template: Template;
  isError: boolean;
  /** Line of the response or error block. */
  blockLine: number;
  /** `json match-schema`, `json when`, `json then` compiled (src/state/scenarioState.ts). */
  state?: ScenarioState;
  /** Declared latency, progress, log messages and fault (`json dynamics`). */
  dynamics?: Dynamics;
}

export interface LoadedTool {
  file: ToolFile;
  name: string;
  definition: JsonObject;
  scenarios: LoadedScenario[];
  validators: ToolValidators;
  /** This file's part of the persona's world (`## State`), rendered into every new state. */
  initialState?: Template;
}

/** Templates are never changed after compiling, so files with the same block share one. */
const sharedTemplates = new Interned<Template>();

export type LoadResult = { ok: true; tool: LoadedTool } | { ok: false; problems: Problem[] };


export function loadTool(file: ToolFile, opts: { keepText?: boolean } = {}): LoadResult {
  const problems: Problem[] = [...file.problems];
  const at = (line: number, message: string) => problems.push({ file: file.path, line, message });
  const definition = file.definition?.value;
  const defLine = file.definition?.line ?? 1;

  if (definition) {
    if (!isObject(definition.inputSchema) || definition.inputSchema.type !== "object") {
      at(defLine, `inputSchema must be a JSON Schema object with "type": "object"`);
    } else if (definition.outputSchema !== undefined && (!isObject(definition.outputSchema) || definition.outputSchema.type !== "object")) {
      at(defLine, `outputSchema must be a JSON Schema object with "type": "object"`);
    } else {
      const problem = toolShapeProblem(definition);
      if (problem) at(defLine, `definition is not a valid MCP tool: ${problem}`);
    }
    if (definition.name !== file.name) {
      at(defLine, `definition name ${JSON.stringify(definition.name)} differs from the file name "${file.name}" (rename the file to ${String(definition.name)}.md)`);
    }
  }
  const declared = file.frontMatter.tool;
  // A file that did not parse has already said why; "no tool:" would only repeat it.
  if (declared === undefined && file.problems.length === 0) at(file.frontMatterLine, `front matter has no "tool:" (add tool: ${file.name})`);
  else if (definition && declared !== undefined && declared !== definition.name) {
    at(file.frontMatterLine + 1, `front matter tool "${String(declared)}" differs from the definition name ${JSON.stringify(definition.name)}`);
  }

  const scenarios: LoadedScenario[] = [];
  for (const scenario of file.scenarios) {
    const block = scenario.response ?? scenario.error;
    if (!block) continue;
    let dynamics: Dynamics | undefined;
    if (scenario.dynamics) {
      const parsed = parseDynamics(scenario.dynamics.value, scenario.dynamics.line);
      if (parsed.ok) dynamics = parsed.dynamics;
      else for (const p of parsed.problems) at(p.line, `scenario "${scenario.name}": ${p.message}`);
    }
    try {
      const template = sharedTemplates.get(block.value, () => compileTemplate(block.value));
      const state = compileScenarioState(scenario, template, (line, message) => at(line, `scenario "${scenario.name}": ${message}`));
      scenarios.push({
        name: scenario.name,
        line: scenario.line,
        match: scenario.match,
        template,
        isError: !scenario.response,
        blockLine: block.line,
        ...(state ? { state } : {}),
        ...(dynamics && { dynamics }),
      });
    } catch (err) {
      const kind = scenario.response ? "json response" : "json error";
      if (err instanceof JsonTextError) at(block.line + err.lineOffset, `scenario "${scenario.name}": ${kind} ${err.message}`);
      // A block nested thousands deep overflows the compiler's recursion: this file is broken, the catalog is not.
      else at(block.line, `scenario "${scenario.name}": ${kind} cannot be compiled: ${err instanceof Error ? err.message : String(err)} (is it nested thousands of levels deep?)`);
    }
  }

  let validators: ToolValidators | undefined;
  // Identical schemas across files (or edits) become one object, with one compiled validator.
  const served = definition && problems.length === 0 ? internSchemas(definition) : definition;
  if (served && problems.length === 0) {
    try {
      validators = compileValidators(served);
    } catch (err) {
      if (!(err instanceof SchemaCompileError)) throw err;
      at(defLine, err.message);
    }
  }
  if (problems.length > 0 || !served || !validators) return { ok: false, problems };
  let initialState: Template | undefined;
  if (file.state) {
    try {
      initialState = compileTemplate(file.state.value);
      const root = initialState.root;
      const isObjectRoot = root.t === "object" || (root.t === "literal" && isObject(root.value));
      if (!isObjectRoot) at(file.state.line, "json state block must be a JSON object (top-level keys of the initial state)");
    } catch (err) {
      if (err instanceof JsonTextError) at(file.state.line + err.lineOffset, `json state block: ${err.message}`);
      else throw err;
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const kept = opts.keepText ? file : keepable(file, served);
  for (const scenario of scenarios) scenario.name = fresh(scenario.name);
  return { ok: true, tool: { file: kept, name: kept.name, definition: served, scenarios, validators, initialState } };
}

function fresh<T>(value: T): T {
  try {
    return structuredClone(value);
  } catch {
    return value; // not cloneable (never for YAML data): keep it, text and all
  }
}

/**
 * What a loaded tool keeps of its file: not its scenarios or ## State text (compiled into the
 * tool's scenarios and initial state), the definition as served, and no string cut out of the
 * file's text. V8 keeps a whole string alive for any slice of it, so a scenario name or
 * front-matter value kept the file's text (about 15 KB, twice that for non-Latin-1 text) for as
 * long as the tool was loaded: 46 MiB at 2,000 files. structuredClone makes fresh copies; the
 * definition and match blocks are JSON.parse output, which never slices.
 */
function keepable(file: ToolFile, definition: JsonObject): ToolFile {
  return {
    ...file,
    // The definition as served (its schemas shared with identical ones), not the parsed copy.
    ...(file.definition && { definition: { line: file.definition.line, value: definition } }),
    path: fresh(file.path),
    name: fresh(file.name),
    frontMatter: fresh(file.frontMatter),
    // Every scenario is compiled into the tool's own list; only --check (keepText) reads them as written.
    scenarios: [],
    // The ## State text is compiled into initialState; only its line is read again (for problems).
    ...(file.state && { state: { line: file.state.line, value: "" } }),
  };
}
