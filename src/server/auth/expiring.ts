// A map whose entries expire: pending sign-ins and authorization codes. Swept on every insert,
// so abandoned sign-ins cannot pile up; each entry is good for one use.
import type { Clock } from "../../base/types.js";

export class Expiring<T extends { expiresAt: number }> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly clock: Clock) {}
  set(key: string, value: T): void {
    const now = this.clock();
    for (const [k, v] of this.entries) if (v.expiresAt <= now) this.entries.delete(k);
    this.entries.set(key, value);
  }
  /** Removes and returns the entry (each is good for one use), or undefined when gone or expired. */
  take(key: string): T | undefined {
    const value = this.entries.get(key);
    this.entries.delete(key);
    return value && value.expiresAt > this.clock() ? value : undefined;
  }
  peek(key: string): T | undefined {
    const value = this.entries.get(key);
    return value && value.expiresAt > this.clock() ? value : undefined;
  }
}
