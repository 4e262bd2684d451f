// go-sdk v1.7.0's extractErrorStatus (mcp/streamable.go, SEP-2575): under a 2026-07-28 header a
// JSON-RPC error answer is the whole HTTP answer, as JSON with a status of its own: 404 for
// method not found, 400 for invalid params, a missing client capability or an unsupported
// version. Any other error, and every result, still travels in the event stream.
import { eraVersion } from "./protocolVersions.js";
import type { Profile } from "../profiles/profiles.js";

const statusOf: Readonly<Record<number, number>> = { [-32601]: 404, [-32602]: 400, [-32021]: 400, [-32022]: 400 };

/** The status an error answer gets on a POST of this header version (0: none), or undefined when no error gets one. */
export function eraErrorStatus(version: string, profile: Profile): ((code: number) => number) | undefined {
  if (!profile.has("era-2026-status-codes") || !eraVersion(version)) return undefined;
  return (code) => statusOf[code] ?? 0;
}
