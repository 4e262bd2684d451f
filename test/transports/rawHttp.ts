// Plain node:http requests, so tests control every header (fetch refuses to set Host) and see
// status, headers and body exactly as sent.
import http from "node:http";
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export function rawHttp(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(req.path, baseUrl);
  return new Promise((resolve, reject) => {
    const r = http.request(url, { method: req.method ?? "GET", headers: req.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    r.on("error", reject);
    r.end(req.body);
  });
}

/** Opens a streaming response and reads until `until` appears in the text (or times out). */
export function readStreamUntil(
  baseUrl: string,
  req: RawRequest,
  until: (text: string) => boolean,
  timeoutMs = 5000,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(req.path, baseUrl);
  return new Promise((resolve, reject) => {
    const r = http.request(url, { method: req.method ?? "GET", headers: req.headers }, (res) => {
      let text = "";
      const timer = setTimeout(() => {
        r.destroy();
        reject(new Error(`stream did not show the expected text within ${timeoutMs} ms; got: ${JSON.stringify(text)}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        r.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
      };
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
        if (until(text)) finish();
      });
      res.on("end", finish);
    });
    r.on("error", reject);
    r.end(req.body);
  });
}

/**
 * The exact bytes a server sends for one request on a fresh socket (status line, headers in
 * order and case, body), read until `complete` says the answer is whole.
 */
export function rawExchange(port: number, request: string, complete: (bytes: string) => boolean, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let bytes = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms; got: ${JSON.stringify(bytes)}`));
    }, timeoutMs);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      bytes += chunk;
      if (!complete(bytes)) return;
      clearTimeout(timer);
      socket.destroy();
      resolve(bytes);
    });
    socket.on("error", reject);
    socket.write(request);
  });
}

export const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };

export function initializeBody(protocolVersion = "2025-06-18", id = 1): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
}

/** The JSON-RPC messages in an SSE body (`data:` lines). */
export function sseMessages(text: string): unknown[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => line.slice(6))
    .filter((data) => data.startsWith("{"))
    .map((data) => JSON.parse(data) as unknown);
}

/** Opens GET /sse and keeps it open; resolves with the endpoint its first event names. */
export function openSseStream(baseUrl: string): Promise<{ endpoint: string; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL("/sse", baseUrl), (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
        const m = /^event: endpoint\ndata: (\S+)\n\n/.exec(text);
        if (m) resolve({ endpoint: m[1] as string, close: () => req.destroy() });
      });
    });
    req.on("error", reject);
  });
}
