// Compiled things shared by the text they were compiled from. A large catalog repeats itself
// (the same schema or response block in many files, or in one file across its edits), and a
// compiled Ajv validator or template costs far more memory than its source. Entries are held
// weakly: a compiled value lives as long as some loaded file uses it, then its key goes too.
import { createHash } from "node:crypto";

export class SharedByContent<T extends object> {
  private readonly byKey = new Map<string, WeakRef<T>>();
  private readonly cleanup = new FinalizationRegistry<string>((key) => {
    if (this.byKey.get(key)?.deref() === undefined) this.byKey.delete(key);
  });

  /** The value compiled from this content before, if still alive, else `make()` (kept). */
  get(content: string, make: () => T): T {
    // A digest, not the content: the key must not keep a copy of every source text alive.
    const key = createHash("sha1").update(content).digest("base64");
    const alive = this.byKey.get(key)?.deref();
    if (alive) return alive;
    const made = make();
    this.byKey.set(key, new WeakRef(made));
    this.cleanup.register(made, key);
    return made;
  }

  get size(): number {
    return this.byKey.size;
  }
}
