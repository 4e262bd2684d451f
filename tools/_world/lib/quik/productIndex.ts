import MiniSearch, { type SearchResult } from "minisearch";
import { memo } from "../search/memo.js";
import { words } from "../text.js";
import { fuzziness } from "../search/fuzziness.js";
import { searchForgiving } from "../search/searchForgiving.js";
import { synonymTable } from "../search/synonyms.js";
import { documentTerms, queryTerm, queryTerms } from "../search/terms.js";
import type { Product } from "./product.js";
import { quikAisles, quikSynonymGroups, type Aisle } from "./products.js";

/** One product a query found, with how well. */
export interface ProductHit {
  product: Product;
  /** How many of the query's words the product has as whole words (not only as a prefix or a typo). */
  exact: number;
  score: number;
}

export interface ProductIndex {
  /** The products one search term finds, best first: every word must match. */
  search(term: string): ProductHit[];
  product(id: string): Product | undefined;
}

// Where a word counts most: the product's own name and brand, then the words it is searched by,
// then its aisle. Arabic names count as much as English ones.
const BOOST = { name: 4, brand: 3, name_ar: 4, words: 2.5, aisle: 1 };

/**
 * The search index of a catalog. Build it once per world version (it holds no clock and no
 * state); a search is then a lookup in MiniSearch's radix tree.
 */
export function createProductIndex(
  products: readonly Product[],
  aisles: Readonly<Record<string, Aisle>> = quikAisles,
  synonymGroups: readonly (readonly string[])[] = quikSynonymGroups,
): ProductIndex {
  const synonyms = synonymTable(synonymGroups);
  const byId = new Map(products.map((p) => [p.product_id, p]));
  // A catalog repeats its words ("milk", "Almarai", an aisle's words) hundreds of times: each
  // text is normalised and each word expanded once per build, which halves the build.
  const tokens = memo((text: string) => words(text));
  const terms = memo((word: string) => documentTerms(word, synonyms));
  const engine = new MiniSearch<Product>({
    idField: "product_id",
    fields: Object.keys(BOOST),
    extractField: (p, field) => {
      if (field === "words") return p.search_words.join(" ");
      if (field === "aisle") {
        const aisle = aisles[p.category];
        // The aisle's own words, not its title: "Dairy & Eggs" must not make every yoghurt an egg.
        return [aisle?.ar ?? "", ...(aisle?.words ?? [])].join(" ");
      }
      if (field === "brand") return p.brand ?? "";
      return String(p[field as keyof Product] ?? "");
    },
    tokenize: tokens,
    processTerm: terms,
    searchOptions: {
      tokenize: (text) => words(text),
      processTerm: (word) => queryTerm(word),
      combineWith: "AND",
      prefix: true,
      fuzzy: (term) => fuzziness(term),
      boost: BOOST,
    },
  });
  engine.addAll(products as Product[]);

  return {
    search(term) {
      const wanted = queryTerms(term);
      if (wanted.length === 0) return [];
      return searchForgiving(engine, term)
        .flatMap((r) => {
          const product = byId.get(r.id as string);
          return product ? [{ product, exact: exactWords(r, wanted), score: r.score }] : [];
        })
        .sort(byRelevance);
    },
    product: (id) => byId.get(id),
  };
}

/** How many of the query's terms the result has as whole words. */
function exactWords(result: SearchResult, wanted: readonly string[]): number {
  return wanted.filter((t) => result.terms.includes(t)).length;
}

/** Whole-word matches first ("ice" finds ice cream before iceberg lettuce), then what is in stock, then MiniSearch's score. */
function byRelevance(a: ProductHit, b: ProductHit): number {
  if (a.exact !== b.exact) return b.exact - a.exact;
  if (a.product.in_stock !== b.product.in_stock) return a.product.in_stock ? -1 : 1;
  if (a.score !== b.score) return b.score - a.score;
  return a.product.product_id < b.product.product_id ? -1 : 1;
}
