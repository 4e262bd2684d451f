// A cheap fingerprint of a folder tree: every folder and tool file's inode, size and change
// times, hashed. No file is read. The watcher's safety net compares two of them; see
// watchTools.ts for why, and bench/watch-cost.mjs for what it costs at 2,000 files.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface TreeStat {
  exists: boolean;
  /**
   * Why the root could not be read when it may well exist (EMFILE: every file descriptor is in
   * use, by 20,000 idle sockets say); undefined when it was read or is simply absent.
   */
  unreadable?: string;
  /** Every folder of the tree, the root first (what the watcher watches). */
  dirs: string[];
  digest: string;
}

export function statTree(root: string): TreeStat {
  const parts: (string | number)[] = [];
  const dirs: string[] = [];
  let unreadable: string | undefined;
  const walk = (dir: string): void => {
    let entries: fs.Dirent[];
    try {
      const s = fs.statSync(dir);
      parts.push(dir, s.ino, s.mtimeMs, s.ctimeMs);
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (dir === root && code !== "ENOENT" && code !== "ENOTDIR") unreadable = (err as Error).message;
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
  return { exists: dirs.length > 0, ...(unreadable !== undefined && { unreadable }), dirs, digest: createHash("sha1").update(parts.join("|")).digest("hex") };
}
