// `tools/_diff.json`: the catalog's word on its state's shape, for the run diff. Only what the
// generic rule (every top-level key a kind) cannot guess: collections nested deeper, e.g.
// {"collections": {"walletMovements": "wallet.transactions"}}. Missing: the generic rule alone.
import path from "node:path";
import { DataFile } from "../base/dataFile.js";
import { isObject } from "../base/isObject.js";
import { lineOf } from "../base/jsonText.js";
import type { Problem } from "../base/types.js";
import type { NamedCollection } from "./stateDiff.js";

export const DIFF_FILE = "_diff.json";

export class DiffDescription {
  private readonly file: DataFile;

  constructor(toolsDir: string) {
    this.file = new DataFile(path.join(toolsDir, DIFF_FILE));
  }

  read(): { collections: NamedCollection[]; problems: Problem[] } {
    const read = this.file.read();
    if (read.problem) return { collections: [], problems: [read.problem] };
    if (read.value === undefined) return { collections: [], problems: [] };
    return parseDiffDescription(read.value, this.file.file, read.text ?? "");
  }
}

export function parseDiffDescription(value: unknown, file: string, text: string): { collections: NamedCollection[]; problems: Problem[] } {
  const collections: NamedCollection[] = [];
  const problems: Problem[] = [];
  const declared = isObject(value) ? value.collections : undefined;
  if (!isObject(declared)) {
    problems.push({ file, line: 1, message: 'the file must be {"collections": {"<kind>": "<dotted.path.in.the.state>"}}' });
    return { collections, problems };
  }
  for (const [kind, where] of Object.entries(declared)) {
    const at = text.indexOf(JSON.stringify(kind));
    const line = at < 0 ? 1 : lineOf(text, at) + 1;
    if (typeof where !== "string" || !/^[^.]+(\.[^.]+)+$/.test(where)) {
      problems.push({ file, line, message: `collection ${JSON.stringify(kind)}: the path must be a dotted path at least two keys deep, such as "wallet.transactions" (top-level keys are kinds already), got ${JSON.stringify(where)}` });
      continue;
    }
    collections.push({ kind, path: where.split(".") });
  }
  return { collections, problems };
}
