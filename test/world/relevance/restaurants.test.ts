import { describe, expect, it } from "vitest";
import { createDeliveryIndex } from "../../../tools/_world/lib/food/deliveryIndex.js";
import { foodSearch } from "../../../tools/_world/lib/food/foodSearch.js";
import type { Point } from "../../../tools/_world/lib/food/restaurant.js";
import { createRestaurantIndex } from "../../../tools/_world/lib/food/restaurantIndex.js";
import { foodRestaurants } from "../../../tools/_world/lib/food/restaurants.js";

// Delivery points a user searches from (the persona's home and office, and other homes).
const POINTS: Record<string, Point> = {
  home: { latitude: 25.0866, longitude: 55.1477 }, // Marina Gate 2, Dubai Marina
  difc: { latitude: 25.2131, longitude: 55.2796 }, // Gate Village, DIFC
  deira: { latitude: 25.2697, longitude: 55.3095 }, // near Al Ghurair Centre
  mirdif: { latitude: 25.2165, longitude: 55.4198 }, // near Mirdif City Centre
  barsha: { latitude: 25.1124, longitude: 55.1983 }, // Al Barsha 1, near Mall of the Emirates
  jvc: { latitude: 25.0592, longitude: 55.2093 }, // Jumeirah Village Circle
  nahda: { latitude: 25.2893, longitude: 55.3712 }, // Al Nahda 2
};
// Monday 7 December 2026, Dubai time (UTC+4): lunch, and dinner when steakhouses open.
const WHEN: Record<string, number> = {
  noon: Date.parse("2026-12-07T09:00:00Z"), // 13:00 in Dubai
  evening: Date.parse("2026-12-07T16:00:00Z"), // 20:00 in Dubai
};

// What a hungry user types into Careem Food's search, where and when, and the restaurant that
// must come first: dishes, cuisines, restaurant names, in English, Arabic and misspelt. Reviewed
// by hand: each first restaurant serves what was asked, delivers there and is open then.
const FIRST: [query: string, point: string, when: string, restaurantId: string, restaurant: string][] = [
  ["shawarma", "home", "noon", "rst_10877", "Marina Shawarma House"],
  ["burger", "home", "noon", "rst_12055", "Smash Yard Burgers"],
  ["biryani", "home", "noon", "rst_12318", "Biryani Junction"],
  ["pizza", "home", "noon", "rst_13097", "Napoli Pizza Bar"],
  ["sushi", "home", "noon", "rst_13067", "Umami Sushi Lab"],
  ["zaatar lane", "home", "noon", "rst_10231", "Zaatar Lane"],
  ["smash yard", "home", "noon", "rst_12055", "Smash Yard Burgers"],
  ["forno vivo", "home", "noon", "rst_11402", "Forno Vivo Pizzeria"],
  ["hummus", "home", "noon", "rst_10231", "Zaatar Lane"],
  ["falafel", "home", "noon", "rst_10231", "Zaatar Lane"],
  ["manoushe", "home", "noon", "rst_10231", "Zaatar Lane"],
  ["mixed grill", "home", "noon", "rst_10877", "Marina Shawarma House"],
  ["butter chicken", "home", "noon", "rst_13042", "Tandoor Tales"],
  ["margherita", "home", "noon", "rst_11402", "Forno Vivo Pizzeria"],
  ["milkshake", "home", "noon", "rst_12055", "Smash Yard Burgers"],
  ["california roll", "home", "noon", "rst_13069", "Kyoto Roll House"],
  ["شاورما", "home", "noon", "rst_10877", "Marina Shawarma House"],
  ["برجر", "home", "noon", "rst_12055", "Smash Yard Burgers"],
  ["بيتزا", "home", "noon", "rst_13097", "Napoli Pizza Bar"],
  ["سوشي", "home", "noon", "rst_13067", "Umami Sushi Lab"],
  ["shwarma", "home", "noon", "rst_10877", "Marina Shawarma House"],
  ["biriyani", "home", "noon", "rst_12318", "Biryani Junction"],
  ["piza", "home", "noon", "rst_13097", "Napoli Pizza Bar"],
  ["burgr", "home", "noon", "rst_12055", "Smash Yard Burgers"],
  ["steak", "home", "evening", "rst_13137", "Ember and Oak"],
  ["sushi", "home", "evening", "rst_13067", "Umami Sushi Lab"],
  ["sushi", "difc", "noon", "rst_13066", "Tokyo Bento Bar"],
  ["biryani", "difc", "noon", "rst_13041", "Masala Darbar"],
  ["pad thai", "difc", "noon", "rst_13076", "Bangkok Street Kitchen"],
  ["pho", "difc", "noon", "rst_13081", "Saigon Pho House"],
  ["ramen", "difc", "noon", "rst_13066", "Tokyo Bento Bar"],
  ["bibimbap", "difc", "noon", "rst_13071", "Seoul Kitchen"],
  ["tacos", "difc", "noon", "rst_13111", "Taqueria del Sol"],
  ["burrito", "difc", "noon", "rst_13111", "Taqueria del Sol"],
  ["gyros", "difc", "noon", "rst_13116", "Santorini Grill"],
  ["eggs benedict", "difc", "noon", "rst_13121", "Sunny Side Cafe"],
  ["shakshuka", "difc", "noon", "rst_13121", "Sunny Side Cafe"],
  ["poke bowl", "difc", "noon", "rst_13126", "Green Fork"],
  ["caesar salad", "difc", "noon", "rst_13126", "Green Fork"],
  ["carbonara", "difc", "noon", "rst_13091", "Trattoria Nonna Rosa"],
  ["lasagna", "difc", "noon", "rst_13091", "Trattoria Nonna Rosa"],
  ["dim sum", "difc", "noon", "rst_13061", "Golden Dragon Wok"],
  ["kung pao", "difc", "noon", "rst_13061", "Golden Dragon Wok"],
  ["fried chicken", "difc", "noon", "rst_13106", "Crispy Coop"],
  ["kunafa", "difc", "noon", "rst_13141", "Sugar Rush Dessert Bar"],
  ["cheesecake", "difc", "noon", "rst_13141", "Sugar Rush Dessert Bar"],
  ["flat white", "difc", "noon", "rst_13121", "Sunny Side Cafe"],
  ["karak", "difc", "noon", "rst_13146", "Roast Lane Coffee"],
  ["club sandwich", "difc", "noon", "rst_13151", "Jumeirah Corner Cafeteria"],
  ["machboos", "difc", "noon", "rst_13006", "Bait Al Fareej"],
  ["luqaimat", "difc", "noon", "rst_13141", "Sugar Rush Dessert Bar"],
  ["koshari", "difc", "noon", "rst_13021", "Koshari Lane"],
  ["doner", "difc", "noon", "rst_13028", "Adana Ocakbasi"],
  ["adana kebab", "difc", "noon", "rst_13026", "Istanbul Kebab House"],
  ["joojeh kebab", "difc", "noon", "rst_13035", "Darbar Tehran"],
  ["mandi", "difc", "noon", "rst_13036", "Bait Al Mandi"],
  ["nihari", "difc", "noon", "rst_13054", "Anarkali Kitchen"],
  ["kabuli pulao", "difc", "noon", "rst_13056", "Kabul Garden"],
  ["masala dosa", "difc", "noon", "rst_13046", "Malabar Tiffin Centre"],
  ["sisig", "difc", "noon", "rst_13086", "Manila Kusina"],
  ["fish and chips", "difc", "noon", "rst_13131", "Al Bahar Fish Market"],
  ["hammour", "difc", "noon", "rst_13131", "Al Bahar Fish Market"],
  ["ribeye", "difc", "evening", "rst_13136", "Prime Cut Steakhouse"],
  ["مندي", "difc", "noon", "rst_13036", "Bait Al Mandi"],
  ["كشري", "difc", "noon", "rst_13021", "Koshari Lane"],
  ["فطور", "difc", "noon", "rst_13121", "Sunny Side Cafe"],
  ["كنافة", "difc", "noon", "rst_13141", "Sugar Rush Dessert Bar"],
  ["برياني", "difc", "noon", "rst_13041", "Masala Darbar"],
  ["قهوة", "difc", "noon", "rst_13146", "Roast Lane Coffee"],
  ["mandy", "difc", "noon", "rst_13036", "Bait Al Mandi"],
  ["shawerma", "difc", "noon", "rst_13016", "Al Sham Shawarma"],
  ["tiramisu", "difc", "noon", "rst_13091", "Trattoria Nonna Rosa"],
  ["mandi", "deira", "noon", "rst_13036", "Bait Al Mandi"],
  ["biryani", "deira", "noon", "rst_13041", "Masala Darbar"],
  ["kebab", "deira", "noon", "rst_13026", "Istanbul Kebab House"],
  ["coffee", "mirdif", "noon", "rst_13148", "Qahwa House"],
  ["pizza", "mirdif", "noon", "rst_13098", "Crust and Crumb"],
  ["pasta", "barsha", "noon", "rst_11402", "Forno Vivo Pizzeria"],
  ["korean", "barsha", "noon", "rst_13072", "Gangnam Chicken"],
  ["shawarma", "jvc", "noon", "rst_10231", "Zaatar Lane"],
  ["karahi", "nahda", "noon", "rst_13054", "Anarkali Kitchen"],

  ["chicken shawarma", "home", "noon", "rst_10877", "Marina Shawarma House"],
  ["شاورما دجاج", "home", "noon", "rst_10877", "Marina Shawarma House"],
  ["lebanese", "home", "noon", "rst_13002", "Cedar Table"],
  ["japanese", "home", "noon", "rst_13067", "Umami Sushi Lab"],
  ["vegan", "difc", "noon", "rst_13126", "Green Fork"],
  ["korean fried chicken", "difc", "noon", "rst_13071", "Seoul Kitchen"],
  ["حمص", "difc", "noon", "rst_13001", "Beirut Corner"],
  ["بيتزا", "difc", "noon", "rst_13096", "Slice Republic"],
  ["koshary", "difc", "noon", "rst_13021", "Koshari Lane"],
  ["tikka", "difc", "noon", "rst_13041", "Masala Darbar"],
  ["pizza", "jvc", "noon", "rst_13099", "Pizza Di Strada"],
  ["karahi", "deira", "noon", "rst_13054", "Anarkali Kitchen"],
  ["breakfast", "mirdif", "noon", "rst_13123", "Brunch and Bloom"],
  ["kunafa", "barsha", "noon", "rst_13028", "Adana Ocakbasi"],
];

describe("Food search: what comes first", () => {
  const text = createRestaurantIndex(foodRestaurants);
  const delivery = createDeliveryIndex(foodRestaurants);

  it.each(FIRST)("%s near %s at %s -> %s (%s)", (query, point, when, restaurantId) => {
    const found = foodSearch(text, delivery, query, POINTS[point] as Point, WHEN[when] as number);
    expect(found.restaurants[0]?.restaurant.restaurant_id).toBe(restaurantId);
  });

  it("lists open restaurants before closed ones, the closed ones with when they open", () => {
    // Sakura Dock Sushi keeps Monday closed: at 13:00 it is listed after the open sushi bars.
    const found = foodSearch(text, delivery, "sushi", POINTS.home as Point, WHEN.noon as number);
    const ids = found.restaurants.map((h) => h.restaurant.restaurant_id);
    expect(ids.at(-1)).toBe("rst_closed_20417");
    expect(found.restaurants.at(-1)?.opening).toEqual({
      is_open: false,
      opens_at: Date.parse("2026-12-08T08:00:00Z"), // Tuesday 12:00 in Dubai
      closes_at: null,
    });
    expect(found.restaurants.slice(0, -1).every((h) => h.opening.is_open)).toBe(true);
  });

  it("finds nothing for what no kitchen cooks, and caps the list at the limit", () => {
    expect(foodSearch(text, delivery, "unicorn steak", POINTS.home as Point, WHEN.noon as number)).toEqual({ total: 0, restaurants: [] });
    const capped = foodSearch(text, delivery, "chicken", POINTS.difc as Point, WHEN.noon as number, 3);
    expect(capped.restaurants).toHaveLength(3);
    expect(capped.total).toBeGreaterThan(3);
  });
});
