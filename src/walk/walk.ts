// `check --walk N`: random agent-like journeys through a catalog, in process. Each journey is a
// user's conversation: tools picked the way an agent chains them (those whose inputs it has
// seen values for are likelier), arguments from the input schemas and from what earlier answers
// and the world showed, retries of earlier calls, a fixture scenario's match block now and then,
// and the clock moving between calls. Every answer is checked: it must validate against its
// outputSchema, render without a template error, change the state without error, leave no
// placeholder empty inside a sentence, and never answer an id the service created with a
// fixture scenario keyed on that argument. The report says which scenarios were reached.
import { Engine } from "../engine/engine.js";
import { isObject } from "../base/isObject.js";
import type { LoadedTool } from "../engine/loadTool.js";
import { defaultUserId, userMatchKey } from "../base/signedInUser.js";
import type { Json, JsonObject } from "../base/types.js";
import { overlay } from "../check/sampleArguments.js";
import type { SchemaNode } from "../check/schemaWalk.js";
import { StateStore } from "../state/stateStore.js";
import { sampleArguments } from "../check/checkState.js";
import { objectFor, type ArgumentContext } from "./argumentsFor.js";
import { Pools } from "./pools.js";
import { seeded, type Dice } from "./seeded.js";

export interface WalkOptions {
  toolsDir: string;
  steps: number;
  seed: number;
  /** The walk's first instant (ms); the clock moves on from it. Default: now. */
  start?: number;
}

export interface WalkViolation {
  step: number;
  tool: string;
  scenario: string | null;
  args: JsonObject;
  message: string;
}

export interface WalkReport {
  steps: number;
  seed: number;
  journeys: number;
  violations: WalkViolation[];
  /** tool -> scenario -> times answered. */
  reached: Map<string, Map<string, number>>;
  /** Scenarios no step reached; forcingOnly: its `json when` is "false", so only forcing reaches it. */
  unreached: { tool: string; scenario: string; forcingOnly: boolean }[];
  /** Calls refused by argument validation (made-up arguments an agent may send too). */
  invalidArguments: number;
}

/** Most milestones kept: enough to resume every first reach of a catalog's scenarios. */
const MILESTONES = 400;

/** Ids the service creates: `$newId`'s form. */
const CREATED_ID = /^[a-z]+_\d{8}$/;

const forcingOnly = (s: LoadedTool["scenarios"][number]) => s.state?.when?.source.trim() === "false";

/**
 * A match block's `~word` made to fit the argument's pattern, as an agent copying a fixture id
 * from the notes would write it: `"~missing"` on a `^bsk_` id becomes `bsk_missing`.
 */
function fitted(match: JsonObject, root: SchemaNode, attempt: number): JsonObject {
  const properties = isObject(root.properties) ? (root.properties as Record<string, SchemaNode>) : {};
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(match)) {
    const pattern = properties[key]?.pattern;
    const prefix = typeof pattern === "string" ? /^\^([a-z]+_)/.exec(pattern)?.[1] : undefined;
    if (typeof value === "string" && value.startsWith("~") && prefix && !value.slice(1).toLowerCase().startsWith(prefix)) {
      const word = value.slice(1).replace(/[^A-Za-z0-9_]/g, "_");
      out[key] = attempt % 2 === 0 ? `=${prefix}${word}` : `=${prefix}${word}_${100000 + attempt}`;
    } else out[key] = value as Json;
  }
  return out;
}

/** How far the clock moves between two calls: mostly a little, sometimes an hour or days. */
function tick(dice: Dice): number {
  const r = dice.next();
  if (r < 0.55) return dice.int(0, 180) * 1_000;
  if (r < 0.9) return dice.int(3, 30) * 60_000;
  return dice.int(1, 72) * 3_600_000;
}

function createdIds(value: Json, out: Set<string>, depth = 0): void {
  if (depth > 12) return;
  if (typeof value === "string") {
    if (CREATED_ID.test(value)) out.add(value);
  } else if (Array.isArray(value)) for (const v of value) createdIds(v, out, depth + 1);
  else if (isObject(value)) for (const v of Object.values(value)) createdIds(v as Json, out, depth + 1);
}

export function walkCatalog(opts: WalkOptions): WalkReport {
  const dice = seeded(opts.seed);
  let now = opts.start ?? Date.now();
  const state = new StateStore({ scope: "user" });
  const empties: { tool: string; scenario: string; placeholder: string }[] = [];
  const engine = new Engine({ toolsDir: opts.toolsDir, clock: () => now, random: dice, state, onEmptyPlaceholder: (w) => empties.push(w) });
  const world = new Pools();
  world.add(engine.world.snapshot().data);
  // What tool files still declare as the persona's starting state is known to the agent too.
  world.add(engine.initialState());

  const tools: LoadedTool[] = [];
  for (const definition of engine.listTools()) {
    const entry = engine.catalog.get(String(definition.name));
    if (entry.kind === "ok") tools.push(entry.result.tool);
  }
  const report: WalkReport = { steps: opts.steps, seed: opts.seed, journeys: 0, violations: [], reached: new Map(), unreached: [], invalidArguments: 0 };
  for (const problem of engine.problems()) report.violations.push({ step: 0, tool: problem.file, scenario: null, args: {}, message: `${problem.file}:${problem.line}: ${problem.message}` });
  if (tools.length === 0) return report;

  let pools = new Pools(world);
  let history: { tool: LoadedTool; args: JsonObject; userId: string }[] = [];
  let created = new Set<string>();
  let left = 0;
  let serial = 0;
  /**
   * Where conversations got somewhere new (a scenario reached for the first time): later
   * journeys often resume from one of these, so what needs a chain of calls (a search, then a
   * revalidation, then a booking) is reached without the chain having to happen by luck again.
   */
  const milestones: { state: [string, JsonObject][]; pools: Pools; history: typeof history; created: Set<string>; now: number }[] = [];
  for (let step = 1; step <= opts.steps; step++) {
    if (left === 0) {
      for (const key of state.keys()) state.reset(key);
      const from = milestones.length > 0 && dice.chance(0.5) ? dice.pick(milestones) : undefined;
      if (from) {
        // Going on from where an earlier conversation got to, at the moment it got there: what
        // it made (a ride, an offer on hold) is as old as it was then.
        for (const [key, doc] of from.state) state.write(key, doc);
        now = from.now;
        pools = from.pools.clone();
        history = [...from.history];
        created = new Set(from.created);
      } else {
        // A new conversation: a user starting over, with only the world to go on.
        pools = new Pools(world);
        history = [];
        created = new Set();
      }
      left = dice.int(8, 30);
      report.journeys++;
    }
    left--;
    now += tick(dice);

    let call: { tool: LoadedTool; args: JsonObject; userId: string; fixture?: boolean };
    if (history.length > 0 && dice.chance(0.12)) {
      call = dice.pick(history.slice(-5)); // a retry: the very same call again
    } else {
      const tool = chooseTool(tools, pools, dice, report.reached);
      const ctx: ArgumentContext = { root: tool.definition.inputSchema as SchemaNode, pools, dice, now, serial: () => ++serial };
      // An agent exploring tries what the notes say triggers a case: mostly the ones it has not seen yet.
      const withMatch = tool.scenarios.filter((s) => s.match || sampleArguments(s));
      const fresh = withMatch.filter((s) => !report.reached.get(tool.name)?.has(s.name));
      const fixture = withMatch.length > 0 && dice.chance(0.3) ? dice.pick(fresh.length > 0 && dice.chance(0.7) ? fresh : withMatch) : undefined;
      let args: JsonObject = {};
      let userId = defaultUserId;
      for (let attempt = 0; attempt < 5; attempt++) {
        args = objectFor(ctx.root, ctx);
        if (fixture?.match && isObject(fixture.match.value)) {
          const { [userMatchKey]: user, ...rest } = fixture.match.value as JsonObject;
          if (typeof user === "string") userId = user.replace(/^[=~]/, "");
          args = overlay(args, fitted(rest, ctx.root, attempt)) as JsonObject;
        }
        // The sample arguments a scenario's json given names are an example of it, as a match block is.
        const example = fixture ? sampleArguments(fixture) : undefined;
        if (example) args = { ...args, ...example };
        if (tool.validators.checkArguments(args) === null) break;
      }
      call = { tool, args, userId, fixture: fixture !== undefined };
    }
    history.push(call);

    const at = empties.length;
    const outcome = engine.callTool(call.tool.name, call.args, { sessionId: `walk-${report.journeys}`, userId: call.userId, transport: "walk" });
    const violation = (message: string, scenario: string | null) => report.violations.push({ step, tool: call.tool.name, scenario, args: call.args, message });
    if (outcome.kind !== "result") {
      violation(`${outcome.message} (a listed tool must answer)`, null);
      continue;
    }
    if (outcome.scenario === null) {
      if (outcome.result.isError && outcome.result.content[0]?.text.startsWith('validating "arguments"')) report.invalidArguments++;
      else violation(outcome.warnings.join("; ") || String(outcome.result.content[0]?.text), null);
      continue;
    }
    let byScenario = report.reached.get(call.tool.name);
    if (!byScenario) report.reached.set(call.tool.name, (byScenario = new Map()));
    const firstTime = !byScenario.has(outcome.scenario);
    byScenario.set(outcome.scenario, (byScenario.get(outcome.scenario) ?? 0) + 1);
    for (const warning of outcome.warnings) violation(warning, outcome.scenario);
    for (const e of empties.slice(at)) violation(`${e.placeholder} rendered empty inside a sentence (scenario "${e.scenario}")`, e.scenario);
    // A created id must be answered from what the service knows, never by a fixture keyed on it.
    if (outcome.selectedBy === "matched") {
      const scenario = call.tool.scenarios.find((s) => s.name === outcome.scenario);
      const match = scenario?.match && isObject(scenario.match.value) ? (scenario.match.value as JsonObject) : {};
      for (const [key, pattern] of Object.entries(match)) {
        const value = call.args[key];
        // "*" asks only that the argument is there: it is not keyed on the id.
        if (pattern === "*") continue;
        if (typeof value === "string" && created.has(value)) violation(`the service's own id ${value} (${key}) selected fixture scenario "${outcome.scenario}" by its json match`, outcome.scenario);
      }
    }
    // A magic value copied from the notes is tried, not taken up as a habit (an idempotency key
    // that always answers "duplicate" would hide every other checkout).
    if (!call.fixture) pools.add(call.args);
    const output = outcome.result.structuredContent;
    if (output !== undefined) {
      const seen = new Set<string>();
      createdIds(output as Json, seen);
      for (const id of seen) if (!JSON.stringify(call.args).includes(id)) created.add(id);
      pools.addAnswer(output as Json);
    }
    if (firstTime && milestones.length < MILESTONES) {
      const docs: [string, JsonObject][] = state.keys().map((key) => [key, state.read(key, () => ({})) as JsonObject]);
      milestones.push({ state: docs, pools: pools.clone(), history: [...history], created: new Set(created), now });
    }
  }
  for (const tool of tools) {
    const reached = report.reached.get(tool.name);
    for (const scenario of tool.scenarios) if (!reached?.has(scenario.name)) report.unreached.push({ tool: tool.name, scenario: scenario.name, forcingOnly: forcingOnly(scenario) });
  }
  return report;
}

/** Tools whose required inputs the agent has values for are likelier: that is how calls chain. */
function chooseTool(tools: LoadedTool[], pools: Pools, dice: Dice, reached: WalkReport["reached"]): LoadedTool {
  const weights = tools.map((tool) => {
    const schema = tool.definition.inputSchema as SchemaNode | undefined;
    const required = Array.isArray(schema?.required) ? (schema.required as string[]) : [];
    let known = 0;
    for (const key of required) if (pools.valuesFor(key).length > 0) known++;
    // Exploring: a tool with cases not seen yet is likelier too.
    const unseen = tool.scenarios.some((s) => !reached.get(tool.name)?.has(s.name)) ? 4 : 1;
    return (1 + 2 * known) * unseen;
  });
  let r = dice.next() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < tools.length; i++) {
    r -= weights[i] as number;
    if (r < 0) return tools[i] as LoadedTool;
  }
  return tools[tools.length - 1] as LoadedTool;
}
