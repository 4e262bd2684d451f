// Issue 21 items 7 and 10: searches that follow the query, the location and `limit`; baskets
// whose lines add up and whose id families never cross. Over HTTP and stdio, fresh servers.
import { expect } from "vitest";
import { overBothTransports, type Out } from "./harness.js";

const home = { latitude: 25.0866, longitude: 55.1477 };

overBothTransports("groceries and search", (journey) => {
  journey("7: search_products finds what the terms name, and honours limit", async (s) => {
    const bananas = await s.call("search_products", { search_terms: ["bananas"] });
    expect(bananas.products[0].name).toBe("Bananas");
    expect(bananas.products.every((p: Out) => /banana/i.test(p.name)), "only bananas").toBe(true);
    const airpods = await s.call("search_products", { search_terms: ["AirPods"] });
    expect(airpods).toMatchObject({ success: true, products: [], total_results: 0 });
    const unicorn = await s.call("search_products", { search_terms: ["unicorn milk"] });
    expect(unicorn).toMatchObject({ success: true, products: [], total_results: 0 });
    // A shopping list in turns: each term's best first, then each term's second.
    const list = await s.call("search_products", { search_terms: ["milk", "eggs", "bread"] });
    expect(list.products.slice(0, 3).map((p: Out) => p.name)).toEqual([expect.stringMatching(/milk/i), expect.stringMatching(/egg/i), expect.stringMatching(/bread/i)]);
    expect(list.products).toHaveLength(20);
    expect(list.total_results).toBeGreaterThan(20);
    const two = await s.call("search_products", { search_terms: ["milk", "eggs", "bread"], limit: 2 });
    expect(two.products).toEqual(list.products.slice(0, 2));
    expect(two.total_results).toBe(list.total_results);
  });

  journey("7: search_restaurants finds the cuisine or dish asked for, and nothing outside the delivery area", async (s) => {
    for (const [query, name] of [["sushi", "Sakura Dock Sushi"], ["burger", "Smash Yard Burgers"], ["biryani", "Biryani Junction"], ["pizza", "Forno Vivo Pizzeria"]]) {
      const search = await s.call("search_restaurants", { query: query as string, location: home, limit: 50 });
      expect(search.restaurants.map((r: Out) => r.name), query).toContain(name);
      expect(search.total_results, query).toBe(search.restaurants.length);
      for (const r of search.restaurants) expect(r.distance_km, `${query}: ${r.name}`).toBeLessThanOrEqual(12);
    }
    const shawarma = await s.call("search_restaurants", { query: "shawarma", location: home, limit: 1 });
    expect(shawarma.restaurants).toHaveLength(1);
    expect(shawarma.total_results).toBeGreaterThanOrEqual(2);
    const london = await s.call("search_restaurants", { query: "pizza", location: { latitude: 51.5074, longitude: -0.1278 } });
    expect(london).toMatchObject({ success: false, error_code: "AREA_NOT_SERVED", restaurants: [], total_results: 0 });
  });

  journey("10: two lines of one product add up; products and dishes never cross baskets", async (s) => {
    const items = [{ product_id: "prd_200113", quantity: 1 }, { product_id: "prd_200113", quantity: 2 }];
    const opened = await s.call("add_grocery_items", { items });
    expect(opened).toMatchObject({ success: true, added_items: items });
    const groceries = await s.call("get_basket", { basket_id: opened.basket_id });
    expect(groceries.items.map((l: Out) => [l.item_id, l.quantity])).toEqual([["prd_200113", 3]]);
    expect(groceries.subtotal.amount).toBe(40.5);

    // A dish into the Quik basket: refused, the basket as it was.
    const dish = await s.call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50301", quantity: 1, basket_id: opened.basket_id });
    expect(dish).toMatchObject({ success: false, error_code: "BASKET_RESTAURANT_MISMATCH" });
    expect((await s.call("get_basket", { basket_id: opened.basket_id })).items).toEqual(groceries.items);

    // A product into a food basket: refused, the basket as it was.
    const food = await s.call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50301", quantity: 2 });
    const before = await s.call("get_basket", { basket_id: food.basket_id });
    const product = await s.call("add_grocery_items", { basket_id: food.basket_id, items: [{ product_id: "prd_200410", quantity: 1 }] });
    expect(product).toMatchObject({ success: false, error_code: "BASKET_NOT_FOUND", added_items: [] });
    expect((await s.call("get_basket", { basket_id: food.basket_id })).items).toEqual(before.items);
    expect(before.items.every((l: Out) => l.item_id.startsWith("itm_"))).toBe(true);
    expect(groceries.items.every((l: Out) => l.item_id.startsWith("prd_"))).toBe(true);
  });
});
