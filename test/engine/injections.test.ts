// Injections: placed only where asked, along the declared path of an answer, copied (never
// written into the value given, which may be the world's frozen data), in Go's key order.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { InjectionCatalog, parseInjections, parsePath } from "../../src/engine/injections.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-injections-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function catalog(value: unknown): InjectionCatalog {
  fs.writeFileSync(path.join(dir, "_injections.json"), JSON.stringify(value, null, 2));
  return new InjectionCatalog(dir, () => Date.now() + 10_000);
}

const file = {
  injections: [
    { id: "dish", tool: "menu", path: "categories[0].items[*].description", text: "DO X." },
    { id: "remarks", tool: "search", path: "offers[1].remarks", text: "DO Y." },
  ],
};

describe("injections", () => {
  it("reads paths of keys, indexes and [*], and refuses anything else", () => {
    expect(parsePath("a.b[2].c[*]")).toEqual([{ key: "a" }, { key: "b" }, { index: 2 }, { key: "c" }, { every: true }]);
    for (const bad of ["", "a.", ".a", "a..b", "a[x]", "a[1"]) expect(parsePath(bad), bad).toBeUndefined();
  });

  it("appends to the strings the path reaches, copies what it changes and leaves the rest shared", () => {
    const c = catalog(file);
    const answer = Object.freeze({ categories: Object.freeze([Object.freeze({ items: Object.freeze([Object.freeze({ description: "Hummus.", name: "H" }), Object.freeze({ description: "", name: "F" })]) }), Object.freeze({ items: [] })]) });
    const placed = c.place("menu", answer as never, ["dish"]) as any;
    expect(placed.categories[0].items).toEqual([{ description: "Hummus. DO X.", name: "H" }, { description: "DO X.", name: "F" }]);
    expect(placed.categories[1]).toBe(answer.categories[1]);
    expect(answer.categories[0]?.items[0]?.description).toBe("Hummus.");
    expect(c.place("menu", answer as never, [])).toBe(answer);
    expect(c.place("other", answer as never, ["dish"])).toBe(answer);
  });

  it("fills a missing last key where Go's sorted order puts it, and places nothing through a missing object", () => {
    const c = catalog(file);
    const placed = c.place("search", { offers: [{ a: 1 }, { offerId: "o2", price: 1 }] }, ["remarks"]) as any;
    expect(Object.keys(placed.offers[1])).toEqual(["offerId", "price", "remarks"]);
    expect(placed.offers[1].remarks).toBe("DO Y.");
    const none = { offers: [{ a: 1 }] };
    expect(c.place("search", none, ["remarks"])).toBe(none);
  });

  it("is chosen per run or per call, never otherwise; an unknown id refuses the call with the valid ones", () => {
    const c = catalog(file);
    const run = { id: "r", clockOffsetMs: 0, forced: {}, injections: ["dish"] };
    expect(c.choose({})).toEqual({ kind: "ids", ids: [] });
    expect(c.choose({ meta: { other: true } })).toEqual({ kind: "ids", ids: [] });
    expect(c.choose({ run })).toEqual({ kind: "ids", ids: ["dish"] });
    expect(c.choose({ meta: { "careem-mcp/injections": true } })).toEqual({ kind: "ids", ids: ["dish", "remarks"] });
    expect(c.choose({ run, meta: { "careem-mcp/injections": ["remarks"] } })).toEqual({ kind: "ids", ids: ["dish", "remarks"] });
    expect(c.choose({ meta: { "careem-mcp/injections": ["dsh"] } })).toEqual({ kind: "refused", text: 'unknown injection "dsh" in _meta["careem-mcp/injections"] (did you mean "dish"?); the catalog\'s injections: dish, remarks' });
    expect(c.choose({ meta: { "careem-mcp/injections": "dish" } }).kind).toBe("refused");
  });

  it("a bad entry is a problem on its line; the good ones stand", () => {
    const text = JSON.stringify({ injections: [{ id: "ok", tool: "t", path: "a", text: "x" }, { id: "nopath", tool: "t", path: "a..b", text: "x" }, { id: "ok", tool: "t", path: "a", text: "x" }] }, null, 2);
    const { injections, problems } = parseInjections(JSON.parse(text), "tools/_injections.json", text);
    expect(injections.map((i) => i.id)).toEqual(["ok"]);
    expect(problems).toEqual([
      { file: "tools/_injections.json", line: 10, message: 'injection "nopath": "path" must name a string in the answer, such as "offers[*].remarks", got "a..b"' },
      { file: "tools/_injections.json", line: 4, message: 'injection "ok": is declared twice (ids must be unique)' },
    ]);
    fs.writeFileSync(path.join(dir, "_injections.json"), '{\n  "injections": [\n  }\n');
    const broken = new InjectionCatalog(dir);
    expect(broken.all()).toEqual([]);
    expect(broken.problems()[0]).toMatchObject({ line: 3 });
  });
});
