// When a cached read of a file can be trusted without reading it again.
//
// Plain (not bigint) stats, compared field by field: this runs on every tools/call for the tool's
// file and the overrides file, and BigIntStats plus a string key cost about a third of the stat
// itself, paid on every call. mtimeMs keeps sub-microsecond precision as a double; anything it
// could still miss happens within one clock tick, which the racy window below covers anyway.
import type fs from "node:fs";

/** Stat fields that change on any write: mtime, ctime, size and inode. */
export interface FileStamp {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  ino: number;
}

export function stampOf(stat: fs.Stats): FileStamp {
  return { mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, size: stat.size, ino: stat.ino };
}

export function sameStamp(stamp: FileStamp, stat: fs.Stats): boolean {
  return stamp.mtimeMs === stat.mtimeMs && stamp.ctimeMs === stat.ctimeMs && stamp.size === stat.size && stamp.ino === stat.ino;
}

/** Timestamps are kernel-tick coarse; within this window of the mtime, compare content too. */
const RACY_WINDOW_MS = 2_000;

/**
 * A stat taken at `checkedAtMs` can vouch for the content read then only if the file had not
 * been modified in the racy window before it ("racy git"): a write in the same clock tick
 * could otherwise leave the stat unchanged.
 */
export function statIsSettled(checkedAtMs: number, stat: fs.Stats): boolean {
  return checkedAtMs - stat.mtimeMs > RACY_WINDOW_MS;
}

/** What a cache entry keeps of the stat it was made from, and when that stat was taken. */
export interface StampedCache {
  stamp: FileStamp;
  checkedAt: number;
}

/** The cached read if it still holds for this stat (nothing changed, not racy when read), else undefined. */
export function stillValid<T extends StampedCache>(cached: T | undefined, stat: fs.Stats): T | undefined {
  return cached !== undefined && sameStamp(cached.stamp, stat) && statIsSettled(cached.checkedAt, stat) ? cached : undefined;
}
