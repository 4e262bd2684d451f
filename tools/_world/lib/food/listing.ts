import type { FoodHit } from "./foodSearch.js";
import type { Money } from "./restaurant.js";

/** A restaurant as `search_restaurants` lists it (today's `$foodSearch` listing, field by field). */
export interface RestaurantListing {
  restaurant_id: string;
  name: string;
  cuisines: string[];
  rating: number;
  rating_count: number;
  price_level: number;
  delivery_time_minutes: { min: number; max: number };
  delivery_fee: Money;
  minimum_order: Money;
  distance_km: number;
  is_open: boolean;
  opens_at: string | null;
  promotion: string | null;
  image_url: string;
}

/** An instant as the world writes it: ISO 8601 in UTC, whole seconds. */
export function isoInstant(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function restaurantListing(hit: FoodHit): RestaurantListing {
  const r = hit.restaurant;
  return {
    restaurant_id: r.restaurant_id,
    name: r.name,
    cuisines: r.cuisines,
    rating: r.rating,
    rating_count: r.rating_count,
    price_level: r.price_level,
    delivery_time_minutes: r.delivery_time_minutes,
    delivery_fee: r.delivery_fee,
    minimum_order: r.minimum_order,
    distance_km: Math.round(hit.distance_km * 10) / 10,
    is_open: hit.opening.is_open,
    opens_at: hit.opening.opens_at === null ? null : isoInstant(hit.opening.opens_at),
    promotion: r.promotion,
    image_url: r.image_url,
  };
}
