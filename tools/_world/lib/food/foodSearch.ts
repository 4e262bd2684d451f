import type { DeliveryIndex } from "./deliveryIndex.js";
import { openingAt, type Opening } from "./openingHours.js";
import type { Point, Restaurant } from "./restaurant.js";
import type { RestaurantIndex } from "./restaurantIndex.js";

/** A restaurant `search_restaurants` lists, with what its listing needs. */
export interface FoodHit {
  restaurant: Restaurant;
  distance_km: number;
  opening: Opening;
  relevance: number;
}

export interface FoodSearchResult {
  /** How many restaurants matched and deliver to the point, before the limit. */
  total: number;
  restaurants: FoodHit[];
}

/**
 * `search_restaurants`' answer for a query, a delivery point and an instant: the restaurants
 * that match every word and deliver to the point, open ones first (closed ones stay listed with
 * when they open), then those with more of the query as whole words, then by relevance: the
 * text score, a little for a good rating and a little for being near. At most `limit` (default
 * 10, as the tool's schema says). Whether the point is in a city Careem Food serves at all is
 * the world's question (today's `food_cities`), asked before this.
 */
export function foodSearch(
  text: RestaurantIndex,
  delivery: DeliveryIndex,
  query: string,
  point: Point,
  instantMs: number,
  limit = 10,
): FoodSearchResult {
  const near = new Map(delivery.deliveringTo(point).map((d) => [d.restaurant.restaurant_id, d.distance_km]));
  const hits: (FoodHit & { exact: number })[] = [];
  for (const match of text.search(query)) {
    const km = near.get(match.restaurant.restaurant_id);
    if (km === undefined) continue;
    hits.push({
      restaurant: match.restaurant,
      distance_km: km,
      opening: openingAt(match.restaurant, instantMs),
      exact: match.exact,
      // A 4.8 beats a 4.0 of equal text score by a fifth; 10 km away halves it.
      relevance: match.score * (match.restaurant.rating / 5) / (1 + km / 10),
    });
  }
  hits.sort(
    (a, b) =>
      Number(b.opening.is_open) - Number(a.opening.is_open) ||
      b.exact - a.exact ||
      b.relevance - a.relevance ||
      (a.restaurant.restaurant_id < b.restaurant.restaurant_id ? -1 : 1),
  );
  return { total: hits.length, restaurants: hits.slice(0, limit).map(({ exact: _exact, ...hit }) => hit) };
}
