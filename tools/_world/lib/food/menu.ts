import { openingAt } from "./openingHours.js";
import type { MenuItem, MenuSection, Restaurant } from "./restaurant.js";

/** A dish of the restaurant's menu by id, or nothing when this restaurant does not serve it. */
export function dish(restaurant: Restaurant, itemId: string): MenuItem | undefined {
  for (const section of restaurant.menu) {
    const item = section.items.find((i) => i.item_id === itemId);
    if (item) return item;
  }
  return undefined;
}

/**
 * The menu as `get_restaurant_menu` lists it at an instant (today's `$foodMenu`): every section
 * and dish, each dish `available` only when it is in stock and the restaurant is open then.
 */
export function menuAt(restaurant: Restaurant, instantMs: number): MenuSection[] {
  const open = openingAt(restaurant, instantMs).is_open;
  return restaurant.menu.map((section) => ({
    category_id: section.category_id,
    name: section.name,
    items: section.items.map((item) => ({ ...item, available: item.available && open })),
  }));
}
