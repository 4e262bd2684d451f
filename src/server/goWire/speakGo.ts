// Makes the TypeScript SDK's transports write the text GoWire prepared instead of their own
// JSON.stringify. This reaches into the SDK's transports (1.32.2, pinned exactly): the
// streamable transport's writeSSEEvent, and send() of the stdio and legacy SSE transports.
// test/parity (npm run parity) fails if an SDK upgrade moves these.
import type { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import type { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { textOf } from "./goWire.js";

type Controller = { enqueue(chunk: Uint8Array): void };
type Encoder = { encode(text: string): Uint8Array };

export function speakGoStreamable(transport: StreamableHTTPServerTransport): void {
  const inner = (transport as unknown as { _webStandardTransport: Record<string, unknown> })._webStandardTransport;
  if (typeof inner?.writeSSEEvent !== "function") throw new Error("the MCP SDK's streamable transport changed: writeSSEEvent is gone (src/server/goWire/speakGo.ts)");
  inner.writeSSEEvent = function (this: { onerror?: (e: unknown) => void }, controller: Controller, encoder: Encoder, message: unknown, eventId?: string) {
    try {
      controller.enqueue(encoder.encode(`event: message\n${eventId ? `id: ${eventId}\n` : ""}data: ${textOf(message)}\n\n`));
      return true;
    } catch (error) {
      this.onerror?.(error);
      return false;
    }
  };
}

export function speakGoStdio(transport: StdioServerTransport): void {
  const stdout = (transport as unknown as { _stdout: NodeJS.WritableStream })._stdout;
  if (!stdout) throw new Error("the MCP SDK's stdio transport changed: _stdout is gone (src/server/goWire/speakGo.ts)");
  transport.send = (message) =>
    new Promise((resolve) => {
      if (stdout.write(`${textOf(message)}\n`)) resolve();
      else stdout.once("drain", resolve);
    });
}

export function speakGoSse(transport: SSEServerTransport): void {
  const t = transport as unknown as { _sseResponse?: { write(text: string): unknown } };
  transport.send = async (message) => {
    if (!t._sseResponse) throw new Error("Not connected");
    t._sseResponse.write(`event: message\ndata: ${textOf(message)}\n\n`);
  };
}
