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
import { InjectionCatalog } from "./injections.js";

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
  /** `<tools>/_injections.json`: placed only in the answers of a run or call that asks for them. */
  readonly injections: InjectionCatalog;

  constructor(opts: EngineOptions) {
    this.state = opts.state ?? new StateStore();
    this.catalog = new Catalog(opts.toolsDir);
    this.forced = opts.forced ?? nothingForced;
    this.clock = opts.clock ?? systemClock;
    this.random = opts.random ?? systemRandom;
    this.timeShift = opts.timeShift;
    this.onEmptyPlaceholder = opts.onEmptyPlaceholder;
    this.world = new World(path.join(opts.toolsDir, WORLD_FOLDER), this.clock, this.random);
    this.injections = new InjectionCatalog(opts.toolsDir);
  }

  /** The call's clock: the server's, moved by the `clock` command for the server or this session. */
  clockFor(call: CallContext): Clock {
    // A run keeps its own clock: the server's moves (the clock file) belong to everyone else.
    const offset = call.run ? call.run.clockOffsetMs : (this.timeShift?.offsetMs(call) ?? 0);
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
    return [...this.world.snapshot().problems, ...this.injections.problems(), ...this.catalog.all().flatMap((entry) => (entry.kind === "broken" ? entry.problems : []))];
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
      // The state's lock (a file when it is shared with other processes) for the whole call.
      return this.state.whileLocked(this.state.keyFor(call), () => this.answer(name, rawArgs, call));
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

  /** A fresh state as a call at `atMs` would start it (a run's "before"). */
  initialStateAt(atMs: number): JsonObject {
    return initialState(this.catalog.stateSources(), () => atMs, this.random).state;
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

  /**
   * The stages every call goes through before its scenario is rendered, in go-sdk's order: the
   * catalog entry, "arguments": null where go-sdk panics, Go's unmarshal into a map, the input
   * schema, auth, forcing, selection (which may find no scenario). A call (`use`: spends a forced count) and `why` (only
   * looks) both start here, so why explains exactly what the call answers.
   */
  private prepare(name: string, rawArgs: unknown, call: CallContext, use: boolean): Prepared {
    const stop = (text: string, warnings: string[], extra: Partial<CallOutcome & { kind: "result" }> = {}): Prepared => ({
      kind: "stop",
      text,
      warnings,
      outcome: { kind: "result", result: errorResult(text), tool: name, scenario: null, selectedBy: null, warnings, ...extra },
    });
    const entry = this.catalog.get(name);
    if (entry.kind === "missing") {
      const message = `unknown tool ${goQuote(name)}`;
      return { kind: "stop", text: message, warnings: [], outcome: { kind: "unknown-tool", code: -32602, message } };
    }
    if (entry.kind === "broken") {
      const text = `tool file for ${name} is broken: ${entry.problems.map(formatProblem).join("; ")}`;
      return stop(text, [text]);
    }
    const tool = entry.result.tool;
    const warnings: string[] = [];
    // On null, where the schema has a property default, go-sdk panics and production exits.
    const panic = rawArgs === null ? nullArgumentsPanic(tool.definition.inputSchema as JsonObject) : undefined;
    if (panic !== undefined) {
      const text = `go-sdk panics on "arguments": null for ${name} (${panic}: its input schema has a property default): production's process exits here, so its client's connection ends. Send {} or leave "arguments" out.`;
      return { ...stop(text, [text], { goPanic: panic }), tool };
    }
    // Missing or null arguments count as {}, as the go-sdk takes missing ones.
    const args = (rawArgs === undefined || rawArgs === null ? {} : rawArgs) as Json;
    // The go-sdk unmarshals arguments into a map before validating: anything but an object
    // fails there, in the JSON decoder's words (measured against the go-sdk by the parity twin).
    const outOfRange = isObject(args) ? mayHoldHugeNumber(args, call) : undefined;
    const reason = outOfRange !== undefined ? `unmarshaling arguments: ${outOfRange}` : isObject(args) ? tool.validators.checkArguments(args) : `unmarshaling arguments: json: cannot unmarshal ${goQuote(decoderPrefix(call.argumentsText?.() ?? stringifyDeep(args)))} into Go value of type map[string]interface {}`;
    if (reason !== null) return { ...stop(`validating "arguments": ${reason}`, warnings), tool };
    if (call.authFailure !== undefined) return { ...stop(call.authFailure, warnings), tool };
    const argObject = args as Record<string, Json>;
    // Decoded before anything changes: an unknown injection id refuses the call, the state as it was.
    const injecting = this.injections.choose(call);
    if (injecting.kind === "refused") return { ...stop(injecting.text, warnings), tool };

    const state = this.stateOf(call);
    const decided = this.decide(tool, argObject, call, use, state.context);
    warnings.push(...decided.warnings);
    if (decided.kind === "refused") return { ...stop(decided.refusal, warnings), tool };
    return { kind: "ready", tool, args: argObject, state, selection: decided.selection, forced: decided.forced, warnings, injecting: injecting.ids };
  }

  private answer(name: string, rawArgs: unknown, call: CallContext): CallOutcome {
    const prepared = this.prepare(name, rawArgs, call, true);
    if (prepared.kind === "stop") return prepared.outcome;
    const { tool, args: argObject, state, selection, forced, warnings, injecting } = prepared;
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
    // After the state took the answer: an injection is what the agent reads, never what the service keeps.
    if (!scenario.isError) value = this.injections.place(name, value, injecting);
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
    else if (call.run) {
      // A run's forcing replaces the session's and the overrides file's: its world is its own.
      const scenario = call.run.forced[tool.name];
      if (scenario !== undefined) {
        if (names.includes(scenario)) forced = { scenario, layer: "run" };
        else warnings.push(`scenario "${scenario}" forced for run ${call.run.id} no longer exists in the tool file of ${tool.name}; ignoring it`);
      }
    } else {
      const outOfBand = this.forced.choose(tool.name, names, call, use);
      warnings.push(...outOfBand.warnings);
      forced = outOfBand.forced;
    }
    return { kind: "selected", warnings, selection: selectScenario(tool.scenarios, withSignedInUser(args, call.userId), forced?.scenario, state), forced };
  }

  /**
   * What a call with these arguments would get and why, without answering it or using up a
   * count: the call's own stages (prepare), so a call refused before selection is explained by
   * its refusal.
   */
  explain(name: string, rawArgs: unknown, call: CallContext = {}): WhyReport {
    const prepared = this.prepare(name, rawArgs, call, false);
    const report: WhyReport = { tool: name, steps: [], scenario: null, selectedBy: null, warnings: [] };
    if (prepared.tool) report.file = prepared.tool.file.path;
    if (prepared.kind === "stop") {
      // A refusal the call's own stages made: its warnings beyond the refusal itself.
      report.warnings = prepared.warnings.filter((w) => w !== prepared.text);
      return { ...report, error: prepared.text };
    }
    const { tool, args, state, selection, forced, warnings } = prepared;
    // Matching sees the arguments plus `$user`, as a real call's does.
    const subject = withSignedInUser(args, call.userId);
    report.steps = whySteps(tool.scenarios, subject, state.context);
    report.warnings = warnings;
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

/** Where prepare left a call: stopped with its answer (and the words of its refusal), or ready to render a scenario. */
type Prepared =
  | { kind: "stop"; text: string; warnings: string[]; outcome: CallOutcome; tool?: LoadedTool }
  | {
      kind: "ready";
      tool: LoadedTool;
      args: Record<string, Json>;
      state: ReturnType<Engine["stateOf"]>;
      selection: Selection;
      forced: ForcedChoice | undefined;
      /** The injections this call's answer carries (a run's or the call's own). */
      injecting: Parameters<InjectionCatalog["place"]>[2];
      warnings: string[];
    };

type Decision =
  | { kind: "refused"; refusal: string; warnings: string[] }
  | { kind: "selected"; selection: Selection; forced: ForcedChoice | undefined; warnings: string[] };

function noScenarioText(tool: LoadedTool): string {
  return `no scenario of ${tool.name} matches these arguments and ${tool.file.path} has no default scenario (add a ## Scenario without a json match block)`;
}
