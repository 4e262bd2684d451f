// A catalog's JSON data file beside its tool files (`tools/_injections.json`, `tools/_diff.json`):
// read again when its stat changes, as tool files are, and never fatal: a missing file is
// "nothing declared", a broken one a problem with its file and line and the last good value kept
// away (the caller gets `undefined` and the problem to show).
import fs from "node:fs";
import { jsonError } from "./jsonText.js";
import { stillValid, stampOf, type StampedCache } from "./fileStamp.js";
import type { Problem } from "./types.js";

export interface DataFileRead {
  /** The parsed value; undefined when the file is missing or broken. */
  value?: unknown;
  /** The file's text, for placing a problem found inside the value on its line. */
  text?: string;
  problem?: Problem;
}

export class DataFile {
  private cached?: StampedCache & { read: DataFileRead };

  /** `now`: when a stat was taken, to tell a settled stat from a racy one (base/fileStamp.ts). */
  constructor(
    readonly file: string,
    private readonly now: () => number = Date.now,
  ) {}

  read(): DataFileRead {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(this.file, { throwIfNoEntry: false });
    } catch (err) {
      return { problem: { file: this.file, line: 1, message: `cannot read it: ${(err as Error).message}` } };
    }
    if (!stat) {
      this.cached = undefined;
      return {};
    }
    const valid = stillValid(this.cached, stat);
    if (valid) return valid.read;
    const checkedAt = this.now();
    const read = this.parse();
    this.cached = { stamp: stampOf(stat), checkedAt, read };
    return read;
  }

  private parse(): DataFileRead {
    let text: string;
    try {
      text = fs.readFileSync(this.file, "utf8");
    } catch (err) {
      return { problem: { file: this.file, line: 1, message: `cannot read it: ${(err as Error).message}` } };
    }
    try {
      return { value: JSON.parse(text) as unknown, text };
    } catch (err) {
      const broken = jsonError(text, err);
      return { problem: { file: this.file, line: broken.lineOffset + 1, message: `${broken.message} (fix the JSON; until then nothing of this file applies)` } };
    }
  }
}
