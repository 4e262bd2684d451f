// The one writer: every message leaves as the go-sdk would write it, on every transport. The
// envelope is jsonrpc2's wireCombined (`jsonrpc, id, method, params` / `jsonrpc, id,
// result|error`), results shaped by goShapes for the method they answer, and Go's escaping.
// Measured against the parity twin.
import { goParams, goResult } from "./goShapes.js";
import { goWireText } from "../../goJson/encode.js";
import { isObject } from "../../base/isObject.js";
import type { Profile } from "../profiles/profiles.js";

type Msg = Record<string, unknown>;

const isObj = (v: unknown): v is Msg => isObject(v);

/** jsonrpc2's wireCombined: jsonrpc, id (omitempty), method, params, result, error{code,message,data}; a result as `profile`'s release shapes it. */
export function goMessageText(message: unknown, method: string | undefined, profile: Profile): string {
  if (!isObj(message)) return goWireText(message);
  const out: Msg = { jsonrpc: "2.0" };
  // The go-sdk omits a nil id; the local build's own refusals of unreadable lines (stdio, a
  // local-only transport) keep "id": null, as JSON-RPC wants.
  if (message.id !== undefined) out.id = message.id;
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
