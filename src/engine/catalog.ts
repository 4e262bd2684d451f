// The tools directory as an index from tool name to file, re-checked on every access: a call sees
// each file as it is on disk now (an edit, a new or a deleted file counts on the next call, no
// restart), and a broken file is left out rather than taking the server down. Directory listings
// are cached by the directory's stat, parsed files by the file's stat; a file whose stat is too
// recent to trust is compared by content ("racy git"), so an edit made in the same clock tick as
// the previous call is still seen.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { displayPath } from "../base/displayPath.js";
import { readNoFollow } from "../base/readNoFollow.js";
import { statIsSettled, stillValid, stampOf, type StampedCache } from "../base/fileStamp.js";
import { loadTool, type LoadResult } from "./loadTool.js";
import { parseToolFile } from "../toolFile/parseToolFile.js";
import type { Problem } from "../base/types.js";

export type CatalogEntry =
  | { kind: "missing" }
  | { kind: "broken"; name: string; path: string; problems: Problem[] }
  | { kind: "ok"; name: string; path: string; result: Extract<LoadResult, { ok: true }> };

/** checkedAt is the wall time of the listing: a folder changed in the same clock tick keeps its stamp. */
interface DirCache extends StampedCache {
  files: string[];
  dirs: string[];
}

/** checkedAt is the wall time of the stat: a stat much newer than its mtime can be trusted. */
interface FileCache extends StampedCache {
  /**
   * SHA-1 of the text the result was parsed from, for the content compare of a racy stat. Not
   * the text itself: a 2,000-file catalog kept about 15 KB per file alive for it. Only taken
   * for a stat that was racy when read: a settled one is trusted until the stat changes, and
   * then the file is parsed again anyway (--check on 2,000 files spent 4% hashing).
   */
  digest?: string;
  result: LoadResult;
}

/**
 * How long a lookup may trust the directory listings without re-stat'ing every folder. A tool's
 * own file is stat'ed on every call regardless, a name not in the index re-lists at once, and a
 * vanished file re-lists too, so edits, new files and deletions are all seen on the next call;
 * only a second file taking an existing name in another folder waits up to this long.
 */
const DIR_RECHECK_MS = 100;

const UNREADABLE: Record<string, string> = {
  ELOOP: "is a symbolic link, and tool files are never read through links (copy the file into the tools directory instead)",
  EISDIR: "is a directory, not a tool file (rename the folder so it does not end in .md)",
  EACCES: "cannot be read: permission denied (make it readable: chmod a+r)",
  EPERM: "cannot be read: operation not permitted (check its permissions)",
};

/** A tool file that exists but cannot be read: a problem with a place, so it is named everywhere. */
function unreadable(file: string, code: string): LoadResult {
  const message = UNREADABLE[code] ?? `cannot be read: ${code}`;
  return { ok: false, problems: [{ file: displayPath(file), line: 1, message }] };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export class Catalog {
  private readonly dirs = new Map<string, DirCache>();
  private readonly files = new Map<string, FileCache>();
  /** Bumped whenever a directory listing is re-read, so the name index is rebuilt only then. */
  private generation = 0;
  private indexed?: { generation: number; byName: Map<string, string[]>; sortedNames: string[]; live: Set<string> };
  private lastRefresh = -Infinity;

  /**
   * `keepText`: loaded tools keep their blocks' text. Only --check wants it (to place each
   * placeholder problem on its own line); the server keeps no slice of a file (loadTool.ts).
   */
  constructor(
    readonly toolsDir: string,
    private readonly opts: { keepText?: boolean } = {},
  ) {}

  /** Re-stat every directory of the catalog, re-reading only those that changed. */
  private refreshDirs(): void {
    const seen = new Set<string>();
    const walk = (dir: string) => {
      const cached = this.listDir(dir);
      if (!cached) return;
      seen.add(dir);
      for (const sub of cached.dirs) walk(sub);
    };
    walk(this.toolsDir);
    for (const dir of this.dirs.keys()) {
      if (!seen.has(dir)) {
        this.dirs.delete(dir);
        this.generation++;
      }
    }
  }

  private listDir(dir: string): DirCache | undefined {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(dir);
    } catch {
      if (this.dirs.delete(dir)) this.generation++;
      return undefined;
    }
    const cached = this.dirs.get(dir);
    const valid = stillValid(cached, stat);
    if (valid) return valid;
    const checkedAt = Date.now();
    const files: string[] = [];
    const dirs: string[] = [];
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      // Symbolic links are not followed: nothing outside the catalog is ever read. A linked
      // tool file is still listed, so the call and the log can say why it is not served.
      // Folders starting with "_" hold what tools share (the world, in _world/), never tools.
      if (entry.isDirectory()) {
        if (!entry.name.startsWith("_")) dirs.push(full);
      }
      else if ((entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith(".md") && entry.name !== "README.md") files.push(full);
    }
    files.sort();
    dirs.sort();
    const fresh = { stamp: stampOf(stat), checkedAt, files, dirs };
    this.dirs.set(dir, fresh);
    // A recent folder is listed again on each re-check; only a listing that differs costs an index rebuild.
    if (!cached || !sameList(cached.files, files) || !sameList(cached.dirs, dirs)) this.generation++;
    return fresh;
  }

  /** Tool name -> every file claiming it (more than one is a duplicate-name error). */
  private index(): Map<string, string[]> {
    this.refreshDirs();
    this.lastRefresh = performance.now();
    if (this.indexed && this.indexed.generation === this.generation) return this.indexed.byName;
    const byName = new Map<string, string[]>();
    for (const file of [...this.dirs.values()].flatMap((d) => d.files).sort()) {
      const name = path.basename(file, ".md");
      const list = byName.get(name);
      if (list) list.push(file);
      else byName.set(name, [file]);
    }
    // Sorted once per listing for all(), which runs for every tools/list (2,000 names at scale).
    this.indexed = { generation: this.generation, byName, sortedNames: [...byName.keys()].sort(), live: new Set([...byName.values()].flat()) };
    return byName;
  }

  private loadFile(file: string): LoadResult | undefined {
    let stat: fs.Stats | undefined;
    try {
      // lstat: a file swapped for a symbolic link after the listing is not followed either.
      stat = fs.lstatSync(file, { throwIfNoEntry: false });
    } catch {
      stat = undefined;
    }
    if (!stat || !stat.isFile()) {
      if (this.files.delete(file)) this.reads++;
      if (stat?.isSymbolicLink()) return unreadable(file, "ELOOP");
      if (stat?.isDirectory()) return unreadable(file, "EISDIR");
      return undefined; // vanished (or is no longer a plain file) between listing and reading
    }
    const cached = this.files.get(file);
    const valid = stillValid(cached, stat);
    if (valid) return valid.result;
    const now = Date.now();
    let text: string;
    try {
      text = readNoFollow(file);
    } catch (err) {
      if (this.files.delete(file)) this.reads++;
      const code = (err as NodeJS.ErrnoException).code;
      // Gone since the lstat: an unknown tool. Anything else is named, never silently missing.
      return code === "ENOENT" ? undefined : unreadable(file, code ?? String(err));
    }
    const digest = statIsSettled(now, stat) && !cached?.digest ? undefined : createHash("sha1").update(text).digest("base64");
    if (cached?.digest !== undefined && cached.digest === digest) {
      cached.stamp = stampOf(stat);
      cached.checkedAt = now;
      return cached.result;
    }
    let result: LoadResult;
    try {
      result = loadTool(parseToolFile(displayPath(file), text), this.opts);
    } catch (err) {
      // Parsing never throws by design; if a pathological file proves otherwise, it costs that file only.
      result = { ok: false, problems: [{ file: displayPath(file), line: 1, message: `cannot be parsed: ${err instanceof Error ? err.message : String(err)}` }] };
    }
    this.files.set(file, { stamp: stampOf(stat), digest, checkedAt: now, result });
    this.reads++;
    return result;
  }

  private entryFor(name: string, paths: string[]): CatalogEntry {
    if (paths.length > 1) {
      const shown = paths.map((p) => displayPath(p));
      return {
        kind: "broken",
        name,
        path: paths[0] as string,
        problems: shown.map((p, i) => ({
          file: p,
          line: 1,
          message: `duplicate tool name "${name}": also defined in ${shown.filter((_, j) => j !== i).join(", ")} (tool names must be unique across domains)`,
        })),
      };
    }
    const file = paths[0] as string;
    const result = this.loadFile(file);
    if (!result) return { kind: "missing" };
    if (!result.ok) return { kind: "broken", name, path: file, problems: result.problems };
    return { kind: "ok", name, path: file, result };
  }

  /** The tool as it is on disk right now. */
  get(name: string): CatalogEntry {
    const fresh = !this.indexed || performance.now() - this.lastRefresh >= DIR_RECHECK_MS;
    let paths = (fresh ? this.index() : (this.indexed as { byName: Map<string, string[]> }).byName).get(name);
    if (!paths && !fresh) paths = this.index().get(name);
    if (!paths) return { kind: "missing" };
    const entry = this.entryFor(name, paths);
    if (entry.kind !== "missing" || fresh) return entry;
    // The file went away since the listing was trusted: look again before calling it unknown.
    const again = this.index().get(name);
    return again ? this.entryFor(name, again) : entry;
  }

  /**
   * The entries a fresh state is made from (their `## State` blocks): every file that had one
   * when last read, checked again now; every file not read yet, or broken; never the good files
   * that had none. A stateful call asks for this, and a stat of every file per call was most of
   * such a call at 2,000 files (0.11x the shipped catalog's throughput). A State block added to a
   * file that had none shows once that file is read again: a call to its tool, tools/list, or
   * the server's watcher (src/server/host/watchTools.ts), which reads what changed. A new file
   * shows within DIR_RECHECK_MS (at once after anything that lists the folders again).
   */
  stateSources(): CatalogEntry[] {
    // The listing is trusted for DIR_RECHECK_MS, as get() trusts it: a new file's State block
    // shows within that (re-stat'ing every folder was half of this call's file checks).
    const recent = this.indexed && performance.now() - this.lastRefresh < DIR_RECHECK_MS;
    const index = recent ? (this.indexed as NonNullable<Catalog["indexed"]>).byName : this.index();
    // Which names to look at changes only with the listing or a file read anew.
    const key = `${this.generation}:${this.reads}`;
    if (this.stateNames?.key !== key) {
      const names = (this.indexed as NonNullable<Catalog["indexed"]>).sortedNames.filter((name) => {
        const paths = index.get(name) as string[];
        const known = paths.length === 1 ? this.files.get(paths[0] as string)?.result : undefined;
        return !(known?.ok && known.tool.initialState === undefined);
      });
      this.stateNames = { key, names };
    }
    const out: CatalogEntry[] = [];
    for (const name of this.stateNames.names) {
      const entry = this.entryFor(name, index.get(name) as string[]);
      if (entry.kind !== "missing") out.push(entry);
    }
    return out;
  }
  private stateNames?: { key: string; names: string[] };
  /** Counts the files read anew (parsed, or gone): what stateSources keeps is valid while it holds. */
  private reads = 0;

  /** Every tool name with a file, sorted, without reading any file (for "valid tools" lists). */
  names(): string[] {
    this.index();
    return [...(this.indexed as NonNullable<Catalog["indexed"]>).sortedNames];
  }

  /** Load every file once, yielding to the event loop between files so a server stays responsive. */
  async warm(): Promise<void> {
    for (const paths of [...this.index().values()]) {
      for (const file of paths) this.loadFile(file);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Every tool file as it is on disk right now, sorted by name. */
  all(): Exclude<CatalogEntry, { kind: "missing" }>[] {
    const index = this.index();
    const { sortedNames, live } = this.indexed as NonNullable<Catalog["indexed"]>;
    const out: Exclude<CatalogEntry, { kind: "missing" }>[] = [];
    for (const name of sortedNames) {
      const entry = this.entryFor(name, index.get(name) as string[]);
      if (entry.kind !== "missing") out.push(entry);
    }
    // Forget files that left the catalog, so deleted tools free their memory.
    if (this.files.size > live.size || this.forgottenAt !== this.generation) {
      for (const file of this.files.keys()) if (!live.has(file)) this.files.delete(file);
      this.forgottenAt = this.generation;
    }
    return out;
  }
  /** Listing generation at which files no longer listed were last forgotten. */
  private forgottenAt = -1;
}
