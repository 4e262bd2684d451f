import KDBush from "kdbush";
import { around, distance } from "geokdbush";
import type { Point, Restaurant } from "./restaurant.js";

/** A restaurant that delivers to a point, and how far it is. */
export interface Delivering {
  restaurant: Restaurant;
  distance_km: number;
}

export interface DeliveryIndex {
  /** The restaurants whose delivery radius reaches the point, nearest first. */
  deliveringTo(point: Point): Delivering[];
}

/**
 * Which restaurants deliver where: a k-d tree of their locations (kdbush), asked for the ones
 * within the widest radius of any restaurant (geokdbush, great-circle km), each then kept when
 * its own radius reaches the point. Build once per world version.
 */
export function createDeliveryIndex(restaurants: readonly Restaurant[]): DeliveryIndex {
  const tree = new KDBush(Math.max(1, restaurants.length));
  for (const r of restaurants) tree.add(r.location.longitude, r.location.latitude);
  tree.finish();
  const widest = Math.max(0, ...restaurants.map((r) => r.delivery_radius_km));
  return {
    deliveringTo(point) {
      if (restaurants.length === 0) return [];
      const ids = around(tree, point.longitude, point.latitude, Infinity, widest, (i) => {
        const r = restaurants[i] as Restaurant;
        return distance(point.longitude, point.latitude, r.location.longitude, r.location.latitude) <= r.delivery_radius_km;
      });
      return ids.map((i) => {
        const restaurant = restaurants[i] as Restaurant;
        const km = distance(point.longitude, point.latitude, restaurant.location.longitude, restaurant.location.latitude);
        return { restaurant, distance_km: km };
      });
    },
  };
}
