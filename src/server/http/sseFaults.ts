// The Reply of one message POSTed to legacy SSE's /messages, and its transport faults. Answers
// travel on the session's one event stream; the POST gets `202 Accepted` once its message has
// been dispatched. A call that will play a status fault holds its POST instead, and the fault
// answers that POST with the status; a dropped connection cuts the event stream mid-answer (the
// session ends), a malformed answer is half an event on the stream, and an expired session ends
// after the answer.
import type { ServerResponse } from "node:http";
import { halfOf, isStatusFault, statusAnswer } from "../wire/faultWire.js";
import type { Log } from "../host/log.js";
import type { Reply } from "../wire/rpcSession.js";
import { CORS } from "./cors.js";

export function sseReply(stream: ServerResponse, send: (text: string) => void, post: ServerResponse, log: Log, endSession: () => void): { reply: Reply; dispatched(): void } {
  let held = false;
  let expire = false;
  const accept = () => {
    if (!post.headersSent) post.writeHead(202, CORS).end();
  };
  const reply: Reply = {
    write: send,
    end: () => {
      // A held POST whose status fault never came (the call was cancelled): it gets its 202.
      if (held) accept();
      if (expire) endSession();
    },
    deferred: (fault) => {
      if (fault !== undefined && isStatusFault(fault)) held = true;
    },
    fault: (fault, dynamics, answer) => {
      switch (fault) {
        case "session-expired":
          expire = true;
          return "answer";
        case "go-panic":
          // Production's process exits: its event stream ends, and the session with it.
          stream.socket?.destroy();
          return "taken";
        case "http-429":
        case "http-500":
        case "http-502":
        case "http-503": {
          const { status, headers, body } = statusAnswer(fault, dynamics);
          if (!post.headersSent) post.writeHead(status, { ...CORS, ...headers, "Content-Length": String(Buffer.byteLength(body)) }).end(body);
          else {
            log(`fault ${fault}: the POST was answered already; dropping the event stream instead`);
            stream.socket?.destroy();
          }
          return "taken";
        }
        case "malformed-response":
          stream.write(`event: message\ndata: ${halfOf(answer)}\n\n`);
          return "taken";
        case "drop-connection":
          stream.write(`event: message\ndata: ${halfOf(answer)}`, () => stream.socket?.destroy());
          return "taken";
        default:
          return fault satisfies never;
      }
    },
  };
  return {
    reply,
    dispatched: () => {
      if (!held) accept();
    },
  };
}
