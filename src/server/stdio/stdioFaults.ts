// Transport faults over stdio, where the process is the connection and its one session: a
// dropped connection is half an answer and the process gone; an expired session is the answer,
// then the process gone; an HTTP status becomes a JSON-RPC error carrying it (there is no HTTP).
import type { Log } from "../host/log.js";
import { halfOf, isStatusFault, statusAsRpcError } from "../dynamics/faultWire.js";
import type { SessionPort } from "../dynamics/sessionPort.js";
import type { InOrderReplies } from "../mcp/inOrderReplies.js";

export function stdioPort(replies: InOrderReplies, out: NodeJS.WritableStream, log: Log, exit: (code: number) => void): SessionPort {
  // Raw lines share stdout with the SDK transport's writes, which are synchronous too: order holds.
  const writeLine = (text: string, then?: () => void) => out.write(`${text}\n`, then);
  return {
    deferred: (id) => replies.release(id),
    fault(fault, id, dynamics, answer) {
      if (fault === "session-expired") {
        replies.afterSend(id, () => {
          log("fault session-expired: stdio has one session per process; exiting after the answer");
          exit(0);
        });
        return;
      }
      replies.drop(id);
      if (isStatusFault(fault)) writeLine(statusAsRpcError(fault, dynamics, id));
      else if (fault === "malformed-response") writeLine(halfOf(answer));
      else {
        // drop-connection: half a line, no newline, then the pipe closes with the process.
        out.write(halfOf(answer), () => {
          log("fault drop-connection: closing stdout and exiting mid-answer");
          exit(1);
        });
      }
    },
  };
}
