// Issue 21, food and the checkout of baskets, as an agent meets the service: every journey over
// streamable HTTP and over stdio against a fresh server. Ids come from earlier answers (or are
// the fixture ids FIXTURES.md names); literals are what a user would say.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { projectRoot } from "../journeys/server.js";
import { overBothTransports, type Out, type ServiceSession } from "./harness.js";

const home = { latitude: 25.0866, longitude: 55.1477 };
const minute = 60_000;

/** A new basket at a restaurant with these dishes (item id, quantity); returns its id. */
async function basketAt(s: ServiceSession, restaurantId: string, lines: [string, number][]): Promise<string> {
  let basketId: string | undefined;
  for (const [itemId, quantity] of lines) {
    const added = await s.call("add_to_basket", { restaurant_id: restaurantId, item_id: itemId, quantity, ...(basketId ? { basket_id: basketId } : {}) });
    expect(added, `add ${itemId}`).toMatchObject({ success: true, restaurant_id: restaurantId });
    basketId = added.basket_id as string;
  }
  return basketId as string;
}

/** Zaatar Lane's 2 x Chicken Shawarma Wrap + 1 x Hummus Beiruti (subtotal 58.00). */
const shawarmaDinner = (s: ServiceSession) =>
  basketAt(s, "rst_10231", [
    ["itm_50301", 2],
    ["itm_50101", 1],
  ]);

const checkout = (s: ServiceSession, basketId: string, key: string = randomUUID(), payment = "pm_visa_4242") =>
  s.call("cart_checkout", { basket_id: basketId, payment_method_id: payment, idempotency_key: key });

overBothTransports("food", (journey) => {
  journey("1: a retried checkout with one idempotency key returns the first order, never a second order or charge", async (s) => {
    const basketId = await shawarmaDinner(s);
    const key = randomUUID();
    const first = await checkout(s, basketId, key, "careem_pay");
    expect(first).toMatchObject({ success: true, status: "placed", duplicate: false, basket_id: basketId, idempotency_key: key });
    const again = await checkout(s, basketId, key, "careem_pay");
    expect(again, "the retry is the first order").toMatchObject({ success: true, duplicate: true, order_id: first.order_id, total: first.total, placed_at: first.placed_at, estimated_delivery_at: first.estimated_delivery_at });
    // Charged once: the wallet paid the total one time.
    const wallet = await s.call("get_wallet_balance", { transactionsLimit: 20 });
    expect(wallet.balance.amount).toBeCloseTo(125.5 - first.total.amount, 2);
    expect(wallet.recentTransactions.filter((t: Out) => t.description.includes(first.order_id))).toHaveLength(1);
    // A new key for the same basket orders nothing: the basket is closed.
    const other = await checkout(s, basketId, randomUUID(), "careem_pay");
    expect(other).toMatchObject({ success: false, error_code: "BASKET_NOT_FOUND" });
    expect(other.error).toContain(first.order_id);
    // The literal fixture key still replays its fixture order.
    const fixture = await checkout(s, await shawarmaDinner(s), "idem-seen-before");
    expect(fixture).toMatchObject({ success: true, duplicate: true, order_id: "ord_482913" });
  });

  journey("2: unknown ids are not found; a checked-out basket is closed to every basket tool", async (s) => {
    const unknown = await s.call("get_basket", { basket_id: "bsk_123456" });
    expect(unknown).toMatchObject({ success: false, error_code: "BASKET_NOT_FOUND" });
    expect(await s.call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50301", quantity: 1, basket_id: "bsk_123456" })).toMatchObject({ success: false, error_code: "BASKET_NOT_FOUND" });
    expect(await s.call("track_food_order", { order_id: "ord_999999" })).toMatchObject({ success: false, error_code: "ORDER_NOT_FOUND" });

    const food = await shawarmaDinner(s);
    const foodOrder = await checkout(s, food);
    const groceries = await s.call("add_grocery_items", { items: [{ product_id: "prd_200113", quantity: 1 }] });
    const groceryOrder = await checkout(s, groceries.basket_id);
    expect([foodOrder.success, groceryOrder.success]).toEqual([true, true]);
    for (const basketId of [food, groceries.basket_id]) {
      const shown = await s.call("get_basket", { basket_id: basketId });
      expect(shown, `get_basket ${basketId}`).toMatchObject({ success: false, error_code: "BASKET_NOT_FOUND" });
      expect(shown.error).toMatch(/checked out as order ord_\d{8}/);
      expect(await s.call("apply_promo_code", { basket_id: basketId, promo_code: "SAVE20" }), `promo ${basketId}`).toMatchObject({ success: false, applied: false, error_code: "BASKET_NOT_FOUND" });
      expect(await checkout(s, basketId), `checkout ${basketId}`).toMatchObject({ success: false, status: "failed", error_code: "BASKET_NOT_FOUND" });
    }
    expect(await s.call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50402", quantity: 1, basket_id: food })).toMatchObject({ success: false, error_code: "BASKET_NOT_FOUND" });
    expect(await s.call("add_grocery_items", { basket_id: groceries.basket_id, items: [{ product_id: "prd_200410", quantity: 1 }] })).toMatchObject({ success: false, error_code: "BASKET_NOT_FOUND", added_items: [] });
  });

  journey("3: every restaurant answers its own menu, prices its basket and places its order", async (s) => {
    const found = new Map<string, Out>();
    for (const query of ["shawarma", "pizza", "sushi", "burger", "biryani"]) {
      const search = await s.call("search_restaurants", { query, location: home });
      for (const r of search.restaurants) found.set(r.restaurant_id, r);
    }
    // The stage's six among the wide world's restaurants near home.
    expect([...found.keys()]).toEqual(expect.arrayContaining(["rst_10231", "rst_10877", "rst_11402", "rst_12055", "rst_12318", "rst_closed_20417"]));
    const seenItems = new Set<string>();
    for (const restaurant of found.values()) {
      const menu = await s.call("get_restaurant_menu", { restaurant_id: restaurant.restaurant_id });
      expect(menu, restaurant.restaurant_id).toMatchObject({ success: true, restaurant_id: restaurant.restaurant_id, name: restaurant.name, is_open: restaurant.is_open });
      const items: Out[] = menu.categories.flatMap((c: Out) => c.items);
      for (const item of items) {
        expect(seenItems.has(item.item_id), `${item.item_id} is on one menu only`).toBe(false);
        seenItems.add(item.item_id);
      }
      if (!restaurant.is_open) continue;
      // Enough of its first available dish to pass the minimum order.
      const dish = items.find((i) => i.available) as Out;
      const quantity = Math.ceil(restaurant.minimum_order.amount / dish.price.amount);
      const basketId = await basketAt(s, restaurant.restaurant_id, [[dish.item_id, quantity]]);
      const basket = await s.call("get_basket", { basket_id: basketId });
      expect(basket.restaurant).toEqual({ restaurant_id: restaurant.restaurant_id, name: restaurant.name, is_open: true });
      expect(basket.subtotal.amount).toBeCloseTo(dish.price.amount * quantity, 2);
      expect(basket.service_fee.amount, `${restaurant.name} service fee`).toBeGreaterThan(0);
      expect(basket.total.amount).toBeCloseTo(basket.subtotal.amount + basket.delivery_fee.amount + basket.service_fee.amount - basket.discount.amount, 2);
      expect(basket.can_checkout).toBe(true);
      const order = await s.call("cart_checkout", { basket_id: basketId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID(), expected_total: basket.total });
      expect(order).toMatchObject({ success: true, status: "placed", total: basket.total });
      expect(order.message).toContain(`Order placed at ${restaurant.name}`);
      const tracked = await s.call("track_food_order", { order_id: order.order_id });
      expect(tracked).toMatchObject({ restaurant: { restaurant_id: restaurant.restaurant_id, name: restaurant.name }, total: basket.total, items_summary: `${quantity} x ${dish.name}` });
    }
  });

  journey("11: an order moves with the clock: placed, preparing, on the way, delivered at its estimate", async (s) => {
    const order = await checkout(s, await shawarmaDinner(s));
    const eta = Date.parse(order.estimated_delivery_at);
    const placed = Date.parse(order.placed_at);
    const track = () => s.call("track_food_order", { order_id: order.order_id });

    const justPlaced = await track();
    expect(justPlaced).toMatchObject({ status: "placed", placed_at: order.placed_at, estimated_delivery_at: order.estimated_delivery_at, captain: null });
    expect(justPlaced.timeline.map((t: Out) => t.status)).toEqual(["placed"]);

    await s.advance(3 * minute);
    const preparing = await track();
    expect(preparing).toMatchObject({ status: "preparing", estimated_delivery_at: order.estimated_delivery_at, captain: null });
    expect(preparing.timeline.map((t: Out) => t.status)).toEqual(["placed", "accepted", "preparing"]);

    // Two minutes before the estimate the courier is on the way.
    await s.advance(eta - placed - 3 * minute - 2 * minute);
    const onTheWay = await track();
    expect(onTheWay).toMatchObject({ status: "on_the_way", estimated_delivery_at: order.estimated_delivery_at });
    expect(onTheWay.captain).toMatchObject({ vehicle: "Motorbike" });
    expect(onTheWay.timeline.map((t: Out) => t.status)).toEqual(["placed", "accepted", "preparing", "picked_up", "on_the_way"]);

    await s.advance(2 * minute);
    const delivered = await track();
    expect(delivered).toMatchObject({ status: "delivered", delivered_at: order.estimated_delivery_at, estimated_delivery_at: null, captain: null });
    expect(delivered.timeline.at(-1)).toEqual({ status: "delivered", at: order.estimated_delivery_at });
  });

  journey("12: a created order id is the order it names, never a fixture", async (s) => {
    // The pizzeria, so no fixture order (all at Zaatar Lane) could pass for it.
    const basketId = await basketAt(s, "rst_11402", [["itm_80101", 1]]);
    const order = await checkout(s, basketId);
    expect(order.order_id).toMatch(/^ord_\d{8}$/);
    const tracked = await s.call("track_food_order", { order_id: order.order_id });
    expect(tracked).toMatchObject({ order_id: order.order_id, restaurant: { name: "Forno Vivo Pizzeria" }, items_summary: "1 x Margherita", total: order.total });
    // An id no one issued is not found, whatever digits it starts with (ord_8… was the family grill).
    for (const orderId of ["ord_840256", "ord_504512", "ord_204512"]) {
      expect(await s.call("track_food_order", { order_id: orderId }), orderId).toMatchObject({ success: false, error_code: "ORDER_NOT_FOUND" });
    }
  });

  journey("13: an order placed in one session is tracked after reconnecting", async (s) => {
    const basketId = await basketAt(s, "rst_12318", [["itm_40101", 1]]);
    const order = await checkout(s, basketId);
    const next = await s.reconnect();
    const tracked = await next.call("track_food_order", { order_id: order.order_id });
    expect(tracked).toMatchObject({ success: true, order_id: order.order_id, restaurant: { restaurant_id: "rst_12318", name: "Biryani Junction" }, total: order.total, placed_at: order.placed_at });
    expect(await next.call("get_basket", { basket_id: basketId })).toMatchObject({ success: false, error_code: "BASKET_NOT_FOUND" });
  });
});

// 14 is about the files people copy, not an answer: the notes of these tools describe the
// service as it is (it remembers baskets and orders), not a stateless mock.
it("14: the notes of get_basket, add_to_basket, apply_promo_code and track_food_order describe the service as it is", () => {
  for (const file of ["food/get_basket.md", "food/add_to_basket.md", "checkout/apply_promo_code.md", "food/track_food_order.md"]) {
    const text = fs.readFileSync(path.join(projectRoot, "tools", file), "utf8");
    const notes = text.slice(0, text.indexOf("## Scenario"));
    expect(notes, file).not.toMatch(/keeps no state|stateless|not remembered|fixtures by id/i);
    expect(notes, `${file} names the state it reads`).toMatch(/`baskets\.<basket_id>`|`orders\.<order_id>`/);
  }
});
