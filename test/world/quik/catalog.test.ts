import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildProducts, productsFile, productsText } from "../../../scripts/world/quikProducts.mjs";
import { productListing, type Product } from "../../../tools/_world/lib/quik/product.js";
import { quikAisles, quikProducts } from "../../../tools/_world/lib/quik/products.js";

// Today's hand-typed products (tools/_world/quik.md), which scenarios and tests name by id.
const TODAY: [id: string, name: string, size: string, price: number, inStock: boolean, limit: number][] = [
  ["prd_200113", "Fresh Full Fat Milk", "2 L", 13.5, true, 10],
  ["prd_200114", "Fresh Low Fat Milk", "1 L", 7.25, true, 10],
  ["prd_200305", "Free Range Brown Eggs", "12 pcs", 21, true, 6],
  ["prd_200410", "White Sliced Bread", "600 g", 6.5, true, 10],
  ["prd_200411", "Wholemeal Sliced Bread", "600 g", 7, true, 10],
  ["prd_sold_out_200520", "Hass Avocado", "2 pcs", 14.95, false, 10],
  ["prd_sold_out_200521", "Ready-to-Eat Avocado", "1 pc", 8.5, false, 10],
  ["prd_200601", "Bananas", "1 kg", 6.95, true, 10],
  ["prd_200602", "Royal Gala Apples", "1 kg", 9.5, true, 10],
  ["prd_200603", "Vine Tomatoes", "500 g", 5.75, true, 10],
  ["prd_200701", "Greek Yoghurt", "500 g", 11.25, true, 10],
  ["prd_200801", "Basmati Rice", "5 kg", 42, true, 4],
  ["prd_200802", "Still Water", "6 x 1.5 L", 12, true, 5],
  ["prd_200901", "Chicken Breast Fillets", "1 kg", 32, true, 5],
];

describe("Quik's catalog", () => {
  it("is the file scripts/world/quikProducts.mjs writes (run it after editing a product line)", () => {
    expect(readFileSync(productsFile, "utf8")).toBe(productsText(buildProducts()));
  });

  it("holds at least 800 products over every aisle a Dubai grocery app has", () => {
    expect(quikProducts.length).toBeGreaterThanOrEqual(800);
    const perAisle = new Map<string, number>();
    for (const p of quikProducts) perAisle.set(p.category, (perAisle.get(p.category) ?? 0) + 1);
    expect([...perAisle.keys()].sort()).toEqual(Object.keys(quikAisles).sort());
    for (const [aisle, count] of perAisle) expect(count, aisle).toBeGreaterThanOrEqual(20);
  });

  it("keeps today's products with their ids, names, sizes, prices, stock and limits", () => {
    for (const [id, name, size, price, inStock, limit] of TODAY) {
      expect(quikProducts.find((p) => p.product_id === id)).toMatchObject({
        name, size, price: { amount: price, currency: "AED" }, in_stock: inStock, max_quantity_per_order: limit,
      });
    }
  });

  it("gives every product a unique prd_ id, an Arabic name, a positive AED price and an honest discount", () => {
    const ids = quikProducts.map((p) => p.product_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of quikProducts) {
      expect(p.product_id, p.name).toMatch(/^prd_(sold_out_)?\d{6}$/);
      expect(p.name_ar, p.name).toMatch(/[\u0600-\u06FF]/);
      expect(p.price.amount, p.name).toBeGreaterThan(0);
      if (p.original_price) expect(p.original_price.amount, p.name).toBeGreaterThan(p.price.amount);
      expect(p.max_quantity_per_order, p.name).toBeGreaterThanOrEqual(1);
    }
  });

  it("lists a product as search_products' schema has it: no search-only fields, a restock time on the hour", () => {
    const now = Date.parse("2026-12-07T09:20:00Z");
    const avocado = quikProducts.find((p) => p.product_id === "prd_sold_out_200520") as Product;
    expect(productListing(avocado, now)).toEqual({
      product_id: "prd_sold_out_200520",
      name: "Hass Avocado",
      size: "2 pcs",
      category: "Fruits & Vegetables",
      price: { amount: 14.95, currency: "AED" },
      original_price: null,
      in_stock: false,
      restock_expected_at: "2026-12-08T09:00:00Z",
      max_quantity_per_order: 10,
      image_url: "https://careem-catalog-media.media.careem.com/quik/prd_sold_out_200520.jpg",
    });
    const unknown = quikProducts.find((p) => p.product_id === "prd_sold_out_200521") as Product;
    expect(productListing(unknown, now).restock_expected_at).toBeNull();
    const milk = quikProducts.find((p) => p.product_id === "prd_200113") as Product;
    expect(Object.keys(productListing(milk, now))).toEqual([
      "product_id", "name", "size", "category", "price", "original_price", "in_stock", "max_quantity_per_order", "image_url",
    ]);
  });
});
