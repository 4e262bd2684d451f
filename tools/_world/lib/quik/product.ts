// A Quik product as the world keeps it (tools/_world/data/quik/products.json) and as
// search_products answers it. The record carries what the answer needs plus what only search
// reads (Arabic name, brand, search words), so the answer is built here, field by field, and a
// new field in the data never leaks into a schema that forbids additional properties.

export interface Money {
  amount: number;
  currency: "AED";
}

export interface Product {
  product_id: string;
  name: string;
  name_ar: string;
  brand: string | null;
  size: string;
  category: string;
  price: Money;
  original_price: Money | null;
  in_stock: boolean;
  /** Out of stock only: hours from now until the store expects stock, null when unknown. */
  restock_in_hours?: number | null;
  max_quantity_per_order: number;
  search_words: string[];
}

/** A product as `search_products` lists it (today's `$quikSearch` shape). */
export interface ProductListing {
  product_id: string;
  name: string;
  size: string;
  category: string;
  price: Money;
  original_price: Money | null;
  in_stock: boolean;
  restock_expected_at?: string | null;
  max_quantity_per_order: number;
  image_url: string;
}

const HOUR = 3_600_000;
const IMAGE_BASE = "https://careem-catalog-media.media.careem.com/quik/";

/**
 * When an out-of-stock product is expected back, as an instant: `restock_in_hours` after `nowMs`,
 * on the hour (what today's `{{now+1d@1h}}` says); null when the store does not know, undefined
 * for a product in stock.
 */
export function restockExpectedAt(product: Product, nowMs: number): string | null | undefined {
  if (product.in_stock) return undefined;
  const hours = product.restock_in_hours;
  if (hours === undefined || hours === null) return null;
  return new Date(Math.round((nowMs + hours * HOUR) / HOUR) * HOUR).toISOString().replace(".000Z", "Z");
}

/** The product as `search_products` answers it at `nowMs`. */
export function productListing(product: Product, nowMs: number): ProductListing {
  const listing: ProductListing = {
    product_id: product.product_id,
    name: product.name,
    size: product.size,
    category: product.category,
    price: product.price,
    original_price: product.original_price,
    in_stock: product.in_stock,
    max_quantity_per_order: product.max_quantity_per_order,
    image_url: `${IMAGE_BASE}${product.product_id}.jpg`,
  };
  const restock = restockExpectedAt(product, nowMs);
  if (restock !== undefined) listing.restock_expected_at = restock;
  return listing;
}
