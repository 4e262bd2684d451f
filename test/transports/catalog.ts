// The transport tests' own small catalog, copied to a temp dir per test (with a run dir of its
// own) so edits and forced scenarios never touch the repo, and the expected tools/list read straight from the files.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "../..");
export const fixturesDir = path.join(projectRoot, "test", "fixtures");
export const catalogFixture = path.join(fixturesDir, "catalog");
export const addedFixture = path.join(fixturesDir, "added");

export interface TempCatalog {
  /** The tools directory to serve. */
  dir: string;
  /** A run-state directory of its own, so forcing never touches the project's .run/. */
  runDir: string;
  /** Path of a file inside the catalog. */
  file(rel: string): string;
  remove(): void;
}

export function copyCatalog(from = catalogFixture): TempCatalog {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "careem-mcp-catalog-"));
  const dir = path.join(root, "tools");
  const runDir = path.join(root, "run");
  fs.cpSync(from, dir, { recursive: true });
  fs.mkdirSync(runDir);
  return {
    dir,
    runDir,
    file: (rel) => path.join(dir, rel),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

/** The `json tool` block of a tool file, parsed, keys in file order. */
export function definitionOf(file: string): Record<string, unknown> {
  const text = fs.readFileSync(file, "utf8");
  const block = /```json tool\n([\s\S]*?)\n```/.exec(text);
  if (!block?.[1]) throw new Error(`${file} has no json tool block`);
  return JSON.parse(block[1]) as Record<string, unknown>;
}

/** Every definition under a directory, sorted by name as tools/list returns them. */
export function definitionsIn(dir: string): Record<string, unknown>[] {
  const files = fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md"));
  return files
    .map((f) => definitionOf(path.join(dir, f)))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
}
