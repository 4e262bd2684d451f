// Notices tool files being added, removed or edited, and tells the host once per burst.
//
// One plain (non-recursive) fs.watch per folder. A folder's watch reports its entries by name,
// so a file replaced by rename (editors, `sed -i`) keeps being reported; Node 20's recursive
// watch followed the file's inode and went silent after the first such save. The folder list
// is re-read after every burst and the watches re-armed, so renamed and added sub-folders are
// watched too. Under it all, a cheap stat fingerprint of the tree is taken every `safetyMs` (2 s;
// 16-30 ms at 2,000 files on a loaded 2-core machine, bench/watch-cost.mjs): a change no watch
// reported (inotify limits, a folder replaced between two bursts, a removed
// tools directory coming back) is still noticed within that period.
import fs from "node:fs";
import type { ToolEngine } from "../../engine/toolEngine.js";
import type { Log } from "./log.js";
import { statTree, type TreeStat } from "./statTree.js";

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
  /** Period of the stat-fingerprint safety net. */
  safetyMs?: number;
}

export interface ToolWatcher {
  /** The catalog has been loaded once: take the baseline of what clients were shown. */
  prime(): void;
  close(): void;
}

export function watchTools(opts: WatchOptions): ToolWatcher {
  const debounceMs = opts.debounceMs ?? 150;
  const safetyMs = opts.safetyMs ?? 2000;
  // The tree as it was when watching began, before the engine read anything: prime() can then
  // tell whether the files changed while the catalog loaded.
  let tree: TreeStat = statTree(opts.toolsDir);
  const started = tree.digest;
  /** Fingerprint of the tools clients were last told about; undefined: announce the next burst. */
  let last: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const watches = new Map<string, fs.FSWatcher>();
  let missingLogged = false;
  let closed = false;

  function safeFingerprint(engine: ToolEngine): string {
    try {
      return engine.fingerprint();
    } catch (err) {
      opts.log(`could not fingerprint the tools directory: ${err instanceof Error ? err.message : String(err)}`);
      return "";
    }
  }

  /** One watch per folder of the tree as it is now; gone folders unwatched. */
  function arm(): void {
    const wanted = new Set(tree.dirs);
    for (const [dir, w] of watches) {
      if (wanted.has(dir)) continue;
      w.close();
      watches.delete(dir);
    }
    for (const dir of wanted) {
      if (watches.has(dir)) continue;
      try {
        const w = fs.watch(dir, touched);
        // A watch dies with its folder (or inotify refuses more): the next burst re-arms, and
        // the safety net covers the gap.
        w.on("error", () => {
          w.close();
          if (watches.get(dir) === w) watches.delete(dir);
          touched();
        });
        w.unref();
        watches.set(dir, w);
      } catch {
        // Gone already, or no watches left: the safety net sees this folder's changes.
      }
    }
    if (!tree.exists && !missingLogged) {
      missingLogged = true;
      // Out of file descriptors is not a missing folder: say which it is (EMFILE names the cause).
      if (tree.unreadable) opts.log(`tools directory ${opts.toolsDir} could not be read (${tree.unreadable}): checking again every ${safetyMs}ms`);
      else opts.log(`tools directory ${opts.toolsDir} is missing: checking for it every ${safetyMs}ms`);
    }
    if (tree.exists) missingLogged = false;
  }

  function settle(): void {
    timer = undefined;
    if (closed) return;
    tree = statTree(opts.toolsDir);
    arm();
    const engine = opts.engine();
    // Still loading: look again shortly; prime() decides whether the change is announced.
    if (!engine) return touched();
    opts.onFilesTouched?.();
    const now = safeFingerprint(engine);
    if (now === last) return;
    last = now;
    opts.onToolsChanged();
  }

  // Editors save in bursts (temp file, rename, chmod): wait for quiet before comparing.
  function touched(): void {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(settle, debounceMs);
    timer.unref();
  }

  arm();
  const safety = setInterval(() => {
    if (timer) return;
    const now = statTree(opts.toolsDir);
    if (now.digest !== tree.digest) touched();
  }, safetyMs);
  safety.unref();

  return {
    prime() {
      // The baseline is what the catalog showed once loaded, unless the files changed while it
      // loaded: then the first burst is announced whatever it changed (a spare list_changed is
      // harmless, a missed one is not). Comparing stats, not events, avoids trusting an event
      // that may still be queued.
      const engine = opts.engine();
      if (!engine || last !== undefined) return;
      const fingerprint = safeFingerprint(engine);
      if (statTree(opts.toolsDir).digest === started) last = fingerprint;
      else touched();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      clearInterval(safety);
      for (const w of watches.values()) w.close();
      watches.clear();
    },
  };
}
