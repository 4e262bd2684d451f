// The go-sdk's streamable HTTP handler refuses a bad request before any JSON-RPC is read, in this
// order, each with http.Error (text/plain, the text and a newline): Host (DNS rebinding),
// Content-Type, Accept, unknown session, DELETE and GET without a session, other methods,
// MCP-Protocol-Version; then, reading the body: empty, not JSON-RPC, a batch on 2025-06-18 or
// later. go-sdk v1.6.1 mcp/streamable.go, measured by the parity twin (issue 11). The TypeScript
// SDK's transport answers the same requests with other statuses and JSON bodies, so these are
// answered here, before it sees them.
import type { Request, Response } from "express";
import { supportedVersions } from "../mcp/protocolVersions.js";
import { goTexts } from "../mcp/rpcError.js";

export interface Refusal {
  status: number;
  text: string;
  allow?: string;
}

/** Go's http.Error. */
export function sendGoError(res: Response, refusal: Refusal): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (refusal.allow) res.setHeader("Allow", refusal.allow);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.status(refusal.status).type("text/plain; charset=utf-8").send(`${refusal.text}\n`);
}

function baseMediaType(value: string | undefined): string {
  if (!value) return "";
  const base = value.split(";")[0]?.trim().toLowerCase() ?? "";
  // mime.ParseMediaType refuses a type without a slash, or with spaces inside.
  return /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(base) ? base : "";
}

function accepts(req: Request): { json: boolean; stream: boolean } {
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

/** Go's string order on "YYYY-MM-DD" is date order. */
export function requestVersion(req: Request): string {
  const v = req.headers["mcp-protocol-version"];
  return typeof v === "string" && v !== "" ? v : "2025-03-26";
}

/**
 * The checks before the body. `known`: whether a session id names a live session. `hostOk`:
 * whether the Host header may be served (bound to loopback, the go-sdk refuses other names;
 * `--allowed-host` adds names).
 */
export function refuseBeforeBody(req: Request, hostOk: (host: string) => boolean, known: (id: string) => boolean): Refusal | null {
  const host = req.headers.host ?? "";
  if (!hostOk(host)) return { status: 403, text: `Forbidden: invalid Host header ${JSON.stringify(host)}` };
  if (req.method === "POST" && baseMediaType(req.headers["content-type"]) !== "application/json") {
    return { status: 415, text: "Content-Type must be 'application/json'" };
  }
  const { json, stream } = accepts(req);
  if (req.method === "GET") {
    if (!stream) return { status: 400, text: "Accept must contain 'text/event-stream' for GET requests" };
  } else if ((!json || !stream) && req.method !== "DELETE") {
    return { status: 400, text: "Accept must contain both 'application/json' and 'text/event-stream'" };
  }
  const sessionId = req.headers["mcp-session-id"];
  const id = typeof sessionId === "string" ? sessionId : "";
  if (id !== "" && !known(id)) return { status: 404, text: "session not found" };
  if (req.method === "DELETE" && id === "") return { status: 400, text: "Bad Request: DELETE requires an Mcp-Session-Id header" };
  if (req.method === "GET" && id === "") return { status: 400, text: "Bad Request: GET requires an Mcp-Session-Id header" };
  if (!["GET", "POST", "DELETE"].includes(req.method)) return { status: 405, text: "Method Not Allowed", allow: "GET, POST, DELETE" };
  const version = requestVersion(req);
  if (!supportedVersions.includes(version)) {
    return { status: 400, text: `Bad Request: Unsupported protocol version (supported versions: ${supportedVersions.join(",")})` };
  }
  return null;
}

/** The checks on a parsed POST body that the go-sdk makes before handling any message. */
export function refuseBody(req: Request, raw: string, body: unknown): Refusal | null {
  if (raw.length === 0) return { status: 400, text: "POST requires a non-empty body" };
  // jsonrpc2.readBatch: null and [] are an empty batch; every message needs version "2.0".
  const messages = Array.isArray(body) ? body : body === null ? [] : [body];
  if (messages.length === 0) return { status: 400, text: "malformed payload: empty batch" };
  for (const m of messages) {
    if (typeof m !== "object" || m === null || Array.isArray(m)) return null;
    const tag = (m as Record<string, unknown>).jsonrpc;
    if (tag !== "2.0") return { status: 400, text: `malformed payload: invalid message version tag ${JSON.stringify(typeof tag === "string" ? tag : "")}; expected "2.0"` };
  }
  const version = requestVersion(req);
  if (Array.isArray(body) && version >= "2025-06-18") {
    return { status: 400, text: `JSON-RPC batching is not supported in 2025-06-18 and later (request version: ${version})` };
  }
  for (const m of messages) {
    const problem = checkRequest(m as Record<string, unknown>);
    if (problem) return { status: 400, text: problem };
  }
  return null;
}

/** Methods the go-sdk server knows: whether each is a notification and may come without params. */
const methods: Record<string, { notification: boolean; paramsOptional: boolean }> = {
  "completion/complete": { notification: false, paramsOptional: false },
  initialize: { notification: false, paramsOptional: false },
  ping: { notification: false, paramsOptional: true },
  "prompts/list": { notification: false, paramsOptional: true },
  "prompts/get": { notification: false, paramsOptional: false },
  "tools/list": { notification: false, paramsOptional: true },
  "tools/call": { notification: false, paramsOptional: false },
  "resources/list": { notification: false, paramsOptional: true },
  "resources/templates/list": { notification: false, paramsOptional: true },
  "resources/read": { notification: false, paramsOptional: false },
  "logging/setLevel": { notification: false, paramsOptional: false },
  "resources/subscribe": { notification: false, paramsOptional: false },
  "resources/unsubscribe": { notification: false, paramsOptional: false },
  "notifications/cancelled": { notification: true, paramsOptional: true },
  "notifications/initialized": { notification: true, paramsOptional: true },
  "notifications/roots/list_changed": { notification: true, paramsOptional: true },
  "notifications/progress": { notification: true, paramsOptional: false },
};

/** The go-sdk's checkRequest (mcp/shared.go), which the HTTP handler runs on every message first. */
export function checkRequest(m: Record<string, unknown>): string | null {
  if (typeof m.method !== "string") return null;
  const info = Object.prototype.hasOwnProperty.call(methods, m.method) ? methods[m.method] : undefined;
  if (!info) return goTexts.notHandled(m.method);
  const isCall = m.id !== undefined && m.id !== null;
  if (info.notification && isCall) return `invalid request: unexpected id for ${JSON.stringify(m.method)}`;
  if (!info.notification && !isCall) return `invalid request: missing id for ${JSON.stringify(m.method)}`;
  if (!info.paramsOptional && m.params === undefined) return goTexts.missingParams;
  return null;
}
