// A lock file shared by the processes on one run dir: over stdio a desktop client starts one
// process per conversation, and two of them answering the same user at once each read the
// state file, changed their copy and wrote it back, so the later write erased the earlier
// (14 of 40 baskets lost, 8 of 12 retried checkouts ordered twice). A call holds the lock from
// its read of the state to its write. The engine answers synchronously, so the lock is taken
// synchronously too: the wait blocks this process, which serves one conversation, for as long
// as the other process's call takes (milliseconds).
import fs from "node:fs";

export interface FileLockOptions {
  /** Longest wait for a live holder before the call fails. */
  timeoutMs: number;
  /** A lock older than this whose holder cannot be asked (another machine's pid) is taken over. */
  staleMs: number;
  /** Blocks the thread for `ms` (Atomics.wait; a test may count instead). */
  sleep: (ms: number) => void;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

export const fileLockDefaults: FileLockOptions = {
  timeoutMs: 10_000,
  staleMs: 30_000,
  sleep: (ms) => void Atomics.wait(pause, 0, 0, ms),
};

export class FileLockTimeout extends Error {}

/** Whether the process that wrote `pid` into a lock is gone (so its lock can be taken over). */
function holderGone(lockPath: string, staleMs: number): boolean {
  let text: string;
  let mtimeMs: number;
  try {
    text = fs.readFileSync(lockPath, "utf8");
    mtimeMs = fs.statSync(lockPath).mtimeMs;
  } catch {
    return false; // released meanwhile: the next try takes it
  }
  const pid = Number(text);
  if (!Number.isInteger(pid) || pid <= 0) return Date.now() - mtimeMs > staleMs; // half-written: give its writer time
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    // ESRCH: no such process (killed with -9 while holding it). EPERM: alive, someone else's.
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** Runs `fn` holding `lockPath` (created exclusively, our pid inside), and removes it after. */
export function withFileLock<T>(lockPath: string, fn: () => T, opts: FileLockOptions = fileLockDefaults): T {
  const started = Date.now();
  let wait = 1;
  for (;;) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    if (holderGone(lockPath, opts.staleMs)) {
      fs.rmSync(lockPath, { force: true });
      continue;
    }
    if (Date.now() - started > opts.timeoutMs) {
      throw new FileLockTimeout(`${lockPath} has been held by another careem-mcp process for over ${opts.timeoutMs} ms; if no other process is running, delete that file`);
    }
    opts.sleep(wait);
    wait = Math.min(wait * 2, 20);
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}
