// Careem Quik groceries, as a model drives them, through the shared checkout:
// search → add → add more → checkout → track. Ids come from earlier answers.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectAed, expectNear, hour, instant, minute } from "./expect.js";
import { useJourneySession, type Out, type Session } from "./session.js";

const session = useJourneySession();

async function shoppingList(s: Session, terms: string[]) {
  const search = await s.call("search_products", { search_terms: terms, limit: 20 });
  expect(search).toMatchObject({ success: true, search_terms: terms });
  // The catalog finds more than the limit for everyday words: total counts them all.
  expect(search.products.length).toBe(Math.min(20, search.total_results));
  for (const p of search.products) {
    expectAed(p.price, undefined, `${p.name} price`);
    if (p.original_price !== null) expect(expectAed(p.original_price), `${p.name} is discounted`).toBeGreaterThan(p.price.amount);
    if (!p.in_stock && p.restock_expected_at !== null) expect(instant(p.restock_expected_at)).toBeGreaterThan(Date.now());
  }
  /** The first in-stock product whose name mentions the term. */
  const pick = (term: string): Out => {
    const found = search.products.find((p: Out) => p.in_stock && p.name.toLowerCase().includes(term));
    expect(found, `an in-stock product for "${term}"`).toBeDefined();
    return found;
  };
  return { search, pick };
}

describe("groceries journeys", () => {
  it("search → add → add more → checkout with the wallet → track", async () => {
    const s = session();
    const { search, pick } = await shoppingList(s, ["milk", "eggs", "bread"]);
    const milk = pick("milk");
    const eggs = pick("eggs");
    const bread = pick("bread");

    const firstItems = [
      { product_id: milk.product_id, quantity: 2 },
      { product_id: eggs.product_id, quantity: 1 },
    ];
    for (const item of firstItems) {
      const product = search.products.find((p: Out) => p.product_id === item.product_id);
      expect(item.quantity).toBeLessThanOrEqual(product.max_quantity_per_order);
    }
    const opened = await s.call("add_grocery_items", { items: firstItems });
    expect(opened).toMatchObject({ success: true, created: true, store_id: search.store.store_id, added_items: firstItems });
    expect(opened.basket_id).toMatch(/^bsk_\d{8}$/);
    expectNear(opened.expires_at, 2 * hour, "expires_at");

    const more = [{ product_id: bread.product_id, quantity: 1 }];
    const added = await s.call("add_grocery_items", { basket_id: opened.basket_id, items: more });
    expect(added).toMatchObject({ success: true, created: false, basket_id: opened.basket_id, store_id: opened.store_id, added_items: more });

    const methods = await s.call("get_payment_methods", { includeExpired: false });
    const wallet = methods.paymentMethods.find((m: Out) => m.type === "WALLET");
    const idempotencyKey = randomUUID();
    const order = await s.call("cart_checkout", {
      basket_id: opened.basket_id,
      payment_method_id: wallet.paymentMethodId,
      idempotency_key: idempotencyKey,
      delivery_instructions: "ring twice",
    });
    expect(order).toMatchObject({ success: true, status: "placed", duplicate: false, basket_id: opened.basket_id, idempotency_key: idempotencyKey });
    expect(order.payment.payment_method_id).toBe(wallet.paymentMethodId);
    expect(order.order_id).toMatch(/^ord_\d{8}$/);
    const total = expectAed(order.total, undefined, "order total");
    const itemsCost = [...firstItems, ...more].reduce((sum, item) => {
      const product = search.products.find((p: Out) => p.product_id === item.product_id);
      return sum + product.price.amount * item.quantity;
    }, 0);
    expect(total, "at least the products' cost").toBeGreaterThanOrEqual(itemsCost);
    expect(total, "within the wallet balance that paid it").toBeLessThanOrEqual(wallet.balance.amount);
    const placedAt = expectNear(order.placed_at, 0, "placed_at");
    expect(instant(order.estimated_delivery_at)).toBeGreaterThan(placedAt);

    const tracking = await s.call("track_food_order", { order_id: order.order_id });
    expect(tracking).toMatchObject({ success: true, order_id: order.order_id });
    expect(tracking.total).toEqual(order.total);
    expect(instant(tracking.estimated_delivery_at)).toBeGreaterThan(Date.now());
  });

  it("an out-of-stock product blocks the whole add; without it the basket opens; an expired card is refused, then the default card pays", async () => {
    const s = session();
    const avocados = await s.call("search_products", { search_terms: ["avocado"], limit: 5 });
    expect(avocados).toMatchObject({ success: true, search_terms: ["avocado"] });
    const avocado = avocados.products.find((p: Out) => !p.in_stock && p.restock_expected_at !== null);
    expect(avocado, "avocados are out of stock with a restock time").toBeDefined();
    expect(instant(avocado.restock_expected_at)).toBeGreaterThan(Date.now());

    const { pick } = await shoppingList(s, ["bread"]);
    const bread = pick("bread");

    const refused = await s.call("add_grocery_items", {
      items: [
        { product_id: bread.product_id, quantity: 1 },
        { product_id: avocado.product_id, quantity: 2 },
      ],
    });
    expect(refused).toMatchObject({ success: false, error_code: "ITEM_OUT_OF_STOCK", added_items: [] });
    expect(refused.basket_id, "all or nothing: no basket").toBeUndefined();

    const opened = await s.call("add_grocery_items", { items: [{ product_id: bread.product_id, quantity: 1 }] });
    expect(opened).toMatchObject({ success: true, created: true, added_items: [{ product_id: bread.product_id, quantity: 1 }] });

    const methods = await s.call("get_payment_methods", {});
    const expired = methods.paymentMethods.find((m: Out) => m.status === "EXPIRED");
    const expiredKey = randomUUID();
    const declined = await s.call("cart_checkout", { basket_id: opened.basket_id, payment_method_id: expired.paymentMethodId, idempotency_key: expiredKey });
    expect(declined).toMatchObject({ success: false, status: "failed", error_code: "PAYMENT_METHOD_EXPIRED", idempotency_key: expiredKey });
    expect(declined.payment).toMatchObject({ payment_method_id: expired.paymentMethodId, label: expired.displayName, status: "declined" });
    expect(declined.order_id).toBeUndefined();

    const retryKey = randomUUID();
    const order = await s.call("cart_checkout", { basket_id: opened.basket_id, payment_method_id: methods.defaultPaymentMethodId, idempotency_key: retryKey });
    expect(order).toMatchObject({ success: true, status: "placed", basket_id: opened.basket_id, idempotency_key: retryKey, payment: { payment_method_id: methods.defaultPaymentMethodId } });
    expectNear(order.placed_at, 0, "placed_at");
  });

  it("a replayed idempotency key returns the earlier order instead of charging again", async () => {
    const s = session();
    const { pick } = await shoppingList(s, ["milk"]);
    const milk = pick("milk");
    const opened = await s.call("add_grocery_items", { items: [{ product_id: milk.product_id, quantity: 1 }] });
    const replay = await s.call("cart_checkout", { basket_id: opened.basket_id, payment_method_id: "pm_visa_4242", idempotency_key: "idem-seen-before" });
    expect(replay).toMatchObject({ success: true, duplicate: true, idempotency_key: "idem-seen-before" });
    expectNear(replay.placed_at, -3 * minute, "the original order's placed_at");
    const tracking = await s.call("track_food_order", { order_id: replay.order_id });
    expect(tracking.order_id).toBe(replay.order_id);
  });
});

// What the catalog got wrong across calls, each asserted the right way round. Quik baskets and
// orders are remembered per session, which is how checkout, basket and tracking tools tell them
// from the food fixtures.
describe("groceries catalog findings", () => {
  it("cart_checkout delivers a Quik order within the store's delivery window", async () => {
    const s = session();
    const search = await s.call("search_products", { search_terms: ["milk"] });
    const opened = await s.call("add_grocery_items", { items: [{ product_id: search.products[0].product_id, quantity: 1 }] });
    const order = await s.call("cart_checkout", { basket_id: opened.basket_id, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID() });
    // search_products promises 15–25 minutes; a Quik basket is ordered for {{now+20m}}.
    const minutes = (instant(order.estimated_delivery_at) - instant(order.placed_at)) / minute;
    expect(minutes).toBeLessThanOrEqual(search.store.delivery_time_minutes.max);
  });

  it("tracking a Quik order shows the store, not a restaurant meal", async () => {
    const s = session();
    const search = await s.call("search_products", { search_terms: ["eggs"] });
    const opened = await s.call("add_grocery_items", { items: [{ product_id: search.products[0].product_id, quantity: 1 }] });
    const order = await s.call("cart_checkout", { basket_id: opened.basket_id, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID() });
    const tracking = await s.call("track_food_order", { order_id: order.order_id });
    // A Quik order this session placed is tracked at Quik Dubai Marina, the store search_products named.
    expect(tracking.restaurant.restaurant_id).toBe(search.store.store_id);
  });

  it("a search for bread and avocados finds both", async () => {
    const s = session();
    const search = await s.call("search_products", { search_terms: ["bread", "avocado"] });
    expect(search.products.some((p: Out) => p.in_stock && /bread/i.test(p.name)), "bread is found, in stock").toBe(true);
    expect(search.products.some((p: Out) => !p.in_stock && /avocado/i.test(p.name)), "avocados are found, out of stock").toBe(true);
  });

  it("a promo on a Quik basket does not report the food basket's figures", async () => {
    const s = session();
    const search = await s.call("search_products", { search_terms: ["milk"] });
    const opened = await s.call("add_grocery_items", { items: [{ product_id: search.products[0].product_id, quantity: 1 }] });
    const basket = await s.call("get_basket", { basket_id: opened.basket_id });
    const promo = await s.call("apply_promo_code", { basket_id: opened.basket_id, promo_code: "SAVE20" });
    expect(promo.basket_id).toBe(opened.basket_id);
    // SAVE20 is a food promo: refused on a Quik basket (bsk_7…), reporting no figures at all.
    expect(basket.basket_id).toBe(opened.basket_id);
    expect(promo).toMatchObject({ success: false, error_code: "PROMO_INVALID" });
    expect(promo.applied, "not applied").not.toBe(true);
    expect(promo.subtotal, "no food-basket subtotal on a refusal").toBeUndefined();
    expect(promo.total_before_discount, "no food-basket total on a refusal").toBeUndefined();
  });

  it("the basket get_basket shows for a Quik basket is that basket", async () => {
    const s = session();
    const search = await s.call("search_products", { search_terms: ["bread"] });
    const bread = search.products[0];
    const opened = await s.call("add_grocery_items", { items: [{ product_id: bread.product_id, quantity: 1 }] });
    const basket = await s.call("get_basket", { basket_id: opened.basket_id });
    // The basket is what add_grocery_items put in it, remembered by the session.
    expect(basket.items.map((l: Out) => l.item_id)).toEqual([bread.product_id]);
  });
});
