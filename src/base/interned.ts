// Compiled things shared by the text they were compiled from. A large catalog repeats itself
// (the same schema or response block in many files, or in one file across its edits), and a
// compiled Ajv validator or template costs far more memory than its source. Entries are held
// weakly: a compiled value lives as long as some loaded file uses it, then its key goes too.
export class Interned<T extends object> {
  private readonly byKey = new Map<string, WeakRef<T>>();
  private readonly cleanup = new FinalizationRegistry<string>((key) => {
    if (this.byKey.get(key)?.deref() === undefined) this.byKey.delete(key);
  });

  /** The value compiled from this content before, if still alive, else `make()` (kept). */
  get(content: string, make: () => T): T {
    const alive = this.byKey.get(content)?.deref();
    if (alive) return alive;
    const made = make();
    // One key per distinct content, as long as its value lives. A fresh copy: the content may be
    // a slice of a whole file's text, which V8 would keep alive with it.
    const key = structuredClone(content);
    this.byKey.set(key, new WeakRef(made));
    this.cleanup.register(made, key);
    return made;
  }

  get size(): number {
    return this.byKey.size;
  }
}
