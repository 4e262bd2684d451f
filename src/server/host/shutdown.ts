// SIGINT/SIGTERM: close streams and sessions first so clients see a clean end, then exit 0.
// A second signal while closing exits 1 at once; so does a close that outlasts the grace period.
import type { Log } from "./log.js";

/** The part of `process` this needs; tests pass a stand-in to signal it. */
export interface SignalTarget {
  on(signal: "SIGINT" | "SIGTERM", listener: () => void): unknown;
  exit(code: number): void;
}

export function exitOnSignals(close: () => Promise<void>, log: Log, graceMs = 3000, target: SignalTarget = process): void {
  let stopping = false;
  const stop = (signal: string) => {
    // `on`, not `once`: with `once` a second signal met node's default handler instead of this.
    if (stopping) {
      log(`${signal} again: exiting at once`);
      target.exit(1);
      return;
    }
    stopping = true;
    log(`${signal}: shutting down`);
    setTimeout(() => target.exit(1), graceMs).unref();
    close().then(
      () => target.exit(0),
      (err: unknown) => {
        log(`shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
        target.exit(1);
      },
    );
  };
  target.on("SIGINT", () => stop("SIGINT"));
  target.on("SIGTERM", () => stop("SIGTERM"));
}
