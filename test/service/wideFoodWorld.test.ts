// Issue 43, groceries and food at a real grocery's and city's breadth, as a new user meets the
// service over streamable HTTP and over stdio: everyday words find the products they name, a
// delivery point in DIFC finds restaurants of common cuisines, at 13:00 Dubai time most of them
// are open, and the basket delivers to the point searched, through checkout and tracking.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { overBothTransports, type Out, type ServiceSession } from "./harness.js";

const difc = { latitude: 25.2125, longitude: 55.281 };
const hour = 3_600_000;

/** Moves the server's clock to the next 13:00 in Dubai (09:00 UTC), at least an hour ahead. */
async function toDubaiLunch(s: ServiceSession): Promise<void> {
  const now = Date.now();
  const day = Math.floor(now / (24 * hour)) * 24 * hour;
  let lunch = day + 9 * hour;
  while (lunch < now + hour) lunch += 24 * hour;
  await s.advance(lunch - now);
}

overBothTransports("the wide groceries and food world", (journey) => {
  journey("everyday grocery words find the product they name, first", async (s) => {
    // The issue's words, then ours: each must come back with a product named by the word.
    const words: [string, RegExp][] = [
      ["coffee", /coffee/i],
      ["tea", /\btea\b|chai/i],
      ["sugar", /sugar/i],
      ["diapers", /diaper/i],
      ["shampoo", /shampoo/i],
      ["pasta", /pasta/i],
      ["cheese", /cheese/i],
      ["beef", /beef/i],
      ["salmon", /salmon/i],
      ["dates", /dates/i],
      ["hummus", /hummus/i],
      ["toothpaste", /toothpaste/i],
      ["honey", /honey/i],
      ["ketchup", /ketchup/i],
      ["oats", /oats/i],
      ["lentils", /lentils/i],
      ["olive oil", /olive oil/i],
    ];
    for (const [word, named] of words) {
      const found = await s.call("search_products", { search_terms: [word], limit: 5 });
      expect(found.success, word).toBe(true);
      expect(found.total_results, word).toBeGreaterThan(0);
      expect(found.products[0].name, word).toMatch(named);
      // Only the listing's own fields: the catalog's Arabic names and search words stay inside.
      expect(Object.keys(found.products[0]), word).not.toContain("search_words");
      expect(Object.keys(found.products[0]), word).not.toContain("name_ar");
    }
  });

  journey("'ice' finds ice, never rice; a shopping list shows every term's best", async (s) => {
    const ice = await s.call("search_products", { search_terms: ["ice"], limit: 50 });
    expect(ice.total_results).toBeGreaterThan(0);
    expect(ice.products.filter((p: Out) => /rice/i.test(p.name)).map((p: Out) => p.name)).toEqual([]);
    expect(ice.products[0].name).toMatch(/\bice\b/i);
    const list = await s.call("search_products", { search_terms: ["coffee", "sugar", "milk"], limit: 3 });
    expect(list.products.map((p: Out) => p.name)).toEqual([expect.stringMatching(/coffee/i), expect.stringMatching(/sugar/i), expect.stringMatching(/milk/i)]);
  });

  journey("a catalog product goes into a Quik basket; a made-up product id is not found", async (s) => {
    const honey = (await s.call("search_products", { search_terms: ["honey"], limit: 1 })).products[0];
    expect(honey.in_stock).toBe(true);
    const added = await s.call("add_grocery_items", { items: [{ product_id: honey.product_id, quantity: 2 }] });
    expect(added).toMatchObject({ success: true, created: true });
    const basket = await s.call("get_basket", { basket_id: added.basket_id });
    expect(basket.items).toEqual([expect.objectContaining({ item_id: honey.product_id, name: honey.name, quantity: 2, unit_price: honey.price, available: true })]);
    const madeUp = await s.call("add_grocery_items", { items: [{ product_id: "prd_424242", quantity: 1 }] });
    expect(madeUp).toMatchObject({ success: false, added_items: [] });
    expect(madeUp.error).toContain("no product prd_424242");
    expect(madeUp.error).not.toContain("out of stock");
  });

  journey("DIFC has restaurants for common cuisines, and at 13:00 Dubai time most found are open", async (s) => {
    await toDubaiLunch(s);
    let found = 0;
    let open = 0;
    for (const cuisine of ["pizza", "sushi", "burger", "indian", "chinese", "lebanese", "italian", "shawarma", "biryani", "salad", "thai", "japanese"]) {
      const search = await s.call("search_restaurants", { query: cuisine, location: difc });
      expect(search.success, cuisine).toBe(true);
      expect(search.restaurants.length, cuisine).toBeGreaterThan(0);
      for (const r of search.restaurants) {
        expect(r.distance_km, `${cuisine}: ${r.name}`).toBeLessThan(15);
        found++;
        if (r.is_open) open++;
      }
    }
    expect(open / found).toBeGreaterThan(0.5);
  });

  journey("the basket delivers to the point searched, through checkout and tracking; later, closed, its lines are not available", async (s) => {
    await toDubaiLunch(s);
    const search = await s.call("search_restaurants", { query: "pizza", location: difc });
    const restaurant = search.restaurants.find((r: Out) => r.is_open);
    expect(restaurant, "an open pizzeria near DIFC at lunch").toBeDefined();
    const menu = await s.call("get_restaurant_menu", { restaurant_id: restaurant.restaurant_id });
    expect(menu).toMatchObject({ success: true, is_open: true });
    const dish = menu.categories.flatMap((c: Out) => c.items).find((i: Out) => i.available);
    const quantity = Math.ceil(restaurant.minimum_order.amount / dish.price.amount) + 1;
    const added = await s.call("add_to_basket", { restaurant_id: restaurant.restaurant_id, item_id: dish.item_id, quantity });
    expect(added).toMatchObject({ success: true, created: true });
    const basket = await s.call("get_basket", { basket_id: added.basket_id });
    expect(basket.delivery_address).toMatchObject({ latitude: difc.latitude, longitude: difc.longitude });
    expect(basket.delivery_address.address).toContain("DIFC");
    expect(basket).toMatchObject({ can_checkout: true, items: [expect.objectContaining({ item_id: dish.item_id, available: true })] });

    const order = await s.call("cart_checkout", { basket_id: added.basket_id, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID() });
    expect(order).toMatchObject({ success: true, status: "placed" });
    const tracked = await s.call("track_food_order", { order_id: order.order_id });
    expect(tracked.delivery_address).toBe(basket.delivery_address.address);

    // A second basket at the same place, left until the pizzeria closes for the night.
    const later = await s.call("add_to_basket", { restaurant_id: restaurant.restaurant_id, item_id: dish.item_id, quantity: 1 });
    await s.advance(16 * hour); // 05:00 Dubai time
    const closed = await s.call("get_basket", { basket_id: later.basket_id });
    expect(closed.restaurant.is_open).toBe(false);
    expect(closed.items.map((i: Out) => i.available)).toEqual([false]);
    expect(closed.can_checkout).toBe(false);
    expect(closed.issues.filter((i: string) => i.includes("out of stock"))).toEqual([]);
  });
});
