// Production's four auth failure texts, black-box over streamable HTTP, legacy SSE and stdio, and
// the decisions taken where production's behaviour is not known
// (docs/differences-from-production.md, "OAuth"): 401 with
// WWW-Authenticate where a session starts, 401 invalid_token for expired or foreign tokens,
// validation before auth, and no change at all without --auth.
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { generateKeyPair, SignJWT, UnsecuredJWT } from "jose";
import { defaults, type Config } from "../../../src/config.js";
import { listenHttp, type HttpHost } from "../../../src/server/http/http.js";
import { projectRoot, tempCatalog } from "../../reliability/spawnServer.js";
import { initializeBody, mcpHeaders, rawHttp, sseMessages } from "../../transports/rawHttp.js";
import { assertBuilt, cli } from "../../transports/transports.js";
import { autoApproved, MemoryOAuthClient, throughPage } from "./oauthClient.js";
import { serverNodeFlags } from "../../../scripts/serverNodeFlags.mjs";

let catalog: ReturnType<typeof tempCatalog>;
let host: HttpHost;
let base: string;
const tokens: Record<"sara" | "clientOnly", string> = { sara: "", clientOnly: "" };

async function serve(extra: Partial<Config>, clock?: () => number): Promise<HttpHost> {
  return listenHttp({ ...defaults, port: 0, toolsDir: catalog.toolsDir, runDir: catalog.runDir, ...extra }, { log: () => {}, clock });
}

async function signIn(serverUrl: string, persona: string | "auto"): Promise<MemoryOAuthClient> {
  const provider = new MemoryOAuthClient(persona === "auto" ? autoApproved : throughPage(persona));
  expect(await auth(provider, { serverUrl })).toBe("REDIRECT");
  expect(await auth(provider, { serverUrl, authorizationCode: provider.code })).toBe("AUTHORIZED");
  return provider;
}

beforeAll(async () => {
  catalog = tempCatalog(path.join(projectRoot, "tools"), "careem-auth-");
  host = await serve({ auth: true });
  base = host.baseUrl;
  tokens.sara = (await signIn(host.mcpUrl, "900000001")).tokens()?.access_token as string;
  tokens.clientOnly = (await signIn(host.mcpUrl, "client-only")).tokens()?.access_token as string;
});

afterAll(async () => {
  await host?.close();
  catalog?.remove();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const callBody = (name: string, args: unknown, id = 2) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

/** An unsigned JWT (alg none) with these claims: a JWT, but no signature at all. */
function unsignedJwt(claims: Record<string, unknown>): string {
  return new UnsecuredJWT(claims).encode();
}

async function openHttpSession(headers: Record<string, string>): Promise<string> {
  const res = await rawHttp(base, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, ...headers }, body: initializeBody() });
  expect(res.status).toBe(200);
  return res.headers["mcp-session-id"] as string;
}

async function httpCall(session: string, headers: Record<string, string>, body: string) {
  const res = await rawHttp(base, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, "mcp-session-id": session, "mcp-protocol-version": "2025-06-18", ...headers }, body });
  return { status: res.status, headers: res.headers, message: res.status === 200 ? (sseMessages(res.body)[0] as Record<string, unknown>) : (JSON.parse(res.body) as Record<string, unknown>) };
}

/** A legacy SSE session opened with `openHeaders`; answers arrive on its stream. */
async function openSseSession(openHeaders: Record<string, string>) {
  let text = "";
  let onText = () => {};
  const req = http.get(new URL("/sse", base), { headers: openHeaders });
  const endpoint = await new Promise<string>((resolve, reject) => {
    req.on("response", (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET /sse: ${res.statusCode}`));
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
        const m = /event: endpoint\ndata: (\S+)\n/.exec(text);
        if (m) resolve(m[1] as string);
        onText();
      });
    });
    req.on("error", reject);
  });
  const session = {
    async call(headers: Record<string, string>, body: string, id: number): Promise<Record<string, unknown>> {
      const answered = new Promise<Record<string, unknown>>((resolve) => {
        onText = () => {
          const found = (sseMessages(text) as Record<string, unknown>[]).find((m) => m.id === id);
          if (found) resolve(found);
        };
      });
      const posted = await rawHttp(base, { method: "POST", path: endpoint, headers: { "content-type": "application/json", ...headers }, body });
      expect(posted.status).toBe(202);
      return answered;
    },
    close: () => req.destroy(),
  };
  // As a client does: the session serves nothing but ping before initialize (the go-sdk's rule).
  const init = JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "failures", version: "1" } } });
  await session.call(openHeaders, init, 0);
  const initialized = await rawHttp(base, { method: "POST", path: endpoint, headers: { "content-type": "application/json", ...openHeaders }, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
  expect(initialized.status).toBe(202);
  return session;
}

function textOf(message: Record<string, unknown>): { isError: unknown; text: unknown } {
  const result = message.result as { isError?: boolean; content?: { text?: string }[] };
  return { isError: result?.isError, text: result?.content?.[0]?.text };
}

// Seed 003's table, one row each (the no-headers row is stdio's, below), plus the corners.
const failureRows: [label: string, headers: () => Record<string, string>, text: string][] = [
  ["no Authorization header", () => ({}), "missing Authorization header"],
  ["an empty Authorization header", () => ({ authorization: "" }), "missing Authorization header"],
  ["a bearer token that is not a JWT", () => bearer("not-a-jwt"), "token missing subject claim"],
  ["Basic credentials, not a bearer token", () => ({ authorization: "Basic dXNlcjpwYXNz" }), "token missing subject claim"],
  ["a JWT without a sub claim", () => bearer(unsignedJwt({ iss: "x" })), "token missing subject claim"],
  ["a JWT with an empty sub claim", () => bearer(unsignedJwt({ sub: "" })), "token missing subject claim"],
  ["a valid token that names no user (the page's client-only choice)", () => bearer(tokens.clientOnly), "missing X-User-ID header"],
];

describe("production's auth failure texts: tools/call results with isError: true", () => {
  it.each(failureRows)("streamable HTTP, %s", async (_label, headers, text) => {
    const session = await openHttpSession(bearer(tokens.sara));
    const answer = await httpCall(session, headers(), callBody("get_ride_status", { rideId: "ride_searching" }));
    expect(answer.status).toBe(200);
    expect(textOf(answer.message)).toEqual({ isError: true, text });
    expect((answer.message.result as Record<string, unknown>).structuredContent).toBeUndefined();
  });

  it.each(failureRows)("legacy SSE, %s", async (_label, headers, text) => {
    const session = await openSseSession(bearer(tokens.sara));
    try {
      expect(textOf(await session.call(headers(), callBody("get_ride_status", { rideId: "ride_searching" }, 7), 7))).toEqual({ isError: true, text });
    } finally {
      session.close();
    }
  });

  it("stdio with --auth: no request headers at all", async () => {
    assertBuilt();
    const transport = new StdioClientTransport({ command: process.execPath, args: [...serverNodeFlags, cli, "--stdio", "--auth", "--tools", catalog.toolsDir, "--run-dir", catalog.runDir], cwd: projectRoot, stderr: "pipe" });
    const client = new Client({ name: "careem-auth-tests", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      const result = await client.callTool({ name: "get_ride_status", arguments: { rideId: "ride_searching" } });
      expect(result).toEqual({ content: [{ type: "text", text: "missing request headers" }], isError: true });
    } finally {
      await client.close();
    }
  });

  it("a valid user token is answered as that user, over both HTTP transports", async () => {
    const session = await openHttpSession(bearer(tokens.sara));
    const answer = await httpCall(session, bearer(tokens.sara), callBody("get_ride_status", { rideId: "ride_searching" }));
    expect(answer.message.result).toMatchObject({ structuredContent: { rideId: "ride_searching" } });
    const sse = await openSseSession(bearer(tokens.sara));
    try {
      expect((await sse.call(bearer(tokens.sara), callBody("get_ride_status", { rideId: "ride_searching" }, 8), 8)).result).not.toHaveProperty("isError");
    } finally {
      sse.close();
    }
  });
});

describe("where production's behaviour is not known (docs/differences-from-production.md: OAuth)", () => {
  it("initialize without a token: 401 with WWW-Authenticate naming the protected resource metadata", async () => {
    const res = await rawHttp(base, { method: "POST", path: "/mcp", headers: mcpHeaders, body: initializeBody() });
    expect(res.status).toBe(401);
    expect(res.headers["www-authenticate"]).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    expect(res.headers["access-control-expose-headers"]).toBe("Mcp-Session-Id, WWW-Authenticate");
    expect(JSON.parse(res.body)).toEqual({ jsonrpc: "2.0", error: { code: -32000, message: `Unauthorized: sign in first (discovery: ${base}/.well-known/oauth-protected-resource/mcp)` }, id: null });
    const prm = JSON.parse((await rawHttp(base, { path: "/.well-known/oauth-protected-resource/mcp" })).body) as Record<string, unknown>;
    expect(prm).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base], bearer_methods_supported: ["header"] });
  });

  it("discovery documents answer a browser's CORS preflight (the SDK sends MCP-Protocol-Version)", async () => {
    for (const p of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-authorization-server"]) {
      const res = await rawHttp(base, { method: "OPTIONS", path: p, headers: { origin: "http://localhost:6274", "access-control-request-method": "GET", "access-control-request-headers": "mcp-protocol-version" } });
      expect([res.status, res.headers["access-control-allow-origin"], res.headers["access-control-allow-headers"]]).toEqual([204, "*", "*"]);
      expect((await rawHttp(base, { path: p })).headers["access-control-allow-origin"]).toBe("*");
    }
  });

  it("GET /sse without a token: 401 naming the /sse resource", async () => {
    const res = await rawHttp(base, { path: "/sse" });
    expect(res.status).toBe(401);
    expect(res.headers["www-authenticate"]).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/sse"`);
  });

  it("a bearer token that is not a JWT still opens a session; its calls say why", async () => {
    const session = await openHttpSession(bearer("not-a-jwt"));
    expect(textOf((await httpCall(session, bearer("not-a-jwt"), callBody("get_user_profile", {}))).message)).toEqual({ isError: true, text: "token missing subject claim" });
  });

  it("inside a session, methods other than tools/call need no token (production checks in the tool handler)", async () => {
    const session = await openHttpSession(bearer(tokens.sara));
    const list = await httpCall(session, {}, JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }));
    expect(list.status).toBe(200);
    expect(((list.message.result as { tools: unknown[] }).tools ?? []).length).toBeGreaterThan(0);
  });

  it("the user comes only from the verified token: a client's own X-User-ID header is ignored", async () => {
    const session = await openHttpSession(bearer(tokens.sara));
    const clientOnly = await httpCall(session, { ...bearer(tokens.clientOnly), "x-user-id": "900000001" }, callBody("get_user_profile", {}));
    expect(textOf(clientOnly.message)).toEqual({ isError: true, text: "missing X-User-ID header" });
    const sara = await httpCall(session, { ...bearer(tokens.sara), "x-user-id": "900000002" }, callBody("get_user_profile", {}));
    expect((sara.message.result as { structuredContent: { userId: string } }).structuredContent.userId).toBe("900000001");
  });

  it("argument validation and unknown tools answer before the auth check, as the Go SDK validates before the handler", async () => {
    const session = await openHttpSession(bearer(tokens.sara));
    const invalid = await httpCall(session, {}, callBody("get_ride_status", {}));
    expect(textOf(invalid.message)).toEqual({ isError: true, text: 'validating "arguments": validating root: required: missing properties: ["rideId"]' });
    const unknown = await httpCall(session, {}, callBody("no_such_tool", {}));
    expect(unknown.message.error).toEqual({ code: -32602, message: 'unknown tool "no_such_tool"' });
  });

  it("a token signed by another key (foreign): 401 invalid_token, on any request", async () => {
    const { privateKey } = await generateKeyPair("ES256");
    const foreign = await new SignJWT({ client_id: "x" }).setProtectedHeader({ alg: "ES256" }).setSubject("900000001").setIssuer(base).setAudience(`${base}/mcp`).setIssuedAt().setExpirationTime("1h").sign(privateKey);
    const opening = await rawHttp(base, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, ...bearer(foreign) }, body: initializeBody() });
    expect(opening.status).toBe(401);
    const description = "the token is not signed by this server (issued elsewhere, or before the server restarted)";
    expect(opening.headers["www-authenticate"]).toBe(`Bearer error="invalid_token", error_description="${description}", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    const session = await openHttpSession(bearer(tokens.sara));
    const call = await httpCall(session, bearer(foreign), callBody("get_user_profile", {}));
    expect(call.status).toBe(401);
    expect(call.message).toEqual({ jsonrpc: "2.0", error: { code: -32000, message: `Unauthorized: ${description}` }, id: null });
  });

  it("an unsigned JWT with a sub (alg none) is refused the same way: 401, never trusted", async () => {
    const session = await openHttpSession(bearer(tokens.sara));
    const call = await httpCall(session, bearer(unsignedJwt({ sub: "900000002", iss: base, aud: `${base}/mcp` })), callBody("get_user_profile", {}));
    expect(call.status).toBe(401);
    expect(call.headers["www-authenticate"]).toMatch(/^Bearer error="invalid_token"/);
  });

  it("a token issued for another origin (localhost, used at 127.0.0.1): 401, not this server's issuer", async () => {
    const elsewhere = host.mcpUrl.replace("127.0.0.1", "localhost");
    const token = (await signIn(elsewhere, "900000001")).tokens()?.access_token as string;
    const res = await rawHttp(base, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, ...bearer(token) }, body: initializeBody() });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error.message).toBe(`Unauthorized: the token was not issued by this server's authorization server (${base})`);
  });
});

describe("expiry and refresh (an injected clock, so no test waits)", () => {
  let shortLived: HttpHost;
  let now = Date.parse("2026-10-05T12:00:00Z");
  beforeAll(async () => {
    shortLived = await serve({ auth: true, authAutoApprove: true, authTokenTtlS: 600 }, () => now);
  });
  afterAll(async () => {
    await shortLived?.close();
  });

  it("an expired token gets 401 invalid_token; the SDK client refreshes and the call goes through", async () => {
    const provider = await signIn(shortLived.mcpUrl, "auto");
    const first = provider.tokens();
    const jwt = JSON.parse(Buffer.from((first?.access_token as string).split(".")[1] as string, "base64url").toString("utf8")) as { iat: number; exp: number };
    expect([jwt.iat, jwt.exp - jwt.iat, first?.expires_in]).toEqual([now / 1000, 600, 600]);
    const client = new Client({ name: "careem-auth-tests", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(shortLived.mcpUrl), { authProvider: provider }));
    try {
      expect((await client.callTool({ name: "get_user_profile", arguments: {} })).structuredContent).toMatchObject({ userId: "900000001" });
      expect(provider.saved).toHaveLength(1);

      now += 599_000;
      expect((await client.callTool({ name: "get_user_profile", arguments: {} })).isError).toBeUndefined(); // omitted when false, as the go-sdk does
      expect(provider.saved).toHaveLength(1);

      now += 1_000; // exp reached
      const raw = await rawHttp(shortLived.baseUrl, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, ...bearer(first?.access_token as string) }, body: initializeBody() });
      expect(raw.status).toBe(401);
      expect(raw.headers["www-authenticate"]).toBe(`Bearer error="invalid_token", error_description="the access token expired; refresh it or sign in again", resource_metadata="${shortLived.baseUrl}/.well-known/oauth-protected-resource/mcp"`);

      expect((await client.callTool({ name: "get_user_profile", arguments: {} })).structuredContent).toMatchObject({ userId: "900000001" });
      expect(provider.saved).toHaveLength(2);
      const second = provider.tokens();
      expect(second?.access_token).not.toBe(first?.access_token);
      expect(second?.refresh_token).not.toBe(first?.refresh_token);
    } finally {
      await client.close();
    }
    // Refresh tokens rotate: the first one is spent.
    const reuse = await fetch(`${shortLived.baseUrl}/token`, {
      method: "POST",
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: first?.refresh_token as string, client_id: provider.clientInformation()?.client_id as string }),
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toEqual({ error: "invalid_grant", error_description: "refresh token is unknown or already used" });
  });
});

describe("revocation", () => {
  it("a revoked refresh token cannot be used again; the access token lives out its lifetime", async () => {
    const provider = await signIn(host.mcpUrl, "900000001");
    const { refresh_token, access_token } = provider.tokens() as { refresh_token: string; access_token: string };
    const client_id = provider.clientInformation()?.client_id as string;
    const revoked = await fetch(`${base}/revoke`, { method: "POST", body: new URLSearchParams({ token: refresh_token, client_id }) });
    expect(revoked.status).toBe(200);
    const refresh = await fetch(`${base}/token`, { method: "POST", body: new URLSearchParams({ grant_type: "refresh_token", refresh_token, client_id }) });
    expect([refresh.status, await refresh.json()]).toEqual([400, { error: "invalid_grant", error_description: "refresh token is unknown or already used" }]);
    expect((await rawHttp(base, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, ...bearer(access_token) }, body: initializeBody() })).status).toBe(200);
  });
});

describe("without --auth nothing checks a token", () => {
  it("any Authorization header, or none, is served as the FIXTURES persona", async () => {
    const open = await serve({});
    try {
      for (const headers of [{}, bearer("garbage"), bearer(tokens.clientOnly)]) {
        const init = await rawHttp(open.baseUrl, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, ...headers }, body: initializeBody() });
        expect(init.status).toBe(200);
        const res = await rawHttp(open.baseUrl, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, ...headers, "mcp-session-id": init.headers["mcp-session-id"] as string, "mcp-protocol-version": "2025-06-18" }, body: callBody("get_ride_status", { rideId: "ride_searching" }) });
        expect((sseMessages(res.body)[0] as { result: unknown }).result).not.toHaveProperty("isError");
      }
      expect((await rawHttp(open.baseUrl, { path: "/.well-known/oauth-authorization-server" })).status).toBe(404);
    } finally {
      await open.close();
    }
  });
});
