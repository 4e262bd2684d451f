// A world module (`<tools>/_world/<name>.ts`) and everything it imports, made runnable on Node 20
// with no build step: each TypeScript file is turned into CommonJS by sucrase and evaluated with
// a `require` of our own that loads relative `.ts` and `.json` files the same way and hands bare
// names (npm packages) to Node's own resolution from the importing file.
//
// Why sucrase and not esbuild: sucrase is plain JavaScript and synchronous (the engine answers a
// call synchronously, and a world edit is loaded inside the call that sees it), it keeps every
// line where the source has it (so a throw's stack names the file's own line with no source
// map), and it ships inside the bundled CLI with no native binary per platform. esbuild's
// bundling would resolve imports for us, but its synchronous API starts a native service, needs
// its platform package at run time, and maps lines only through a source map.
//
// Each load evaluates the files afresh: whatever a module builds at its top level (an index, a
// table) belongs to that load, which the world snapshot owns, never to the process.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { createRequire } from "node:module";
import { transform } from "sucrase";
import type { Problem } from "../base/types.js";
import { displayPath } from "../base/displayPath.js";

export interface LoadedModule {
  /** The module's exports, or undefined when it or an import did not compile or threw. */
  exports: Record<string, unknown> | undefined;
  /** Every file of ours the load read (the module first): a change to any means a new load. */
  files: string[];
  /** The module's own text, when it was read. */
  source?: string;
  problems: Problem[];
}

/** Transformed text per file, kept while the file's text is the same (a load re-evaluates, it does not re-transform). */
export type TransformCache = Map<string, { source: string; code: string }>;

/** A problem found while loading, with the place it names. */
class LoadProblem extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const EXTENSIONS = [".ts", ".json", "/index.ts"];

/** The file a relative import names: as written, else with `.ts` (a `.js` written for NodeNext read as its `.ts`). */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext)];
  if (base.endsWith(".js")) candidates.unshift(base.slice(0, -3) + ".ts");
  for (const file of candidates) {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile()) return file;
  }
  return undefined;
}

/** The 1-based line of `file` that a stack names, if any frame is in it. */
function lineInStack(stack: string | undefined, files: string[]): { file: string; line: number } | undefined {
  if (!stack) return undefined;
  for (const frame of stack.split("\n")) {
    for (const file of files) {
      const at = frame.indexOf(`${file}:`);
      if (at < 0) continue;
      const line = Number(/^:(\d+)/.exec(frame.slice(at + file.length))?.[1]);
      if (Number.isInteger(line)) return { file, line };
    }
  }
  return undefined;
}

/** Loads `file` and its imports afresh. Never throws: a problem carries the file and line it names. */
export function loadWorldModule(file: string, transforms: TransformCache): LoadedModule {
  const files: string[] = [];
  let ownSource: string | undefined;
  const evaluated = new Map<string, { exports: unknown }>();

  const load = (target: string, importedFrom: string | undefined, importLine: number): unknown => {
    const done = evaluated.get(target);
    // A cycle sees the exports made so far, as Node's CommonJS does.
    if (done) return done.exports;
    files.push(target);
    let source: string;
    try {
      source = fs.readFileSync(target, "utf8");
      if (target === file) ownSource = source;
    } catch (err) {
      throw new LoadProblem(importedFrom ?? target, importedFrom ? importLine : 1, `cannot read ${displayPath(target)}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
    if (target.endsWith(".json")) {
      try {
        const value: unknown = JSON.parse(source);
        evaluated.set(target, { exports: value });
        return value;
      } catch (err) {
        throw new LoadProblem(target, 1, `is not valid JSON: ${(err as Error).message}`);
      }
    }
    let code = transforms.get(target);
    if (!code || code.source !== source) {
      try {
        code = { source, code: transform(source, { transforms: ["typescript", "imports"], filePath: target, production: true }).code };
      } catch (err) {
        const loc = (err as { loc?: { line: number } }).loc;
        throw new LoadProblem(target, loc?.line ?? 1, `does not compile: ${(err as Error).message.replace(/\s*\(\d+:\d+\)$/, "")}`);
      }
      transforms.set(target, code);
    }
    const module = { exports: {} as unknown };
    evaluated.set(target, module);
    const nodeRequire = createRequire(target);
    const requireHere = (specifier: string): unknown => {
      if (specifier.startsWith(".") || path.isAbsolute(specifier)) {
        const resolved = resolveRelative(target, specifier);
        if (!resolved) throw new LoadProblem(target, 0, `imports ${JSON.stringify(specifier)}, which is not a file (a relative import names a .ts or .json file beside it)`);
        return load(resolved, target, 0);
      }
      return nodeRequire(specifier);
    };
    const run = vm.compileFunction(code.code, ["exports", "require", "module", "__filename", "__dirname"], { filename: target });
    run(module.exports, requireHere, module, target, path.dirname(target));
    return module.exports;
  };

  try {
    const exports = load(file, undefined, 1);
    return { exports: exports as Record<string, unknown>, files, source: ownSource, problems: [] };
  } catch (err) {
    if (err instanceof LoadProblem) {
      // An import that is not a file: its line is the importing line the stack names.
      const line = err.line > 0 ? err.line : (lineInStack(err.stack, [err.file])?.line ?? 1);
      return { exports: undefined, files, source: ownSource, problems: [{ file: displayPath(err.file), line, message: `world module ${err.message}` }] };
    }
    const at = lineInStack((err as Error)?.stack, [...files].reverse()) ?? { file, line: 1 };
    const message = err instanceof Error ? err.message : String(err);
    return { exports: undefined, files, source: ownSource, problems: [{ file: displayPath(at.file), line: at.line, message: `world module threw while loading: ${message} (the tools that call its functions answer an error until it is mended)` }] };
  }
}
