// Writes tools/_world/data/food/restaurants.json, Careem Food's restaurants, from what is curated
// by hand in tools/_world/data/food/: the cuisines (each with five restaurant names, its words in
// English and Arabic, its usual opening hours and a menu of real dishes with Dubai prices), the
// areas of Dubai with their coordinates, the weekly opening-hour patterns, and today's six
// restaurants (fixtures.json, kept with their ids, menus and item ids). The long tail a listing
// shows but nobody curates (exact spot in the area, rating, fees, which dishes this kitchen
// serves, its prices) is drawn from a generator seeded by the restaurant's name.
//
//   node scripts/world/foodRestaurants.mjs          write the file
//   node scripts/world/foodRestaurants.mjs --check  exit 1 when the file is not what this writes
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dataDir = fileURLToPath(new URL("../../tools/_world/data/food/", import.meta.url));
export const restaurantsFile = path.join(dataDir, "restaurants.json");

const readJson = (file) => JSON.parse(readFileSync(path.join(dataDir, file), "utf8"));

/** FNV-1a, 32 bits: a stable seed from a restaurant's name. */
function hash(text) {
  let h = 0x811c9dc5;
  for (const c of text) {
    h ^= c.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: a small seeded generator. */
function generator(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const aed = (amount) => ({ amount, currency: "AED" });
const pick = (random, list) => list[Math.floor(random() * list.length)];
const round = (n, places) => Math.round(n * 10 ** places) / 10 ** places;

const PROMOTIONS = ["20% off with SAVE20", "Free delivery above AED 80", "Buy 1 get 1 on selected items", "AED 10 off orders above AED 60"];
// Where the restaurants of one cuisine open: one in the centre (so DIFC and Downtown have every
// cuisine), one on the Marina side, three further out.
const SLOTS = ["central", "west", "outer", "outer", "outer"];

const RADIUS_KM = {
  central: (random) => 8 + Math.floor(random() * 2),
  west: (random) => 5 + Math.floor(random() * 3),
  outer: (random) => 7 + Math.floor(random() * 4),
};

/** The areas of a ring, so a cuisine's restaurants spread over the city instead of piling up. */
function areaFor(areas, ring, turn) {
  const inRing = areas.filter((a) => a.ring === ring);
  return inRing[turn % inRing.length];
}

/** One restaurant's menu: every section of its cuisine, most of each section's dishes, its own prices. */
function menuFor(cuisine, random, prefix, priceFactor) {
  let section = 0;
  return cuisine.menu.map((s) => {
    section += 1;
    // A kitchen leaves out about one dish in five, never a whole section.
    const kept = s.items.filter((_, i) => i === 0 || random() >= 0.2);
    let n = 0;
    return {
      category_id: `cat_${prefix}${section}`,
      name: s.section,
      items: kept.map(([name, description, price]) => {
        n += 1;
        return {
          item_id: `itm_${prefix}${String(section * 10 + n).padStart(2, "0")}`,
          name,
          description,
          price: aed(Math.max(1, Math.round(price * priceFactor))),
          // One dish in forty is sold out today, as on any real menu.
          available: random() >= 0.025,
          popular: n === 1,
        };
      }),
    };
  });
}

/** A restaurant of a cuisine, the k-th of its five names. */
function restaurantFor(cuisine, c, k, areas, hours) {
  const name = cuisine.names[k];
  const random = generator(hash(name));
  const area = areaFor(areas, SLOTS[k], c * 3 + k);
  const number = 13001 + c * 5 + k;
  // Menu ids: three digits of the restaurant's own (100 onwards; today's restaurants use 401-906)
  // then two of the dish, as today's itm_ + five digits.
  const prefix = 100 + c * 5 + k;
  const level = Math.min(4, Math.max(1, cuisine.price_level + (random() < 0.2 ? 1 : 0) - (random() < 0.15 ? 1 : 0)));
  const priceFactor = 0.9 + (level - cuisine.price_level) * 0.12 + random() * 0.15;
  // Within about 900 m of the area's centre.
  const location = {
    latitude: round(area.location.latitude + (random() - 0.5) * 0.016, 4),
    longitude: round(area.location.longitude + (random() - 0.5) * 0.018, 4),
  };
  const min = pick(random, [20, 25, 25, 30, 30, 35, 40]);
  const cuisines = [cuisine.name, ...cuisine.tags.slice(0, 1 + Math.floor(random() * cuisine.tags.length))];
  const pattern = cuisine.hours;
  if (!hours[pattern]) throw new Error(`cuisines.json: ${cuisine.id}: hours "${pattern}" is not a pattern of hours.json`);
  return {
    restaurant_id: `rst_${number}`,
    name,
    cuisines: [...new Set(cuisines)],
    keywords: cuisine.keywords,
    keywords_ar: [cuisine.ar, ...cuisine.keywords_ar],
    rating: round(3.8 + random() * 1.1, 1),
    rating_count: 40 + Math.floor(random() * random() * 6000),
    price_level: level,
    delivery_time_minutes: { min, max: min + pick(random, [10, 10, 15]) },
    ride_minutes: 8 + Math.floor(random() * 8),
    delivery_fee: aed(pick(random, [0, 3, 5, 5, 6, 7, 7, 9])),
    service_fee: aed(pick(random, [1.5, 2, 2, 2.5, 3])),
    minimum_order: aed(level >= 4 ? 100 : pick(random, [15, 20, 25, 25, 30, 35, 40, 50])),
    city: "dubai",
    area: area.id,
    location,
    // A kitchen in the old centre reaches the business districts (Bur Dubai to DIFC is about
    // 6 km): 8-9 km. The Marina side is dense: 5-7 km. Further out, zones are wider where
    // kitchens are few: 7-10 km.
    delivery_radius_km: RADIUS_KM[SLOTS[k]](random),
    opening_hours: hours[pattern],
    promotion: random() < 0.25 ? pick(random, PROMOTIONS) : null,
    image_url: `https://careem-catalog-media.media.careem.com/restaurants/rst_${number}/cover.jpg`,
    menu: menuFor(cuisine, random, prefix, priceFactor),
  };
}

/** Every restaurant: today's six first, then five for each cuisine in cuisines.json's order. */
export function buildRestaurants() {
  const cuisines = readJson("cuisines.json");
  const areas = readJson("areas.json");
  const hours = readJson("hours.json");
  const fixtures = readJson("fixtures.json").map((r) => {
    if (typeof r.opening_hours !== "string" || !hours[r.opening_hours]) {
      throw new Error(`fixtures.json: ${r.restaurant_id}: opening_hours "${r.opening_hours}" is not a pattern of hours.json`);
    }
    return { ...r, opening_hours: hours[r.opening_hours] };
  });
  const restaurants = [...fixtures];
  cuisines.forEach((cuisine, c) => {
    if (cuisine.names.length !== SLOTS.length) throw new Error(`cuisines.json: ${cuisine.id} has ${cuisine.names.length} names; give it ${SLOTS.length}`);
    cuisine.names.forEach((_, k) => restaurants.push(restaurantFor(cuisine, c, k, areas, hours)));
  });
  const ids = new Set();
  for (const r of restaurants) {
    if (ids.has(r.restaurant_id)) throw new Error(`two restaurants are ${r.restaurant_id}`);
    ids.add(r.restaurant_id);
  }
  return restaurants;
}

/** The file's text: one restaurant a block, its menu one section a line. */
export function restaurantsText(restaurants) {
  const block = (r) => {
    const { menu, ...rest } = r;
    const head = JSON.stringify(rest).slice(0, -1);
    return `  ${head},"menu":[\n${menu.map((s) => `    ${JSON.stringify(s)}`).join(",\n")}\n  ]}`;
  };
  return `[\n${restaurants.map(block).join(",\n")}\n]\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = restaurantsText(buildRestaurants());
  if (process.argv.includes("--check")) {
    if (readFileSync(restaurantsFile, "utf8") !== text) {
      console.error(`${restaurantsFile} is not what scripts/world/foodRestaurants.mjs writes; run it to rewrite the file`);
      process.exit(1);
    }
  } else {
    writeFileSync(restaurantsFile, text);
    console.log(`wrote ${restaurantsFile}`);
  }
}
