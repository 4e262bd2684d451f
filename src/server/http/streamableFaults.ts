// Transport faults on `/mcp` (streamable HTTP). Each tools/call POST is remembered by request id
// while it is open, so a fault can answer that POST itself: a status with a body, half an
// answer on a connection that then drops, a body that is not JSON, or a session that is gone
// after this answer (its next request gets 404).
import type { Response } from "express";
import { halfOf, isStatusFault, statusAnswer } from "../dynamics/faultWire.js";
import type { RequestId, SessionPort } from "../dynamics/sessionPort.js";
import type { Log } from "../host/log.js";

/** The open tools/call POSTs of one session, by JSON-RPC request id. */
export class OpenCalls {
  private readonly byId = new Map<RequestId, Response>();

  /** Remembers `res` for every tools/call request in `body` until `res` closes. */
  track(body: unknown, res: Response): void {
    for (const message of Array.isArray(body) ? body : [body]) {
      if (typeof message !== "object" || message === null || (message as { method?: unknown }).method !== "tools/call") continue;
      const id = (message as { id?: unknown }).id;
      if (typeof id !== "string" && typeof id !== "number") continue;
      this.byId.set(id, res);
      res.once("close", () => {
        if (this.byId.get(id) === res) this.byId.delete(id);
      });
    }
  }

  get(id: RequestId): Response | undefined {
    return this.byId.get(id);
  }
}

type Own = { writeHead: Response["writeHead"]; write: Response["write"]; end: Response["end"] };

/**
 * Takes `res` away from the SDK: from here on its writes go nowhere and ours go out. Only
 * possible before the headers left. The SDK's HTTP adapter (@hono/node-server) sends them once
 * the first event is ready or a timer tick has passed; a late call claims its response
 * synchronously in its handler (dynamicCall.ts planCall), before either.
 */
function takeOver(res: Response): Own | undefined {
  return res.headersSent ? undefined : silence(res);
}

/** Like takeOver, also after the headers left: the SDK's later writes (keep-alives) go nowhere. */
function silence(res: Response): Own {
  const own: Own = { writeHead: res.writeHead.bind(res), write: res.write.bind(res), end: res.end.bind(res) };
  res.writeHead = (() => res) as unknown as Response["writeHead"];
  res.write = (() => true) as unknown as Response["write"];
  res.end = (() => res) as unknown as Response["end"];
  res.flushHeaders = () => {};
  return own;
}

export function streamablePort(calls: OpenCalls, endSession: () => void, log: Log): SessionPort {
  // Responses claimed when the call was deferred: a status or a malformed body replaces the
  // whole answer, so no headers (and no progress) may leave before it.
  const claimed = new Map<RequestId, Own>();
  return {
    deferred(id, fault) {
      if (fault === undefined || (!isStatusFault(fault) && fault !== "malformed-response")) return;
      const res = calls.get(id);
      const own = res && takeOver(res);
      if (!res || !own) return;
      claimed.set(id, own);
      res.once("close", () => claimed.delete(id));
    },
    stopped(id) {
      // The SDK sends nothing for a cancelled call, so its POST's event stream would stay open
      // (keep-alives every 15 s, the session never idle): end it, empty.
      const res = calls.get(id);
      if (!res) return;
      const own = claimed.get(id) ?? silence(res);
      claimed.delete(id);
      if (!res.headersSent) own.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      own.end();
    },
    fault(fault, id, dynamics, answer) {
      const res = calls.get(id);
      if (!res) return log(`fault ${fault}: the POST of request ${JSON.stringify(id)} is already closed`);
      if (fault === "session-expired") {
        res.once("close", endSession);
        return;
      }
      const own = claimed.get(id) ?? (fault === "drop-connection" ? takeOver(res) : undefined);
      claimed.delete(id);
      if (!own && fault === "drop-connection") {
        // The event stream is open already: end it mid-answer.
        res.write(`event: message\ndata: ${halfOf(answer)}`, () => res.socket?.destroy());
        return;
      }
      if (!own) {
        log(`fault ${fault}: headers of request ${JSON.stringify(id)} already sent; dropping the connection instead`);
        res.socket?.destroy();
        return;
      }
      if (isStatusFault(fault)) {
        const { status, headers, body } = statusAnswer(fault, dynamics);
        own.writeHead(status, { ...headers, "Content-Length": String(Buffer.byteLength(body)) });
        own.end(body);
      } else if (fault === "malformed-response") {
        const body = halfOf(answer);
        own.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) });
        own.end(body);
      } else {
        // drop-connection: an event stream begins, half an answer arrives, the socket goes.
        own.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
        own.write(`event: message\ndata: ${halfOf(answer)}`, () => res.socket?.destroy());
      }
    },
  };
}
