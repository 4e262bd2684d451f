// Reads a POST body ourselves instead of with express.json() / the SDK's express helper:
// those answer malformed JSON with an HTML page and cap bodies at 100 KB (SPEC-NOTES 19).
import type { Request } from "express";

export type BodyResult =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413; code: number; message: string };

export function tooLargeMessage(limit: number): string {
  return `Payload Too Large: request body exceeds ${limit} bytes (see --body-limit)`;
}

export function readJsonBody(req: Request, limit: number): Promise<BodyResult> {
  const tooLarge: BodyResult = { ok: false, status: 413, code: -32000, message: tooLargeMessage(limit) };
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(tooLarge);

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve(tooLarge);
        return;
      }
      chunks.push(chunk);
    });
    req.on("error", reject);
    req.on("end", () => {
      if (over) return;
      try {
        resolve({ ok: true, value: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      } catch {
        resolve({ ok: false, status: 400, code: -32700, message: "Parse error: Invalid JSON" });
      }
    });
  });
}
