// The tools-directory watcher must never lose a change. A regression seen under load: a file
// copied in just as the catalog finished loading was in the baseline prime() took, while its
// fs.watch event was still queued, so the settled burst looked like no change and no session
// heard of the new tool. Real fs.watch, a real engine, a real temp catalog.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";
import { watchTools, type ToolWatcher } from "../../src/server/host/watchTools.js";
import { addedFixture, copyCatalog, type TempCatalog } from "./catalog.js";

let catalog: TempCatalog | undefined;
let watcher: ToolWatcher | undefined;

afterEach(() => {
  watcher?.close();
  catalog?.remove();
});

describe("watchTools", () => {
  it("announces a file that appeared just before prime(), while its event was still queued", async () => {
    catalog = copyCatalog();
    const engine = new Engine({ toolsDir: catalog.dir, forced: new OverridesReader(catalog.runDir) });
    let changes = 0;
    watcher = watchTools({ toolsDir: catalog.dir, engine: () => engine, onToolsChanged: () => changes++, log: () => {}, debounceMs: 20 });
    await engine.warm();
    // In one synchronous run: the file lands, then prime() fingerprints a catalog that has it.
    // The watch event can only be read after this run, i.e. after the baseline was taken.
    fs.copyFileSync(path.join(addedFixture, "rate_ride.md"), catalog.file("rides/rate_ride.md"));
    watcher.prime();
    for (let i = 0; i < 100 && changes === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(changes).toBe(1);
  });
});
