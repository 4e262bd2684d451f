import { describe, expect, it } from "vitest";
import { distance } from "geokdbush";
import { createDeliveryIndex } from "../../../tools/_world/lib/food/deliveryIndex.js";
import type { Point, Restaurant } from "../../../tools/_world/lib/food/restaurant.js";
import { foodAreas, foodRestaurants } from "../../../tools/_world/lib/food/restaurants.js";

const DIFC: Point = { latitude: 25.2131, longitude: 55.2796 };
const MARINA_HOME: Point = { latitude: 25.0866, longitude: 55.1477 };
const km = (r: Restaurant, p: Point) => distance(p.longitude, p.latitude, r.location.longitude, r.location.latitude);

describe("which restaurants deliver to a point", () => {
  const index = createDeliveryIndex(foodRestaurants);

  it("DIFC is reached by every cuisine the city has (the issue found none for 22 common ones)", () => {
    const cuisines = new Set(index.deliveringTo(DIFC).map((d) => d.restaurant.cuisines[0]));
    const all = new Set(foodRestaurants.map((r) => r.cuisines[0]));
    for (const common of ["Lebanese", "Indian", "Pakistani", "Chinese", "Japanese", "Thai", "Italian", "Pizza", "Burgers", "Fried Chicken", "Mexican", "Korean", "Filipino", "Emirati", "Yemeni", "Turkish", "Persian", "Egyptian", "Greek", "Healthy", "Seafood", "Desserts", "Coffee", "Breakfast"]) {
      expect(cuisines, common).toContain(common);
    }
    expect(cuisines.size).toBeGreaterThanOrEqual(all.size - 2);
  });

  it("a restaurant in DIFC delivers to DIFC", () => {
    const inDifc = foodRestaurants.filter((r) => r.area === "difc");
    expect(inDifc.length).toBeGreaterThan(0);
    const delivering = new Set(index.deliveringTo(DIFC).map((d) => d.restaurant.restaurant_id));
    for (const r of inDifc) expect(delivering).toContain(r.restaurant_id);
  });

  it("keeps exactly the restaurants whose own radius reaches the point, nearest first", () => {
    for (const point of [DIFC, MARINA_HOME, ...foodAreas.map((a) => a.location)]) {
      const found = index.deliveringTo(point);
      const expected = foodRestaurants.filter((r) => km(r, point) <= r.delivery_radius_km).map((r) => r.restaurant_id).sort();
      expect(found.map((d) => d.restaurant.restaurant_id).sort()).toEqual(expected);
      const distances = found.map((d) => d.distance_km);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
    }
  });

  it("leaves out far areas: nothing from Mirdif or International City reaches the Marina", () => {
    const far = new Set(["mirdif", "international_city", "al_nahda", "al_qusais", "deira"]);
    const reaching = index.deliveringTo(MARINA_HOME).filter((d) => far.has(d.restaurant.area));
    expect(reaching).toEqual([]);
  });

  it("delivers nowhere outside Dubai: Abu Dhabi Corniche and the open sea get nobody", () => {
    expect(index.deliveringTo({ latitude: 24.4764, longitude: 54.3213 })).toEqual([]);
    expect(index.deliveringTo({ latitude: 0, longitude: 0 })).toEqual([]);
  });
});
