// What go-sdk's streamable servePOST checks in a decoded body before any message reaches the
// session, in its order (mcp/streamable.go servePOST, v1.6.1 and v1.7.0+): each request through
// checkRequest, then, from v1.7.0, the 2026-07-28 era's version checks on it (the header against
// the `_meta` version; a stateful server refuses the era there, server/discover excepted), then
// validateMcpHeaders on a lone message (Mcp-Method, Mcp-Name). The texts are in wireError.ts.
import { eraVersion } from "../goWire/protocolVersions.js";
import type { Profile } from "../profiles/profiles.js";
import { mistyped } from "./goDecode.js";
import { decoderProblem } from "./goParams.js";
import { checkRequest, methodInfo } from "./methods.js";
import { metaKeys, refusals, type WireError } from "../goWire/wireError.js";

type Message = Record<string, unknown>;

/** The headers servePOST reads ("" for one absent). */
export interface PostHeaders {
  /** Mcp-Protocol-Version as sent. */
  version: string;
  method: string;
  name: string;
}

/** A refusal of the whole POST; `id` names the request a JSON refusal answers. */
export interface PostRefusal {
  error: WireError;
  id?: unknown;
}

const isCall = (m: Message) => m.id !== undefined && m.id !== null;

/** The `_meta` object of a message's params, if it has one. */
export function metaOf(params: unknown): Record<string, unknown> | undefined {
  const meta = typeof params === "object" && params !== null ? (params as { _meta?: unknown })._meta : undefined;
  return typeof meta === "object" && meta !== null && !Array.isArray(meta) ? (meta as Record<string, unknown>) : undefined;
}

/** The `_meta` protocol version when it is a string, else "" (go-sdk's type assertion). */
export function metaVersionOf(params: unknown): string {
  const v = metaOf(params)?.[metaKeys.protocolVersion];
  return typeof v === "string" ? v : "";
}

export function checkPost(messages: Message[], headers: PostHeaders, profile: Profile, batch: boolean): PostRefusal | undefined {
  // An absent header is 2025-03-26 to servePOST, but "" where it checks the header itself.
  const version = headers.version || "2025-03-26";
  // v1.7.0 tells `"method": ""` from no method: a call to method "", refused as unhandled.
  const emptyIsCall = profile.has("empty-method-key");
  for (const m of messages) {
    if (typeof m.method !== "string" || (m.method === "" && !emptyIsCall)) continue;
    const bad = checkRequest(m as { method: string }, profile);
    if (bad) {
      // Under the era a call to a method the server lacks is a JSON-RPC 404, not the 400 text.
      const unhandled = methodInfo(m.method, profile) === undefined && isCall(m);
      return unhandled && profile.has("era-2026-status-codes") && eraVersion(version) ? { error: refusals.eraNotHandled(m.method), id: m.id } : { error: bad };
    }
    const refused = profile.has("era-2026-served") ? eraVersionRefusal(m, headers.version, version, profile) : undefined;
    if (refused) return refused;
  }
  if (!batch && messages.length === 1 && profile.has("era-2026-header-checks")) return headerRefusal(messages[0] as Message, headers);
  return undefined;
}

/** servePOST's SEP-2575 checks of one request: the `_meta` version and the header agree. */
function eraVersionRefusal(m: Message, header: string, version: string, profile: Profile): PostRefusal | undefined {
  const metaVersion = metaVersionOf(m.params);
  // v1.8.0: the `_meta` triple is for calls only; v1.7.0 asks it of a notification too.
  const asked = profile.has("era-2026-notifications-exempt") ? isCall(m) && eraVersion(version) : eraVersion(version);
  if (!asked && metaVersion === "") return undefined;
  // server/discover is how a client learns a stateful server's versions, so it alone is served.
  if (profile.era !== "served" && m.method !== "server/discover") {
    switch (profile.era) {
      case "refused-32022":
        return { error: refusals.statefulUnsupportedVersion(version), id: m.id };
      case "refused-plaintext":
        return { error: refusals.statefulOnlyVersion(version) };
      case "unknown":
        // Not reached: without era-2026-served no request is asked about its era (checkPost).
        return undefined;
      default:
        return profile.era satisfies never;
    }
  }
  if (header === "") return { error: refusals.versionHeaderRequired(), id: m.id };
  if (metaVersion === "") return { error: refusals.metaMissing(metaKeys.protocolVersion), id: m.id };
  if (header !== metaVersion) return { error: refusals.versionHeaderMismatch(header, metaVersion), id: m.id };
  return undefined;
}

/** The methods whose Mcp-Name header names what they act on, and the params field it must equal. */
const namedBy: Readonly<Record<string, string>> = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" };

/** validateMcpHeaders: under the era's header a request names its method (and target) in headers too. */
function headerRefusal(m: Message, headers: PostHeaders): PostRefusal | undefined {
  if (!eraVersion(headers.version) || typeof m.method !== "string") return undefined;
  const refuse = (error: WireError) => ({ error, id: m.id });
  if (headers.method === "") return refuse(refusals.methodHeaderMissing());
  if (headers.method !== m.method) return refuse(refusals.methodHeaderMismatch(headers.method, m.method));
  const field = Object.prototype.hasOwnProperty.call(namedBy, m.method) ? namedBy[m.method] : undefined;
  if (field === undefined) return undefined;
  if (headers.name === "") return refuse(refusals.nameHeaderMissing(m.method));
  // The params must unmarshal into the method's struct (absent params do not).
  // Any field of the struct that does not decode counts (prompts/get's arguments map, measured).
  if (m.params === undefined || mistyped(m.params, [field]) || (metaOf(m.params) === undefined && hasNonObjectMeta(m.params)) || decoderProblem(m.method, m.params) !== undefined) return refuse(refusals.nameUnreadable(m.method));
  const inBody = m.params === null ? "" : ((m.params as Record<string, unknown>)[field] as string | undefined | null) ?? "";
  if (headers.name !== inBody) return refuse(refusals.nameHeaderMismatch(headers.name, inBody));
  return undefined;
}

/** A `_meta` that is there but not an object: Go's Meta map refuses it. */
function hasNonObjectMeta(params: unknown): boolean {
  const meta = typeof params === "object" && params !== null ? (params as { _meta?: unknown })._meta : undefined;
  return meta !== undefined && meta !== null;
}
