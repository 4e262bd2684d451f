import { words } from "../text.js";
import { stem } from "./stem.js";
import { STOP_WORDS } from "./stopWords.js";
import type { SynonymTable } from "./synonyms.js";

/**
 * A document's terms for one word: the word, its stem, and the stems of its synonyms. MiniSearch
 * calls this for every word of every field it indexes.
 */
export function documentTerms(word: string, synonyms: SynonymTable): string[] | null {
  if (STOP_WORDS.has(word)) return null;
  const s = stem(word);
  return [...new Set([word, s, ...(synonyms.get(s) ?? [])])];
}

/** A query's term for one word: its stem (nothing for a stop word). */
export function queryTerm(word: string): string | null {
  return STOP_WORDS.has(word) ? null : stem(word);
}

/** The query's terms as the index sees them, in order (what "every word must match" counts). */
export function queryTerms(query: string): string[] {
  return words(query).flatMap((w) => queryTerm(w) ?? []);
}
