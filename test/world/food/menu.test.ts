import { describe, expect, it } from "vitest";
import { dish, menuAt } from "../../../tools/_world/lib/food/menu.js";
import type { Restaurant } from "../../../tools/_world/lib/food/restaurant.js";
import { foodRestaurants } from "../../../tools/_world/lib/food/restaurants.js";

const byId = (id: string) => foodRestaurants.find((r) => r.restaurant_id === id) as Restaurant;
const dubai = (local: string) => Date.parse(`${local}+04:00`);

describe("a restaurant's menu at an instant", () => {
  it("finds a dish by id only on its own restaurant's menu", () => {
    expect(dish(byId("rst_10231"), "itm_50301")).toMatchObject({ name: "Chicken Shawarma Wrap", price: { amount: 18, currency: "AED" } });
    expect(dish(byId("rst_10877"), "itm_50301")).toBeUndefined();
  });

  it("offers what is in stock while open: Zaatar Lane at 13:00 has everything but the Moutabal", () => {
    const items = menuAt(byId("rst_10231"), dubai("2026-12-07T13:00:00")).flatMap((s) => s.items);
    expect(items.filter((i) => !i.available).map((i) => i.item_id)).toEqual(["itm_50103_sold_out"]);
  });

  it("offers nothing while closed: Sakura Dock Sushi keeps Mondays closed", () => {
    const menu = menuAt(byId("rst_closed_20417"), dubai("2026-12-07T13:00:00"));
    expect(menu.map((s) => s.category_id)).toEqual(["cat_701", "cat_702"]);
    expect(menu.flatMap((s) => s.items).every((i) => !i.available)).toBe(true);
    // The world's record is not changed by a read.
    expect(dish(byId("rst_closed_20417"), "itm_70101")?.available).toBe(true);
  });
});
