// A fresh state is the persona's world: the `## State` blocks of every tool file, merged by
// top-level key. Two files declaring the same key is a problem --check reports; at runtime the
// first file (by name) wins so a call still answers.
import type { CatalogEntry } from "../engine/catalog.js";
import type { JsonObject, Problem } from "../engine/types.js";

export function initialState(entries: CatalogEntry[]): { state: JsonObject; problems: Problem[] } {
  const state: JsonObject = {};
  const owner = new Map<string, string>();
  const problems: Problem[] = [];
  for (const entry of entries) {
    if (entry.kind !== "ok") continue;
    const declared = entry.result.tool.initialState;
    if (!declared) continue;
    for (const [key, value] of Object.entries(declared)) {
      const first = owner.get(key);
      if (first !== undefined) {
        const line = entry.result.tool.file.state?.line ?? 1;
        problems.push({ file: entry.result.tool.file.path, line, message: `initial state key "${key}" is already declared by ${first} (each top-level key belongs to one tool file)` });
        continue;
      }
      owner.set(key, entry.result.tool.file.path);
      Object.defineProperty(state, key, { value: structuredClone(value), enumerable: true, writable: true, configurable: true });
    }
  }
  return { state, problems };
}
