// Every long-lived stream (legacy /sse, /mcp's GET stream, the dashboard's /_local/events) is
// written for a reader that may never read. Node queues what the socket does not take, without
// limit: 60 silent feed subscribers and 800 calls took the server from 98 to 670 MB, one unread
// /sse stream and 400 one-MB answers from 123 to 1,155 MB. As a production server drops a slow
// consumer, a stream whose unread backlog passes its bound is closed: its reader lost the
// stream (an SSE client reconnects, a legacy SSE session ends), no one else waits on it.
import type { ServerResponse } from "node:http";

/** Unread bytes a legacy /sse or /mcp GET stream may hold before it is closed: several large answers. */
export const SESSION_STREAM_BACKLOG = 16 * 1024 * 1024;
/** Unread bytes the dashboard's feed may hold: 30 or more journal entries (each at most about 33 KB). */
export const FEED_BACKLOG = 1024 * 1024;

/**
 * Whether the stream may be written: open, and holding at most `backlog` unread bytes. Past the
 * bound it is closed (once) and `dropped` is told how much its reader left unread.
 */
export function keepsUp(res: ServerResponse, backlog: number, dropped?: (unreadBytes: number) => void): boolean {
  if (res.writableEnded || res.destroyed) return false;
  if (res.writableLength <= backlog) return true;
  const unread = res.writableLength;
  res.destroy();
  dropped?.(unread);
  return false;
}

/**
 * Writes `text` if the stream keeps up (keepsUp). One message may pass the bound on its own:
 * the bound is on what waits unread, not on the size of an answer. False when nothing was written.
 */
export function writeBounded(res: ServerResponse, text: string, backlog: number, dropped?: (unreadBytes: number) => void): boolean {
  if (!keepsUp(res, backlog, dropped)) return false;
  res.write(text);
  return true;
}
