import { words } from "../text.js";
import { stem } from "./stem.js";

/**
 * Words people use for the same thing ("laban" and "buttermilk", "nappies" and "diapers",
 * "aubergine" and "eggplant"), as a table from each word's stem to every stem of its group. An
 * index adds the group to a document's words, so a query in any of them finds it; queries are
 * not expanded, which keeps "every word must match" meaning what the shopper typed.
 */
export type SynonymTable = ReadonlyMap<string, readonly string[]>;

/** The table of synonym groups (one-word entries; text in any case, Arabic with or without marks). */
export function synonymTable(groups: readonly (readonly string[])[]): SynonymTable {
  const table = new Map<string, string[]>();
  for (const group of groups) {
    const stems = [...new Set(group.flatMap((entry) => words(entry)).map(stem))];
    for (const s of stems) table.set(s, [...new Set([...(table.get(s) ?? []), ...stems])]);
  }
  return table;
}
