// The Quik world's rules (its data is quik.md): the dark store, its products, basket lines and
// the product search of `search_products`.
import type { Call } from "./lib/call.js";
import type { QuikProduct, QuikStore } from "./lib/quikTypes.js";
import { own } from "./lib/own.js";
import { defined } from "./lib/values.js";

/** A Quik store by id (Quik Dubai Marina when the id is not given). */
export function quikStore(call: Call, id?: string): QuikStore | undefined {
  return own(call.world.quik_stores, id !== undefined ? id : "str_quik_dxb_marina");
}

/** The store as `search_products` names it: id, name and its usual delivery window. */
export function quikSearchStore(call: Call): Record<string, unknown> {
  const s = quikStore(call);
  return defined({ store_id: s?.store_id, name: s?.name, delivery_time_minutes: s?.search_delivery_time_minutes });
}

/** A Quik product by id, or nothing. */
export function quikProduct(call: Call, id: string): QuikProduct | undefined {
  return own(call.world.quik_products, id);
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

/** The words of a search term that must all be found: two letters or more, a final "s" dropped. */
function termWords(term: string): string[] {
  return term.toLowerCase().split(/[^a-z0-9]+/).filter((w) => Array.from(w).length >= 2).map((w) => w.replace(/s$/, ""));
}

/**
 * `search_products`' answer: for each term in order, the products whose name or search words
 * contain every word of the term; each once, at most `limit` (20). `total` counts before the limit.
 */
export function quikSearch(call: Call, terms: string[] | string | undefined, limit?: number): { total: number; products: Record<string, unknown>[] } {
  const list = terms === undefined ? [] : Array.isArray(terms) ? terms : [terms];
  const products = Object.values(call.world.quik_products);
  const textOf = (p: QuikProduct) => [p.name, ...(p.search_words ?? [])].join(" ").toLowerCase();
  const ids: string[] = [];
  for (const term of list) {
    const words = termWords(term);
    for (const p of products) if (words.length > 0 && words.every((w) => textOf(p).includes(w)) && !ids.includes(p.product_id)) ids.push(p.product_id);
  }
  const found = ids.flatMap((id) => {
    const product = quikProduct(call, id);
    if (!product) return [];
    const { search_words: _words, ...listed } = product;
    return Object.keys(listed).length > 0 ? [listed] : [];
  });
  const max = limit !== undefined ? limit : 20;
  return {
    total: found.length,
    products: found.slice(0, Math.max(0, max)).map((p) => ({ ...p, image_url: `https://careem-catalog-media.media.careem.com/quik/${p.product_id}.jpg` })),
  };
}
