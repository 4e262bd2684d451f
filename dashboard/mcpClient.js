// The widget's own tools/call requests go to this server over MCP itself (streamable HTTP on
// /mcp), as a real host relays them: they are journaled, forced and stateful like any call.
// The page opens one session of its own the first time it or a widget calls a tool.
const protocolVersion = "2025-06-18";

/** One JSON-RPC answer out of a POST's body, JSON or an event stream of `data:` lines. */
async function answerOf(response, id) {
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /mcp answered ${response.status}: ${text.trim().slice(0, 200)}`);
  const type = response.headers.get("content-type") ?? "";
  const messages = type.startsWith("text/event-stream")
    ? text.split(/\r?\n/).filter((l) => l.startsWith("data:")).map((l) => JSON.parse(l.slice(5)))
    : [JSON.parse(text)];
  const answer = messages.find((m) => m.id === id);
  if (!answer) throw new Error("POST /mcp: no answer to the request in the response");
  return answer;
}

export class McpHttpClient {
  constructor(url = "/mcp") {
    this.url = url;
    this.session = null;
    this.nextId = 1;
  }

  async post(message, session) {
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    if (session) Object.assign(headers, { "Mcp-Session-Id": session, "MCP-Protocol-Version": protocolVersion });
    return fetch(this.url, { method: "POST", headers, body: JSON.stringify(message) });
  }

  async open() {
    const id = this.nextId++;
    const response = await this.post({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: { name: "careem-mcp dashboard", version: "1.0.0" } } });
    const answer = await answerOf(response, id);
    if (answer.error) throw new Error(`initialize: ${answer.error.message}`);
    const session = response.headers.get("mcp-session-id");
    await this.post({ jsonrpc: "2.0", method: "notifications/initialized" }, session);
    return session;
  }

  /** A JSON-RPC request on the page's session; resolves the whole answer ({result} or {error}). */
  async request(method, params) {
    this.session ??= this.open();
    const session = await this.session;
    const id = this.nextId++;
    const response = await this.post({ jsonrpc: "2.0", id, method, params }, session);
    if (response.status === 404) {
      // The session expired (idle timeout, a restart): open a new one, once.
      this.session = this.open();
      const fresh = await this.session;
      return answerOf(await this.post({ jsonrpc: "2.0", id, method, params }, fresh), id);
    }
    return answerOf(response, id);
  }
}
