// The catalog's world: `<tools>/_world/*.md`, the entities every tool file reads (restaurants,
// products, places, fares, routes, the personas' wallets), written once, and `<tools>/_world/*.ts`,
// the world modules whose exported functions are its rules (bound as `$<name>`). Re-read when a
// file's stat changes, as tool files are (a module also when anything it imports changes); data
// renders its time placeholders when its file is read, so the world ages as the server runs. A
// broken world file or module costs its own part, never the rest.
import fs from "node:fs";
import path from "node:path";
import { displayPath } from "../base/displayPath.js";
import { readNoFollow } from "../base/readNoFollow.js";
import { sameStamp, stampOf, stillValid, type FileStamp, type StampedCache } from "../base/fileStamp.js";
import { JsonTextError } from "../base/jsonText.js";
import { render } from "../template/render.js";
import { setOwn } from "../base/setOwn.js";
import { compileTemplate } from "../template/template.js";
import type { Clock, Json, JsonObject, Problem, RandomSource } from "../base/types.js";
import { isObject } from "../base/isObject.js";
import type { ExpressionWorld } from "../jsonata/library.js";
import { WorldValues } from "../jsonata/worldValues.js";
import { parseWorldFile, type WorldFile } from "./parseWorldFile.js";
import { loadWorldModule, type TransformCache } from "./moduleLoader.js";
import { WorldFunctions, type WorldFunction } from "../jsonata/worldCall.js";

/** Folder of the world inside a tools directory; folders starting with `_` hold no tools. */
export const WORLD_FOLDER = "_world";

export interface WorldSnapshot extends ExpressionWorld {
  problems: Problem[];
  /** Which file declared each top-level key (for FIXTURES and `why`). */
  owners: Map<string, string>;
  /** Which file defines each world function (name without `$`), with its line. */
  functionOwners: Map<string, { file: string; line: number }>;
}

export const emptyWorld: WorldSnapshot = { data: {}, problems: [], owners: new Map(), functionOwners: new Map() };

/** A world file as last read: a markdown file's data and JSONata functions, or a world module's stamps. */
interface Loaded {
  stamp: FileStamp;
  file: WorldFile;
  /** Each data block rendered, or undefined where it is broken. */
  blocks: (JsonObject | undefined)[];
  /** A world module (`.ts`): the files its last load read besides itself, each with its stamp then. */
  imports?: Map<string, FileStamp | undefined>;
}

/** A world module's own top-level files: `<name>.ts`, not declarations or tests. */
function isWorldModule(name: string): boolean {
  return name.endsWith(".ts") && !name.endsWith(".d.ts") && !name.endsWith(".test.ts");
}

export class World {
  private readonly files = new Map<string, Loaded>();
  /** The folder's listing, kept while the folder's own stat holds (an add, a removal or a rename changes it). */
  private listing?: StampedCache & { files: string[] };
  private snapshotOf?: { from: Loaded[]; snapshot: WorldSnapshot };
  /** Sucrase's output per file, kept across loads while the text is the same. */
  private readonly transforms: TransformCache = new Map();

  constructor(
    readonly dir: string,
    private readonly clock: Clock,
    private readonly random: RandomSource,
  ) {}

  /** No world folder (or none readable): nothing kept of one. */
  private none(): WorldSnapshot {
    this.files.clear();
    this.listing = undefined;
    return emptyWorld;
  }

  /** The world as its files are now. The same object while no file changed. */
  snapshot(): WorldSnapshot {
    let files: string[];
    try {
      // No world folder is the rule for small catalogs: asked on every call, it must not cost an
      // exception each time (building the ENOENT error was most of a fixture call's stat time).
      const dirStat = fs.statSync(this.dir, { throwIfNoEntry: false });
      if (!dirStat) return this.none();
      const kept = stillValid(this.listing, dirStat);
      if (kept) files = kept.files;
      else {
        const checkedAt = Date.now();
        // Joined once per listing, not per call: path.join showed in a call's profile.
        files = fs.readdirSync(this.dir).filter((n) => (n.endsWith(".md") || isWorldModule(n)) && !n.startsWith(".")).sort().map((n) => path.join(this.dir, n));
        this.listing = { stamp: stampOf(dirStat), checkedAt, files };
      }
    } catch {
      return this.none();
    }
    // A file's Loaded is replaced whenever its stat changes, so the same Loaded objects in the
    // same order are the same world (compared by identity: a key string of every path and stamp,
    // built on every call, showed in the call's profile).
    const loadedNow: Loaded[] = [];
    const seen = new Set<string>();
    // Each file stat'ed once per look, however many modules import it (lib/ is shared by all).
    const stats = new Map<string, fs.Stats | undefined>();
    for (const file of files) {
      let stat: fs.Stats;
      try {
        stat = fs.lstatSync(file);
      } catch {
        continue;
      }
      if (!stat.isFile()) continue; // never through a symbolic link, as tool files
      seen.add(file);
      stats.set(file, stat);
      let loaded = this.files.get(file);
      if (!loaded || !sameStamp(loaded.stamp, stat) || (loaded.imports && importsChanged(loaded.imports, stats))) {
        loaded = this.load(file, stat);
        this.files.set(file, loaded);
      }
      loadedNow.push(loaded);
    }
    if (this.files.size !== seen.size) for (const file of this.files.keys()) if (!seen.has(file)) this.files.delete(file);
    const last = this.snapshotOf;
    if (last && last.from.length === loadedNow.length && last.from.every((l, i) => l === loadedNow[i])) return last.snapshot;
    const snapshot = this.merge(loadedNow);
    this.snapshotOf = { from: loadedNow, snapshot };
    return snapshot;
  }

  private load(file: string, stat: fs.Stats): Loaded {
    const shown = displayPath(file);
    // A module is evaluated when the snapshot is made (merge), so what it builds belongs to one world version.
    if (file.endsWith(".ts")) return { stamp: stampOf(stat), file: { path: shown, data: [], problems: [] }, blocks: [], imports: new Map() };
    let text: string;
    try {
      text = readNoFollow(file);
    } catch (err) {
      const parsed: WorldFile = { path: shown, data: [], problems: [{ file: shown, line: 1, message: `cannot be read: ${(err as NodeJS.ErrnoException).code ?? String(err)}` }] };
      return { stamp: stampOf(stat), file: parsed, blocks: [] };
    }
    const parsed = parseWorldFile(shown, text);
    const blocks = parsed.data.map((block) => {
      try {
        const value = render(compileTemplate(block.text), { args: {}, clock: this.clock, random: this.random });
        if (!isObject(value)) {
          parsed.problems.push({ file: shown, line: block.line, message: "json world block must be a JSON object (its keys become $world.<key>)" });
          return undefined;
        }
        return value as JsonObject;
      } catch (err) {
        if (err instanceof JsonTextError) parsed.problems.push({ file: shown, line: block.line + err.lineOffset, message: `json world block: ${err.message}` });
        else parsed.problems.push({ file: shown, line: block.line, message: `json world block: ${(err as Error).message}` });
        return undefined;
      }
    });
    return { stamp: stampOf(stat), file: parsed, blocks };
  }

  private merge(loaded: Loaded[]): WorldSnapshot {
    const data: JsonObject = {};
    const owners = new Map<string, string>();
    const problems: Problem[] = [];
    for (const { file, blocks } of loaded) {
      problems.push(...file.problems);
      file.data.forEach((block, i) => {
        const value = blocks[i];
        if (!value) return;
        for (const [key, v] of Object.entries(value)) {
          const first = owners.get(key);
          if (first !== undefined) {
            problems.push({ file: file.path, line: block.line, message: `world key "${key}" is already declared by ${first} (each top-level key belongs to one world file; rename one)` });
            continue;
          }
          owners.set(key, file.path);
          setOwn(data, key, v as Json);
        }
      });
    }
    const functions = this.evaluateModules(loaded, problems);
    return { data, problems, owners, functionOwners: functions.owners, values: new WorldValues(data), natives: functions.natives };
  }

  /**
   * Every world module evaluated afresh for this snapshot (its transform kept while its text is
   * the same): each exported function bound as `$<name>`. A module that fails costs its own functions.
   */
  private evaluateModules(loaded: Loaded[], problems: Problem[]): { natives: WorldFunctions | undefined; owners: Map<string, { file: string; line: number }> } {
    const functions = new Map<string, WorldFunction>();
    const owners = new Map<string, { file: string; line: number }>();
    for (const entry of loaded) {
      if (!entry.imports) continue;
      const file = path.join(this.dir, path.basename(entry.file.path));
      const module = loadWorldModule(file, this.transforms);
      entry.imports.clear();
      for (const read of module.files.slice(1)) {
        const stat = fs.statSync(read, { throwIfNoEntry: false });
        entry.imports.set(read, stat ? stampOf(stat) : undefined);
      }
      problems.push(...module.problems);
      for (const [name, value] of Object.entries(module.exports ?? {})) {
        if (typeof value !== "function" || name === "default") continue;
        const first = owners.get(name);
        if (first) {
          problems.push({ file: entry.file.path, line: 1, message: `function ${name} is exported by ${first.file} too (each name is defined once across the world; rename one)` });
          continue;
        }
        owners.set(name, { file: entry.file.path, line: lineOfExport(module.source, name) });
        functions.set(name, value as WorldFunction);
      }
    }
    return { natives: functions.size > 0 ? new WorldFunctions(functions) : undefined, owners };
  }
}

/** Whether any file a module imported was changed, added back or removed since its load (`stats`: this look's, shared). */
function importsChanged(imports: Map<string, FileStamp | undefined>, stats: Map<string, fs.Stats | undefined>): boolean {
  for (const [file, stamp] of imports) {
    let stat = stats.get(file);
    if (stat === undefined && !stats.has(file)) stats.set(file, (stat = fs.statSync(file, { throwIfNoEntry: false })));
    if (!stat || !stamp || !sameStamp(stamp, stat)) return true;
  }
  return false;
}

/** The line of `export function name` in a module's text (1 when not written so). */
function lineOfExport(source: string | undefined, name: string): number {
  if (!source) return 1;
  const at = source.search(new RegExp(`^export\\s+(async\\s+)?(function\\s*\\*?\\s*|const\\s+|let\\s+)${name}\\b`, "m"));
  return at < 0 ? 1 : source.slice(0, at).split("\n").length;
}
