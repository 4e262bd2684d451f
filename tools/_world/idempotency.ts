// One idempotency rule for every tool that charges: a key belongs to the request that first used
// it. The request is remembered by its fingerprint (the tool and its arguments but the key, with
// object keys sorted so a client's property order does not matter), under the user's
// `idempotency.<key>`; a later call with that key and the same fingerprint is a retry (the tool
// replays its earlier answer), with another fingerprint a different request, which payment APIs
// refuse rather than answer with the other request's result. Keys the world knew before
// fingerprints (its fixtures' `checkouts`, `rideKeys`) carry none and keep replaying.
import type { Call } from "./lib/call.js";
import { own } from "./lib/own.js";

export interface KeyRecord {
  tool: string;
  fingerprint: string;
}

/**
 * Arguments that are not what is bought or how it is paid: the key, a guard (a retry that lost the
 * first answer may resend without `expected_total`) and notes for the courier or captain.
 */
const NOT_THE_REQUEST = ["idempotency_key", "idempotencyKey", "expected_total", "delivery_instructions", "noteToCaptain"];

/** The arguments' key, whichever spelling the tool uses. */
function keyOf(args: Record<string, unknown>): string | undefined {
  const key = args?.idempotency_key ?? args?.idempotencyKey;
  return typeof key === "string" ? key : undefined;
}

/** JSON with object keys sorted, so two spellings of one request give one string. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** What a tool's success keeps under its key: the tool and the request's fingerprint. */
export function keyRecord(_call: Call, tool: string, args: Record<string, unknown>): KeyRecord {
  // Not the key itself, nor what the engine adds beside the arguments (`$user` in a `when`).
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args ?? {})) if (!NOT_THE_REQUEST.includes(name) && !name.startsWith("$")) rest[name] = value;
  return { tool, fingerprint: canonical(rest) };
}

/**
 * When the arguments' key was used before for a different request: the tool that used it
 * (`cart_checkout`, `book_ride`); nothing for a fresh key, a retry of the same request or a key
 * the world knew without a fingerprint.
 */
export function keyReusedBy(call: Call, tool: string, args: Record<string, unknown>): string | undefined {
  const key = keyOf(args);
  if (key === undefined) return undefined;
  const kept = own(call.state?.idempotency, key);
  if (kept === undefined || typeof kept !== "object") return undefined;
  const now = keyRecord(call, tool, args);
  return kept.tool === now.tool && kept.fingerprint === now.fingerprint ? undefined : kept.tool;
}
