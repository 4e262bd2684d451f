// The hot path of /mcp: a plain tools/call or tools/list POSTed on an established session is
// answered here, straight from the body the front door has parsed, instead of through the SDK's
// transport (web-standard Request and stream conversion, zod parsing of every message, the
// Protocol's promise chain): those cost most of a call. Same engine call, same context, same log
// line, same bytes on the wire. Anything else, or any session feature in play (debug log
// notifications, an engine still loading, a tool whose scenarios declare dynamics), takes the
// SDK's path.
import type { IncomingMessage, ServerResponse } from "node:http";
import { sessionCallsOf } from "../../mcp/sessionCalls.js";
import { plainRequest } from "../../mcp/plainRequest.js";
import { errorJson, resultEnvelope, resultJson, writeAnswer, writeLater } from "./sseAnswer.js";
import type { FastSession } from "./sessionLookup.js";
import { toolListText } from "./toolListText.js";

const METHODS = ["tools/call", "tools/list"];

/** How many requests the fast path answered (tests check it was the fast path that answered). */
export const fastPathStats = { answered: 0 };

/** The transport's own header checks: a request that would fail them goes to it for its answer. */
export function headersFit(req: IncomingMessage): boolean {
  const accept = req.headers.accept;
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) return false;
  return req.headers["content-type"]?.toLowerCase() === "application/json";
}

/** True when the request was answered here. */
export function answerFast(session: FastSession, req: IncomingMessage, res: ServerResponse, body: unknown): boolean {
  if (req.method !== "POST" || !session.id || !headersFit(req)) return false;
  const request = plainRequest(body, METHODS);
  if (!request) return false;
  // tools/call needs its params; tools/list's cursor is the SDK's to parse: only the first page here.
  if (request.method === "tools/call" ? request.params === undefined : request.params !== undefined && Object.keys(request.params).length > 0) return false;
  const calls = sessionCallsOf(session.server);
  if (!calls || !calls.ready() || calls.debug()) return false;
  const { id } = request;

  let answer: ReturnType<typeof calls.call>;
  try {
    if (request.method === "tools/list") {
      fastPathStats.answered++;
      const text = toolListText(calls.tools());
      const [head, tail] = resultEnvelope(id);
      writeAnswer(res, [head, text, tail]);
      return true;
    }
    answer = calls.call(request.params as Record<string, unknown>, session.id);
    // Declared dynamics answer late, stream progress or take the response over: the SDK path's.
    if (answer === undefined) return false;
  } catch (err) {
    fastPathStats.answered++;
    writeAnswer(res, [errorJson(id, err)]);
    return true;
  }
  fastPathStats.answered++;
  if (answer instanceof Promise) {
    writeLater(res, answer.then((result) => resultJson(id, result), (err: unknown) => errorJson(id, err)));
  } else {
    writeAnswer(res, [resultJson(id, answer)]);
  }
  return true;
}
