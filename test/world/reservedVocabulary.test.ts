// Issue 43 item 7 for groceries and food: a fixture is an id that is, or starts with, a token
// FIXTURES.md reserves; every other id of the wide catalog is its family's prefix and digits, so
// no ordinary product, restaurant or dish can trigger a fixture, and the table lists them all.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../journeys/server.js";

const data = (file: string) => JSON.parse(fs.readFileSync(path.join(projectRoot, "tools", "_world", "data", file), "utf8"));
const products: { product_id: string }[] = data("quik/products.json");
const restaurants: { restaurant_id: string; menu: { items: { item_id: string }[] }[] }[] = data("food/restaurants.json");
const fixtures = fs.readFileSync(path.join(projectRoot, "FIXTURES.md"), "utf8");
const section = fixtures.slice(fixtures.indexOf("### Reserved vocabulary (groceries and food)"), fixtures.indexOf("## checkout"));
const ORDINARY = /^(prd|rst|itm)_\d+$/;

describe("reserved fixture vocabulary of groceries and food", () => {
  const ids = [...products.map((p) => p.product_id), ...restaurants.map((r) => r.restaurant_id), ...restaurants.flatMap((r) => r.menu.flatMap((c) => c.items.map((i) => i.item_id)))];

  it("the section exists and the catalog is the wide one", () => {
    expect(section.length).toBeGreaterThan(100);
    expect(products.length).toBeGreaterThanOrEqual(800);
    expect(restaurants.length).toBeGreaterThanOrEqual(150);
  });

  it("every id that is not prefix and digits is listed, with a token it starts or ends with", () => {
    const tokens = [...section.matchAll(/^\| `([^`]+)`/gm)].map((m) => (m[1] as string).replace(/ .*/, ""));
    const special = ids.filter((id) => !ORDINARY.test(id));
    expect(special.length).toBeGreaterThan(0);
    for (const id of special) {
      expect(section, id).toContain(`\`${id}\``);
      expect(tokens.some((t) => id.startsWith(t) || id.endsWith(t)), `${id} has a reserved token`).toBe(true);
    }
  });
});
