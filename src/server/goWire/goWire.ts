// The one writer: every message leaves as the go-sdk would write it, on every transport. The
// envelope is jsonrpc2's wireCombined (`jsonrpc, id, method, params` / `jsonrpc, id,
// result|error`), results shaped by goShapes for the method they answer, and Go's escaping.
// Measured against the parity twin.
import { goParams, goResult } from "./goShapes.js";
import { goWireText, Raw } from "../../goJson/encode.js";
import { isObject } from "../../base/isObject.js";
import type { Profile } from "../profiles/profiles.js";

type Msg = Record<string, unknown>;

const isObj = (v: unknown): v is Msg => isObject(v);

/**
 * A numeric id as jsonrpc2 holds it, an int64 made from the decoder's float64: every digit of an
 * integer past 2^53 (JavaScript writes 2^60 with zeros), and one beyond int64's range is what the
 * conversion gives on amd64, the smallest int64 (measured: 1e21 answers -9223372036854775808).
 */
function goId(id: unknown): unknown {
  if (typeof id !== "number" || Math.abs(id) <= Number.MAX_SAFE_INTEGER) return id;
  if (id >= 2 ** 63 || id < -(2 ** 63)) return new Raw("-9223372036854775808");
  return new Raw(BigInt(id).toString());
}

/** jsonrpc2's wireCombined: jsonrpc, id (omitempty), method, params, result, error{code,message,data}; a result as `profile`'s release shapes it. */
export function goMessageText(message: unknown, method: string | undefined, profile: Profile): string {
  if (!isObj(message)) return goWireText(message);
  const out: Msg = { jsonrpc: "2.0" };
  // The go-sdk omits a nil id; the local build's own refusals of unreadable lines (stdio, a
  // local-only transport) keep "id": null, as JSON-RPC wants.
  if (message.id !== undefined) out.id = goId(message.id);
  if (typeof message.method === "string") {
    out.method = message.method;
    if (message.params !== undefined) out.params = goParams(message.method, message.params);
  } else if (isObj(message.error)) {
    const e = message.error;
    out.error = { code: e.code, message: e.message, ...(e.data !== undefined ? { data: e.data } : {}) };
  } else if (message.result !== undefined) {
    out.result = goResult(method, message.result, profile);
  }
  return goWireText(out);
}
