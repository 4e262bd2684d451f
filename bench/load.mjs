// autocannon against one MCP session: 16 connections, one request in flight on each.
import autocannon from "autocannon";
import { mcpHeaders } from "./session.mjs";

/** Connections per run unless a caller asks for fewer, each with one request in flight. */
export const CONNECTIONS = 16;

let nextId = 1_000_000;

/**
 * A JSON-RPC request body with a fresh id on every request: the SDK transport routes answers by
 * id, so ids in flight must differ. (autocannon's own idReplacement miscounts Content-Length
 * once its ids grow, so the body is built here.)
 */
export function rpcBody(method, params) {
  const tail = `,"method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`;
  return () => `{"jsonrpc":"2.0","id":${nextId++}${tail}`;
}

/**
 * Runs autocannon for `seconds` (or until `amount` requests) and never longer than maxSeconds.
 * Resolves the figures we use; `bytesPerResponse` lets the caller prove every answer was the
 * full result and not a short error.
 */
export function load({ url, sessionId, body, connections = CONNECTIONS, seconds, amount, maxSeconds = 60 }) {
  return new Promise((resolve, reject) => {
    const opts = {
      url,
      method: "POST",
      headers: mcpHeaders(sessionId),
      requests: [{ setupRequest: (req) => ({ ...req, body: body() }) }],
      connections,
      pipelining: 1,
      timeout: 10,
    };
    if (amount !== undefined) opts.amount = amount;
    else opts.duration = seconds;
    const instance = autocannon(opts, (err, r) => {
      clearTimeout(guard);
      if (err) return reject(err);
      const ok = r["2xx"];
      resolve({
        requests: r.requests.total,
        ok,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        rps: ok / (r.duration || seconds || 1),
        durationS: r.duration,
        p50: r.latency.p50,
        p99: r.latency.p99,
        meanMs: r.latency.average,
        bytesPerResponse: r.requests.total ? r.throughput.total / r.requests.total : 0,
      });
    });
    const guard = setTimeout(() => instance.stop(), maxSeconds * 1000);
  });
}
