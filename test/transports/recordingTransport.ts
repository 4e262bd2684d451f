// Wraps a real client transport and keeps every JSON-RPC message the server sent, exactly as
// parsed off the wire: the SDK client reshapes results and prefixes error messages, and the
// tests assert on what the server actually said.
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";

type OnMessage = NonNullable<Transport["onmessage"]>;

export class RecordingTransport implements Transport {
  readonly received: JSONRPCMessage[] = [];
  private listeners: ((message: JSONRPCMessage) => void)[] = [];

  constructor(private readonly inner: Transport) {}

  start(): Promise<void> {
    return this.inner.start();
  }
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }
  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  set onmessage(handler: OnMessage | undefined) {
    this.inner.onmessage = handler
      ? (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
          this.received.push(message);
          for (const listener of this.listeners) listener(message);
          handler(message, extra);
        }
      : undefined;
  }
  get onmessage(): OnMessage | undefined {
    return this.inner.onmessage;
  }
  set onclose(handler: (() => void) | undefined) {
    this.inner.onclose = handler;
  }
  get onclose(): (() => void) | undefined {
    return this.inner.onclose;
  }
  set onerror(handler: ((error: Error) => void) | undefined) {
    this.inner.onerror = handler;
  }
  get onerror(): ((error: Error) => void) | undefined {
    return this.inner.onerror;
  }

  /** The first message (already received or still to come) that satisfies `test`. */
  waitFor(test: (message: JSONRPCMessage) => boolean, timeoutMs = 5000): Promise<JSONRPCMessage> {
    const seen = this.received.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== listener);
        reject(new Error(`no matching message within ${timeoutMs} ms; received: ${JSON.stringify(this.received)}`));
      }, timeoutMs);
      const listener = (message: JSONRPCMessage) => {
        if (!test(message)) return;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
        resolve(message);
      };
      this.listeners.push(listener);
    });
  }
}
