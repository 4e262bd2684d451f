// A cheap fingerprint of a folder tree: every folder and tool file's inode, size and change
// times, hashed. No file is read. The watcher's safety net compares two of them; see
// watchTools.ts for why, and bench/watch-cost.mjs for what it costs at 2,000 files.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface TreeStat {
  exists: boolean;
  /** Every folder of the tree, the root first (what the watcher watches). */
  dirs: string[];
  digest: string;
}

export function statTree(root: string): TreeStat {
  const parts: (string | number)[] = [];
  const dirs: string[] = [];
  const walk = (dir: string): void => {
    let entries: fs.Dirent[];
    try {
      const s = fs.statSync(dir);
      parts.push(dir, s.ino, s.mtimeMs, s.ctimeMs);
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    dirs.push(dir);
    for (const entry of entries) {
      // The catalog's own rules: no hidden entries, no links followed, only .md files.
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith(".md")) {
        const s = fs.lstatSync(full, { throwIfNoEntry: false });
        if (s) parts.push(full, s.ino, s.size, s.mtimeMs, s.ctimeMs);
      }
    }
  };
  walk(root);
  return { exists: dirs.length > 0, dirs, digest: createHash("sha1").update(parts.join("|")).digest("hex") };
}
