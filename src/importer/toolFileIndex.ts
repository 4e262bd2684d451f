// Tool name -> file, by the catalog's own rules (hidden entries, README.md and symbolic links are
// never tool files), so import and record see the files the server serves and no others.
import fs from "node:fs";
import path from "node:path";

export function toolFileIndex(toolsDir: string): Map<string, string> {
  const index = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith(".md") && entry.name !== "README.md") {
        const name = entry.name.slice(0, -3);
        // Two files of one name: the server refuses both; the first is the one a person edits.
        if (!index.has(name)) index.set(name, full);
      }
    }
  };
  walk(toolsDir);
  return index;
}

/** Tool names become file names: one path segment of plain characters, never `..` or a separator. */
export function isSafeToolName(name: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/.test(name) && !name.includes("..");
}
