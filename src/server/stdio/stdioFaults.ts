// The Reply of one stdio request, and the transport faults over stdio, where the process is the
// connection and its one session: a dropped connection is half an answer and the process gone;
// an expired session is the answer, then the process gone; an HTTP status becomes a JSON-RPC
// error carrying it (there is no HTTP).
import type { Log } from "../host/log.js";
import { halfOf, panicAsRpcError, statusAsRpcError } from "../wire/faultWire.js";
import type { Reply } from "../wire/rpcSession.js";

/** `id`: the request's id, which a status fault's JSON-RPC error answers. */
export function stdioReply(out: NodeJS.WritableStream, log: Log, exit: (code: number) => void, onEnd: () => void, id: unknown): Reply {
  let expire = false;
  let ended = false;
  return {
    write: (text) => void out.write(`${text}\n`),
    end: () => {
      if (ended) return;
      ended = true;
      onEnd();
      if (expire) {
        log("fault session-expired: stdio has one session per process; exiting after the answer");
        out.write("", () => exit(0));
      }
    },
    fault(fault, dynamics, answer) {
      switch (fault) {
        case "session-expired":
          expire = true;
          return "answer";
        case "go-panic":
          // Over stdio the call is answered instead: the process is the session.
          out.write(`${panicAsRpcError(answer, id as string | number)}\n`);
          return "taken";
        case "http-429":
        case "http-500":
        case "http-502":
        case "http-503":
          out.write(`${statusAsRpcError(fault, dynamics, id as string | number)}\n`);
          return "taken";
        case "malformed-response":
          out.write(`${halfOf(answer)}\n`);
          return "taken";
        case "drop-connection":
          // Half a line, no newline, then the pipe closes with the process.
          out.write(halfOf(answer), () => {
            log("fault drop-connection: closing stdout and exiting mid-answer");
            exit(1);
          });
          return "taken";
        default:
          return fault satisfies never;
      }
    },
  };
}
