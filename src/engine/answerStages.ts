// The two stages after a scenario is chosen, as a call runs them and as --check runs them: the
// template rendered, then the result made of it and checked against outputSchema. One code path,
// so --check proves what a call answers, not a second reading of it.
import { goMarshal } from "../goJson/encode.js";
import { goMarshalFinal } from "../goJson/marshalled.js";
import { sortKeys } from "../goJson/sortKeys.js";
import { isObject } from "../base/isObject.js";
import type { Json, JsonObject, ToolCallResult } from "../base/types.js";
import { render, renderSorted, rendersSorted, type RenderContext } from "../template/render.js";
import { goValidationReason } from "./goValidation.js";
import type { LoadedScenario, LoadedTool } from "./loadTool.js";

/**
 * The scenario's answer. With an outputSchema the go-sdk re-marshals the output through a Go map,
 * so its keys are sorted at every depth: rendered in that order straight away where the answer is
 * an object. Throws what rendering throws.
 */
export function renderAnswer(tool: LoadedTool, scenario: LoadedScenario, ctx: RenderContext): Json {
  return sortsOutput(tool, scenario) ? renderSorted(scenario.template, ctx) : render(scenario.template, ctx);
}

function sortsOutput(tool: LoadedTool, scenario: LoadedScenario): boolean {
  return !scenario.isError && tool.definition.outputSchema !== undefined && rendersSorted(scenario.template);
}

export interface MadeResult {
  result: ToolCallResult;
  /** Set when a success is not a JSON object (structured output must be one). */
  notAnObject?: true;
  /** Where and how the output breaks outputSchema (Ajv, formats on), whether on purpose or not. */
  mismatch?: { path: string[]; message: string };
  /** The scenario declares the invalid-output fault: its mismatch is on purpose. */
  breaksOnPurpose: boolean;
  /** What the go-sdk's typed handler answers for an output its validator refuses (it does not check `format`). */
  rpcError?: { code: number; message: string };
}

/** The tools/call result of a rendered answer, as the go-sdk makes it, and what breaks its schema. */
export function makeResult(tool: LoadedTool, scenario: LoadedScenario, value: Json): MadeResult {
  const breaksOnPurpose = scenario.dynamics?.fault === "invalid-output";
  if (scenario.isError) return { result: errorResult(typeof value === "string" ? value : goMarshal(value)), breaksOnPurpose };
  if (!isObject(value)) return { result: { content: [{ type: "text", text: goMarshal(value) }], isError: false }, notAnObject: true, breaksOnPurpose };
  const made: MadeResult = { result: { content: [], isError: false }, breaksOnPurpose };
  const mismatch = tool.validators.outputError(value);
  if (mismatch) {
    made.mismatch = mismatch;
    const goReason = breaksOnPurpose ? null : goValidationReason(tool.definition.outputSchema as JsonObject, value);
    if (goReason !== null) made.rpcError = { code: 0, message: `validating tool output: ${goReason}` };
  }
  const output = (sortsOutput(tool, scenario) || tool.definition.outputSchema === undefined ? value : sortKeys(value)) as JsonObject;
  // Final from here on: the answer's encoder reuses this text for structuredContent.
  made.result = { content: [{ type: "text", text: goMarshalFinal(output) }], structuredContent: output, isError: false };
  return made;
}

export function errorResult(text: string): ToolCallResult {
  return { content: [{ type: "text", text }], isError: true };
}
