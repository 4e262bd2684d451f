// What a transport offers the dynamics runtime for one session: where a late answer may leave
// the request order, and how a transport-level fault is put on its wire. Each transport room
// implements it (http/streamableFaults.ts, http/sseFaults.ts, stdio/stdioFaults.ts).
import type { Dynamics } from "../../engine/dynamics.js";
import type { TransportFault } from "./faultWire.js";

export type RequestId = string | number;

export interface SessionPort {
  /**
   * The answer to `id` will come late: answers to later requests must not wait for it. Called
   * synchronously from the handler, before the transport has answered anything, so a port can
   * claim the HTTP response now for a status `fault` it will write when the delay ends.
   */
  deferred?(id: RequestId, fault?: TransportFault): void;
  /**
   * Plays `fault` for request `id` instead of its answer (`answerText`, the JSON-RPC response
   * the SDK is about to send, which the port withholds); for session-expired the answer goes
   * out first and the session ends after it.
   */
  fault?(fault: TransportFault, id: RequestId, dynamics: Dynamics, answerText: string): void;
  /** The late call `id` was cancelled or its session ended: nothing will be answered; free what the transport holds for it. */
  stopped?(id: RequestId): void;
}
