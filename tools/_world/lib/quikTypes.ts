// The Quik world's entities (tools/_world/quik.md's data).
import type { Money } from "./call.js";

export interface QuikStore {
  store_id: string;
  name: string;
  delivery_time_minutes: { min: number; max: number };
  search_delivery_time_minutes: { min: number; max: number };
  ride_minutes: number;
  delivery_fee: Money;
  service_fee: Money;
  minimum_order: Money;
  location: { latitude: number; longitude: number };
  opening_hours: { opens_at: string; closes_at: string };
}

export interface QuikProduct {
  product_id: string;
  name: string;
  size: string;
  category: string;
  price: Money;
  original_price: Money | null;
  in_stock: boolean;
  restock_expected_at?: string | null;
  max_quantity_per_order: number;
  search_words?: string[];
}

export interface QuikWorld {
  quik_stores: Record<string, QuikStore>;
  quik_products: Record<string, QuikProduct>;
}
