// Remote clients reach a local server through an HTTPS tunnel that forwards its public Host name.
// --allowed-host lets exactly those names past the DNS-rebinding check; --public-url (or the
// tunnel's forwarded name and scheme) is what discovery, the issuer and the resource name.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaults, type Config } from "../../../src/config.js";
import { listenHttp, type HttpHost } from "../../../src/server/http/http.js";
import { projectRoot, spawnServer, tempCatalog } from "../../reliability/spawnServer.js";
import { initializeBody, mcpHeaders, rawHttp } from "../../transports/rawHttp.js";

const tunnel = "abc123.ngrok-free.app";
let catalog: ReturnType<typeof tempCatalog>;

beforeAll(() => {
  catalog = tempCatalog(path.join(projectRoot, "tools"), "careem-tunnel-");
});
afterAll(() => catalog?.remove());

async function withHost<T>(extra: Partial<Config>, fn: (host: HttpHost) => Promise<T>): Promise<T> {
  const host = await listenHttp({ ...defaults, port: 0, toolsDir: catalog.toolsDir, runDir: catalog.runDir, ...extra }, { log: () => {} });
  try {
    return await fn(host);
  } finally {
    await host.close();
  }
}

const initialize = (base: string, headers: Record<string, string>) => rawHttp(base, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, ...headers }, body: initializeBody() });
const json = async (base: string, p: string, headers: Record<string, string>) => JSON.parse((await rawHttp(base, { path: p, headers })).body) as Record<string, unknown>;

describe("--allowed-host", () => {
  it("without it, a tunnel's Host gets 403 with the unchanged message", async () => {
    await withHost({}, async (host) => {
      const res = await initialize(host.baseUrl, { host: tunnel });
      expect(res.status).toBe(403);
      // /mcp refuses in the go-sdk's words, text/plain (as the parity twin measured).
      expect(res.body).toBe(`Forbidden: invalid Host header "${tunnel}"\n`);
    });
  });

  it("with it, that name (any port, any case) is served, and every other name still gets 403", async () => {
    await withHost({ allowedHosts: [tunnel] }, async (host) => {
      for (const name of [tunnel, `${tunnel}:443`, tunnel.toUpperCase()]) expect((await initialize(host.baseUrl, { host: name })).status).toBe(200);
      for (const name of ["evil.example", `x.${tunnel}`, "ngrok-free.app"]) {
        const res = await initialize(host.baseUrl, { host: name });
        expect(res.status).toBe(403);
        expect(res.body).toBe(`Forbidden: invalid Host header "${name}"\n`);
      }
      expect((await initialize(host.baseUrl, {})).status).toBe(200);
    });
  });

  it("through the tunnel, discovery names the https URL the client sees (X-Forwarded-Proto)", async () => {
    await withHost({ allowedHosts: [tunnel] }, async (host) => {
      const doc = await json(host.baseUrl, "/.well-known/oauth-protected-resource", { host: tunnel, "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" });
      expect(doc.resource).toBe(`https://${tunnel}/mcp`);
      expect(doc.authorization_servers).toEqual(["https://identity.careem.com"]);
    });
  });

  it("a tunnel that rewrites Host to localhost but forwards its name (X-Forwarded-Host) is named too", async () => {
    await withHost({ allowedHosts: [tunnel] }, async (host) => {
      const doc = await json(host.baseUrl, "/.well-known/oauth-protected-resource", { host: "localhost:8080", "x-forwarded-host": tunnel, "x-forwarded-proto": "https" });
      expect(doc.resource).toBe(`https://${tunnel}/mcp`);
    });
  });

  it("forwarded headers naming a host that is not allowed are ignored", async () => {
    await withHost({ allowedHosts: [tunnel] }, async (host) => {
      const doc = await json(host.baseUrl, "/.well-known/oauth-protected-resource", { host: "127.0.0.1", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
      expect(doc.resource).toBe("http://127.0.0.1/mcp");
    });
  });
});

describe("--public-url", () => {
  const publicUrl = `https://${tunnel}`;

  it("names the resource in discovery, without --auth", async () => {
    await withHost({ allowedHosts: [tunnel], publicUrl }, async (host) => {
      expect((await json(host.baseUrl, "/.well-known/oauth-protected-resource", { host: tunnel })).resource).toBe(`${publicUrl}/mcp`);
      expect((await json(host.baseUrl, "/.well-known/oauth-protected-resource", {})).resource).toBe(`${publicUrl}/mcp`);
    });
  });

  it("with --auth, the issuer, every endpoint, the 401 challenge and the token all name it", async () => {
    await withHost({ allowedHosts: [tunnel], publicUrl, auth: true, authAutoApprove: true }, async (host) => {
      const headers = { host: tunnel, "x-forwarded-proto": "https" };
      expect(await json(host.baseUrl, "/.well-known/oauth-protected-resource/mcp", headers)).toMatchObject({ resource: `${publicUrl}/mcp`, authorization_servers: [publicUrl] });
      expect(await json(host.baseUrl, "/.well-known/oauth-authorization-server", headers)).toMatchObject({
        issuer: publicUrl,
        authorization_endpoint: `${publicUrl}/authorize`,
        token_endpoint: `${publicUrl}/token`,
        registration_endpoint: `${publicUrl}/register`,
        code_challenge_methods_supported: ["S256"],
        grant_types_supported: ["authorization_code", "refresh_token"],
      });
      const challenge = await initialize(host.baseUrl, headers);
      expect(challenge.status).toBe(401);
      expect(challenge.headers["www-authenticate"]).toBe(`Bearer resource_metadata="${publicUrl}/.well-known/oauth-protected-resource/mcp"`);

      // The whole sign-in by hand, as the tunnel would carry it: register, authorize, token.
      const redirectUri = "https://chatgpt.com/connector_platform_oauth_redirect";
      const reg = await rawHttp(host.baseUrl, { method: "POST", path: "/register", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [redirectUri], token_endpoint_auth_method: "none", client_name: "tunnel test" }) });
      expect(reg.status).toBe(201);
      const clientId = JSON.parse(reg.body).client_id as string;
      const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"; // RFC 7636 appendix B
      const query = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256", resource: `${publicUrl}/mcp`, state: "s" });
      const authorize = await rawHttp(host.baseUrl, { path: `/authorize?${query}`, headers });
      expect(authorize.status).toBe(302);
      const code = new URL(authorize.headers.location as string).searchParams.get("code") as string;
      const token = await rawHttp(host.baseUrl, {
        method: "POST",
        path: "/token",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: redirectUri, resource: `${publicUrl}/mcp` }).toString(),
      });
      expect(token.status).toBe(200);
      const access = JSON.parse(token.body).access_token as string;
      const claims = JSON.parse(Buffer.from(access.split(".")[1] as string, "base64url").toString("utf8")) as Record<string, unknown>;
      expect(claims).toMatchObject({ iss: publicUrl, aud: `${publicUrl}/mcp`, sub: "900000001" });
      expect((await initialize(host.baseUrl, { ...headers, authorization: `Bearer ${access}` })).status).toBe(200);
    });
  });

  it("PKCE is enforced: a wrong code_verifier gets invalid_grant", async () => {
    await withHost({ auth: true, authAutoApprove: true }, async (host) => {
      const redirectUri = "http://127.0.0.1:9/cb";
      const reg = await rawHttp(host.baseUrl, { method: "POST", path: "/register", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [redirectUri], token_endpoint_auth_method: "none" }) });
      const clientId = JSON.parse(reg.body).client_id as string;
      const query = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256" });
      const code = new URL((await rawHttp(host.baseUrl, { path: `/authorize?${query}` })).headers.location as string).searchParams.get("code") as string;
      const token = await rawHttp(host.baseUrl, { method: "POST", path: "/token", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: "x".repeat(43), client_id: clientId }).toString() });
      expect(token.status).toBe(400);
      expect(JSON.parse(token.body)).toEqual({ error: "invalid_grant", error_description: "code_verifier does not match the challenge" });
    });
  });

  it("a resource indicator for another server is refused at the authorize step (RFC 8707 invalid_target)", async () => {
    await withHost({ auth: true, authAutoApprove: true }, async (host) => {
      const redirectUri = "http://127.0.0.1:9/cb";
      const reg = await rawHttp(host.baseUrl, { method: "POST", path: "/register", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [redirectUri], token_endpoint_auth_method: "none" }) });
      const clientId = JSON.parse(reg.body).client_id as string;
      const query = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256", resource: "https://other.example/mcp" });
      const back = new URL((await rawHttp(host.baseUrl, { path: `/authorize?${query}` })).headers.location as string);
      expect(back.searchParams.get("error")).toBe("invalid_target");
      expect(back.searchParams.get("code")).toBeNull();
    });
  });
});

describe("the command line", () => {
  it("CAREEM_MCP_ALLOWED_HOSTS takes a comma list; a repeated --allowed-host replaces it, as every flag beats its variable", async () => {
    const env = { CAREEM_MCP_ALLOWED_HOSTS: `${tunnel}, c.example.dev` };
    const fromEnv = await spawnServer({ toolsDir: catalog.toolsDir, runDir: catalog.runDir, env });
    const fromFlags = await spawnServer({ toolsDir: catalog.toolsDir, runDir: catalog.runDir, env, args: ["--allowed-host", "b.trycloudflare.com", "--allowed-host", "d.example.dev"] });
    try {
      const status = async (base: string, name: string) => (await initialize(base, { host: name })).status;
      expect(await Promise.all([tunnel, "c.example.dev", "b.trycloudflare.com"].map((n) => status(fromEnv.baseUrl, n)))).toEqual([200, 200, 403]);
      expect(await Promise.all([tunnel, "b.trycloudflare.com", "d.example.dev"].map((n) => status(fromFlags.baseUrl, n)))).toEqual([403, 200, 200]);
    } finally {
      await Promise.all([fromEnv.stop(), fromFlags.stop()]);
    }
  });

  it("--public-url must be an origin", async () => {
    const { execFileSync } = await import("node:child_process");
    let stderr = "";
    try {
      execFileSync(process.execPath, [path.join(projectRoot, "dist", "cli.js"), "--public-url", "https://abc.example/mcp", "--port", "0"], { encoding: "utf8", stdio: "pipe" });
    } catch (err) {
      stderr = String((err as { stderr?: string }).stderr);
    }
    expect(stderr).toContain(`--public-url must be an http(s) origin with no path, query or fragment, got "https://abc.example/mcp"`);
  });
});
