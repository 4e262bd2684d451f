// Quik's catalog, as scripts/world/quikProducts.mjs writes it from the curated product lines.
import catalog from "../../data/quik/products.json" with { type: "json" };
import aisleTable from "../../data/quik/aisles.json" with { type: "json" };
import synonymGroups from "../../data/quik/synonyms.json" with { type: "json" };
import type { Product } from "./product.js";

export interface Aisle {
  ar: string;
  /** Words that name the aisle itself ("dairy", "frozen"), which find its products too. */
  words: string[];
}

export const quikProducts: readonly Product[] = catalog as Product[];
export const quikAisles: Readonly<Record<string, Aisle>> = aisleTable;
export const quikSynonymGroups: readonly (readonly string[])[] = synonymGroups;
