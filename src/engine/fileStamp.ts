// When a cached read of a file can be trusted without reading it again.
import type fs from "node:fs";

/** Stat fields that change on any write: nanosecond mtime, ctime, size and inode. */
export function statKey(stat: fs.BigIntStats): string {
  return `${stat.mtimeNs}:${stat.ctimeNs}:${stat.size}:${stat.ino}`;
}

/** Timestamps are kernel-tick coarse; within this window of the mtime, compare content too. */
const RACY_WINDOW_NS = 2_000_000_000n;

/**
 * A stat taken at `checkedAtMs` can vouch for the content read then only if the file had not
 * been modified in the racy window before it ("racy git"): a write in the same clock tick
 * could otherwise leave the stat unchanged.
 */
export function statIsSettled(checkedAtMs: number, stat: fs.BigIntStats): boolean {
  return BigInt(checkedAtMs) * 1_000_000n - stat.mtimeNs > RACY_WINDOW_NS;
}
