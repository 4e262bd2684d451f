// Reads a POST body ourselves, up to the body limit (--body-limit), as text: the go-sdk's
// answers quote the raw bytes (wire/goDecode.ts), which a parsed body no longer has.
import type { IncomingMessage } from "node:http";

export type BodyRead = { ok: true; text: string } | { ok: false };

/**
 * An oversized body up to this size is read to its end and thrown away before the 413 goes
 * out: answering while the client is still writing makes the closing socket reset, and the
 * client sees EPIPE instead of the 413. Past this, the answer goes out at once.
 */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/** `done` once: the text, or ok false when the body is over `limit` bytes. A broken-off request never calls it. */
export function readBody(req: IncomingMessage, limit: number, done: (read: BodyRead) => void): void {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    if (declared > DRAIN_LIMIT) return done({ ok: false });
    req.on("end", () => done({ ok: false }));
    req.on("error", () => done({ ok: false }));
    req.resume();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  let settled = false;
  const settle = (read: BodyRead) => {
    if (settled) return;
    settled = true;
    done(read);
  };
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (over) {
      if (size > DRAIN_LIMIT) settle({ ok: false });
      return;
    }
    if (size > limit) {
      over = true;
      chunks.length = 0;
      return;
    }
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (over) return settle({ ok: false });
    // A call's body is one chunk as a rule: no copy then.
    settle({ ok: true, text: (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)).toString("utf8") });
  });
}
