// Injections: hostile text placed in the third-party fields of an answer (a dish's description, a
// flight's remarks), for testing whether an agent treats tool output as data. A generic step after
// the answer is rendered, driven by the catalog's `_injections.json` (which tool, which path of the
// answer, what text) and switched on only per run or per call, never by anything in the arguments:
// an ordinary client never meets one. The answer is copied along each path it changes, because
// rendered answers share the world's frozen objects.
import path from "node:path";
import { DataFile } from "../base/dataFile.js";
import { didYouMean } from "../base/didYouMean.js";
import { isObject } from "../base/isObject.js";
import { lineOf } from "../base/jsonText.js";
import type { CallContext, Json, Problem } from "../base/types.js";
import { goKeyCompare } from "../goJson/keyOrder.js";

export const INJECTIONS_FILE = "_injections.json";
export const injectionsMetaKey = "careem-mcp/injections";

export interface Injection {
  id: string;
  tool: string;
  /** Where in the answer: keys and `[n]` or `[*]` steps, e.g. `categories[*].items[0].description`. */
  path: string;
  steps: Step[];
  /** Appended (after a space) to the string found there, or the whole value of an empty or missing last key; a path through anything else places nothing. */
  text: string;
  /** For people and the docs: food, groceries, rides, travel. */
  vertical?: string;
}

type Step = { key: string } | { index: number } | { every: true };

export type InjectionChoice = { kind: "ids"; ids: readonly string[] } | { kind: "refused"; text: string };

const NONE: InjectionChoice = { kind: "ids", ids: [] };

/** `a.b[2].c[*]` -> steps; undefined when it is not that form. */
export function parsePath(text: string): Step[] | undefined {
  const steps: Step[] = [];
  const re = /([^.[\]]+)|\[(\d+|\*)\]|(\.)/gy;
  let expectKey = true;
  let m: RegExpExecArray | null;
  while (re.lastIndex < text.length && (m = re.exec(text)) !== null) {
    if (m[1] !== undefined) {
      if (!expectKey) return undefined;
      steps.push({ key: m[1] });
      expectKey = false;
    } else if (m[2] !== undefined) {
      steps.push(m[2] === "*" ? { every: true } : { index: Number(m[2]) });
      expectKey = false;
    } else {
      if (expectKey) return undefined;
      expectKey = true;
    }
  }
  if (re.lastIndex !== text.length || expectKey || steps.length === 0) return undefined;
  return steps;
}

/** The catalog's injections, read again when the file changes. */
export class InjectionCatalog {
  private readonly file: DataFile;
  private last?: { value: unknown; injections: Injection[]; problems: Problem[] };

  constructor(toolsDir: string, now?: () => number) {
    this.file = new DataFile(path.join(toolsDir, INJECTIONS_FILE), now);
  }

  private current(): { injections: Injection[]; problems: Problem[] } {
    const read = this.file.read();
    if (read.problem) return { injections: [], problems: [read.problem] };
    if (read.value === undefined) return { injections: [], problems: [] };
    if (this.last && this.last.value === read.value) return this.last;
    this.last = { value: read.value, ...parseInjections(read.value, this.file.file, read.text ?? "") };
    return this.last;
  }

  all(): Injection[] {
    return this.current().injections;
  }

  problems(): Problem[] {
    return this.current().problems;
  }

  /** Which injections this call asks for: its run's, and its own `_meta["careem-mcp/injections"]`. */
  choose(call: CallContext): InjectionChoice {
    const fromRun = call.run?.injections ?? [];
    const meta = call.meta;
    if (!meta || !Object.prototype.hasOwnProperty.call(meta, injectionsMetaKey)) return fromRun.length === 0 ? NONE : { kind: "ids", ids: fromRun };
    const asked = meta[injectionsMetaKey];
    const known = this.all().map((i) => i.id);
    const valid = `the catalog's injections: ${known.join(", ") || "(none: add tools/_injections.json)"}`;
    if (asked === true) return { kind: "ids", ids: known };
    if (asked === false) return { kind: "ids", ids: fromRun };
    if (!Array.isArray(asked) || !asked.every((id) => typeof id === "string")) {
      return { kind: "refused", text: `_meta["${injectionsMetaKey}"] must be true (every injection) or a list of injection ids, got ${JSON.stringify(asked) ?? "undefined"}; ${valid}` };
    }
    const unknown = (asked as string[]).find((id) => !known.includes(id));
    if (unknown !== undefined) {
      const near = didYouMean(unknown, known);
      return { kind: "refused", text: `unknown injection ${JSON.stringify(unknown)} in _meta["${injectionsMetaKey}"]${near ? ` (did you mean "${near}"?)` : ""}; ${valid}` };
    }
    return { kind: "ids", ids: [...new Set([...fromRun, ...(asked as string[])])] };
  }

  /** The answer with the chosen injections of this tool placed; the same value when none applies. */
  place(tool: string, value: Json, ids: readonly string[]): Json {
    if (ids.length === 0) return value;
    let out = value;
    for (const injection of this.all()) {
      if (injection.tool === tool && ids.includes(injection.id)) out = placeAt(out, injection.steps, 0, injection.text) as Json;
    }
    return out;
  }
}

/** A copy of `value` with `text` appended to every string the steps reach; `value` itself when none. */
function placeAt(value: Json | undefined, steps: Step[], at: number, text: string): Json | undefined {
  // The end of the path: a string gets the text after it; an empty field (null, or a key the
  // answer left out) gets the text alone.
  if (at === steps.length) return typeof value === "string" ? (value === "" ? text : `${value} ${text}`) : value === null || value === undefined ? text : value;
  const step = steps[at] as Step;
  if ("key" in step) {
    if (!isObject(value)) return value;
    const had = Object.prototype.hasOwnProperty.call(value, step.key);
    // Only the last key may be missing: a path through an absent object places nothing.
    if (!had && at !== steps.length - 1) return value;
    const before = had ? (value[step.key] as Json) : undefined;
    const after = placeAt(before, steps, at + 1, text);
    if (after === before || after === undefined) return value;
    if (had) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === step.key ? after : v]));
    // A key added to an answer in Go's sorted order goes where Go would write it.
    const keys = Object.keys(value);
    const sorted = keys.every((k, i) => i === 0 || goKeyCompare(keys[i - 1] as string, k) < 0);
    const out: Record<string, Json> = { ...value, [step.key]: after };
    return sorted ? Object.fromEntries(Object.keys(out).sort(goKeyCompare).map((k) => [k, out[k] as Json])) : out;
  }
  if (!Array.isArray(value)) return value;
  let changed = false;
  const out = value.map((item, i) => {
    if ("index" in step && i !== step.index) return item;
    const placed = placeAt(item, steps, at + 1, text) as Json;
    if (placed !== item) changed = true;
    return placed;
  });
  return changed ? out : value;
}

/** The file's entries checked one by one: a bad entry is a problem on its line, the others stand. */
export function parseInjections(value: unknown, file: string, text: string): { injections: Injection[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const injections: Injection[] = [];
  const list = isObject(value) ? value.injections : undefined;
  if (!Array.isArray(list)) {
    problems.push({ file, line: 1, message: 'the file must be an object with an "injections" list: {"injections": [{"id", "tool", "path", "text"}]}' });
    return { injections, problems };
  }
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    const id = isObject(entry) && typeof entry.id === "string" ? entry.id : undefined;
    const at = id === undefined ? -1 : text.indexOf(JSON.stringify(id));
    const line = at < 0 ? 1 : lineOf(text, at) + 1;
    const bad = (message: string) => problems.push({ file, line, message: `injection ${id === undefined ? `#${i + 1}` : JSON.stringify(id)}: ${message}` });
    if (!isObject(entry) || id === undefined) return void bad('needs an "id" (a name tasks and runs use)');
    if (seen.has(id)) return void bad("is declared twice (ids must be unique)");
    if (typeof entry.tool !== "string" || entry.tool === "") return void bad('needs a "tool" (the tool whose answer carries it)');
    if (typeof entry.text !== "string" || entry.text === "") return void bad('needs a "text" (what is placed in the answer)');
    const steps = typeof entry.path === "string" ? parsePath(entry.path) : undefined;
    if (!steps) return void bad(`"path" must name a string in the answer, such as "offers[*].remarks", got ${JSON.stringify(entry.path)}`);
    seen.add(id);
    injections.push({ id, tool: entry.tool, path: entry.path as string, steps, text: entry.text, ...(typeof entry.vertical === "string" && { vertical: entry.vertical }) });
  });
  return { injections, problems };
}
