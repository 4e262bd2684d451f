// Over stdio (and legacy SSE) every answer shares one stream, and production's Go server handles a session's
// requests one after another, so a client sees answers in the order it asked. Our handlers
// finish after different numbers of microtasks (tools/call answers synchronously, see
// mcpServer.ts; the SDK's own ping does not), so the order is kept here, at the transport,
// rather than left to which handler happens to be quicker.
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

type Id = string | number;

interface Slot {
  id: Id;
  /** Set once the answer is ready: sends it and settles the SDK's send() promise. */
  release?: () => void;
}

function field(message: JSONRPCMessage, name: string): unknown {
  return (message as Record<string, unknown>)[name];
}

/** A transport that holds each answer until the answers to every earlier request went out. */
export class InOrderReplies implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];
  private readonly slots: Slot[] = [];

  constructor(private readonly inner: Transport) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.track(message);
      this.onmessage?.(message, extra);
    };
  }

  /** The wrapped transport's session: tools/call keys per-session state on it (SSE sessions). */
  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const id = field(message, "method") === undefined ? field(message, "id") : undefined;
    const slot = this.slots.find((s) => s.id === id && !s.release);
    // Notifications, requests to the client and answers to no tracked request (id null) go at once.
    if (!slot) return this.inner.send(message, options);
    return new Promise<void>((resolve, reject) => {
      slot.release = () => void this.inner.send(message, options).then(resolve, reject);
      this.flush();
    });
  }

  private track(message: JSONRPCMessage): void {
    const method = field(message, "method");
    const id = field(message, "id");
    if (typeof method === "string" && (typeof id === "string" || typeof id === "number")) {
      this.slots.push({ id });
    } else if (method === "notifications/cancelled") {
      // The SDK sends nothing for a cancelled request: stop waiting for it.
      const requestId = (field(message, "params") as { requestId?: unknown } | undefined)?.requestId;
      const at = this.slots.findIndex((s) => s.id === requestId && !s.release);
      if (at >= 0) this.slots.splice(at, 1);
      this.flush();
    }
  }

  private flush(): void {
    while (this.slots[0]?.release) (this.slots.shift() as Slot).release?.();
  }
}
