// Which schemas have compiled before, remembered across processes. Compiling a JSON Schema is a
// pure function of its text, the compiler's version and its options, so a text that compiled once
// compiles again: a process may then serve a tool's definition at once and compile its schemas
// on the tool's first call. That matters for stdio, where a desktop client starts a process per
// conversation and compiling every schema of the catalog was about a quarter of its start.
// Only a hash of each text is kept (no code), in an append-only file of one hex key per line.
// A text never seen compiles at once, as before, so a schema that does not compile is still
// reported when its file loads, and is never written here.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const KEY = /^[0-9a-f]{64}$/;

/** sha-256 of what decides whether a compile succeeds: the compiler's tag and the schema's text. */
export function compileKey(tag: string, text: string): string {
  return createHash("sha256").update(tag).update("\0").update(text).digest("hex");
}

export class CompiledBefore {
  private keys?: Set<string>;
  private writable = true;
  private dirMade = false;

  /**
   * `file` undefined keeps the keys in memory only. At most `limit` keys are read; a longer file
   * (a catalog edited all day) is rewritten with its newer half, so the file stays bounded.
   */
  constructor(
    private readonly file: string | undefined,
    private readonly limit = 4000,
  ) {}

  /** The file, for messages. */
  get where(): string {
    return this.file ?? "(memory)";
  }

  has(key: string): boolean {
    return this.loaded().has(key);
  }

  add(key: string): void {
    const keys = this.loaded();
    if (keys.has(key)) return;
    keys.add(key);
    if (!this.file || !this.writable) return;
    try {
      if (!this.dirMade) fs.mkdirSync(path.dirname(this.file), { recursive: true });
      this.dirMade = true;
      // One short append: processes adding at once do not tear each other's lines.
      fs.appendFileSync(this.file, `${key}\n`);
    } catch {
      // A read-only install: compiles are remembered for this process only.
      this.writable = false;
    }
  }

  private loaded(): Set<string> {
    if (this.keys) return this.keys;
    let lines: string[] = [];
    if (this.file) {
      try {
        lines = fs.readFileSync(this.file, "utf8").split("\n");
      } catch {
        // No file yet, or none readable: nothing compiled before.
      }
    }
    // Anything but a key (a torn or edited line) is ignored: it only costs a compile.
    const good = lines.filter((l) => KEY.test(l));
    if (good.length > this.limit) this.rewrite(good.slice(-Math.floor(this.limit / 2)));
    this.keys = new Set(good.slice(-this.limit));
    return this.keys;
  }

  private rewrite(kept: string[]): void {
    if (!this.file) return;
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(temp, kept.map((k) => `${k}\n`).join(""));
      fs.renameSync(temp, this.file);
    } catch {
      fs.rmSync(temp, { force: true });
    }
  }
}
