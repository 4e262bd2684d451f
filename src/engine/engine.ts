// The call pipeline every transport uses: catalog -> validate -> select -> render -> result.
// Pure of transports: no express, no sockets. Clock and randomness are injected.
import { createHash, randomInt, randomUUID } from "node:crypto";
import { Catalog } from "./catalog.js";
import { goJson } from "./goJson.js";
import { render } from "./render.js";
import { selectScenario } from "./select.js";
import type { CallContext, CallOutcome, Clock, ForcedScenarios, Json, JsonObject, Problem, RandomSource, ToolCallResult } from "./types.js";
import { isObject } from "./isObject.js";
import { StateStore } from "../state/stateStore.js";
import { initialState } from "../state/initialState.js";
import { commitState } from "../state/commitState.js";
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
  /** Per-session (or per-user) state for scenarios that read or write it; a private one if absent. */
  state?: StateStore;
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
  readonly state: StateStore;

  constructor(opts: EngineOptions) {
    this.state = opts.state ?? new StateStore();
    this.catalog = new Catalog(opts.toolsDir);
    this.overrides = opts.forced ?? nothingForced;
    this.clock = opts.clock ?? systemClock;
    this.random = opts.random ?? systemRandom;
  }

  /** Every good tool file's `json tool` block verbatim, sorted by name; broken files left out. */
  listTools(): JsonObject[] {
    const tools: JsonObject[] = [];
    for (const entry of this.catalog.all()) if (entry.kind === "ok") tools.push(entry.result.tool.definition);
    return tools;
  }

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

  /** The persona's world as the tool files declare it now (a fresh copy). */
  initialState(): JsonObject {
    return initialState(this.catalog.all(), this.clock, this.random).state;
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
    // The state is fetched only when a scenario reads or writes it: stateless tools never create one.
    const stateKey = this.state.keyFor(call);
    let stateDoc: JsonObject | undefined;
    const state = () => (stateDoc ??= this.state.read(stateKey, () => this.initialState()));
    const selection = selectScenario(tool.scenarios, withSignedInUser(argObject, call.userId), forced, { clock: this.clock, state });
    if (selection.staleForced !== undefined) {
      warnings.push(`forced scenario "${selection.staleForced}" of ${name} no longer exists in ${tool.file.path}; selecting normally (./careem-mcp.sh scenario ${name} --clear)`);
    }
    const scenario = selection.scenario;
    if (!scenario) {
      const text = `no scenario of ${name} matches these arguments and ${tool.file.path} has no default scenario (add a ## Scenario without a json match block)`;
      return { kind: "result", result: errorResult(text), tool: name, scenario: null, selectedBy: null, warnings: [...warnings, text] };
    }

    const renderContext = { args: argObject, clock: this.clock, random: this.random, state: scenario.state?.readsState ? state() : undefined };
    let value: Json;
    try {
      value = render(scenario.template, renderContext);
    } catch (err) {
      const text = `${tool.file.path}:${scenario.blockLine}: scenario "${scenario.name}" could not render: ${err instanceof Error ? err.message : String(err)}`;
      return { kind: "result", result: errorResult(text), tool: name, scenario: scenario.name, selectedBy: selection.selectedBy, warnings: [...warnings, text] };
    }
    // State changes apply after the answer is made, forced or not (a forced scenario's changes still apply).
    if (scenario.state?.then) {
      const failed = commitState(this.state, stateKey, state(), scenario.state.then, { ...renderContext, response: value });
      if (failed !== null) {
        const text = `${tool.file.path}:${scenario.state.thenLine ?? scenario.line}: scenario "${scenario.name}" state change failed: ${failed}`;
        return { kind: "result", result: errorResult(text), tool: name, scenario: scenario.name, selectedBy: selection.selectedBy, warnings: [...warnings, text] };
      }
    }
    let result: ToolCallResult;
    if (scenario.isError) {
      result = errorResult(typeof value === "string" ? value : goJson(value));
    } else if (isObject(value)) {
      const problem = tool.validators.checkOutput(value);
      if (problem) warnings.push(`${tool.file.path}:${scenario.blockLine}: scenario "${scenario.name}" output does not match outputSchema: ${problem}`);
      result = { content: [{ type: "text", text: goJson(value) }], structuredContent: value, isError: false };
    } else {
      warnings.push(`${tool.file.path}:${scenario.blockLine}: scenario "${scenario.name}" response is not a JSON object (structured output must be an object)`);
      result = { content: [{ type: "text", text: goJson(value) }], isError: false };
    }
    return { kind: "result", result, tool: name, scenario: scenario.name, selectedBy: selection.selectedBy, warnings };
  }
}
