// The food world's rules (its data is food.md), shared with Quik for baskets and checkout: a
// restaurant's opening and menu, the restaurant search, baskets (the session's own shadow the
// world's), promos, what a basket costs now, orders and their time line.
import type { Call, Money } from "./lib/call.js";
import type { Basket, BasketLine, Dish, Order, Promo, Restaurant, Seller } from "./lib/foodTypes.js";
import { distanceKm } from "./lib/geo.js";
import { own } from "./lib/own.js";
import { defined, iso, round, text, toMillis, truthy, twoDecimals } from "./lib/values.js";
import { paymentMethod, plusFreeDelivery } from "./account.js";
import { quikProduct, quikStore } from "./quik.js";

const DAY = 86_400_000;
const AED = (amount: number | undefined): Money => defined({ amount, currency: "AED" }) as Money;

/** A restaurant by id, or nothing. */
export function foodRestaurant(call: Call, id: string): Restaurant | undefined {
  return own(call.world.restaurants, id);
}

export interface Opening {
  is_open?: boolean;
  opens_at?: string | null;
  closes_at?: string | null;
}

/**
 * Whether a restaurant (or Quik store) is open now, and when that changes: `opens_at` the next
 * opening when closed, `closes_at` when open. The window of `opening_hours` repeats every 24 hours.
 */
export function foodOpening(call: Call, r: Seller | undefined): Opening {
  const from = toMillis(r?.opening_hours?.opens_at);
  const closes = toMillis(r?.opening_hours?.closes_at);
  const length = from === undefined || closes === undefined ? undefined : closes - from;
  const into = from === undefined ? undefined : (((call.now - from) % DAY) + DAY) % DAY;
  const open = into !== undefined && length !== undefined ? into < length : undefined;
  return defined({
    is_open: open,
    opens_at: open ? null : into === undefined ? undefined : iso(call.now + DAY - into),
    closes_at: open ? iso(call.now + (length as number) - (into as number)) : null,
  });
}

/** A restaurant's menu as `get_restaurant_menu` lists it: nothing can be ordered while it is closed. */
export function foodMenu(call: Call, r: Restaurant): Record<string, unknown>[] {
  const open = foodOpening(call, r).is_open;
  return (r?.menu ?? []).map((c) =>
    defined({
      category_id: c.category_id,
      name: c.name,
      items: (c.items ?? []).map((i) => ({ ...i, available: truthy(i.available) && truthy(open) })),
    }),
  );
}

/** A dish of one restaurant's menu by item_id (nothing when that restaurant does not serve it). */
export function foodDish(call: Call, restaurantId: string, itemId: string): Dish | undefined {
  for (const category of foodRestaurant(call, restaurantId)?.menu ?? []) for (const dish of category.items ?? []) if (dish.item_id === itemId) return dish;
  return undefined;
}

/** A stable order by `before`: a goes after b when before(b, a) holds, as JSONata's $sort keeps ties. */
function after<T>(before: (a: T, b: T) => boolean): (a: T, b: T) => number {
  return (a, b) => (before(b, a) ? 1 : before(a, b) ? -1 : 0);
}

/**
 * `search_restaurants`' answer near a point: `served` (inside a city Careem Food serves), the
 * restaurants delivering there that match some word of the query (three letters or more, a final
 * "s" dropped) in their name, cuisines, keywords or dishes: open first, then more words, then the
 * better rated; at most `limit` (10); `total` before the limit.
 */
export function foodSearch(call: Call, query: string, point: { latitude?: unknown; longitude?: unknown } | undefined, limit?: number): Record<string, unknown> {
  if (!(typeof point?.latitude === "number" && typeof point?.longitude === "number")) return { served: false, total: 0, restaurants: [] };
  const here = point as { latitude: number; longitude: number };
  const cities = call.world.food_cities ?? {};
  const city = Object.keys(cities).find((key) => distanceKm(here, cities[key]?.center) <= (cities[key]?.radius_km as number));
  const words = (query ?? "").toLowerCase().split(/[^a-z0-9]+/).filter((w) => Array.from(w).length >= 3).map((w) => w.replace(/s$/, ""));
  const textOf = (r: Restaurant) => [r.name, ...(r.cuisines ?? []), ...(r.keywords ?? []), ...(r.menu ?? []).flatMap((c) => (c.items ?? []).map((i) => i.name))].filter((x) => x !== undefined).join(" ").toLowerCase();
  const near = Object.values(call.world.restaurants).filter((r) => city !== undefined && r.city === city && distanceKm(r.location, here) <= r.delivery_radius_km);
  const scored = near
    .map((r) => {
      const t = textOf(r);
      const opening = foodOpening(call, r);
      return {
        score: words.filter((w) => t.includes(w)).length,
        listing: defined({
          restaurant_id: r.restaurant_id,
          name: r.name,
          cuisines: r.cuisines,
          rating: r.rating,
          rating_count: r.rating_count,
          price_level: r.price_level,
          delivery_time_minutes: r.delivery_time_minutes,
          delivery_fee: r.delivery_fee,
          minimum_order: r.minimum_order,
          distance_km: round(distanceKm(r.location, here), 1),
          is_open: opening.is_open,
          opens_at: opening.opens_at,
          promotion: r.promotion,
          image_url: r.image_url,
        }),
      };
    })
    .filter((s) => s.score > 0);
  const sorted = scored.sort(
    after((a, b) => (a.listing.is_open !== undefined && b.listing.is_open !== undefined && a.listing.is_open !== b.listing.is_open ? truthy(a.listing.is_open) : a.score !== b.score ? a.score > b.score : a.listing.rating > b.listing.rating)),
  );
  const max = limit !== undefined ? limit : 10;
  return { served: city !== undefined, total: sorted.length, restaurants: sorted.slice(0, Math.max(0, max)).map((s) => s.listing) };
}

/** A basket by id: the session's own shadows the world's; nothing when neither has it. */
export function basket(call: Call, id: string): Basket | undefined {
  const mine = own(call.state?.baskets, id);
  return mine !== undefined ? mine : own(call.world.baskets, id);
}

/** A basket with lines added, each quantity added to a line of the same item already there (also twice in one call). */
export function basketAdd(_call: Call, b: Basket | undefined, lines: BasketLine[] | BasketLine | undefined): Basket {
  if (lines === undefined) return { ...b };
  let acc: Record<string, BasketLine> = b?.lines !== undefined ? b.lines : {};
  for (const l of Array.isArray(lines) ? lines : [lines]) {
    const before = own(acc, l.item_id)?.quantity;
    const quantity = l.quantity === undefined ? undefined : l.quantity + (typeof before === "number" ? before : 0);
    acc = { ...acc, [l.item_id]: { ...l, ...defined({ quantity }) } as BasketLine };
  }
  return { ...b, lines: acc };
}

/** A basket line for a dish of a restaurant: its name and menu price, and the quantity. */
export function foodLine(call: Call, restaurantId: string, itemId: string, quantity: number): Record<string, unknown> {
  const dish = foodDish(call, restaurantId, itemId);
  return defined({ item_id: itemId, name: dish?.name, quantity, unit_price: dish?.price });
}

/** Who a basket buys from: the restaurant, or the Quik store with its id as `restaurant_id`. */
export function basketSeller(call: Call, b: Basket | undefined): Seller | undefined {
  if (b?.kind === "quik") return { ...quikStore(call, b.store_id), ...defined({ restaurant_id: b.store_id }) } as unknown as Seller;
  return foodRestaurant(call, b?.restaurant_id as string);
}

export interface ListedLine {
  item_id: string;
  name: string;
  quantity: number;
  unit_price: Money;
  line_total: Money;
  available: boolean;
}

/** The basket's lines as `get_basket` lists them, in the order added, each `available` when in stock now. */
export function basketLines(call: Call, b: Basket | undefined): ListedLine[] {
  return Object.values(b?.lines ?? {}).map(
    (l) =>
      defined({
        item_id: l.item_id,
        name: l.name,
        quantity: l.quantity,
        unit_price: l.unit_price,
        line_total: AED(l.unit_price?.amount === undefined || l.quantity === undefined ? undefined : round(l.unit_price.amount * l.quantity, 2)),
        available: b?.kind === "quik" ? quikProduct(call, l.item_id)?.in_stock === true : foodDish(call, b?.restaurant_id as string, l.item_id)?.available === true,
      }) as ListedLine,
  );
}

/** The lines' sum, AED. */
export function basketSubtotal(call: Call, b: Basket | undefined): number {
  let sum = 0;
  for (const line of basketLines(call, b)) if (typeof line.line_total.amount === "number") sum += line.line_total.amount;
  return round(sum, 2);
}

/** A promo code by the text the user gave (case does not matter), or nothing. */
export function promo(call: Call, code: string | undefined): Promo | undefined {
  return typeof code === "string" ? own(call.world.promos, code.toUpperCase()) : undefined;
}

/** What a promo takes off a basket (AED): its rate of the subtotal up to its cap; 0 for the other vertical, expired, or under its minimum. */
export function promoDiscount(call: Call, p: Promo, b: Basket): number {
  const subtotal = basketSubtotal(call, b);
  const now = iso(call.now) as string;
  const ok = p.vertical !== undefined && p.vertical === b?.kind && p.valid_until !== undefined && p.valid_until > now && p.minimum_subtotal !== undefined && subtotal >= p.minimum_subtotal;
  if (!ok) return 0;
  const rated = round(subtotal * p.rate, 2);
  return p.cap === undefined ? rated : Math.min(rated, p.cap);
}

/** Until when a promo applied now holds on the basket: three days, or the campaign's end when that comes first. */
export function promoValidUntil(call: Call, p: Promo): string | undefined {
  const end = toMillis(p?.valid_until);
  const three = call.now + 3 * DAY;
  return iso(end === undefined ? three : Math.min(end, three));
}

/** What `apply_promo_code` announces for a code on a basket: subtotal, discount, the total without a promo and with this one. */
export function promoQuote(call: Call, b: Basket, code: string): Record<string, unknown> {
  const { promo: _old, ...rest } = b ?? {};
  const without = basketView(call, Object.keys(rest).length > 0 ? rest : undefined);
  const withIt = basketView(call, { ...b, promo: defined({ code: promo(call, code)?.promo_code }) });
  return defined({ subtotal: withIt.subtotal, discount: withIt.discount, total_before_discount: without.total, total: withIt.total });
}

/** An instant as Dubai's clock shows it: `HH:MM`. */
function dubaiClock(ms: number): string {
  const at = new Date(ms + 4 * 3_600_000);
  return `${String(at.getUTCHours()).padStart(2, "0")}:${String(at.getUTCMinutes()).padStart(2, "0")}`;
}

/**
 * Everything `get_basket` says about a basket now: the seller, lines, subtotal, fees (no delivery
 * fee for a Careem Plus member above AED 30), the promo's discount, the total, and whether it can
 * be checked out (`issues` says why not: empty, closed, out of stock, under the minimum order).
 */
export function basketView(call: Call, b: Basket | undefined): Record<string, unknown> & { subtotal: Money; discount: Money; total: Money } {
  const seller = basketSeller(call, b);
  const opening = foodOpening(call, seller);
  const lines = basketLines(call, b);
  const subtotal = basketSubtotal(call, b);
  const delivery = plusFreeDelivery(call, subtotal) ? 0 : seller?.delivery_fee?.amount;
  const service = lines.length === 0 ? 0 : seller?.service_fee?.amount;
  const p = promo(call, b?.promo?.code);
  const discount = p !== undefined ? promoDiscount(call, p, b as Basket) : 0;
  const minimum = seller?.minimum_order?.amount;
  const short = minimum === undefined ? undefined : round(minimum - subtotal, 2);
  const opensAt = toMillis(opening.opens_at ?? undefined);
  const issues = [
    ...(lines.length === 0 ? [`The basket is empty. Add items with ${b?.kind === "quik" ? "add_grocery_items." : "add_to_basket."}`] : []),
    ...(opening.is_open ? [] : [`${text(seller?.name)} is closed and opens at ${opensAt === undefined ? "" : dubaiClock(opensAt)} (Dubai time).`]),
    ...lines.filter((l) => l.available === false).map((l) => `${text(l.name)} (${text(l.item_id)}) is out of stock. Remove it or pick a replacement before checkout.`),
    ...(lines.length > 0 && short !== undefined && short > 0 ? [`${text(seller?.name)}'s minimum order is AED ${twoDecimals(minimum as number)}; add AED ${twoDecimals(short)} more.`] : []),
  ];
  const total = lines.length === 0 ? 0 : delivery === undefined || service === undefined ? undefined : round(subtotal + delivery + service - discount, 2);
  const max = seller?.delivery_time_minutes?.max;
  return {
    restaurant: { ...defined({ restaurant_id: seller?.restaurant_id, name: seller?.name, is_open: opening.is_open }), ...(opening.is_open ? {} : defined({ opens_at: opening.opens_at })) },
    items: lines,
    subtotal: AED(subtotal),
    delivery_fee: AED(lines.length === 0 ? 0 : delivery),
    service_fee: AED(service),
    discount: AED(discount),
    promo_code: p !== undefined ? p.promo_code : null,
    total: AED(total),
    can_checkout: issues.length === 0,
    issues,
    minimum_short: lines.length > 0 && short !== undefined && short > 0 ? short : 0,
    estimated_delivery_at: issues.length === 0 ? (max === undefined ? undefined : iso(call.now + max * 60000)) : null,
  } as Record<string, unknown> & { subtotal: Money; discount: Money; total: Money };
}

/** An order by id: the session's own shadows the world's; nothing when neither has it. */
export function foodOrder(call: Call, id: string): Order | undefined {
  const mine = own(call.state?.orders, id);
  return mine !== undefined ? mine : own(call.world.orders, id);
}

/** What `cart_checkout` answered: the fields an order record and a wallet debit are made from. */
export interface CheckoutAnswer {
  order_id: string;
  basket_id: string;
  idempotency_key?: string;
  total: Money;
  payment: Record<string, unknown>;
  placed_at: string;
  estimated_delivery_at: string;
}

/** The order `cart_checkout` keeps: the seller, the lines in words, and when the courier picks it up (ride_minutes before delivery). */
export function foodOrderRecord(call: Call, b: Basket, answer: CheckoutAnswer): Record<string, unknown> {
  const seller = basketSeller(call, b);
  const summary = basketLines(call, b).map((l) => `${text(l.quantity)} x ${text(l.name)}`);
  const delivered = toMillis(answer.estimated_delivery_at);
  const ride = seller?.ride_minutes;
  return defined({
    order_id: answer.order_id,
    kind: b?.kind,
    basket_id: answer.basket_id,
    idempotency_key: answer.idempotency_key,
    restaurant: defined({ restaurant_id: seller?.restaurant_id, name: seller?.name }),
    items_summary: summary.length > 0 ? summary.join(", ") : undefined,
    total: answer.total,
    payment: answer.payment,
    delivery_address: call.world.food_delivery_address?.address,
    placed_at: answer.placed_at,
    picked_up_at: delivered === undefined || ride === undefined ? undefined : iso(delivered - ride * 60000),
    estimated_delivery_at: answer.estimated_delivery_at,
  });
}

/** An order's time line, each step with its time: placed, accepted +1 min, preparing +2, picked up, on the way +1, delivered; or placed, cancelled. */
export function foodOrderSteps(_call: Call, o: Order): { status: string; at?: string }[] {
  const at = (instant: string | undefined, minutes: number) => {
    const ms = toMillis(instant);
    return ms === undefined ? undefined : iso(ms + minutes * 60000);
  };
  if (truthy(o?.cancelled_at)) return [defined({ status: "placed", at: o.placed_at }), defined({ status: "cancelled", at: o.cancelled_at })];
  return [
    defined({ status: "placed", at: o?.placed_at }),
    defined({ status: "accepted", at: at(o?.placed_at, 1) }),
    defined({ status: "preparing", at: at(o?.placed_at, 2) }),
    defined({ status: "picked_up", at: o?.picked_up_at }),
    defined({ status: "on_the_way", at: at(o?.picked_up_at, 1) }),
    defined({ status: "delivered", at: o?.estimated_delivery_at }),
  ];
}

/**
 * What `track_food_order` says about an order now: the status (the last step reached), the time
 * line so far, the delivery estimate (null once delivered or cancelled), `delivered_at`, and the
 * courier while the order is with them (at the restaurant when picked up, half way once on the way).
 */
export function foodOrderView(call: Call, o: Order): Record<string, unknown> {
  const now = iso(call.now) as string;
  const reached = foodOrderSteps(call, o).filter((s) => s.at !== undefined && s.at <= now);
  const status = reached[reached.length - 1]?.status;
  const ended = status === "delivered" || status === "cancelled";
  const courier = call.world.food_couriers?.[0];
  const from = basketSeller(call, defined({ kind: o?.kind, restaurant_id: o?.restaurant?.restaurant_id, store_id: o?.restaurant?.restaurant_id }) as Basket)?.location;
  const home = call.world.food_delivery_address;
  const halfWay = (a: number | undefined, b: number) => (a === undefined ? undefined : round((a + b) / 2, 4));
  return {
    ...defined({
      status,
      estimated_delivery_at: ended ? null : o?.estimated_delivery_at,
      captain:
        status === "picked_up" || status === "on_the_way"
          ? { ...courier, ...defined({ location: status === "picked_up" ? from : defined({ latitude: halfWay(from?.latitude, home.latitude), longitude: halfWay(from?.longitude, home.longitude) }) }) }
          : null,
      timeline: reached,
    }),
    ...(status === "delivered" ? defined({ delivered_at: o.estimated_delivery_at }) : {}),
  };
}

/** The order an idempotency key already created (the user's keys, then the world's), or nothing; only a string found under it counts. */
export function basketCheckoutReplay(call: Call, key: string): Order | undefined {
  const mine = own(call.state?.checkouts, key);
  if (typeof mine === "string") return foodOrder(call, mine);
  const known = own(call.world.checkouts, key);
  return typeof known === "string" ? foodOrder(call, known) : undefined;
}

/**
 * `cart_checkout`'s answer to an idempotency key used before: the order it placed then, as that
 * answer said it, and that nothing new was ordered or charged.
 */
export function basketCheckoutReplayAnswer(call: Call, key: string): Record<string, unknown> {
  const order = basketCheckoutReplay(call, key);
  const placed = toMillis(order?.placed_at as string | undefined);
  return defined({
    success: true,
    status: "placed",
    duplicate: true,
    order_id: text(order?.order_id),
    basket_id: text(order?.basket_id),
    idempotency_key: text(key),
    total: order?.total,
    payment: order?.payment,
    placed_at: text(order?.placed_at),
    estimated_delivery_at: text(order?.estimated_delivery_at),
    message: `An order was already placed with this idempotency key at ${placed === undefined ? "" : dubaiClock(placed)} (Dubai time); this is that order. No new order was created and nothing was charged again.`,
  });
}

/** The `payment` of a checkout: the method's label when it is the user's, `captured` for the wallet or `authorized` for a card. */
export function basketPayment(call: Call, id: string): Record<string, unknown> {
  const m = paymentMethod(call, id);
  return { ...defined({ payment_method_id: id }), ...(m !== undefined ? defined({ label: m.displayName }) : {}), status: id === "careem_pay" ? "captured" : "authorized" };
}

/** The wallet debit of a placed order, in the shape the wallet's balance reads. */
export function basketTransaction(call: Call, answer: CheckoutAnswer): Record<string, unknown> {
  const b = basket(call, answer?.basket_id);
  const quik = b?.kind === "quik";
  const orderId = answer?.order_id;
  const after = orderId === undefined ? "" : orderId.indexOf("ord_") < 0 ? orderId : orderId.slice(orderId.indexOf("ord_") + 4);
  return defined({
    transactionId: `txn_${after}`,
    type: quik ? "GROCERY_ORDER" : "FOOD_ORDER",
    amount: AED(answer?.total?.amount),
    description: `${quik ? "Careem Quik order " : "Careem Food order "}${text(orderId)} at ${text(basketSeller(call, b)?.name)}`,
    createdAt: answer?.placed_at,
  });
}
