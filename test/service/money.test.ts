// The money rules of baskets, as an agent meets them: the wallet checked and
// debited (and every account tool showing it), Careem Plus free delivery above AED 30, the
// restaurant's minimum order, and promo codes valid per vertical, each with its own rule.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { overBothTransports, type Out, type ServiceSession } from "./harness.js";

async function basketAt(s: ServiceSession, restaurantId: string, lines: [string, number][]): Promise<string> {
  let basketId: string | undefined;
  for (const [itemId, quantity] of lines) {
    const added = await s.call("add_to_basket", { restaurant_id: restaurantId, item_id: itemId, quantity, ...(basketId ? { basket_id: basketId } : {}) });
    expect(added, `add ${itemId}`).toMatchObject({ success: true });
    basketId = added.basket_id as string;
  }
  return basketId as string;
}

const payWithWallet = (s: ServiceSession, basketId: string) => s.call("cart_checkout", { basket_id: basketId, payment_method_id: "careem_pay", idempotency_key: randomUUID() });

overBothTransports("money", (journey) => {
  journey("careem_pay is refused above the balance and debited below it; the account tools show the debit", async (s) => {
    // 3 x Quattro Formaggi (186.00) + 3.00 service, delivery free with Careem Plus: 189.00 > 125.50.
    const pizzas = await basketAt(s, "rst_11402", [["itm_80103", 3]]);
    const refused = await payWithWallet(s, pizzas);
    expect(refused).toMatchObject({ success: false, error_code: "INSUFFICIENT_WALLET_BALANCE", total: { amount: 189 }, wallet_balance: { amount: 125.5 }, shortfall: { amount: 63.5 } });
    expect(refused.order_id).toBeUndefined();

    // 2 x Chicken Shawarma Wrap + Hummus Beiruti: 58.00 + 2.50 service = 60.50, twice.
    const first = await payWithWallet(s, await basketAt(s, "rst_10231", [["itm_50301", 2], ["itm_50101", 1]]));
    expect(first).toMatchObject({ success: true, total: { amount: 60.5 }, payment: { payment_method_id: "careem_pay", status: "captured" } });
    const wallet = await s.call("get_wallet_balance", { transactionsLimit: 3 });
    expect(wallet.balance).toEqual({ amount: 65, currency: "AED" });
    expect(wallet.recentTransactions[0]).toMatchObject({ type: "FOOD_ORDER", direction: "DEBIT", amount: { amount: 60.5, currency: "AED" }, createdAt: first.placed_at });
    expect(wallet.recentTransactions[0].description).toContain(first.order_id);
    expect(wallet.updatedAt).toBe(first.placed_at);
    const methods = await s.call("get_payment_methods", {});
    expect(methods.paymentMethods.find((m: Out) => m.paymentMethodId === "careem_pay").balance).toEqual({ amount: 65, currency: "AED" });

    const second = await payWithWallet(s, await basketAt(s, "rst_10231", [["itm_50301", 2], ["itm_50101", 1]]));
    expect(second).toMatchObject({ success: true });
    const third = await payWithWallet(s, await basketAt(s, "rst_10231", [["itm_50301", 2], ["itm_50101", 1]]));
    expect(third, "4.50 left").toMatchObject({ success: false, error_code: "INSUFFICIENT_WALLET_BALANCE", wallet_balance: { amount: 4.5 }, shortfall: { amount: 56 } });
    expect((await s.call("get_wallet_balance", { transactionsLimit: 0 })).balance.amount).toBe(4.5);
  });

  journey("Careem Plus: no delivery fee above AED 30 for the member, the restaurant's fee below", async (s) => {
    const profile = await s.call("get_user_profile", {});
    expect(profile.careemPlus.member).toBe(true);
    // Falafel Wrap 15.00 + Zaatar Manoushe 14.00 = 29.00: not above 30.
    const basketId = await basketAt(s, "rst_10231", [["itm_50302", 1], ["itm_50201", 1]]);
    const under = await s.call("get_basket", { basket_id: basketId });
    expect(under).toMatchObject({ subtotal: { amount: 29 }, delivery_fee: { amount: 7 }, total: { amount: 38.5 } });
    await s.call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50402", quantity: 1, basket_id: basketId });
    const over = await s.call("get_basket", { basket_id: basketId });
    expect(over).toMatchObject({ subtotal: { amount: 36 }, delivery_fee: { amount: 0 }, total: { amount: 38.5 } });
  });

  journey("an order under the restaurant's minimum is refused; above it, it is placed", async (s) => {
    // One Falafel Wrap, 15.00, at Zaatar Lane (minimum AED 25).
    const basketId = await basketAt(s, "rst_10231", [["itm_50302", 1]]);
    const basket = await s.call("get_basket", { basket_id: basketId });
    expect(basket.can_checkout).toBe(false);
    expect(basket.estimated_delivery_at).toBeNull();
    expect(basket.issues.join(" ")).toContain("minimum order is AED 25.00; add AED 10.00 more");
    const refused = await s.callFailing("cart_checkout", { basket_id: basketId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID() });
    expect(refused).toContain("MINIMUM_ORDER_NOT_MET");
    await s.call("add_to_basket", { restaurant_id: "rst_10231", item_id: "itm_50302", quantity: 1, basket_id: basketId });
    const placed = await s.call("cart_checkout", { basket_id: basketId, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID() });
    expect(placed).toMatchObject({ success: true, total: { amount: 39.5 } });
  });

  journey("promo codes hold for their own vertical, each with its own rule", async (s) => {
    const food = await basketAt(s, "rst_10231", [["itm_50301", 2], ["itm_50101", 1]]);
    const groceries = (await s.call("add_grocery_items", { items: [{ product_id: "prd_200113", quantity: 2 }, { product_id: "prd_200305", quantity: 1 }] })).basket_id;

    expect(await s.call("apply_promo_code", { basket_id: food, promo_code: "QUIK10" })).toMatchObject({ success: false, applied: false, error_code: "PROMO_INVALID" });
    expect(await s.call("apply_promo_code", { basket_id: groceries, promo_code: "SAVE20" })).toMatchObject({ success: false, applied: false, error_code: "PROMO_INVALID" });
    for (const basketId of [food, groceries]) {
      expect(await s.call("apply_promo_code", { basket_id: basketId, promo_code: "HELLO123" })).toMatchObject({ success: false, applied: false, error_code: "PROMO_INVALID" });
    }
    expect(await s.call("apply_promo_code", { basket_id: food, promo_code: "BIGORDER100" })).toMatchObject({ success: false, error_code: "PROMO_MINIMUM_ORDER_NOT_MET", minimum_order: { amount: 150 }, subtotal: { amount: 58 } });
    expect(await s.call("apply_promo_code", { basket_id: food, promo_code: "EXPIRED50" })).toMatchObject({ success: false, error_code: "PROMO_EXPIRED" });

    // SAVE20: 20% of 58.00 = 11.60 (cap 15). QUIK10: 10% of 48.00 = 4.80 (cap 10).
    const save = await s.call("apply_promo_code", { basket_id: food, promo_code: "save20" });
    expect(save).toMatchObject({ success: true, promo_code: "SAVE20", discount: { amount: 11.6 }, total_before_discount: { amount: 60.5 }, total: { amount: 48.9 } });
    const quik = await s.call("apply_promo_code", { basket_id: groceries, promo_code: "QUIK10" });
    expect(quik).toMatchObject({ success: true, discount: { amount: 4.8 }, total_before_discount: { amount: 48 }, total: { amount: 43.2 } });
    expect(await s.call("get_basket", { basket_id: food })).toMatchObject({ promo_code: "SAVE20", discount: { amount: 11.6 }, total: { amount: 48.9 } });
    const order = await s.call("cart_checkout", { basket_id: groceries, payment_method_id: "pm_visa_4242", idempotency_key: randomUUID(), expected_total: quik.total });
    expect(order).toMatchObject({ success: true, total: { amount: 43.2 } });
  });
});
