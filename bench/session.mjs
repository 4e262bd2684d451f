// Just enough of an MCP streamable-HTTP client to open a session and check answers by hand.
export const PROTOCOL_VERSION = "2025-06-18";

export function mcpHeaders(sessionId) {
  const h = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": PROTOCOL_VERSION,
  };
  if (sessionId) h["mcp-session-id"] = sessionId;
  return h;
}

/** JSON-RPC messages in a response body, whether sent as JSON or as an SSE stream. */
export function messagesOf(contentType, text) {
  if (!(contentType ?? "").includes("text/event-stream")) return text.trim() ? [JSON.parse(text)] : [];
  const out = [];
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, ""))
      .join("\n");
    if (data) out.push(JSON.parse(data));
  }
  return out;
}

let nextId = 1;

/** POSTs one request; resolves { message, status, contentType, bytes, headers }. */
export async function rpc(url, sessionId, method, params, timeoutMs = 120_000) {
  const id = nextId++;
  const res = await fetch(url, {
    method: "POST",
    headers: mcpHeaders(sessionId),
    body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  const contentType = res.headers.get("content-type");
  if (res.status !== 200) throw new Error(`${method}: HTTP ${res.status}: ${text.slice(0, 300)}`);
  const message = messagesOf(contentType, text).find((m) => m.id === id);
  if (!message) throw new Error(`${method}: no answer with id ${id} in: ${text.slice(0, 300)}`);
  if (message.error) throw new Error(`${method}: JSON-RPC error ${message.error.code}: ${message.error.message}`);
  return { message, status: res.status, contentType, bytes: Buffer.byteLength(text), headers: res.headers };
}

/** initialize + notifications/initialized; resolves the Mcp-Session-Id. */
export async function openSession(url) {
  const init = await rpc(url, undefined, "initialize", {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: "careem-bench", version: "1.0.0" },
  });
  const sessionId = init.headers.get("mcp-session-id");
  if (!sessionId) throw new Error(`initialize at ${url} answered without an Mcp-Session-Id header`);
  const res = await fetch(url, {
    method: "POST",
    headers: mcpHeaders(sessionId),
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  if (res.status !== 202 && res.status !== 200) throw new Error(`notifications/initialized: HTTP ${res.status}`);
  return sessionId;
}
