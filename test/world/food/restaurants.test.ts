import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildRestaurants, restaurantsFile, restaurantsText } from "../../../scripts/world/foodRestaurants.mjs";
import { foodSearch } from "../../../tools/_world/lib/food/foodSearch.js";
import { createDeliveryIndex } from "../../../tools/_world/lib/food/deliveryIndex.js";
import { restaurantListing } from "../../../tools/_world/lib/food/listing.js";
import { createRestaurantIndex } from "../../../tools/_world/lib/food/restaurantIndex.js";
import { foodAreas, foodRestaurants } from "../../../tools/_world/lib/food/restaurants.js";

// Today's restaurants (tools/_world/food.md) and the dish ids fixtures and baskets name.
const TODAY: Record<string, string[]> = {
  rst_10231: ["itm_50101", "itm_50102", "itm_50103_sold_out", "itm_50201", "itm_50202", "itm_50301", "itm_50302", "itm_50601", "itm_50401", "itm_50402"],
  rst_10877: ["itm_60101", "itm_60102", "itm_60103", "itm_60201", "itm_60202", "itm_60301", "itm_60401"],
  rst_11402: ["itm_80101", "itm_80102", "itm_80103", "itm_80201", "itm_80301", "itm_80401"],
  rst_closed_20417: ["itm_70101", "itm_70102", "itm_70103", "itm_70201"],
  rst_12055: ["itm_90101", "itm_90102", "itm_90103", "itm_90201", "itm_90301"],
  rst_12318: ["itm_40101", "itm_40102", "itm_40103", "itm_40201", "itm_40301", "itm_40401"],
};

describe("Careem Food's restaurants", () => {
  it("are the file scripts/world/foodRestaurants.mjs writes (run it after editing a cuisine)", () => {
    expect(readFileSync(restaurantsFile, "utf8")).toBe(restaurantsText(buildRestaurants()));
  });

  it("number at least 150 over at least 25 cuisines and 20 Dubai areas", () => {
    expect(foodRestaurants.length).toBeGreaterThanOrEqual(150);
    expect(new Set(foodRestaurants.map((r) => r.cuisines[0])).size).toBeGreaterThanOrEqual(25);
    const areas = new Set(foodRestaurants.map((r) => r.area));
    expect(areas.size).toBeGreaterThanOrEqual(20);
    for (const area of areas) expect(foodAreas.map((a) => a.id)).toContain(area);
  });

  it("keep today's restaurants with their dish ids, Moutabal still sold out", () => {
    for (const [id, items] of Object.entries(TODAY)) {
      const r = foodRestaurants.find((x) => x.restaurant_id === id);
      expect(r?.menu.flatMap((s) => s.items.map((i) => i.item_id))).toEqual(items);
    }
    const moutabal = foodRestaurants.find((r) => r.restaurant_id === "rst_10231")?.menu.flatMap((s) => s.items).find((i) => i.item_id === "itm_50103_sold_out");
    expect(moutabal).toMatchObject({ name: "Moutabal", available: false });
  });

  it("give every restaurant a menu with unique itm_ ids, fees, a radius and a week of hours", () => {
    const itemIds = foodRestaurants.flatMap((r) => r.menu.flatMap((s) => s.items.map((i) => i.item_id)));
    expect(new Set(itemIds).size).toBe(itemIds.length);
    for (const r of foodRestaurants) {
      expect(r.restaurant_id).toMatch(/^rst_(closed_)?\d{5}$/);
      expect(r.menu.length, r.name).toBeGreaterThan(0);
      for (const s of r.menu) expect(s.items.length, `${r.name} ${s.name}`).toBeGreaterThan(0);
      for (const id of r.menu.flatMap((s) => s.items.map((i) => i.item_id))) expect(id).toMatch(/^itm_\d{5}(_sold_out)?$/);
      expect(r.delivery_radius_km, r.name).toBeGreaterThan(0);
      expect(r.minimum_order.amount, r.name).toBeGreaterThanOrEqual(0);
      expect(Object.keys(r.opening_hours).sort(), r.name).toEqual(["fri", "mon", "sat", "sun", "thu", "tue", "wed"]);
      // Inside Dubai (food_cities: 45 km around 25.2048, 55.2708).
      expect(Math.abs(r.location.latitude - 25.2048), r.name).toBeLessThan(0.4);
      expect(Math.abs(r.location.longitude - 55.2708), r.name).toBeLessThan(0.4);
    }
  });

  it("list a restaurant as search_restaurants' schema has it, field by field", () => {
    const found = foodSearch(
      createRestaurantIndex(foodRestaurants),
      createDeliveryIndex(foodRestaurants),
      "sushi",
      { latitude: 25.0866, longitude: 55.1477 },
      Date.parse("2026-12-07T09:00:00Z"),
    );
    const sakura = found.restaurants.find((h) => h.restaurant.restaurant_id === "rst_closed_20417");
    expect(sakura && restaurantListing(sakura)).toEqual({
      restaurant_id: "rst_closed_20417",
      name: "Sakura Dock Sushi",
      cuisines: ["Japanese", "Sushi"],
      rating: 4.7,
      rating_count: 1530,
      price_level: 3,
      delivery_time_minutes: { min: 40, max: 55 },
      delivery_fee: { amount: 9, currency: "AED" },
      minimum_order: { amount: 50, currency: "AED" },
      distance_km: 2.3,
      is_open: false,
      opens_at: "2026-12-08T08:00:00Z",
      promotion: null,
      image_url: "https://careem-catalog-media.media.careem.com/restaurants/rst_closed_20417/cover.jpg",
    });
  });
});
