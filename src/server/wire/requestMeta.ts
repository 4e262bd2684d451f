// go-sdk v1.7.0's validateRequestMeta (mcp/shared.go, SEP-2575): a call whose `_meta` names a
// protocol version of the 2026-07-28 era follows the sessionless protocol, and its `_meta` must
// carry what initialize would have said. Checked before the method is (server.go handle); the
// words are in wireError.ts.
import { allVersions, eraVersion } from "../goWire/protocolVersions.js";
import type { Profile } from "../profiles/profiles.js";
import { mistyped } from "./goDecode.js";
import { metaOf } from "./postChecks.js";
import { metaKeys, refusals, type WireError } from "../goWire/wireError.js";

export type RequestMeta = { newProtocol: false } | { newProtocol: true; version: string } | { refusal: WireError };

const legacy: RequestMeta = { newProtocol: false };

/** What a call's params say of its protocol (notifications never follow the new one). */
export function requestMeta(params: unknown, profile: Profile): RequestMeta {
  if (!profile.has("era-2026-meta-validation")) return legacy;
  const meta = metaOf(params);
  const version = meta?.[metaKeys.protocolVersion];
  if (!meta || typeof version !== "string" || !eraVersion(version)) return legacy;
  // Both decode as go-sdk's structs (Implementation, ClientCapabilities): null or another type does not.
  if (Object.prototype.hasOwnProperty.call(meta, metaKeys.clientInfo)) {
    const info = meta[metaKeys.clientInfo];
    if (info === null || mistyped(info, ["name", "title", "version", "websiteUrl"])) return { refusal: refusals.metaInvalid(metaKeys.clientInfo) };
  }
  const caps = meta[metaKeys.clientCapabilities];
  if (caps === undefined || caps === null || mistyped(caps, [])) return { refusal: refusals.metaMissing(metaKeys.clientCapabilities) };
  if (!allVersions.includes(version)) return { refusal: refusals.unsupportedMetaVersion(version, allVersions) };
  return { newProtocol: true, version };
}
