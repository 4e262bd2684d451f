// The go-sdk's streamable HTTP handler refuses a bad request before any JSON-RPC is read, in this
// order: Host (DNS rebinding), Content-Type, Accept, unknown session, DELETE and GET without a
// session, other methods, MCP-Protocol-Version. go-sdk v1.6.1 mcp/streamable.go, measured by the
// parity twin. The texts are in wire/wireError.ts.
import type { IncomingMessage } from "node:http";
import { supportedVersions } from "../mcp/protocolVersions.js";
import { refusals, type WireError } from "../wire/wireError.js";
import { served } from "../profiles/profiles.js";

/** The media type as Go's mime.ParseMediaType reads it ("" when it refuses the header). */
export function baseMediaType(value: string | undefined): string {
  if (!value) return "";
  const base = value.split(";")[0]?.trim().toLowerCase() ?? "";
  // mime.ParseMediaType refuses a type without a slash, or with spaces inside.
  return /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(base) ? base : "";
}

function accepts(req: IncomingMessage): { json: boolean; stream: boolean } {
  let json = false;
  let stream = false;
  const raw = req.headers.accept;
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

/** The request's session id ("" for none). */
export function sessionIdOf(req: IncomingMessage): string {
  const v = req.headers["mcp-session-id"];
  return typeof v === "string" ? v : "";
}

/**
 * The checks before the body. `known`: whether a session id names a live session. `hostOk`:
 * whether the Host header may be served (bound to loopback, the go-sdk refuses other names;
 * `--allowed-host` adds names).
 */
/**
 * `stateless`: as go-sdk's StreamableHTTPOptions.Stateless (v1.6.1, measured): no session id is
 * looked up, GET and any method but POST and DELETE get 405 with `Allow: POST`.
 */
export function refuseBeforeBody(req: IncomingMessage, hostOk: (host: string) => boolean, known: (id: string) => boolean, stateless = false): WireError | undefined {
  const host = req.headers.host ?? "";
  if (!hostOk(host)) return refusals.forbiddenHost(host);
  // From v1.7.0 the stateful handler switches on the method first (HEAD was refused for its Accept).
  if (!stateless && served("method-checked-first") && req.method !== "GET" && req.method !== "POST" && req.method !== "DELETE") return refusals.methodNotAllowed();
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
    if (!supportedVersions.includes(requestVersion(req))) return refusals.unsupportedVersion();
    return undefined;
  }
  if (id !== "" && !known(id)) return refusals.sessionNotFound();
  if (req.method === "DELETE" && id === "") return refusals.deleteNeedsSession();
  if (req.method === "GET" && id === "") return refusals.getNeedsSession();
  if (req.method !== "GET" && req.method !== "POST" && req.method !== "DELETE") return refusals.methodNotAllowed();
  // v1.7.0 reads a 2026-07-28-era POST before refusing it (streamable.ts, eraRefusal).
  if (req.method === "POST" && eraVersion(requestVersion(req)) && (served("era-2026-stateful-plaintext") || served("era-2026-stateful-32022"))) return undefined;
  if (!supportedVersions.includes(requestVersion(req))) return refusals.unsupportedVersion();
  return undefined;
}

/** A version of the 2026-07-28 era or later, as go-sdk compares them (as strings). */
export function eraVersion(version: string): boolean {
  return version >= "2026-07-28";
}
