// A fresh state is the persona's world: the `## State` blocks of every tool file, merged by
// top-level key. Two files declaring the same key is a problem --check reports; at runtime the
// first file (by name) wins so a call still answers.
import { render } from "../template/render.js";
import type { Template } from "../template/template.js";
import type { Clock, JsonObject, Problem, RandomSource } from "../base/types.js";
import { setOwn } from "../base/setOwn.js";

/** What a fresh state reads of a catalog entry: the engine's CatalogEntry is one. */
export type StateSource =
  | { kind: "missing" | "broken" }
  | { kind: "ok"; result: { tool: { initialState?: Template; file: { path: string; state?: { line: number } } } } };

/** Rendered now: `{{now-2d}}` in a state block is two days before the session's first stateful call. */
export function initialState(entries: StateSource[], clock: Clock, random: RandomSource): { state: JsonObject; problems: Problem[] } {
  const state: JsonObject = {};
  const owner = new Map<string, string>();
  const problems: Problem[] = [];
  for (const entry of entries) {
    if (entry.kind !== "ok") continue;
    const template = entry.result.tool.initialState;
    if (!template) continue;
    const declared = render(template, { args: {}, clock, random }) as JsonObject;
    for (const [key, value] of Object.entries(declared)) {
      const first = owner.get(key);
      if (first !== undefined) {
        const line = entry.result.tool.file.state?.line ?? 1;
        problems.push({ file: entry.result.tool.file.path, line, message: `initial state key "${key}" is already declared by ${first} (each top-level key belongs to one tool file)` });
        continue;
      }
      owner.set(key, entry.result.tool.file.path);
      setOwn(state, key, value);
    }
  }
  return { state, problems };
}
