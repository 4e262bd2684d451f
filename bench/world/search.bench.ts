// How much the wide world's groceries and food searches cost, warm, in process, beside two
// baselines measured in the same run: a Map lookup (what a by-id tool does) and today's
// substring scan over the same 822 products. Run: npx vitest bench --run bench/world/search.bench.ts
// The target is relative: a warm search at most 1.5x a warm get_ride_status over the
// wire; these figures are the search's own share of that call.
import MiniSearch from "minisearch";
import { bench, describe } from "vitest";
import { createDeliveryIndex } from "../../tools/_world/lib/food/deliveryIndex.js";
import { foodSearch } from "../../tools/_world/lib/food/foodSearch.js";
import { openingAt } from "../../tools/_world/lib/food/openingHours.js";
import { createRestaurantIndex } from "../../tools/_world/lib/food/restaurantIndex.js";
import { foodRestaurants } from "../../tools/_world/lib/food/restaurants.js";
import { createProductIndex } from "../../tools/_world/lib/quik/productIndex.js";
import { quikProducts } from "../../tools/_world/lib/quik/products.js";
import { quikSearch } from "../../tools/_world/lib/quik/quikSearch.js";

const products = createProductIndex(quikProducts);
const text = createRestaurantIndex(foodRestaurants);
const delivery = createDeliveryIndex(foodRestaurants);
const byId = new Map(quikProducts.map((p) => [p.product_id, p]));
const home = { latitude: 25.0866, longitude: 55.1477 };
const difc = { latitude: 25.2131, longitude: 55.2796 };
const noon = Date.parse("2026-12-07T09:00:00Z");

/** Today's $quikSearch matching, in plain JS: every word of the term inside the name or words. */
function substringScan(term: string) {
  const wanted = term.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 2).map((w) => w.replace(/s$/, ""));
  return quikProducts.filter((p) => {
    const t = [p.name, ...p.search_words].join(" ").toLowerCase();
    return wanted.length > 0 && wanted.every((w) => t.includes(w));
  });
}

describe("warm queries", () => {
  bench("baseline: Map.get by id", () => void byId.get("prd_200113"));
  bench("baseline: today's substring scan, 'milk'", () => void substringScan("milk"));
  bench("products: 'milk'", () => void products.search("milk"));
  bench("products: 'ice cream'", () => void products.search("ice cream"));
  bench("products: 'حليب'", () => void products.search("حليب"));
  bench("products: 'shampo' (typo: exact pass, then forgiving)", () => void products.search("shampo"));
  bench("products: shopping list milk, eggs, bread", () => void quikSearch(products, ["milk", "eggs", "bread"]));
  bench("restaurants: 'shawarma' near home at 13:00", () => void foodSearch(text, delivery, "shawarma", home, noon));
  bench("restaurants: 'pad thai' near DIFC", () => void foodSearch(text, delivery, "pad thai", difc, noon));
  bench("delivery only: who delivers to DIFC", () => void delivery.deliveringTo(difc));
  bench("opening hours of one restaurant", () => void openingAt(foodRestaurants[0]!, noon));
});

describe("index builds (once per world version)", () => {
  bench("baseline: plain MiniSearch over product names only", () => {
    const plain = new MiniSearch({ idField: "product_id", fields: ["name"] });
    plain.addAll(quikProducts as never[]);
  }, { iterations: 20 });
  bench("createProductIndex (822 products)", () => void createProductIndex(quikProducts), { iterations: 20 });
  bench("createRestaurantIndex (161 restaurants)", () => void createRestaurantIndex(foodRestaurants), { iterations: 20 });
  bench("createDeliveryIndex (161 points)", () => void createDeliveryIndex(foodRestaurants), { iterations: 20 });
});
