// The Quik world's rules (its data is quik.md): the dark store, its products, basket lines and
// the product search of `search_products`.
import type { Call } from "./lib/call.js";
import type { QuikProduct, QuikStore } from "./lib/quikTypes.js";
import { own } from "./lib/own.js";
import { defined } from "./lib/values.js";
import { quikProducts } from "./lib/quik/products.js";
import { createProductIndex, type ProductIndex } from "./lib/quik/productIndex.js";
import { quikSearch as searchInTurns } from "./lib/quik/quikSearch.js";
import { productListing } from "./lib/quik/product.js";

// The catalog's search index, built on the first search of this world version, not when the
// world loads: the build costs 140-350 ms cold, which would put loading the whole world over its
// 300 ms budget, and most sessions never search groceries. This module is evaluated afresh for
// each world snapshot, so the index goes with the snapshot that built it.
let index: ProductIndex | undefined;
function productIndex(): ProductIndex {
  if (index === undefined) index = createProductIndex(quikProducts);
  return index;
}
const catalogById = new Map(quikProducts.map((p) => [p.product_id, p]));

/** A Quik store by id (Quik Dubai Marina when the id is not given). */
export function quikStore(call: Call, id?: string): QuikStore | undefined {
  return own(call.world.quik_stores, id !== undefined ? id : "str_quik_dxb_marina");
}

/** The store as `search_products` names it: id, name and its usual delivery window. */
export function quikSearchStore(call: Call): Record<string, unknown> {
  const s = quikStore(call);
  return defined({ store_id: s?.store_id, name: s?.name, delivery_time_minutes: s?.search_delivery_time_minutes });
}

/**
 * A Quik product by id, or nothing: the world file's own product first (the stage's fourteen,
 * whose restock time is anchored when the world loads), else the catalog's 822.
 */
export function quikProduct(call: Call, id: string): QuikProduct | undefined {
  const staged = own(call.world.quik_products, id);
  if (staged !== undefined) return staged;
  if (typeof id !== "string") return undefined;
  const p = catalogById.get(id);
  return p === undefined ? undefined : (productListing(p, call.now) as unknown as QuikProduct);
}

/** A basket line for a Quik product: its name and shelf price, and the quantity. */
export function quikLine(call: Call, productId: string, quantity: number): Record<string, unknown> {
  const p = quikProduct(call, productId);
  return defined({ item_id: productId, name: p?.name, quantity, unit_price: p?.price });
}

interface Item {
  product_id?: string;
  quantity?: number;
}

/** The product ids of a call's items that would go over their per-order limit: the basket's quantity plus every line naming it. */
export function quikOverLimit(call: Call, basket: { lines?: Record<string, { quantity?: number }> } | undefined, items: Item[] | Item | undefined): string[] {
  const list = items === undefined ? [] : Array.isArray(items) ? items : [items];
  const ids = [...new Set(list.map((i) => i?.product_id).filter((id): id is string => id !== undefined))];
  return ids.filter((id) => {
    const quantities = list.filter((i) => i?.product_id === id && typeof i.quantity === "number").map((i) => i.quantity as number);
    if (quantities.length === 0) return false;
    const inBasket = own(basket?.lines, id)?.quantity;
    const limit = quikProduct(call, id)?.max_quantity_per_order;
    return limit !== undefined && quantities.reduce((a, b) => a + b, 0) + (typeof inBasket === "number" ? inBasket : 0) > limit;
  });
}

/**
 * `search_products`' answer: the catalog's products for each term (whole words and prefixes,
 * typos only when those find nothing; "ice" never finds rice), taken in turns so every term of a
 * shopping list shows; each once, at most `limit` (20). `total` counts before the limit.
 */
export function quikSearch(call: Call, terms: string[] | string | undefined, limit?: number): { total: number; products: Record<string, unknown>[] } {
  // One search_products call asks this up to three times (a scenario's condition, then the
  // answer's products and total) with the same arguments at the same instant: answer once.
  const key = JSON.stringify([call.now, terms, limit]);
  if (lastSearch?.key === key) return lastSearch.answer;
  const answer = searchNow(call, terms, limit);
  lastSearch = { key, answer };
  return answer;
}

let lastSearch: { key: string; answer: { total: number; products: Record<string, unknown>[] } } | undefined;

function searchNow(call: Call, terms: string[] | string | undefined, limit?: number): { total: number; products: Record<string, unknown>[] } {
  const list = (terms === undefined ? [] : Array.isArray(terms) ? terms : [terms]).filter((t): t is string => typeof t === "string");
  const max = limit !== undefined ? limit : 20;
  const found = searchInTurns(productIndex(), list, Math.max(0, max));
  return {
    total: found.total,
    products: found.products.map((p) => {
      const staged = own(call.world.quik_products, p.product_id);
      if (staged === undefined) return productListing(p, call.now) as unknown as Record<string, unknown>;
      const { search_words: _words, ...listed } = staged;
      return { ...listed, image_url: `https://careem-catalog-media.media.careem.com/quik/${p.product_id}.jpg` };
    }),
  };
}
