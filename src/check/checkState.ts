// --check for state: every stateful scenario rendered with sample state (the initial state with
// the scenario's `json given` laid over it), its `json when` shown to hold there, its `json then`
// applied; and every `$state` path some scenario reads must be written by some `json then` or
// declared in a `## State` block.
import type { CatalogEntry } from "../engine/catalog.js";
import type { WorldSnapshot } from "../world/world.js";
import type { LoadedScenario, LoadedTool } from "../engine/loadTool.js";
import type { Clock, Json, JsonObject, Problem } from "../base/types.js";
import { truthy } from "../jsonata/expression.js";
import { applyOperations } from "../state/operations.js";
import { isObject } from "./schemaWalk.js";
import type { RandomSource } from "../base/types.js";
import { setOwn } from "../base/setOwn.js";

/**
 * `base` with `over` laid on top, objects merged key by key. Parts of `base` that `over` does
 * not touch are shared, not copied: the result is read, never changed (copying the whole initial
 * state for every stateful scenario was a third of --check's time at 2,000 files).
 */
export function deepMerge(base: Json, over: Json): Json {
  if (!isObject(base) || !isObject(over)) return structuredClone(over);
  const out: JsonObject = { ...(base as JsonObject) };
  for (const [key, value] of Object.entries(over)) {
    const current = Object.prototype.hasOwnProperty.call(out, key) ? out[key] : undefined;
    setOwn(out, key, current === undefined ? structuredClone(value) : deepMerge(current, value));
  }
  return out;
}

/** The state a scenario is rendered with in --check. Read only: it shares parts with `initial`. */
/** The reserved `json given` key whose object is laid over --check's sample arguments. */
export const GIVEN_ARGS = "$args";

export function sampleState(initial: JsonObject, scenario: LoadedScenario): JsonObject {
  const given = scenario.state?.given?.value;
  if (!given) return initial;
  const { [GIVEN_ARGS]: _args, ...state } = given;
  return deepMerge(initial, state) as JsonObject;
}

/** `json given`'s `"$args"`: sample arguments for --check, over the schema's and the match block's. */
export function sampleArguments(scenario: LoadedScenario): JsonObject | undefined {
  const value = scenario.state?.given?.value?.[GIVEN_ARGS];
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/** Problems of one stateful scenario with sample arguments and state (without the render itself). */
export function checkScenarioState(tool: LoadedTool, scenario: LoadedScenario, args: JsonObject, state: JsonObject, rendered: Json, clock: Clock, random: RandomSource, world?: WorldSnapshot): Problem[] {
  const problems: Problem[] = [];
  const extra = scenario.state;
  if (!extra) return problems;
  const at = (line: number, message: string) => problems.push({ file: tool.file.path, line, message });
  if (extra.when && extra.given) {
    try {
      const value = extra.when.evaluate({ args, state, clock, world, random });
      if (!truthy(value)) at(extra.given.line, `scenario "${scenario.name}": json when does not hold with the json given state and sample arguments (it gives ${JSON.stringify(value)}); make the given state one this scenario answers`);
    } catch (err) {
      at(extra.given.line, `scenario "${scenario.name}": json when fails with the json given state: ${(err as Error).message}`);
    }
  }
  if (extra.then) {
    try {
      applyOperations(structuredClone(state) as Record<string, Json>, extra.then, { args, clock, random, state, response: rendered, world });
    } catch (err) {
      at(extra.thenLine ?? scenario.line, `scenario "${scenario.name}": json then fails with sample state: ${(err as Error).message}`);
    }
  }
  return problems;
}

/** Dotted paths of an object tree, two levels deep (enough to name what is declared). */
function declaredPaths(value: JsonObject): string[] {
  const out: string[] = [];
  for (const [key, sub] of Object.entries(value)) {
    out.push(key);
    if (isObject(sub)) for (const inner of Object.keys(sub)) out.push(`${key}.${inner}`);
  }
  return out;
}

const related = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

/** Reads no `json then` writes and no `## State` declares: file:line of each. */
export function unwrittenReads(entries: CatalogEntry[], initial: JsonObject): Problem[] {
  const written = declaredPaths(initial);
  const tools = entries.flatMap((e) => (e.kind === "ok" ? [e.result.tool] : []));
  for (const tool of tools) for (const s of tool.scenarios) written.push(...(s.state?.writes ?? []));
  const problems: Problem[] = [];
  for (const tool of tools) {
    for (const s of tool.scenarios) {
      for (const read of s.state?.reads ?? []) {
        if (!written.some((w) => related(read.path, w))) {
          problems.push({ file: tool.file.path, line: read.line, message: `scenario "${s.name}" reads $state.${read.path}, which no json then writes and no ## State declares (a typo, or a missing write)` });
        }
      }
    }
  }
  return problems;
}
