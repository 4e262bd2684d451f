// The scenario honesty check: every scenario of every tool rendered as if forced (no selection,
// no input validation) with sample arguments, through the stages a call runs, and validated
// against the tool's real output schema (formats on).
import { Catalog } from "../engine/catalog.js";
import { systemRandom } from "../engine/engine.js";
import type { LoadedTool } from "../engine/loadTool.js";
import path from "node:path";
import { makeResult, renderAnswer } from "../engine/answerStages.js";
import { World, WORLD_FOLDER, type WorldSnapshot } from "../world/world.js";
import { isDefaultScenario } from "../engine/select.js";
import type { Clock, Json, JsonObject, Problem } from "../base/types.js";
import { unknownArgPlaceholders } from "./argPlaceholders.js";
import { unknownMatchKeys } from "./matchKeys.js";
import { overlay, sampleFor } from "./sampleArguments.js";
import { isObject, type SchemaNode } from "./schemaWalk.js";
import { checkScenarioState, sampleArguments, sampleState, unwrittenReads } from "./checkState.js";
import { initialState } from "../state/initialState.js";
import { placeProblems } from "./checkPlace.js";
import { keyLine } from "./keyLine.js";
import { worldNameProblems } from "./worldNames.js";

export interface CheckReport {
  ok: boolean;
  tools: number;
  scenarios: number;
  problems: Problem[];
}

function checkTool(tool: LoadedTool, clock: Clock, initial: JsonObject, world: WorldSnapshot): Problem[] {
  const problems: Problem[] = [];
  const at = (line: number, message: string) => problems.push({ file: tool.file.path, line, message });
  problems.push(...worldNameProblems(tool, world));
  const inputSchema = tool.definition.inputSchema as SchemaNode;
  const sample = sampleFor(inputSchema, inputSchema);

  if (!tool.scenarios.some(isDefaultScenario)) {
    const last = tool.scenarios[tool.scenarios.length - 1];
    at(last?.line ?? tool.file.definition?.line ?? 1, `${tool.name} has no default scenario (add a ## Scenario without a json match block, normally last)`);
  }
  for (const scenario of tool.scenarios) {
    const written = tool.file.scenarios.find((s) => s.name === scenario.name);
    const block = written?.response ?? written?.error;
    for (const p of unknownArgPlaceholders(tool.name, inputSchema, scenario.template.root, block?.value ?? "")) {
      at(scenario.blockLine + p.lineOffset, `scenario "${scenario.name}": ${p.message}`);
    }
    let args: Json = sample;
    if (scenario.match) {
      for (const message of unknownMatchKeys(tool.name, inputSchema, scenario.match.value)) at(scenario.match.line, message);
      args = overlay(sample, scenario.match.value);
    }
    // `json given` may name sample arguments too: a scenario that looks the world up by an
    // argument (a closed restaurant, an expired promo) needs a real id, not "sample".
    const givenArgs = sampleArguments(scenario);
    if (givenArgs) args = overlay(args, givenArgs);
    let value: Json;
    const argObject = (isObject(args) ? args : {}) as JsonObject;
    const state = scenario.state ? sampleState(initial, scenario) : undefined;
    // The stages a call runs after selection (engine/answerStages.ts): forced here, so every
    // scenario is proven, with sample arguments instead of a client's.
    try {
      value = renderAnswer(tool, scenario, { args: argObject, clock, random: systemRandom, state, world });
    } catch (err) {
      at(scenario.blockLine, `scenario "${scenario.name}" does not render: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    if (state) problems.push(...checkScenarioState(tool, scenario, argObject, state, value, clock, systemRandom, world));
    if (scenario.isError) continue;
    const made = makeResult(tool, scenario, value);
    if (made.notAnObject) {
      at(scenario.blockLine, `scenario "${scenario.name}" response is not a JSON object (structured output must be an object)`);
      continue;
    }
    if (made.breaksOnPurpose) {
      if (!made.mismatch) at(scenario.dynamics?.line ?? scenario.blockLine, `scenario "${scenario.name}" declares the invalid-output fault but its response validates against outputSchema (make it break the schema, or drop the fault)`);
    } else if (made.mismatch) {
      // At the offending key's line, where the block's text is kept (it always is under --check).
      const offset = block ? keyLine(block.value, made.mismatch.path) : 0;
      at(scenario.blockLine + offset, `scenario "${scenario.name}" response does not validate against outputSchema: ${made.mismatch.message}`);
    }
  }
  return problems;
}

export function checkCatalog(toolsDir: string, clock: Clock = () => Date.now()): CheckReport {
  const problems: Problem[] = [];
  let tools = 0;
  let scenarios = 0;
  // Blocks keep their text here, so each placeholder problem names its own line.
  const entries = new Catalog(toolsDir, { keepText: true }).all();
  const initial = initialState(entries, clock, systemRandom);
  const world = new World(path.join(toolsDir, WORLD_FOLDER), clock, systemRandom).snapshot();
  problems.push(...world.problems, ...initial.problems, ...unwrittenReads(entries, initial.state), ...placeProblems(toolsDir, entries));
  for (const entry of entries) {
    tools++;
    if (entry.kind === "broken") {
      problems.push(...entry.problems);
      continue;
    }
    scenarios += entry.result.tool.scenarios.length;
    problems.push(...checkTool(entry.result.tool, clock, initial.state, world));
  }
  problems.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  return { ok: problems.length === 0 && tools > 0, tools, scenarios, problems };
}
