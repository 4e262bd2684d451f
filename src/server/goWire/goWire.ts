// Every message leaves as the go-sdk would write it: envelope `jsonrpc, id, method, params` /
// `jsonrpc, id, result|error`, results shaped by goShapes, and Go's escaping. A wrapper
// transport remembers which method each request id asked for (a result's shape depends on it)
// and hands the finished text to the SDK transport underneath, whose own JSON.stringify is
// replaced by speakGo() (issue 11: measured against the parity twin).
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { goParams, goResult } from "./goShapes.js";
import { writeGo } from "./goText.js";

/** Where the finished text rides on a message, out of sight of the SDK's own routing. */
export const goTextKey = Symbol("goText");

type Msg = Record<string, unknown>;

function isObj(v: unknown): v is Msg {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** jsonrpc2's wireCombined: jsonrpc, id (omitempty), method, params, result, error{code,message,data}. */
export function goMessageText(message: unknown, method: string | undefined): string {
  if (!isObj(message)) return writeGo(message);
  const out: Msg = { jsonrpc: "2.0" };
  // The go-sdk omits a nil id; the local build's own refusals of unreadable lines (stdio, a
  // local-only transport) keep "id": null, as JSON-RPC wants.
  if (message.id !== undefined) out.id = message.id;
  if (typeof message.method === "string") {
    out.method = message.method;
    if (message.params !== undefined) out.params = goParams(message.method, message.params);
  } else if (isObj(message.error)) {
    const e = message.error;
    out.error = { code: e.code, message: e.message, ...(e.data !== undefined ? { data: e.data } : {}) };
  } else if (message.result !== undefined) {
    out.result = goResult(method, message.result);
  }
  return writeGo(out);
}

function attach(message: JSONRPCMessage, method: string | undefined): JSONRPCMessage {
  Object.defineProperty(message, goTextKey, { value: goMessageText(message, method), enumerable: false });
  return message;
}

/** The Go text of a message if GoWire made one, else what the SDK would have written. */
export function textOf(message: unknown): string {
  const text = isObj(message) ? (message as Record<symbol, unknown>)[goTextKey] : undefined;
  return typeof text === "string" ? text : JSON.stringify(message);
}

/** Wraps an SDK transport so the Server's messages carry their Go text. */
export class GoWire implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];
  private readonly methods = new Map<string | number, string>();

  constructor(private readonly inner: Transport) {
    // Handlers the host set on the SDK transport before wrapping it keep running.
    const closed = inner.onclose;
    const failed = inner.onerror;
    inner.onclose = () => {
      closed?.();
      this.onclose?.();
    };
    inner.onerror = (error) => {
      failed?.(error);
      this.onerror?.(error);
    };
    inner.onmessage = (message, extra) => {
      for (const m of Array.isArray(message) ? message : [message]) {
        if (isObj(m) && typeof m.method === "string" && (typeof m.id === "string" || typeof m.id === "number")) this.methods.set(m.id, m.method);
      }
      this.onmessage?.(message, extra);
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const m = message as unknown as Msg;
    let method: string | undefined;
    if (typeof m.method !== "string" && (typeof m.id === "string" || typeof m.id === "number")) {
      method = this.methods.get(m.id);
      this.methods.delete(m.id);
    }
    return this.inner.send(attach(message, method), options);
  }
}
