// SIGINT/SIGTERM: close streams and sessions first so clients see a clean end, then exit.
// A second signal, or a close that hangs, exits at once.
import type { Log } from "./log.js";

export function exitOnSignals(close: () => Promise<void>, log: Log, graceMs = 3000): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`${signal}: shutting down`);
    setTimeout(() => process.exit(1), graceMs).unref();
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        log(`shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}
