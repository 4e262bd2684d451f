// Over stdio (and legacy SSE) every answer shares one stream, and production's Go server handles a session's
// requests one after another, so a client sees answers in the order it asked. Our handlers
// finish after different numbers of microtasks (tools/call answers synchronously, see
// mcpServer.ts; the SDK's own ping does not), so the order is kept here, at the transport,
// rather than left to which handler happens to be quicker.
// A call whose scenario declares a delay is the exception (issue 13): it leaves the order
// (`release`) and answers when its delay ends, so a slow call never holds up a quick one.
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
  /** Answers handed to the inner transport whose write has not finished yet. */
  private writing = 0;
  private waiters: (() => void)[] = [];
  /** Answers never to be sent (a fault put something else on the wire instead). */
  private readonly dropped = new Set<Id>();
  /** Work to do once the answer to an id went out (a session that expires after it). */
  private readonly after = new Map<Id, () => void>();

  constructor(private readonly inner: Transport) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.track(message);
      this.onmessage?.(message, extra);
    };
  }

  /** The wrapped transport's session (the SDK hands it to every handler as extra.sessionId). */
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
    if ((typeof id === "string" || typeof id === "number") && this.dropped.delete(id)) return Promise.resolve();
    const slot = this.slots.find((s) => s.id === id && !s.release);
    // Notifications, requests to the client and answers to no tracked request (id null) go at once.
    if (!slot) return this.sendNow(message, options, id);
    return new Promise<void>((resolve, reject) => {
      slot.release = () => {
        this.writing++;
        void this.sendNow(message, options, id)
          .then(resolve, reject)
          .finally(() => {
            this.writing--;
            this.wake();
          });
      };
      this.flush();
    });
  }

  /**
   * Settles once every request read so far has been answered and every answer written. stdio
   * waits on it at end of input: the requests of a piped script are all read before the engine
   * has even loaded, and exiting at once dropped every answer but initialize's.
   */
  answered(): Promise<void> {
    if (this.slots.length === 0 && this.writing === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    if (this.slots.length > 0 || this.writing > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  /** The answer to `id` comes late: stop holding later answers for it. */
  release(id: Id): void {
    const at = this.slots.findIndex((s) => s.id === id && !s.release);
    if (at >= 0) this.slots.splice(at, 1);
    this.flush();
    this.wake();
  }

  /** The answer to `id` must never go out (it was released first, so nothing waits on it). */
  drop(id: Id): void {
    this.release(id);
    this.dropped.add(id);
  }

  /** Runs `fn` once the answer to `id` has been handed to the transport. */
  afterSend(id: Id, fn: () => void): void {
    this.after.set(id, fn);
  }

  private sendNow(message: JSONRPCMessage, options: TransportSendOptions | undefined, id: unknown): Promise<void> {
    const sent = this.inner.send(message, options);
    const then = (typeof id === "string" || typeof id === "number") && this.after.get(id);
    if (!then) return sent;
    this.after.delete(id as Id);
    return sent.finally(then);
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
      this.wake();
    }
  }

  private flush(): void {
    while (this.slots[0]?.release) (this.slots.shift() as Slot).release?.();
  }
}
