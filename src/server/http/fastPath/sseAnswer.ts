// The bytes the SDK's streamable HTTP transport (through @hono/node-server) sends for a request
// answered at once: the CORS headers, then its SSE headers in this order and case, a
// Content-Length, and one `event: message` whose data is the JSON-RPC answer. Checked byte for
// byte against the SDK path by test/transports/fastPath.test.ts.
import type { ServerResponse } from "node:http";
import { CORS_HEADERS } from "../cors.js";
import { goMessageText } from "../../goWire/goWire.js";
import { writeGo } from "../../goWire/goText.js";

const EVENT = "event: message\ndata: ";
const END = "\n\n";

// No Mcp-Session-Id: the go-sdk names the session only in the answer that opened it (streamableRoute drops it too).
// The CORS headers first, as express's cors middleware sets them before the SDK writes its own:
// one object for writeHead instead of four setHeader calls and their removal when declined.
const SSE_HEADERS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(CORS_HEADERS),
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "content-type": "text/event-stream",
  "x-accel-buffering": "no",
};

/** One complete answer: headers, Content-Length, the event. `parts` concatenated are the JSON text. */
export function writeAnswer(res: ServerResponse, parts: (string | Buffer)[]): void {
  const chunks = [EVENT, ...parts, END];
  let length = 0;
  for (const c of chunks) length += typeof c === "string" ? Buffer.byteLength(c) : c.length;
  res.writeHead(200, { ...SSE_HEADERS, "content-length": String(length) });
  if (chunks.length === 3 && typeof chunks[1] === "string") {
    res.end(EVENT + chunks[1] + END);
    return;
  }
  res.cork();
  for (let i = 0; i < chunks.length - 1; i++) res.write(chunks[i] as string | Buffer);
  res.end(chunks[chunks.length - 1] as string);
}

/**
 * An answer that is not ready yet: as the SDK path does then, the headers go out at once and the
 * event follows, chunked, when it is.
 */
export function writeLater(res: ServerResponse, json: Promise<string>): void {
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  void json.then((text) => res.end(EVENT + text + END));
}

/** JSON-RPC answers as the go-sdk writes them (goWire/goWire.ts), as the SDK path now sends them. */
export const resultJson = (id: string | number, result: unknown) => goMessageText({ result, jsonrpc: "2.0", id }, "tools/call");

export function errorJson(id: string | number, err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const error: Record<string, unknown> = { code: Number.isSafeInteger(e.code) ? e.code : -32603, message: e.message ?? "Internal error" };
  if (e.data !== undefined) error.data = e.data;
  return goMessageText({ jsonrpc: "2.0", id, error }, "tools/call");
}

/** The envelope of a result whose text is already made: `{"jsonrpc":"2.0","id":…,"result":` and `}`. */
export function resultEnvelope(id: string | number): [string, string] {
  const head = writeGo({ jsonrpc: "2.0", id });
  return [`${head.slice(0, -1)},"result":`, "}"];
}
