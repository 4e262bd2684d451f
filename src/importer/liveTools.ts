// tools/list of a live MCP server over streamable HTTP, every page, through the official SDK
// client. The definitions are taken as the server wrote them (the transport's parsed message),
// not as the SDK's result schema rebuilt them, so the key order of a rewritten block is the
// server's own.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isObject } from "../base/isObject.js";
import type { JsonObject } from "../base/types.js";

export class LiveServerError extends Error {}

export interface LiveCatalog {
  tools: JsonObject[];
  serverName: string;
  serverVersion: string;
  pages: number;
}

const TIMEOUT_MS = 20_000;

/** The words for a server that did not answer as MCP: what happened, then what to do. */
export function explainFailure(url: string, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (err as { code?: unknown }).code;
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ECONNRESET" || code === "UND_ERR_SOCKET" || /fetch failed/.test(message)) {
    return `cannot reach ${url} (${cause?.code ?? cause?.message ?? message}): is the server running, and is the URL right? Pass the server's MCP endpoint, e.g. --from https://host/mcp`;
  }
  if (err instanceof StreamableHTTPError || /HTTP \d{3}/.test(message)) {
    const status = err instanceof StreamableHTTPError ? err.code : Number(/HTTP (\d{3})/.exec(message)?.[1]);
    if (status === 401 || status === 403) {
      return `${url} refused the request (HTTP ${status}): it needs credentials; pass them with --header "Authorization: Bearer <token>"`;
    }
    if (status === 404 || status === 405) {
      return `${url} is not an MCP endpoint (HTTP ${status}): pass the server's streamable HTTP endpoint, usually the URL ending in /mcp`;
    }
    const what = status !== undefined && status >= 100 && status <= 599 ? `HTTP ${status}: ${message}` : message.replace(/^Streamable HTTP error: /, "");
    return `${url} did not answer as an MCP server (${what}): pass the server's streamable HTTP endpoint, usually the URL ending in /mcp`;
  }
  if (/timed out|timeout/i.test(message)) return `${url} did not answer within ${TIMEOUT_MS / 1000} s: is it the MCP endpoint, and is the server healthy?`;
  return `${url} did not answer as an MCP server (${message}): pass the server's streamable HTTP endpoint, usually the URL ending in /mcp`;
}

function endpoint(url: string): URL {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("not http(s)");
    return parsed;
  } catch {
    throw new LiveServerError(`"${url}" is not an http(s) URL: pass the server's MCP endpoint, e.g. --from https://host/mcp`);
  }
}

export async function fetchLiveTools(url: string, headers: Record<string, string>): Promise<LiveCatalog> {
  const transport = new StreamableHTTPClientTransport(endpoint(url), { requestInit: { headers } });
  const client = new Client({ name: "careem-mcp-import", version: "1.0.0" });
  const raw = new Map<string | number, JsonObject>();
  try {
    await client.connect(transport, { timeout: TIMEOUT_MS });
  } catch (err) {
    await transport.close().catch(() => undefined);
    throw new LiveServerError(explainFailure(url, err));
  }
  // Keep each result as parsed off the wire, before the SDK's schema reshapes it.
  const onmessage = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ("id" in message && "result" in message && isObject(message.result)) raw.set(message.id, message.result as JsonObject);
    onmessage?.(message);
  };
  try {
    const tools: JsonObject[] = [];
    let cursor: string | undefined;
    let pages = 0;
    const seen = new Set<string>();
    do {
      const before = new Set(raw.keys());
      const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: TIMEOUT_MS });
      const id = [...raw.keys()].find((k) => !before.has(k));
      const page = id === undefined ? undefined : raw.get(id);
      const list = page && Array.isArray(page.tools) ? page.tools : result.tools;
      for (const tool of list) if (isObject(tool)) tools.push(tool as JsonObject);
      pages++;
      cursor = result.nextCursor;
      // A server that hands out the same cursor twice would page forever.
      if (cursor !== undefined) {
        if (seen.has(cursor)) throw new LiveServerError(`${url} returned the cursor "${cursor}" twice in tools/list: its pagination loops`);
        seen.add(cursor);
      }
    } while (cursor !== undefined);
    const info = client.getServerVersion();
    return { tools, serverName: info?.name ?? "?", serverVersion: info?.version ?? "?", pages };
  } catch (err) {
    if (err instanceof LiveServerError) throw err;
    throw new LiveServerError(explainFailure(url, err));
  } finally {
    await client.close().catch(() => undefined);
  }
}
