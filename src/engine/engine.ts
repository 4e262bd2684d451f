// The call pipeline every transport uses: catalog -> validate -> select -> render -> result.
// Pure of transports: no express, no sockets. Clock and randomness are injected.
import { createHash, randomInt, randomUUID } from "node:crypto";
import { Catalog } from "./catalog.js";
import { nullArgumentsPanic } from "./goPanics.js";
import { goQuote } from "./goFmtVerbs.js";
import { stringifyDeep } from "../goJson/encode.js";
import { decoderPrefix } from "../base/decoderPrefix.js";
import { numberOutOfRange } from "./numberOutOfRange.js";

/**
 * numberOutOfRange, walked only when the arguments as sent hold an exponent of three digits or
 * more (only such a literal parses to Infinity): the walk visits every value, the text test is one
 * native regex. Without the text (in-process callers) it walks.
 */
function mayHoldHugeNumber(args: Record<string, unknown>, call: CallContext): string | undefined {
  const text = call.argumentsText?.();
  return text !== undefined && !/[eE][+-]?\d{3}/.test(text) ? undefined : numberOutOfRange(args, text);
}
import { errorResult, makeResult, renderAnswer } from "./answerStages.js";
import { selectScenario, type Selection } from "./select.js";
import type { CallContext, CallOutcome, Clock, ForcedChoice, Forcing, Json, JsonObject, Problem, RandomSource, TimeShift } from "../base/types.js";
import path from "node:path";
import { World, WORLD_FOLDER } from "../world/world.js";
import { isObject } from "../base/isObject.js";
import { closestMiss } from "./closest.js";
import { forcedByCall } from "../forcing/forcedByCall.js";
import type { LoadedTool } from "./loadTool.js";
import { whySteps, type WhyReport } from "./why.js";
import { withResultFault } from "./resultFault.js";
import { withSignedInUser } from "../base/signedInUser.js";
import type { SelectionContext } from "./select.js";
import { StateStore } from "../state/stateStore.js";
import { initialState } from "../state/initialState.js";
import { commitState } from "../state/commitState.js";

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
  /** Per-session (or per-user) state for scenarios that read or write it; a private one if absent. */
  state?: StateStore;
  /** Local-only clock moves (the `clock` command); none if absent. */
  timeShift?: TimeShift;
  /** Told of every placeholder that rendered empty inside a sentence (`check --walk` fails on them). */
  onEmptyPlaceholder?: (where: { tool: string; scenario: string; placeholder: string }) => void;
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

/**
 * A digest of a definition's JSON, kept as long as its parsed file is: a file that did not
 * change keeps its definition object, so a fingerprint of 2,000 files costs their stats, not
 * 2,000 encodings. A digest, not the text: the texts were 6.5 MiB at 2,000 files.
 */
const definitionDigests = new WeakMap<JsonObject, string>();

function definitionDigest(definition: JsonObject): string {
  let digest = definitionDigests.get(definition);
  if (digest === undefined) definitionDigests.set(definition, (digest = createHash("sha1").update(JSON.stringify(definition)).digest("base64")));
  return digest;
}

export class Engine {
  readonly catalog: Catalog;
  private readonly clock: Clock;
  private readonly random: RandomSource;
  /** Out-of-band forcing (per session, then the overrides file): `EngineOptions.forced`. */
  private readonly forced: Forcing;
  readonly state: StateStore;
  /** What every tool file reads: `<tools>/_world/*.md`. */
  readonly world: World;
  private readonly timeShift?: TimeShift;
  private readonly onEmptyPlaceholder?: EngineOptions["onEmptyPlaceholder"];

  constructor(opts: EngineOptions) {
    this.state = opts.state ?? new StateStore();
    this.catalog = new Catalog(opts.toolsDir);
    this.forced = opts.forced ?? nothingForced;
    this.clock = opts.clock ?? systemClock;
    this.random = opts.random ?? systemRandom;
    this.timeShift = opts.timeShift;
    this.onEmptyPlaceholder = opts.onEmptyPlaceholder;
    this.world = new World(path.join(opts.toolsDir, WORLD_FOLDER), this.clock, this.random);
  }

  /** The call's clock: the server's, moved by the `clock` command for the server or this session. */
  clockFor(call: CallContext): Clock {
    const offset = this.timeShift?.offsetMs(call) ?? 0;
    if (offset === 0) return this.clock;
    const base = this.clock;
    return () => base() + offset;
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
    // The world too: its first read (parse, render, the functions) would otherwise be the first call's.
    return this.catalog.warm().then(() => void this.world.snapshot());
  }

  /** Problems of every broken file in the catalog right now (for log lines). */
  problems(): Problem[] {
    return [...this.world.snapshot().problems, ...this.catalog.all().flatMap((entry) => (entry.kind === "broken" ? entry.problems : []))];
  }

  /**
   * Changes whenever what tools/list shows changes: the set of good tools or a definition. A
   * broken file, left out of the list, changes nothing a client can see (drives tools/list_changed).
   */
  fingerprint(): string {
    const hash = createHash("sha1");
    for (const entry of this.catalog.all()) {
      if (entry.kind === "ok") hash.update(`${entry.name}\u0000${definitionDigest(entry.result.tool.definition)}\u0001`);
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

  /** What selection may read of the call's state; the state is fetched only if a scenario asks. */
  private stateOf(call: CallContext): { key: string; context: SelectionContext; doc: () => JsonObject } {
    const key = this.state.keyFor(call);
    // One instant per call: every placeholder, condition and world function of the call reads
    // the same time. The clock is made anew for each call, so the world's functions may keep
    // their answers for the call (jsonata/memo.ts) and never beyond it.
    const now = this.clockFor(call)();
    const clock: Clock = () => now;
    let doc: JsonObject | undefined;
    const read = () => (doc ??= this.state.read(key, () => initialState(this.catalog.stateSources(), clock, this.random).state));
    return { key, context: { clock, state: read, world: this.world.snapshot(), user: call.userId }, doc: read };
  }

  private answer(name: string, rawArgs: unknown, call: CallContext): CallOutcome {
    const entry = this.catalog.get(name);
    if (entry.kind === "missing") return { kind: "unknown-tool", code: -32602, message: `unknown tool ${goQuote(name)}` };
    if (entry.kind === "broken") {
      const text = `tool file for ${name} is broken: ${entry.problems.map(formatProblem).join("; ")}`;
      return { kind: "result", result: errorResult(text), tool: name, scenario: null, selectedBy: null, warnings: [text] };
    }
    const tool = entry.result.tool;
    const warnings: string[] = [];
    // On null, where the schema has a property default, go-sdk panics and production exits.
    const panic = rawArgs === null ? nullArgumentsPanic(tool.definition.inputSchema as JsonObject) : undefined;
    if (panic !== undefined) {
      const text = `go-sdk panics on "arguments": null for ${name} (${panic}: its input schema has a property default): production's process exits here, so its client's connection ends. Send {} or leave "arguments" out.`;
      return { kind: "result", result: errorResult(text), tool: name, scenario: null, selectedBy: null, warnings: [text], goPanic: panic };
    }
    // Missing or null arguments count as {}, as the go-sdk takes missing ones.
    const args = (rawArgs === undefined || rawArgs === null ? {} : rawArgs) as Json;
    // The go-sdk unmarshals arguments into a map before validating: anything but an object
    // fails there, in the JSON decoder's words (measured against the go-sdk by the parity twin).
    const outOfRange = isObject(args) ? mayHoldHugeNumber(args, call) : undefined;
    const reason = outOfRange !== undefined ? `unmarshaling arguments: ${outOfRange}` : isObject(args) ? tool.validators.checkArguments(args) : `unmarshaling arguments: json: cannot unmarshal ${goQuote(decoderPrefix(call.argumentsText?.() ?? stringifyDeep(args)))} into Go value of type map[string]interface {}`;
    if (reason !== null) {
      return { kind: "result", result: errorResult(`validating "arguments": ${reason}`), tool: name, scenario: null, selectedBy: null, warnings };
    }
    if (call.authFailure !== undefined) {
      return { kind: "result", result: errorResult(call.authFailure), tool: name, scenario: null, selectedBy: null, warnings };
    }
    const argObject = args as Record<string, Json>;

    const state = this.stateOf(call);
    const decided = this.decide(tool, argObject, call, true, state.context);
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

    const renderContext = { args: argObject, clock: state.context.clock, random: this.random, state: scenario.state?.readsState ? state.doc() : undefined, world: state.context.world, user: call.userId,
      ...(this.onEmptyPlaceholder && { onEmptyInText: (placeholder: string) => this.onEmptyPlaceholder?.({ tool: name, scenario: scenario.name, placeholder }) }) };
    let value: Json;
    try {
      value = renderAnswer(tool, scenario, renderContext);
    } catch (err) {
      const text = `${tool.file.path}:${scenario.blockLine}: scenario "${scenario.name}" could not render: ${err instanceof Error ? err.message : String(err)}`;
      return { kind: "result", result: errorResult(text), tool: name, scenario: scenario.name, selectedBy: selection.selectedBy, warnings: [...warnings, text] };
    }
    // State changes apply after the answer is made, forced or not (a forced scenario's changes still apply).
    if (scenario.state?.then) {
      const failed = commitState(this.state, state.key, state.doc(), scenario.state.then, { ...renderContext, response: value });
      if (failed !== null) {
        const text = `${tool.file.path}:${scenario.state.thenLine ?? scenario.line}: scenario "${scenario.name}" state change failed: ${failed}`;
        return { kind: "result", result: errorResult(text), tool: name, scenario: scenario.name, selectedBy: selection.selectedBy, warnings: [...warnings, text] };
      }
    }
    const made = makeResult(tool, scenario, value);
    const where = `${tool.file.path}:${scenario.blockLine}: scenario "${scenario.name}"`;
    if (made.notAnObject) warnings.push(`${where} response is not a JSON object (structured output must be an object)`);
    // A scenario declaring the invalid-output fault breaks its schema on purpose (--check insists on it).
    if (made.mismatch && !made.breaksOnPurpose) warnings.push(`${where} output does not match outputSchema: ${made.mismatch.message}`);
    const result = withResultFault(made.result, scenario.dynamics);
    const outcome: CallOutcome = { kind: "result", result, tool: name, scenario: scenario.name, selectedBy: selection.selectedBy, warnings, ...(scenario.dynamics && { dynamics: scenario.dynamics }) };
    if (forced) outcome.forced = forced;
    if (made.rpcError) outcome.rpcError = made.rpcError;
    if (selection.selectedBy === "default") outcome.closest = () => closestMiss(tool.scenarios, withSignedInUser(argObject, call.userId));
    return outcome;
  }

  /**
   * Forcing layers in precedence order (per call, per session, the overrides file), then the
   * scenarios' match blocks, then the default. `use`: false for `why`, which only looks.
   */
  private decide(tool: LoadedTool, args: Record<string, Json>, call: CallContext, use: boolean, state?: SelectionContext): Decision {
    const names = tool.scenarios.map((s) => s.name);
    const warnings: string[] = [];
    let forced: ForcedChoice | undefined;
    const byCall = forcedByCall(tool.name, names, call);
    if (byCall.kind === "refused") return { kind: "refused", refusal: byCall.text, warnings };
    if (byCall.kind === "forced") forced = { scenario: byCall.scenario, layer: "call" };
    else {
      const outOfBand = this.forced.choose(tool.name, names, call, use);
      warnings.push(...outOfBand.warnings);
      forced = outOfBand.forced;
    }
    return { kind: "selected", warnings, selection: selectScenario(tool.scenarios, withSignedInUser(args, call.userId), forced?.scenario, state), forced };
  }

  /** What a call with these arguments would get and why, without answering it or using up a count. */
  explain(name: string, rawArgs: unknown, call: CallContext = {}): WhyReport {
    const entry = this.catalog.get(name);
    const report: WhyReport = { tool: name, steps: [], scenario: null, selectedBy: null, warnings: [] };
    if (entry.kind === "missing") return { ...report, error: `unknown tool ${goQuote(name)}` };
    if (entry.kind === "broken") return { ...report, error: `tool file for ${name} is broken: ${entry.problems.map(formatProblem).join("; ")}` };
    const tool = entry.result.tool;
    report.file = tool.file.path;
    const args = (rawArgs === undefined || rawArgs === null ? {} : rawArgs) as Json;
    const invalid = tool.validators.checkArguments(args);
    if (invalid !== null) return { ...report, error: `validating "arguments": ${invalid}` };
    const argObject = args as Record<string, Json>;
    // Matching sees the arguments plus `$user`, as a real call's does.
    const subject = withSignedInUser(argObject, call.userId);
    const state = this.stateOf(call).context;
    report.steps = whySteps(tool.scenarios, subject, state);
    const decided = this.decide(tool, argObject, call, false, state);
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
