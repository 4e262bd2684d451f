// A streamable HTTP session spoken in plain fetch: the hostile cases send what the SDK client
// will not (arguments nested deeper than its own JSON.stringify reaches, bodies of megabytes it
// would check against the output schema again), and read the server's answer as sent.
const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

export interface RawSession {
  id: string;
  /** tools/call with `argsJson` (JSON text, written as is); the JSON-RPC answer. */
  call(name: string, argsJson: string): Promise<{ result?: { structuredContent?: Record<string, unknown>; isError?: boolean }; error?: { code: number; message: string } }>;
}

/** The JSON-RPC message of a POST's answer, whether written as JSON or as one SSE event. */
function messageOf(text: string): unknown {
  const data = /^data: (.*)$/m.exec(text);
  return JSON.parse(data ? (data[1] as string) : text);
}

export async function openRawSession(mcpUrl: string): Promise<RawSession> {
  const init = await fetch(mcpUrl, {
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } }),
  });
  const id = init.headers.get("mcp-session-id");
  await init.text();
  if (!id) throw new Error(`initialize answered ${init.status} with no session id`);
  const headers = { ...HEADERS, "Mcp-Session-Id": id, "MCP-Protocol-Version": "2025-06-18" };
  await (await fetch(mcpUrl, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) })).text();
  let next = 1;
  return {
    id,
    async call(name, argsJson) {
      const body = `{"jsonrpc":"2.0","id":${next++},"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${argsJson}}}`;
      const res = await fetch(mcpUrl, { method: "POST", headers, body });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`tools/call answered ${res.status}: ${text.slice(0, 300)}`);
      return messageOf(text) as Awaited<ReturnType<RawSession["call"]>>;
    },
  };
}

/** `[[[...0...]]]`, `depth` brackets deep, as text (no JS value of that depth is ever made). */
export function nestedText(depth: number): string {
  return `${"[".repeat(depth)}0${"]".repeat(depth)}`;
}
