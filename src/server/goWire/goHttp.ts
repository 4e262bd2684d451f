// The go-sdk's streamable HTTP handler refuses a bad request before any JSON-RPC is read, in this
// order: Host (DNS rebinding), Content-Type, Accept, unknown session, DELETE and GET without a
// session, other methods, MCP-Protocol-Version. go-sdk v1.6.1 mcp/streamable.go, measured by the
// parity twin; v1.7.0's stateless handler checks the version first (refuseStateless). The texts
// are in goWire/wireError.ts.
import type { IncomingMessage } from "node:http";
import { eraVersion, supportedVersions } from "./protocolVersions.js";
import { refusals, type WireError } from "./wireError.js";
import type { Profile } from "../profiles/profiles.js";

// A client sends the same Content-Type and Accept on every request: the last header read and
// what it meant are kept, so a call parses neither again (they were 2% of a fixture call).
let lastType: { value: string; base: string } = { value: "", base: "" };
let lastAccept: { value: string; json: boolean; stream: boolean } = { value: "", json: false, stream: false };

/** The media type as Go's mime.ParseMediaType reads it ("" when it refuses the header). */
export function baseMediaType(value: string | undefined): string {
  if (!value) return "";
  if (value === lastType.value) return lastType.base;
  const base = value.split(";")[0]?.trim().toLowerCase() ?? "";
  // mime.ParseMediaType refuses a type without a slash, or with spaces inside.
  const parsed = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(base) ? base : "";
  lastType = { value, base: parsed };
  return parsed;
}

function accepts(req: IncomingMessage): { json: boolean; stream: boolean } {
  const raw = req.headers.accept;
  if (typeof raw === "string" && raw === lastAccept.value) return lastAccept;
  const read = acceptsOf(raw);
  if (typeof raw === "string") lastAccept = { value: raw, ...read };
  return read;
}

function acceptsOf(raw: string | string[] | undefined): { json: boolean; stream: boolean } {
  let json = false;
  let stream = false;
  for (const value of Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]) {
    for (const token of value.split(",")) {
      switch ((token.split(";")[0] ?? "").trim().toLowerCase()) {
        case "application/json":
        case "application/*":
          json = true;
          break;
        case "text/event-stream":
        case "text/*":
          stream = true;
          break;
        case "*/*":
          json = stream = true;
      }
    }
  }
  return { json, stream };
}

/** The request's protocol version: an absent or empty header is 2025-03-26 to the go-sdk. */
export function requestVersion(req: IncomingMessage): string {
  const v = req.headers["mcp-protocol-version"];
  return typeof v === "string" && v !== "" ? v : "2025-03-26";
}

/** go-sdk's parseEventID: `<stream>_<index>`, the index as strconv.Atoi reads it and not negative. */
function isEventId(id: string): boolean {
  const parts = id.split("_");
  if (parts.length !== 2 || !/^[+-]?[0-9]+$/.test(parts[1] as string)) return false;
  const index = BigInt(parts[1] as string);
  // Atoi refuses what does not fit an int (64 bits here).
  return index >= 0n && index <= 9223372036854775807n;
}

/**
 * serveGET's refusal of a Last-Event-ID (present at all, even empty, it is read): malformed, or
 * a replay, which needs the event store go-sdk is not given.
 */
export function lastEventIdRefusal(req: IncomingMessage): WireError | undefined {
  const values = req.headersDistinct["last-event-id"];
  if (values === undefined) return undefined;
  // http.Header.Get: the first value.
  const id = values[0] ?? "";
  return isEventId(id) ? refusals.replayUnsupported() : refusals.malformedLastEventId(id);
}

/** The request's session id ("" for none). */
export function sessionIdOf(req: IncomingMessage): string {
  const v = req.headers["mcp-session-id"];
  return typeof v === "string" ? v : "";
}

/**
 * The checks before the body. `known`: whether a session id names a live session. `hostOk`:
 * whether the Host header may be served (bound to loopback, the go-sdk refuses other names;
 * `--allowed-host` adds names). A stateless `profile`: as go-sdk's StreamableHTTPOptions.Stateless
 * (v1.6.1, measured): no session id is looked up, GET and any method but POST and DELETE get
 * 405 with `Allow: POST`; from v1.7.0 DELETE too (refuseStateless).
 */
export function refuseBeforeBody(req: IncomingMessage, hostOk: (host: string) => boolean, known: (id: string) => boolean, profile: Profile): WireError | undefined {
  const host = req.headers.host ?? "";
  if (!hostOk(host)) return refusals.forbiddenHost(host);
  const stateless = profile.mode === "stateless";
  if (stateless && profile.has("stateless-no-session-id")) return refuseStateless(req, profile);
  // From v1.7.0 the stateful handler switches on the method first (HEAD was refused for its Accept).
  if (!stateless && profile.has("method-checked-first") && req.method !== "GET" && req.method !== "POST" && req.method !== "DELETE") return refusals.methodNotAllowed();
  if (req.method === "POST" && baseMediaType(req.headers["content-type"]) !== "application/json") return refusals.contentType();
  const { json, stream } = accepts(req);
  if (req.method === "GET") {
    if (!stream) return refusals.acceptGet();
  } else if ((!json || !stream) && req.method !== "DELETE") {
    return refusals.acceptPost();
  }
  const id = sessionIdOf(req);
  if (stateless) {
    if (req.method !== "POST" && req.method !== "DELETE") return refusals.statelessMethodNotAllowed();
    if (req.method === "DELETE") return id === "" ? refusals.deleteNeedsSession() : undefined;
    return versionRefusal(req, profile);
  }
  if (id !== "" && !known(id)) return refusals.sessionNotFound();
  if (req.method === "DELETE" && id === "") return refusals.deleteNeedsSession();
  if (req.method === "GET" && id === "") return refusals.getNeedsSession();
  if (req.method !== "GET" && req.method !== "POST" && req.method !== "DELETE") return refusals.methodNotAllowed();
  return versionRefusal(req, profile);
}

/**
 * The MCP-Protocol-Version check: a version outside the set is refused, but from v1.7.0 a
 * 2026-07-28-era one passes, to be served (stateless) or refused once the body is read
 * (stateful, wire/postChecks.ts).
 */
function versionRefusal(req: IncomingMessage, profile: Profile): WireError | undefined {
  const version = requestVersion(req);
  if (supportedVersions.includes(version) || (profile.era !== "unknown" && eraVersion(version))) return undefined;
  return refusals.unsupportedVersion(profile.has("supported-versions-text"));
}

/**
 * v1.7.0 on, stateless: ServeHTTP checks the version before anything else, then serveStateless
 * takes POST alone (DELETE too is 405: no session is named, so none is ended), then the media types.
 */
function refuseStateless(req: IncomingMessage, profile: Profile): WireError | undefined {
  const version = versionRefusal(req, profile);
  if (version) return version;
  if (req.method !== "POST") return refusals.statelessMethodNotAllowed();
  if (baseMediaType(req.headers["content-type"]) !== "application/json") return refusals.contentType();
  const { json, stream } = accepts(req);
  return json && stream ? undefined : refusals.acceptPost();
}

