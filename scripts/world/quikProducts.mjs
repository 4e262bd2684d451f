// Writes tools/_world/data/quik/products.json, Quik's catalog, from the hand-curated product lines
// (tools/_world/data/quik/lines/*.json: aisle, brand, name, Arabic name, the words people search
// with, sizes with their shelf prices, flavours) and today's hand-typed products
// (fixtures.json, kept verbatim so their ids hold). What a shelf does not say (the product id,
// whether it is on offer or out of stock, the per-order limit) is drawn from a generator seeded
// by the product itself, so adding or reordering lines changes no other product.
//
//   node scripts/world/quikProducts.mjs          write the file
//   node scripts/world/quikProducts.mjs --check  exit 1 when the file is not what this writes
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dataDir = fileURLToPath(new URL("../../tools/_world/data/quik/", import.meta.url));
export const productsFile = path.join(dataDir, "products.json");

const readJson = (file) => JSON.parse(readFileSync(path.join(dataDir, file), "utf8"));

/** FNV-1a, 32 bits: a stable number from a product's shelf label. */
function hash(text) {
  let h = 0x811c9dc5;
  for (const c of text) {
    h ^= c.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: a small seeded generator, so each product's draws depend on that product only. */
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
// Shelf prices in the UAE end in quarters or .95; a promotion keeps to quarters.
const quarter = (amount) => Math.round(amount * 4) / 4;

/** How many of one product a single order may take: fewer of the dear and the bulky. */
function limitFor(price) {
  if (price >= 100) return 3;
  if (price >= 40) return 4;
  if (price >= 20) return 6;
  return 10;
}

/** A flavour in its line's name: where "{v}" stands ("{v} Rice": "Jasmine Rice"), else after it. */
function place(name, variant) {
  if (variant === null) return name;
  return name.includes("{v}") ? name.replace("{v}", variant) : `${name} ${variant}`;
}

/** Every product of one curated line: one per flavour and size. */
function expandLine(aisle, line, brands) {
  const brandAr = line.brand ? brands[line.brand] : undefined;
  if (line.brand && !brandAr) throw new Error(`${aisle}: "${line.name}": brand "${line.brand}" has no Arabic name in brands.json; add it there`);
  const variants = line.variants ?? [[null, null]];
  const out = [];
  for (const [variant, variantAr] of variants) {
    for (const [size, shelfPrice] of line.sizes) {
      const name = [line.brand, place(line.name, variant)].filter(Boolean).join(" ");
      const nameAr = [place(line.ar, variantAr), brandAr].filter(Boolean).join(" ");
      const random = generator(hash(`${name}|${size}`));
      const offer = random() < 0.12;
      const inStock = random() >= 0.03;
      const restockSoon = random() < 0.5;
      const cut = [0.75, 0.8, 0.85, 0.9][Math.floor(random() * 4)];
      const price = offer ? quarter(shelfPrice * cut) : shelfPrice;
      const product = {
        product_id: "",
        name,
        name_ar: nameAr,
        brand: line.brand ?? null,
        size,
        category: aisle,
        price: aed(price),
        original_price: offer ? aed(shelfPrice) : null,
        in_stock: inStock,
      };
      if (!inStock) product.restock_in_hours = restockSoon ? 24 : null;
      product.max_quantity_per_order = limitFor(price);
      product.search_words = [...new Set(line.words)];
      out.push(product);
    }
  }
  return out;
}

/** The whole catalog: today's products first, then every aisle's lines in aisles.json's order. */
export function buildProducts() {
  const aisles = readJson("aisles.json");
  const brands = readJson("brands.json");
  const fixtures = readJson("fixtures.json");
  const linesByAisle = {};
  for (const file of readdirSync(path.join(dataDir, "lines")).filter((f) => f.endsWith(".json")).sort()) {
    for (const [aisle, lines] of Object.entries(readJson(`lines/${file}`))) {
      if (!aisles[aisle]) throw new Error(`lines/${file}: aisle "${aisle}" is not in aisles.json (${Object.keys(aisles).join(", ")})`);
      (linesByAisle[aisle] ??= []).push(...lines);
    }
  }
  const taken = new Set(fixtures.map((p) => p.product_id));
  const names = new Set(fixtures.map((p) => `${p.name}|${p.size}`));
  const products = [...fixtures];
  for (const aisle of Object.keys(aisles)) {
    for (const line of linesByAisle[aisle] ?? []) {
      for (const product of expandLine(aisle, line, brands)) {
        const label = `${product.name}|${product.size}`;
        if (names.has(label)) throw new Error(`${aisle}: "${product.name}", ${product.size} is listed twice; remove one`);
        names.add(label);
        // Ids prd_300000 to prd_999999, from the label: a collision moves to the next free id.
        let n = 300000 + (hash(label) % 700000);
        while (taken.has(`prd_${n}`)) n = n === 999999 ? 300000 : n + 1;
        product.product_id = `prd_${n}`;
        taken.add(product.product_id);
        products.push(product);
      }
    }
  }
  return products;
}

/** The file's text: one product a line, so a diff shows which products changed. */
export function productsText(products) {
  return `[\n${products.map((p) => `  ${JSON.stringify(p)}`).join(",\n")}\n]\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = productsText(buildProducts());
  if (process.argv.includes("--check")) {
    if (readFileSync(productsFile, "utf8") !== text) {
      console.error(`${productsFile} is not what scripts/world/quikProducts.mjs writes; run it to rewrite the file`);
      process.exit(1);
    }
  } else {
    writeFileSync(productsFile, text);
    console.log(`wrote ${productsFile}`);
  }
}
