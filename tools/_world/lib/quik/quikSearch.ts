import type { Product } from "./product.js";
import type { ProductIndex } from "./productIndex.js";

export interface QuikSearchResult {
  /** How many products the terms found together, before the limit. */
  total: number;
  products: Product[];
}

/**
 * `search_products`' answer for a shopping list: the terms' products taken in turns (each term's
 * best, then each term's second, ...), each product once, at most `limit` (default 20, as the
 * tool's schema says). In turns, not term after term: with a full catalog "milk" alone finds
 * more than twenty products, and the eggs and bread of ["milk", "eggs", "bread"] would never show.
 */
export function quikSearch(index: ProductIndex, terms: readonly string[], limit = 20): QuikSearchResult {
  const lists = terms.map((term) => index.search(term).map((hit) => hit.product));
  const seen = new Set<string>();
  const found: Product[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let rank = 0; rank < longest; rank++) {
    for (const list of lists) {
      const product = list[rank];
      if (!product || seen.has(product.product_id)) continue;
      seen.add(product.product_id);
      found.push(product);
    }
  }
  return { total: found.length, products: found.slice(0, limit) };
}
