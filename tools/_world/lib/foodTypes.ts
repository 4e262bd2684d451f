// The food world's entities (tools/_world/food.md's data) and the baskets and orders a user's calls keep.
import type { Money } from "./call.js";

export interface OpeningHours {
  opens_at: string;
  closes_at: string;
}

export interface Dish {
  item_id: string;
  name: string;
  price: Money;
  available: boolean;
  [key: string]: unknown;
}

export interface MenuCategory {
  category_id: string;
  name: string;
  items: Dish[];
}

export interface Restaurant {
  restaurant_id: string;
  name: string;
  cuisines: string[];
  keywords: string[];
  rating: number;
  rating_count: number;
  price_level: number;
  delivery_time_minutes: { min: number; max: number };
  ride_minutes: number;
  delivery_fee: Money;
  service_fee: Money;
  minimum_order: Money;
  city: string;
  location: { latitude: number; longitude: number };
  delivery_radius_km: number;
  opening_hours: OpeningHours;
  promotion: unknown;
  image_url: string;
  menu: MenuCategory[];
}

/** Who a basket buys from, in one shape for both verticals (a restaurant, or a Quik store under `restaurant_id`). */
export type Seller = Partial<Restaurant> & { restaurant_id?: string; name?: string };

export interface BasketLine {
  item_id: string;
  name: string;
  quantity: number;
  unit_price: Money;
}

export interface Basket {
  basket_id?: string;
  kind?: "food" | "quik";
  restaurant_id?: string;
  store_id?: string;
  lines?: Record<string, BasketLine>;
  promo?: { code?: string };
  [key: string]: unknown;
}

export interface Promo {
  promo_code: string;
  vertical: "food" | "quik";
  description: string;
  rate: number;
  cap: number;
  minimum_subtotal: number;
  valid_until: string;
}

export interface Order {
  order_id: string;
  kind?: string;
  restaurant: { restaurant_id: string; name: string };
  placed_at: string;
  picked_up_at?: string;
  estimated_delivery_at: string;
  cancelled_at?: string;
  [key: string]: unknown;
}

export interface FoodWorld {
  food_cities: Record<string, { name: string; center: { latitude: number; longitude: number }; radius_km: number }>;
  food_delivery_address: { address: string; latitude: number; longitude: number };
  food_couriers: Record<string, unknown>[];
  restaurants: Record<string, Restaurant>;
  baskets: Record<string, Basket>;
  orders: Record<string, Order>;
  checkouts: Record<string, string>;
  promos: Record<string, Promo>;
}

export interface FoodState {
  baskets?: Record<string, Basket>;
  orders?: Record<string, Order>;
  checkouts?: Record<string, string>;
}
