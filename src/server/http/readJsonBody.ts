// Reads a POST body ourselves instead of with express.json() / the SDK's express helper:
// those answer malformed JSON with an HTML page and cap bodies at 100 KB (SPEC-NOTES 19).
import type { IncomingMessage } from "node:http";
import { protocolErrors, type ProtocolError } from "../mcp/protocolErrors.js";
import { takeBody } from "./fastPath/preRead.js";

/** `empty`: no body at all, which the go-sdk words apart from malformed JSON on /mcp. */
export type BodyResult = { ok: true; value: unknown } | { ok: false; error: ProtocolError; empty?: boolean };

/**
 * An oversized body up to this size is read to its end and thrown away before the 413 goes
 * out: answering while the client is still writing makes the closing socket reset, and the
 * client sees EPIPE instead of the 413. Past this, the answer goes out at once.
 */
const DRAIN_LIMIT = 64 * 1024 * 1024;

export function readJsonBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const already = takeBody(req); // read by the fast path's front door, then left to express
  if (already) return Promise.resolve(already);
  const tooLarge = (): BodyResult => ({ ok: false, error: protocolErrors.tooLarge(limit) });
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    if (declared > DRAIN_LIMIT) return Promise.resolve(tooLarge());
    return new Promise((resolve) => {
      req.on("end", () => resolve(tooLarge()));
      req.on("error", () => resolve(tooLarge()));
      req.resume();
    });
  }

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (over) {
        if (size > DRAIN_LIMIT) resolve(tooLarge());
        return;
      }
      if (size > limit) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on("error", reject);
    req.on("end", () => {
      if (over) return resolve(tooLarge());
      // A call's body is one chunk as a rule: no copy then.
      const text = (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)).toString("utf8");
      try {
        resolve({ ok: true, value: JSON.parse(text) });
      } catch {
        resolve({ ok: false, error: protocolErrors.invalidJson, empty: text.length === 0 });
      }
    });
  });
}
