// Every way an editor or a script saves a tool file must reach the watcher, and only a save a
// client can observe (the list or a definition changed) may announce itself. Node 20's recursive
// fs.watch stops reporting a path once its inode is replaced (temp file + rename, `sed -i`): the
// second such save on the same file was announced, the third never was.
// A real engine, the real watcher, a real temp catalog, real `sed`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
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

/** Resolves true at the next call of `which`, false after `ms` without one. */
type Waiter = (ms: number) => Promise<boolean>;

async function watched(cat: TempCatalog, safetyMs?: number) {
  const engine = new Engine({ toolsDir: cat.dir, forced: new OverridesReader(cat.runDir) });
  let changes = 0;
  const onChange: (() => void)[] = [];
  const onSettle: (() => void)[] = [];
  const next = (list: (() => void)[]): Waiter => (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      list.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  const fire = (list: (() => void)[]) => () => list.splice(0).forEach((f) => f());
  await engine.warm();
  watcher = watchTools({
    toolsDir: cat.dir,
    engine: () => engine,
    onToolsChanged: () => {
      changes++;
      fire(onChange)();
    },
    onFilesTouched: fire(onSettle),
    log: () => {},
    safetyMs,
  });
  watcher.prime();
  return { changes: () => changes, nextChange: next(onChange), nextSettle: next(onSettle) };
}

function describeAs(file: string, text: string): void {
  const body = fs.readFileSync(file, "utf8").replace(/"description": "Live status[^"]*"/, `"description": "Live status: ${text}"`);
  fs.writeFileSync(file, body);
}

function tempRename(file: string, text: string): void {
  const body = fs.readFileSync(file, "utf8").replace(/"description": "Live status[^"]*"/, `"description": "Live status: ${text}"`);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.swp`);
  fs.writeFileSync(temp, body);
  fs.renameSync(temp, file);
}

describe("watchTools: every form of save", () => {
  it("announces each of nine saves: in place, temp + rename, delete + create, sed -i, renamed and added sub-folders", async () => {
    catalog = copyCatalog();
    const cat = catalog;
    const w = await watched(cat);
    let ride = cat.file("rides/track_ride.md");
    const saves: [string, () => void][] = [
      ["in place", () => describeAs(ride, "one")],
      ["temp + rename", () => tempRename(ride, "two")],
      ["temp + rename again", () => tempRename(ride, "three")],
      [
        "delete + create",
        () => {
          const body = fs.readFileSync(ride, "utf8").replace(/Live status[^"]*"/, 'Live status: four"');
          fs.unlinkSync(ride);
          fs.writeFileSync(ride, body);
        },
      ],
      ["sed -i", () => void spawnSync("sed", ["-i", 's/Live status[^"]*"/Live status: five"/', ride])],
      ["in place after all that", () => describeAs(ride, "six")],
      [
        "in place inside a renamed sub-folder",
        () => {
          fs.renameSync(cat.file("rides"), cat.file("rides-moved"));
          ride = cat.file("rides-moved/track_ride.md");
          describeAs(ride, "seven");
        },
      ],
      [
        "a tool in an added sub-folder",
        () => {
          fs.mkdirSync(cat.file("extra"));
          fs.copyFileSync(path.join(addedFixture, "rate_ride.md"), cat.file("extra/rate_ride.md"));
        },
      ],
      [
        "sed -i inside the added sub-folder",
        () => void spawnSync("sed", ["-i", "s/Rate a finished ride/Rate a ride/", cat.file("extra/rate_ride.md")]),
      ],
    ];
    let pattern = "";
    for (const [, save] of saves) {
      const changed = w.nextChange(3000);
      save();
      pattern += (await changed) ? "1" : "0";
    }
    expect(pattern).toBe("111111111");
  });

  it("stays quiet for saves a client cannot observe: a notes-only edit, a broken copy outside the list", async () => {
    catalog = copyCatalog();
    const cat = catalog;
    const w = await watched(cat);
    const ride = cat.file("rides/track_ride.md");
    // Each no-op save is followed by a settled burst (the watcher saw it and compared): no announcement.
    let settled = w.nextSettle(3000);
    fs.writeFileSync(ride, fs.readFileSync(ride, "utf8").replace("A small tool", "A tiny tool"));
    expect(await settled).toBe(true);
    settled = w.nextSettle(3000);
    // A copy whose file name differs from its tool name is broken, so it never reaches tools/list.
    fs.copyFileSync(ride, cat.file("rides/track_ride copy.md"));
    expect(await settled).toBe(true);
    expect(w.changes()).toBe(0);
    // The watcher still announces what does change.
    const changed = w.nextChange(3000);
    describeAs(ride, "changed");
    expect(await changed).toBe(true);
    expect(w.changes()).toBe(1);
  });
});

describe("watchTools: the safety net", () => {
  it("announces a change even when no folder watch can be set up (inotify limits)", async () => {
    const watch = vi.spyOn(fs, "watch").mockImplementation(() => {
      throw Object.assign(new Error("ENOSPC: System limit for number of file watchers reached"), { code: "ENOSPC" });
    });
    try {
      catalog = copyCatalog();
      const w = await watched(catalog, 200);
      expect(watch).toHaveBeenCalled();
      const changed = w.nextChange(5000);
      describeAs(catalog.file("rides/track_ride.md"), "seen by the safety net");
      expect(await changed).toBe(true);
    } finally {
      watch.mockRestore();
    }
  });
});
