// The answer to one POST carrying calls: an event stream holding each call's answer (and the
// notifications about it), ended with the last answer. Nothing is written until the calls have
// been dispatched: when every answer is ready by then (the rule), the whole response goes out in
// one write with a Content-Length; a late answer streams, with keep-alives. The transport faults
// a scenario declares are played here, on this POST's own wire.
import type { ServerResponse } from "node:http";
import type { Dynamics } from "../../base/dynamics.js";
import { halfOf, isStatusFault, statusAnswer, type TransportFault } from "../wire/faultWire.js";
import type { Log } from "../host/log.js";
import type { Reply } from "../wire/rpcSession.js";
import { CORS } from "./cors.js";

/** As the go-sdk sets them for an event stream, after the CORS headers. */
export const sseHeaders: Readonly<Record<string, string>> = {
  ...CORS,
  "Cache-Control": "no-cache, no-transform",
  "Content-Type": "text/event-stream",
  Connection: "keep-alive",
};

export interface PostStreamOptions {
  headers: Readonly<Record<string, string>>;
  /** The 2026-07-28 era's status for an error answer by its code (goWire/eraStatus.ts); 0 keeps the stream. */
  errorStatus?: (code: number) => number;
  keepAliveMs: number;
  /** A declared session-expired fault: the session ends once this answer went out. */
  endSession(): void;
  /** The response closed (answered, or the client went away). */
  onClose(): void;
  log: Log;
}

export class PostStream {
  private readonly held: string[] = [];
  private pending = 0;
  private isDispatched = false;
  private finished = false;
  /** A fault will replace the whole answer: no headers, no notifications before it. */
  private claimed = false;
  private expireAfter = false;
  /** An error answer that is the whole HTTP answer, with its own status (the era's). */
  private jsonAnswer?: { status: number; text: string };
  private keepAlive?: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    private readonly opts: PostStreamOptions,
  ) {
    res.once("close", () => {
      this.stop();
      opts.onClose();
    });
  }

  /** The Reply of one call of this POST. */
  reply(): Reply {
    this.pending++;
    let ended = false;
    return {
      write: (text) => this.write(`event: message\ndata: ${text}\n\n`),
      error: (code, text) => {
        const status = this.opts.errorStatus?.(code) ?? 0;
        // Only an answer nothing went out before can become the whole response.
        if (status !== 0 && !this.res.headersSent && this.held.length === 0 && !this.finished && !this.claimed) this.jsonAnswer = { status, text };
        else this.write(`event: message\ndata: ${text}\n\n`);
      },
      end: () => {
        if (ended) return;
        ended = true;
        this.pending--;
        if (this.pending === 0 && this.isDispatched) this.finish();
      },
      deferred: (fault) => {
        if (fault !== undefined && (isStatusFault(fault) || fault === "malformed-response")) this.claimed = true;
      },
      fault: (fault, dynamics, answer) => this.fault(fault, dynamics, answer),
    };
  }

  /** Every message of the POST has been handed to the session. */
  dispatched(): void {
    this.isDispatched = true;
    if (this.pending === 0) return this.finish();
    if (this.claimed || this.finished) return;
    this.open();
    if (this.opts.keepAliveMs >= 1) {
      this.keepAlive = setInterval(() => this.res.write(": keepalive\n\n"), this.opts.keepAliveMs);
      this.keepAlive.unref();
    }
  }

  /** The session ended under it: end the stream with what it has. */
  abandon(): void {
    this.finish();
  }

  private open(): void {
    if (this.res.headersSent) return;
    this.res.writeHead(200, this.opts.headers);
    for (const chunk of this.held) this.res.write(chunk);
    this.held.length = 0;
    this.res.flushHeaders();
  }

  private write(event: string): void {
    if (this.finished || this.claimed) return;
    if (this.res.headersSent) this.res.write(event);
    else this.held.push(event);
  }

  private finish(): void {
    if (this.finished) return;
    this.stop();
    if (this.res.headersSent) this.res.end();
    else if (this.jsonAnswer) {
      const { status, text } = this.jsonAnswer;
      this.res.writeHead(status, { ...CORS, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(text)) });
      this.res.end(text);
    } else {
      const body = this.held.length === 1 ? (this.held[0] as string) : this.held.join("");
      this.res.writeHead(200, { ...this.opts.headers, "Content-Length": String(Buffer.byteLength(body)) });
      this.res.end(body);
    }
    if (this.expireAfter) this.res.once("finish", () => this.opts.endSession());
  }

  private stop(): void {
    this.finished = true;
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = undefined;
  }

  private fault(fault: TransportFault, dynamics: Dynamics, answer: string): "taken" | "answer" {
    if (fault === "session-expired") {
      this.expireAfter = true;
      return "answer";
    }
    const res = this.res;
    const sent = res.headersSent;
    this.stop();
    switch (fault) {
      case "go-panic":
        // Production's process exits: the connection ends, nothing of this POST's answers written.
        res.socket?.destroy();
        return "taken";
      case "http-429":
      case "http-500":
      case "http-502":
      case "http-503":
        if (sent) res.socket?.destroy();
        else {
          const { status, headers, body } = statusAnswer(fault, dynamics);
          res.writeHead(status, { ...CORS, ...headers, "Content-Length": String(Buffer.byteLength(body)) });
          res.end(body);
        }
        return "taken";
      case "malformed-response":
        if (sent) {
          this.opts.log("fault malformed-response: headers already sent; dropping the connection instead");
          res.socket?.destroy();
        } else {
          const body = halfOf(answer);
          res.writeHead(200, { ...CORS, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) });
          res.end(body);
        }
        return "taken";
      case "drop-connection":
        // An event stream begins, half an answer arrives, the socket goes.
        if (!sent) res.writeHead(200, this.opts.headers);
        res.write(`event: message\ndata: ${halfOf(answer)}`, () => res.socket?.destroy());
        return "taken";
      default:
        return fault satisfies never;
    }
  }
}
