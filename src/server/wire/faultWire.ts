// What each transport-level fault puts on the wire. One table for the three transports, so the
// README's fault table and the tests read the same texts. Each transport plays every kind in one
// switch that ends in `satisfies never` (postStream.ts, sseFaults.ts, stdioFaults.ts): a kind
// added to base/dynamics.ts's list is a compile error in each until it has its case there.
import type { Dynamics, FaultKind } from "../../base/dynamics.js";

/**
 * The faults a scenario declares that are played on a transport's wire, and one it cannot:
 * "go-panic", a call go-sdk panics on (engine/goPanics.ts), where production's process exits
 * and the request's connection ends with nothing of its answer written.
 */
export const transportFaults = ["drop-connection", "http-429", "http-500", "http-502", "http-503", "malformed-response", "session-expired", "go-panic"] as const;
export type TransportFault = (typeof transportFaults)[number];
export type StatusFault = Extract<TransportFault, `http-${string}`>;

/**
 * The declared faults no transport plays: "hang" is a delay that never ends (dynamics/plan.ts),
 * the other two are in the result itself (engine/resultFault.ts, engine/answerStages.ts).
 */
export type PlayedElsewhere = "hang" | "no-structured-content" | "invalid-output";

// Every declared kind is played somewhere, by exactly one side: a new kind in base/dynamics.ts
// that is neither a transport fault nor played elsewhere does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyKindPlayed: Same<Exclude<FaultKind, PlayedElsewhere> | "go-panic", TransportFault> = true;
void everyKindPlayed;

const statuses: Record<StatusFault, { status: number; text: string }> = {
  "http-429": { status: 429, text: "Too Many Requests" },
  "http-500": { status: 500, text: "Internal Server Error" },
  "http-502": { status: 502, text: "Bad Gateway" },
  "http-503": { status: 503, text: "Service Unavailable" },
};

export function isStatusFault(fault: TransportFault): fault is StatusFault {
  return fault in statuses;
}

export interface StatusAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The HTTP answer of a status fault: the declared body (else the reason phrase), Retry-After on 429. */
export function statusAnswer(fault: StatusFault, d: Dynamics): StatusAnswer {
  const { status, text } = statuses[fault];
  const headers: Record<string, string> = { "Content-Type": "text/plain; charset=utf-8" };
  if (fault === "http-429") headers["Retry-After"] = String(d.retryAfter ?? 1);
  return { status, headers, body: d.body ?? text };
}

/**
 * Over stdio there is no HTTP status: a status fault becomes a JSON-RPC error for the call,
 * carrying the status, the body and Retry-After so a client can act on them the same way.
 */
export function statusAsRpcError(fault: StatusFault, d: Dynamics, id: string | number): string {
  const answer = statusAnswer(fault, d);
  const data = { status: answer.status, body: answer.body, ...(fault === "http-429" && { retryAfter: d.retryAfter ?? 1 }) };
  return JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32000, message: `HTTP ${answer.status} ${statuses[fault].text}`, data } });
}

/**
 * Over stdio (local-only: production serves HTTP) a go-sdk panic would end the process and the
 * session with it. The call is answered instead, with the explanation, as an internal error.
 */
export function panicAsRpcError(explanation: string, id: string | number): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32603, message: explanation } });
}

/** The first half of the real answer: what a dropped or malformed reply leaves the client with. */
export function halfOf(answer: string): string {
  return answer.slice(0, Math.max(1, Math.floor(answer.length / 2)));
}
