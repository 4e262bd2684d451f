// The HTTP host route by route (site routes, /mcp, /sse, local safety), over real sockets on a
// free loopback port.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaults } from "../../src/config.js";
import { listenHttp, type HttpHost } from "../../src/server/http/http.js";
import { copyCatalog, type TempCatalog } from "./catalog.js";
import { initializeBody, mcpHeaders, openSseStream, rawHttp, readStreamUntil, sseMessages } from "./rawHttp.js";

let catalog: TempCatalog;
let host: HttpHost;
let base: string;
/** The host's log, for waiting on events (a session expiring) instead of sleeping. */
const hostLog: string[] = [];
const expiry = (id: string) => `session ${id} expired after 400ms idle`;


beforeAll(async () => {
  catalog = copyCatalog();
  host = await listenHttp(
    { ...defaults, port: 0, toolsDir: catalog.dir, runDir: catalog.runDir, keepAliveMs: 100, idleTimeoutMs: 400, bodyLimit: 64 * 1024, challengeToken: "challenge-token-123" },
    { log: (line) => hostLog.push(line) },
  );
  base = host.baseUrl;
});

afterAll(async () => {
  await host.close();
  catalog.remove();
});

async function openSession(protocolVersion = "2025-06-18"): Promise<{ id: string; result: unknown }> {
  const res = await rawHttp(base, { method: "POST", path: "/mcp", headers: mcpHeaders, body: initializeBody(protocolVersion) });
  expect(res.status).toBe(200);
  const id = res.headers["mcp-session-id"];
  expect(typeof id).toBe("string");
  const [message] = sseMessages(res.body) as { result: unknown }[];
  return { id: id as string, result: message?.result };
}


function post(path: string, body: string, headers: Record<string, string> = {}) {
  return rawHttp(base, { method: "POST", path, headers: { ...mcpHeaders, ...headers }, body });
}

describe("plain routes", () => {
  it("GET / is 200 HTML with a favicon link", async () => {
    const res = await rawHttp(base, { path: "/" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain('<link rel="icon" href="/favicon.ico">');
  });

  it.each(["/favicon.ico", "/favicon.png", "/favicon.svg"])("GET %s is a 301 to the same path on www.careem.com", async (path) => {
    const res = await rawHttp(base, { path });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`https://www.careem.com${path}`);
  });

  it("GET /.well-known/oauth-protected-resource is RFC 9728 metadata naming this server's /mcp", async () => {
    const res = await rawHttp(base, { path: "/.well-known/oauth-protected-resource" });
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.body) as Record<string, unknown>;
    expect(doc.resource).toBe(`${base}/mcp`);
    expect(doc.authorization_servers).toEqual(["https://identity.careem.com"]);
    expect(doc.bearer_methods_supported).toEqual(["header"]);
  });

  it("GET /.well-known/openai-apps-challenge is 200 text with the configured token", async () => {
    const res = await rawHttp(base, { path: "/.well-known/openai-apps-challenge" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toBe("challenge-token-123");
  });

  it("GET /health counts the tools tools/list returns", async () => {
    const res = await rawHttp(base, { path: "/health" });
    expect(res.status).toBe(200);
    expect(res.body).toBe('{"status":"ok","tools":2}');
  });

  it("an unknown route is a plain 404, not an HTML page", async () => {
    const res = await rawHttp(base, { path: "/nope" });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("<");
  });
});

/** What Go's http.Error writes, as the go-sdk's streamable handler refuses (parity twin, measured). */
function expectGoError(res: { status: number; headers: Record<string, unknown>; body: string }, status: number, text: string): void {
  expect(res.status).toBe(status);
  expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
  expect(res.body).toBe(`${text}\n`);
}

describe("local safety", () => {
  it.each(["/health", "/"])("a non-loopback Host on %s is 403 (DNS rebinding)", async (path) => {
    const res = await rawHttp(base, { path, headers: { host: "evil.example.com" } });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: -32000 } });
  });

  it.each(["/mcp", "/sse"])("a non-loopback Host on %s is 403 in the go-sdk's words (DNS rebinding)", async (path) => {
    const res = await rawHttp(base, { path, headers: { host: "evil.example.com" } });
    expectGoError(res, 403, 'Forbidden: invalid Host header "evil.example.com"');
  });

  it.each(["localhost", "127.0.0.1", "[::1]"])("Host %s (with the port) is accepted", async (name) => {
    const port = new URL(base).port;
    const res = await rawHttp(base, { path: "/health", headers: { host: `${name}:${port}` } });
    expect(res.status).toBe(200);
  });

  it("a body over the limit is 413, worded and rendered as every other /mcp refusal", async () => {
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(70 * 1024) } });
    const res = await post("/mcp", big);
    expectGoError(res, 413, `Payload Too Large: request body exceeds ${64 * 1024} bytes (see --body-limit)`);
  });

  it("a body just under the limit is read, not refused", async () => {
    const { id } = await openSession();
    const body = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping", params: { _meta: { pad: "x".repeat(60 * 1024) } } });
    const res = await post("/mcp", body, { "mcp-session-id": id });
    expect(res.status).toBe(200);
  });

  it("malformed JSON is 400 text/plain with the go-sdk's prefix, never HTML", async () => {
    const res = await post("/mcp", '{"jsonrpc": "2.0", "id": 1, "method": ');
    expectGoError(res, 400, "malformed payload: unmarshaling jsonrpc message: unexpected EOF");
  });

  it("a body that is not JSON at all gets the Go decoder's own words", async () => {
    const res = await post("/mcp", "mxyz");
    expectGoError(res, 400, "malformed payload: unmarshaling jsonrpc message: json: invalid character 'm' looking for beginning of value: mxyz");
  });

  it("an unsupported MCP-Protocol-Version header is 400 listing the supported versions, as the go-sdk words it", async () => {
    const { id } = await openSession();
    const res = await post("/mcp", JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }), { "mcp-session-id": id, "mcp-protocol-version": "1999-01-01" });
    expectGoError(res, 400, "Bad Request: Unsupported protocol version (supported versions: 2025-11-25,2025-06-18,2025-03-26,2024-11-05)");
  });
});

describe("CORS", () => {
  it.each(["/mcp", "/sse", "/messages"])("OPTIONS %s is 200 with an empty body and the production headers", async (path) => {
    const res = await rawHttp(base, {
      method: "OPTIONS",
      path,
      headers: { origin: "https://chat.example", "access-control-request-method": "POST", "access-control-request-headers": "mcp-session-id" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe("");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["access-control-allow-methods"]).toBe("*");
    expect(res.headers["access-control-allow-headers"]).toBe("*");
    expect(res.headers["access-control-expose-headers"]).toBe("Mcp-Session-Id");
  });

  it("a POST to /mcp carries the CORS headers too", async () => {
    const res = await post("/mcp", initializeBody());
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["access-control-expose-headers"]).toBe("Mcp-Session-Id");
  });
});

describe("/mcp sessions", () => {
  // To a version it does not support the go-sdk answers its latest one, not 2025-06-18 as first
  // assumed (measured by the parity twin).
  it("initialize echoes a supported version and answers 2025-11-25 to any other", async () => {
    for (const v of ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]) {
      expect((await openSession(v)).result).toMatchObject({ protocolVersion: v });
    }
    expect((await openSession("2024-10-07")).result).toMatchObject({ protocolVersion: "2025-11-25" });
    expect((await openSession("2099-01-01")).result).toMatchObject({ protocolVersion: "2025-11-25" });
  });

  it("an unknown session id is 404", async () => {
    const res = await post("/mcp", JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }), { "mcp-session-id": "no-such-session" });
    expectGoError(res, 404, "session not found");
  });

  it("a request without a session id that is not initialize is answered by a session made for it, as the go-sdk does", async () => {
    const res = await post("/mcp", JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
    expect(res.status).toBe(200);
    expect(res.headers["mcp-session-id"]).toBeUndefined();
    expect(res.body).toBe('event: message\ndata: {"jsonrpc":"2.0","id":2,"error":{"code":0,"message":"method \\"tools/list\\" is invalid during session initialization"}}\n\n');
  });

  it("DELETE ends a session: later requests get 404", async () => {
    const { id } = await openSession();
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
    expect((await post("/mcp", ping, { "mcp-session-id": id })).status).toBe(200);
    const del = await rawHttp(base, { method: "DELETE", path: "/mcp", headers: { "mcp-session-id": id } });
    expect(del.status).toBe(204);
    expect((await post("/mcp", ping, { "mcp-session-id": id })).status).toBe(404);
  });

  it("an idle session expires after the idle timeout", async () => {
    const { id } = await openSession();
    await expect.poll(() => hostLog, { timeout: 10_000 }).toContain(expiry(id));
    const res = await post("/mcp", JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }), { "mcp-session-id": id });
    expect(res.status).toBe(404);
  });

  it("the GET /mcp stream writes `: keepalive` comments", async () => {
    const { id } = await openSession();
    const stream = await readStreamUntil(
      base,
      { path: "/mcp", headers: { accept: "text/event-stream", "mcp-session-id": id } },
      (text) => text.includes(": keepalive\n\n"),
    );
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
  });

  it("a session with an open GET stream is in use, not idle", async () => {
    const { id } = await openSession();
    const { id: idle } = await openSession();
    // Hold the stream until a session opened after this one has expired idle: by then this one's
    // idle timer would have fired too, had the open stream not kept it in use.
    await readStreamUntil(base, { path: "/mcp", headers: { accept: "text/event-stream", "mcp-session-id": id } }, () => hostLog.includes(expiry(idle)), 10_000);
    expect(hostLog).not.toContain(expiry(id));
    const res = await post("/mcp", JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }), { "mcp-session-id": id });
    expect(res.status).toBe(200);
  });
});

describe("/sse (legacy transport)", () => {
  it("GET /sse names the message endpoint first, then writes `: keepalive` comments", async () => {
    const stream = await readStreamUntil(base, { path: "/sse" }, (text) => text.includes(": keepalive\n\n"));
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(stream.text).toMatch(/^event: endpoint\ndata: \/messages\?sessionId=[0-9a-f-]+\n\n/);
  });

  it("POST /messages refuses a body it cannot decode as the go-sdk's SSE handler does, and an oversized one with 413", async () => {
    const opened = await openSseStream(base);
    try {
      expectGoError(await post(opened.endpoint, "{nope"), 400, "failed to parse body");
      // One message per POST: the go-sdk's SSE transport decodes no batch.
      expectGoError(await post(opened.endpoint, `[${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}]`), 400, "failed to parse body");
      expectGoError(await post(opened.endpoint, JSON.stringify({ pad: "x".repeat(70 * 1024) })), 413, `Payload Too Large: request body exceeds ${64 * 1024} bytes (see --body-limit)`);
    } finally {
      opened.close();
    }
  });

  it("POST /messages for an unknown session is 404, for none 400, in the go-sdk's words", async () => {
    expectGoError(await post("/messages?sessionId=nope", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })), 404, "session not found");
    expectGoError(await post("/messages", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })), 400, "sessionid must be provided");
  });
});

describe("refused initialize", () => {
  it("holds nothing: no session for 20 refused attempts, one for the accepted one after them", async () => {
    // The default idle timeout (30 min), so only the route itself could drop a refused attempt.
    const own = copyCatalog();
    const fresh = await listenHttp({ ...defaults, port: 0, toolsDir: own.dir, runDir: own.runDir }, { log: () => {} });
    try {
      for (let i = 0; i < 20; i++) {
        // Wrong Accept: refused with the go-sdk's 400 (measured by the parity twin; the TypeScript
        // SDK said 406), before any session is made.
        const res = await rawHttp(fresh.baseUrl, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, accept: "application/json" }, body: initializeBody() });
        expect(res.status).toBe(400);
        expect(res.headers["mcp-session-id"]).toBeUndefined();
      }
      expect(fresh.registry.size).toBe(0);
      const accepted = await rawHttp(fresh.baseUrl, { method: "POST", path: "/mcp", headers: mcpHeaders, body: initializeBody() });
      expect(accepted.status).toBe(200);
      expect(typeof accepted.headers["mcp-session-id"]).toBe("string");
      expect(fresh.registry.size).toBe(1);
    } finally {
      await fresh.close();
      own.remove();
    }
  });
});

describe("--max-sessions", () => {
  it("a new session past the cap closes the least recently used one, whose client then gets 404", async () => {
    const capped = copyCatalog();
    const lines: string[] = [];
    const small = await listenHttp({ ...defaults, port: 0, toolsDir: capped.dir, runDir: capped.runDir, maxSessions: 3 }, { log: (line) => lines.push(line) });
    try {
      const open = async () => {
        const res = await rawHttp(small.baseUrl, { method: "POST", path: "/mcp", headers: mcpHeaders, body: initializeBody() });
        expect(res.status).toBe(200);
        return res.headers["mcp-session-id"] as string;
      };
      const ping = (id: string) =>
        rawHttp(small.baseUrl, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, "mcp-session-id": id }, body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "ping" }) });
      const [a, b, c] = [await open(), await open(), await open()];
      // Using a makes b the least recently used.
      expect((await ping(a)).status).toBe(200);
      const d = await open();
      expect(small.registry.size).toBe(3);
      const evicted = await ping(b);
      expectGoError(evicted, 404, "session not found");
      for (const id of [a, c, d]) expect((await ping(id)).status).toBe(200);
      expect(lines).toContain(`session ${b} closed to make room: 3 sessions open (--max-sessions); it was the least recently used`);
    } finally {
      await small.close();
      capped.remove();
    }
  });
});
