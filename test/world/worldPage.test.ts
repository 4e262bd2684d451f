// docs/world.md lists every world function (signature and one line) and every world key; it is
// generated from tools/_world/, and this test fails when the page and the modules differ.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assertBuilt } from "../assertBuilt.js";
import { projectRoot } from "../journeys/server.js";
// @ts-expect-error: a plain .mjs script without types
import { functionsOf, worldPage } from "../../scripts/worldPage.mjs";

describe("docs/world.md", () => {
  it("is what the world modules say (node scripts/worldPage.mjs --write)", async () => {
    assertBuilt();
    const page = (await worldPage()) as string;
    expect(fs.readFileSync(path.join(projectRoot, "docs", "world.md"), "utf8")).toBe(page);
  });

  it("lists an exported function without its call argument, with its doc comment's first sentence", () => {
    const text = `/** The ride with this id: wherever it lives. More. */\nexport function rideFind(call: Call, id: string): Ride | undefined { return undefined; }\nfunction hidden() {}\n`;
    expect(functionsOf(text)).toEqual([{ name: "rideFind", signature: "$rideFind(id: string): Ride | undefined", line: "The ride with this id." }]);
  });
});
