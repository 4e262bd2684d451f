import type MiniSearch from "minisearch";
import type { SearchResult } from "minisearch";

/**
 * Whole words and prefixes first; typos only when they find nothing. A typo-tolerant search of
 * a correctly spelt word adds near-misses ("chickpeas" finding chicken, "cerelac" cereal) that
 * make the count meaningless; a misspelt one ("shampo", "chiken breast") finds nothing exactly
 * and is then read forgivingly, with the index's own `fuzzy` option.
 */
export function searchForgiving<T>(engine: MiniSearch<T>, query: string): SearchResult[] {
  const exact = engine.search(query, { fuzzy: false });
  return exact.length > 0 ? exact : engine.search(query);
}
