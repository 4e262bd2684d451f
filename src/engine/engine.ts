// The call pipeline every transport uses: catalog -> validate -> select -> render -> result.
// Pure of transports: no express, no sockets. Clock and randomness are injected.
import { createHash, randomInt, randomUUID } from "node:crypto";
import { Catalog } from "./catalog.js";
import { goQuote } from "./goFormat.js";
import { goJson } from "./goJson.js";
import { stringifyDeep } from "./jsonText.js";
import { render } from "./render.js";
import { selectScenario, type Selection } from "./select.js";
import type { CallContext, CallOutcome, Clock, ForcedChoice, Forcing, Json, JsonObject, Problem, RandomSource, ToolCallResult } from "./types.js";
import { isObject } from "./isObject.js";
import { closestMiss } from "./closest.js";
import { forcedByCall } from "./forcedByCall.js";
import type { LoadedTool } from "./loadTool.js";
import { whySteps, type WhyReport } from "./why.js";
import { withResultFault } from "./resultFault.js";
import { withSignedInUser } from "./signedInUser.js";
import { sortKeys } from "./sortKeys.js";

export interface EngineOptions {
  /** Absolute path of the tools directory (default `<project>/tools`). */
  toolsDir: string;
  /**
   * Out-of-band forcing: per session, then `.run/overrides.json` (src/forcing in the host).
   * Injected so the engine never depends on where forcing is kept; absent means only per-call
   * forcing (the request's `_meta`) applies.
   */
  forced?: Forcing;
  clock?: Clock;
  random?: RandomSource;
}

export const systemRandom: RandomSource = {
  int: (min, max) => randomInt(min, max + 1),
  uuid: () => randomUUID(),
};

export const systemClock: Clock = () => Date.now();

const nothingForced: Forcing = { choose: () => ({ warnings: [] }) };

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}: ${p.message}`;
}

function errorResult(text: string): ToolCallResult {
  return { content: [{ type: "text", text }], isError: true };
}

/**
 * A definition's JSON, kept as long as its parsed file is: a file that did not change keeps its
 * definition object, so a fingerprint of 2,000 files costs their stats, not 2,000 encodings.
 */
const definitionTexts = new WeakMap<JsonObject, string>();

function definitionText(definition: JsonObject): string {
  let text = definitionTexts.get(definition);
  if (text === undefined) definitionTexts.set(definition, (text = JSON.stringify(definition)));
  return text;
}

export class Engine {
  readonly catalog: Catalog;
  private readonly clock: Clock;
  private readonly random: RandomSource;
  private readonly overrides: Forcing;

  constructor(opts: EngineOptions) {
    this.catalog = new Catalog(opts.toolsDir);
    this.overrides = opts.forced ?? nothingForced;
    this.clock = opts.clock ?? systemClock;
    this.random = opts.random ?? systemRandom;
  }

  /**
   * Every good tool file's `json tool` block verbatim, sorted by name; broken files left out.
   * The same array as last time while no definition changed, so a transport can keep its
   * serialised form (6.5 MiB at 2,000 tools) until then. Callers must not change it.
   */
  listTools(): JsonObject[] {
    const tools: JsonObject[] = [];
    for (const entry of this.catalog.all()) if (entry.kind === "ok") tools.push(entry.result.tool.definition);
    const last = this.lastList;
    if (last && last.length === tools.length && last.every((t, i) => t === tools[i])) return last;
    this.lastList = tools;
    return tools;
  }
  private lastList?: JsonObject[];

  /** Load and compile every tool file once, in the background (see Catalog.warm). */
  warm(): Promise<void> {
    return this.catalog.warm();
  }

  /** Problems of every broken file in the catalog right now (for log lines). */
  problems(): Problem[] {
    return this.catalog.all().flatMap((entry) => (entry.kind === "broken" ? entry.problems : []));
  }

  /**
   * Changes whenever what tools/list shows changes: the set of good tools or a definition. A
   * broken file, left out of the list, changes nothing a client can see (drives tools/list_changed).
   */
  fingerprint(): string {
    const hash = createHash("sha1");
    for (const entry of this.catalog.all()) {
      if (entry.kind === "ok") hash.update(`${entry.name}\u0000${definitionText(entry.result.tool.definition)}\u0001`);
    }
    return hash.digest("hex");
  }

  /**
   * Whether a call of this tool may play `json dynamics` (some scenario of its file declares
   * them). The HTTP fast path answers only tools that cannot, and leaves the rest to the SDK.
   */
  mayPlayDynamics(name: string): boolean {
    const entry = this.catalog.get(name);
    return entry.kind === "ok" && entry.result.tool.scenarios.some((s) => s.dynamics !== undefined);
  }

  /** One tools/call. Never throws: every problem becomes a result or unknown-tool. */
  callTool(name: string, rawArgs: unknown, call: CallContext = {}): CallOutcome {
    try {
      return this.answer(name, rawArgs, call);
    } catch (err) {
      // Last line of defence: a bug or an exotic input costs this call, never the server.
      const text = `careem-mcp could not answer ${name}: ${err instanceof Error ? err.message : String(err)}`;
      return { kind: "result", result: errorResult(text), tool: name, scenario: null, selectedBy: null, warnings: [text] };
    }
  }

  private answer(name: string, rawArgs: unknown, call: CallContext): CallOutcome {
    const entry = this.catalog.get(name);
    if (entry.kind === "missing") return { kind: "unknown-tool", code: -32602, message: `unknown tool ${JSON.stringify(name)}` };
    if (entry.kind === "broken") {
      const text = `tool file for ${name} is broken: ${entry.problems.map(formatProblem).join("; ")}`;
      return { kind: "result", result: errorResult(text), tool: name, scenario: null, selectedBy: null, warnings: [text] };
    }
    const tool = entry.result.tool;
    const warnings: string[] = [];
    // Missing or null arguments count as {} (SPEC-NOTES 6).
    const args = (rawArgs === undefined || rawArgs === null ? {} : rawArgs) as Json;
    // The go-sdk unmarshals arguments into a map before validating: anything but an object
    // fails there, in the JSON decoder's words (measured by the parity twin, issue 11).
    const reason = isObject(args) ? tool.validators.checkArguments(args) : `unmarshaling arguments: json: cannot unmarshal ${goQuote(stringifyDeep(args))} into Go value of type map[string]interface {}`;
    if (reason !== null) {
      return { kind: "result", result: errorResult(`validating "arguments": ${reason}`), tool: name, scenario: null, selectedBy: null, warnings };
    }
    if (call.authFailure !== undefined) {
      return { kind: "result", result: errorResult(call.authFailure), tool: name, scenario: null, selectedBy: null, warnings };
    }
    const argObject = args as Record<string, Json>;

    const decided = this.decide(tool, argObject, call, true);
    warnings.push(...decided.warnings);
    if (decided.kind === "refused") {
      return { kind: "result", result: errorResult(decided.refusal), tool: name, scenario: null, selectedBy: null, warnings };
    }
    const { selection, forced } = decided;
    const scenario = selection.scenario;
    if (!scenario) {
      const text = noScenarioText(tool);
      return { kind: "result", result: errorResult(text), tool: name, scenario: null, selectedBy: null, warnings: [...warnings, text] };
    }

    const value = render(scenario.template, { args: argObject, clock: this.clock, random: this.random });
    let result: ToolCallResult;
    if (scenario.isError) {
      result = errorResult(typeof value === "string" ? value : goJson(value));
    } else if (isObject(value)) {
      const problem = tool.validators.checkOutput(value);
      // A scenario declaring the invalid-output fault breaks its schema on purpose (--check insists on it).
      if (problem && scenario.dynamics?.fault !== "invalid-output") warnings.push(`${tool.file.path}:${scenario.blockLine}: scenario "${scenario.name}" output does not match outputSchema: ${problem}`);
      // With an outputSchema the go-sdk re-marshals the output through a Go map: keys sorted.
      const output = (tool.definition.outputSchema === undefined ? value : sortKeys(value)) as JsonObject;
      result = { content: [{ type: "text", text: goJson(output) }], structuredContent: output, isError: false };
    } else {
      warnings.push(`${tool.file.path}:${scenario.blockLine}: scenario "${scenario.name}" response is not a JSON object (structured output must be an object)`);
      result = { content: [{ type: "text", text: goJson(value) }], isError: false };
    }
    result = withResultFault(result, scenario.dynamics);
    const outcome: CallOutcome = { kind: "result", result, tool: name, scenario: scenario.name, selectedBy: selection.selectedBy, warnings, ...(scenario.dynamics && { dynamics: scenario.dynamics }) };
    if (forced) outcome.forced = forced;
    if (selection.selectedBy === "default") outcome.closest = () => closestMiss(tool.scenarios, withSignedInUser(argObject, call.userId));
    return outcome;
  }

  /**
   * Forcing layers in precedence order (per call, per session, the overrides file), then the
   * scenarios' match blocks, then the default. `use`: false for `why`, which only looks.
   */
  private decide(tool: LoadedTool, args: Record<string, Json>, call: CallContext, use: boolean): Decision {
    const names = tool.scenarios.map((s) => s.name);
    const warnings: string[] = [];
    let forced: ForcedChoice | undefined;
    const byCall = forcedByCall(tool.name, names, call);
    if (byCall.kind === "refused") return { kind: "refused", refusal: byCall.text, warnings };
    if (byCall.kind === "forced") forced = { scenario: byCall.scenario, layer: "call" };
    else {
      const outOfBand = this.overrides.choose(tool.name, names, call, use);
      warnings.push(...outOfBand.warnings);
      forced = outOfBand.forced;
    }
    return { kind: "selected", warnings, selection: selectScenario(tool.scenarios, withSignedInUser(args, call.userId), forced?.scenario), forced };
  }

  /** What a call with these arguments would get and why, without answering it or using up a count. */
  explain(name: string, rawArgs: unknown, call: CallContext = {}): WhyReport {
    const entry = this.catalog.get(name);
    const report: WhyReport = { tool: name, steps: [], scenario: null, selectedBy: null, warnings: [] };
    if (entry.kind === "missing") return { ...report, error: `unknown tool ${JSON.stringify(name)}` };
    if (entry.kind === "broken") return { ...report, error: `tool file for ${name} is broken: ${entry.problems.map(formatProblem).join("; ")}` };
    const tool = entry.result.tool;
    report.file = tool.file.path;
    const args = (rawArgs === undefined || rawArgs === null ? {} : rawArgs) as Json;
    const invalid = tool.validators.checkArguments(args);
    if (invalid !== null) return { ...report, error: `validating "arguments": ${invalid}` };
    const argObject = args as Record<string, Json>;
    // Matching sees the arguments plus `$user`, as a real call's does.
    const subject = withSignedInUser(argObject, call.userId);
    report.steps = whySteps(tool.scenarios, subject);
    const decided = this.decide(tool, argObject, call, false);
    report.warnings = decided.warnings;
    if (decided.kind === "refused") return { ...report, error: decided.refusal };
    const { selection, forced } = decided;
    if (!selection.scenario) return { ...report, error: noScenarioText(tool) };
    report.scenario = selection.scenario.name;
    report.selectedBy = selection.selectedBy;
    if (forced) report.forced = forced;
    if (selection.selectedBy === "default") {
      const closest = closestMiss(tool.scenarios, subject);
      if (closest) report.closest = closest;
    }
    return report;
  }
}

type Decision =
  | { kind: "refused"; refusal: string; warnings: string[] }
  | { kind: "selected"; selection: Selection; forced: ForcedChoice | undefined; warnings: string[] };

function noScenarioText(tool: LoadedTool): string {
  return `no scenario of ${tool.name} matches these arguments and ${tool.file.path} has no default scenario (add a ## Scenario without a json match block)`;
}
