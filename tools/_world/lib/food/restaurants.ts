// Careem Food's restaurants, as scripts/world/foodRestaurants.mjs writes them, and the areas of
// Dubai they stand in.
import restaurantList from "../../data/food/restaurants.json" with { type: "json" };
import areaList from "../../data/food/areas.json" with { type: "json" };
import synonymGroups from "../../data/food/synonyms.json" with { type: "json" };
import type { Point, Restaurant } from "./restaurant.js";

export interface Area {
  id: string;
  name: string;
  ar: string;
  /** Where the area lies: the centre, the Marina side, or further out. */
  ring: string;
  location: Point;
}

export const foodRestaurants: readonly Restaurant[] = restaurantList as Restaurant[];
export const foodAreas: readonly Area[] = areaList;
export const foodSynonymGroups: readonly (readonly string[])[] = synonymGroups;
