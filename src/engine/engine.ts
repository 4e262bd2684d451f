// The call pipeline every transport uses: catalog -> validate -> select -> render -> result.
// Pure of transports: no express, no sockets. Clock and randomness are injected.
import { createHash, randomInt, randomUUID } from "node:crypto";
import { Catalog } from "./catalog.js";
import { goJson } from "./goJson.js";
import { render } from "./render.js";
import { selectScenario } from "./select.js";
import type { CallContext, CallOutcome, Clock, ForcedScenarios, Json, JsonObject, Problem, RandomSource, ToolCallResult } from "./types.js";
import { isObject } from "./isObject.js";
import { withResultFault } from "./resultFault.js";
import { withSignedInUser } from "./signedInUser.js";

export interface EngineOptions {
  /** Absolute path of the tools directory (default `<project>/tools`). */
  toolsDir: string;
  /**
   * Where forced scenarios come from (`.run/overrides.json` in the host). Injected so the engine
   * never depends on the forcing CLI's module; absent means nothing is forced.
   */
  forced?: ForcedScenarios;
  clock?: Clock;
  random?: RandomSource;
}

export const systemRandom: RandomSource = {
  int: (min, max) => randomInt(min, max + 1),
  uuid: () => randomUUID(),
};

export const systemClock: Clock = () => Date.now();

const nothingForced: ForcedScenarios = { read: () => ({ overrides: Object.create(null) as Record<string, string> }) };

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}: ${p.message}`;
}

function errorResult(text: string): ToolCallResult {
  return { content: [{ type: "text", text }], isError: true };
}


export class Engine {
  readonly catalog: Catalog;
  private readonly clock: Clock;
  private readonly random: RandomSource;
  private readonly overrides: ForcedScenarios;

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

  /** Changes whenever the set of tools or any definition changes (drives tools/list_changed). */
  fingerprint(): string {
    const hash = createHash("sha1");
    for (const entry of this.catalog.all()) {
      hash.update(entry.kind === "ok" ? `${entry.name}\u0000${JSON.stringify(entry.result.tool.definition)}\u0001` : `${entry.name}\u0000broken\u0001`);
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

  // `call` is the seam for per-session state and forcing (issues 12, 17); the user is read here.
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
    const reason = tool.validators.checkArguments(args);
    if (reason !== null) {
      return { kind: "result", result: errorResult(`validating "arguments": ${reason}`), tool: name, scenario: null, selectedBy: null, warnings };
    }
    if (call.authFailure !== undefined) {
      return { kind: "result", result: errorResult(call.authFailure), tool: name, scenario: null, selectedBy: null, warnings };
    }
    const argObject = args as Record<string, Json>;

    const { overrides, warning } = this.overrides.read();
    if (warning) warnings.push(warning);
    const forced = Object.prototype.hasOwnProperty.call(overrides, name) ? overrides[name] : undefined;
    const selection = selectScenario(tool.scenarios, withSignedInUser(argObject, call.userId), forced);
    if (selection.staleForced !== undefined) {
      warnings.push(`forced scenario "${selection.staleForced}" of ${name} no longer exists in ${tool.file.path}; selecting normally (./careem-mcp.sh scenario ${name} --clear)`);
    }
    const scenario = selection.scenario;
    if (!scenario) {
      const text = `no scenario of ${name} matches these arguments and ${tool.file.path} has no default scenario (add a ## Scenario without a json match block)`;
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
      result = { content: [{ type: "text", text: goJson(value) }], structuredContent: value, isError: false };
    } else {
      warnings.push(`${tool.file.path}:${scenario.blockLine}: scenario "${scenario.name}" response is not a JSON object (structured output must be an object)`);
      result = { content: [{ type: "text", text: goJson(value) }], isError: false };
    }
    result = withResultFault(result, scenario.dynamics);
    return { kind: "result", result, tool: name, scenario: scenario.name, selectedBy: selection.selectedBy, warnings, ...(scenario.dynamics && { dynamics: scenario.dynamics }) };
  }
}
