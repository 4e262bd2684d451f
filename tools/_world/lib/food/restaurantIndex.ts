import MiniSearch, { type SearchResult } from "minisearch";
import { fuzziness } from "../search/fuzziness.js";
import { searchForgiving } from "../search/searchForgiving.js";
import { memo } from "../search/memo.js";
import { synonymTable } from "../search/synonyms.js";
import { documentTerms, queryTerm, queryTerms } from "../search/terms.js";
import { words } from "../text.js";
import type { Restaurant } from "./restaurant.js";
import { foodSynonymGroups } from "./restaurants.js";

/** A restaurant a query found, with how well. */
export interface RestaurantMatch {
  restaurant: Restaurant;
  /** How many of the query's words it has as whole words (not only as a prefix or a typo). */
  exact: number;
  score: number;
}

export interface RestaurantIndex {
  /** The restaurants whose name, cuisines, keywords or dishes have every word of the query. */
  search(query: string): RestaurantMatch[];
  restaurant(id: string): Restaurant | undefined;
}

// A restaurant's own name counts most, then what it is (cuisines, its words in both languages),
// then the dishes on its menu: "pizza" finds pizzerias before a grill that also bakes one.
const BOOST = { name: 5, cuisines: 4, keywords: 3, dishes: 1.5 };

/** The text search over restaurants. Build once per world version. */
export function createRestaurantIndex(
  restaurants: readonly Restaurant[],
  synonymGroups: readonly (readonly string[])[] = foodSynonymGroups,
): RestaurantIndex {
  const synonyms = synonymTable(synonymGroups);
  const byId = new Map(restaurants.map((r) => [r.restaurant_id, r]));
  const tokens = memo((text: string) => words(text));
  const terms = memo((word: string) => documentTerms(word, synonyms));
  const engine = new MiniSearch<Restaurant>({
    idField: "restaurant_id",
    fields: Object.keys(BOOST),
    extractField: (r, field) => {
      if (field === "cuisines") return r.cuisines.join(" ");
      if (field === "keywords") return [...r.keywords, ...r.keywords_ar].join(" ");
      if (field === "dishes") return r.menu.flatMap((s) => [s.name, ...s.items.map((i) => i.name)]).join(" ");
      if (field === "restaurant_id") return r.restaurant_id;
      return r.name;
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
  engine.addAll(restaurants as Restaurant[]);

  return {
    search(query) {
      const wanted = queryTerms(query);
      if (wanted.length === 0) return [];
      return searchForgiving(engine, query).flatMap((r) => {
        const restaurant = byId.get(r.id as string);
        return restaurant ? [{ restaurant, exact: exactWords(r, wanted), score: r.score }] : [];
      });
    },
    restaurant: (id) => byId.get(id),
  };
}

function exactWords(result: SearchResult, wanted: readonly string[]): number {
  return wanted.filter((t) => result.terms.includes(t)).length;
}
