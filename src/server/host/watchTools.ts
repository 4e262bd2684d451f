// Notices tool files being added, removed or edited, and tells the host once per burst.
// fs.watch with `recursive` works on Linux from Node 20; where it fails (no directory yet,
// inotify limits) a light poll of the engine's fingerprint takes over.
import fs from "node:fs";
import type { ToolEngine } from "../../engine/toolEngine.js";
import type { Log } from "./log.js";

export interface WatchOptions {
  toolsDir: string;
  /** The engine, or undefined while it is still loading (changes then wait for it). */
  engine: () => ToolEngine | undefined;
  /** Called after a burst of file events settles and the tool set or a definition changed. */
  onToolsChanged: () => void;
  /** Called after every settled burst, changed or not (problem reporting). */
  onFilesTouched?: () => void;
  log: Log;
  debounceMs?: number;
  pollMs?: number;
}

export interface ToolWatcher {
  /** The catalog has been loaded once: a polling watcher takes its baseline now. */
  prime(): void;
  close(): void;
}

export function watchTools(opts: WatchOptions): ToolWatcher {
  const debounceMs = opts.debounceMs ?? 150;
  const pollMs = opts.pollMs ?? 1000;
  // No baseline at start: fingerprinting loads every file, which must not delay startup. The
  // first settled burst is announced whatever it changed: a spare list_changed is harmless, a
  // missed one is not.
  let last: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let poller: NodeJS.Timeout | undefined;
  let watcher: fs.FSWatcher | undefined;
  let closed = false;

  function safeFingerprint(engine: ToolEngine): string {
    try {
      return engine.fingerprint();
    } catch (err) {
      opts.log(`could not fingerprint the tools directory: ${err instanceof Error ? err.message : String(err)}`);
      return "";
    }
  }

  function settle(): void {
    timer = undefined;
    if (closed) return;
    const engine = opts.engine();
    // Still loading: look again shortly; with no baseline yet, the change will be announced.
    if (!engine) return touched();
    // A watch dies with its directory; polling picks the directory up again when it returns.
    if (watcher && !fs.existsSync(opts.toolsDir)) poll("the tools directory was removed");
    opts.onFilesTouched?.();
    const now = safeFingerprint(engine);
    if (now === last) return;
    last = now;
    opts.onToolsChanged();
  }

  // Editors save in bursts (temp file, rename, chmod): wait for quiet before comparing.
  function touched(): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(settle, debounceMs);
    timer.unref();
  }

  function poll(reason: string): void {
    if (poller || closed) return;
    opts.log(`watching ${opts.toolsDir} by polling every ${pollMs}ms (${reason})`);
    watcher?.close();
    watcher = undefined;
    poller = setInterval(settle, pollMs);
    poller.unref();
  }

  try {
    watcher = fs.watch(opts.toolsDir, { recursive: true }, touched);
    watcher.on("error", (err) => poll(err.message));
    watcher.unref();
  } catch (err) {
    poll(err instanceof Error ? err.message : String(err));
  }

  return {
    prime() {
      // Only a poller takes a baseline here: it compares states, so it cannot lose a change.
      // With fs.watch a baseline taken now could absorb a change whose event is still queued, and
      // that change would never be announced (a file copied in just as the catalog finished
      // loading was missed this way under load). Every change brings an event, so it does without.
      const engine = opts.engine();
      if (poller && last === undefined && !timer && engine) last = safeFingerprint(engine);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (poller) clearInterval(poller);
      watcher?.close();
    },
  };
}
