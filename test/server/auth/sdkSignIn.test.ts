// The MCP SDK client signs in against `--auth` exactly as a real client would, over HTTP to the
// spawned server: discovery (RFC 9728, RFC 8414) -> dynamic registration (RFC 7591) ->
// authorize (PKCE S256, resource indicator) -> token -> a call; then the same driven by the
// transport's own 401 handling, and the sign-in page's personas.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { projectRoot, spawnServer, tempCatalog, type SpawnedServer } from "../../reliability/spawnServer.js";
import { assertBuilt } from "../../transports/transports.js";
import { autoApproved, MemoryOAuthClient, throughPage } from "./oauthClient.js";

type Catalog = ReturnType<typeof tempCatalog>;
let catalog: Catalog;
let autoServer: SpawnedServer;
let pageServer: SpawnedServer;

beforeAll(async () => {
  assertBuilt();
  catalog = tempCatalog(path.join(projectRoot, "tools"), "careem-auth-");
  [autoServer, pageServer] = await Promise.all([
    spawnServer({ toolsDir: catalog.toolsDir, runDir: catalog.runDir, args: ["--auth", "--auth-auto-approve"] }),
    spawnServer({ toolsDir: catalog.toolsDir, runDir: catalog.runDir, args: ["--auth"] }),
  ]);
});

afterAll(async () => {
  await Promise.all([autoServer?.stop(), pageServer?.stop()]);
  catalog?.remove();
});

async function callAs(url: string, provider: MemoryOAuthClient, tool: string, args: Record<string, unknown> = {}) {
  const client = new Client({ name: "careem-auth-tests", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  try {
    return await client.callTool({ name: tool, arguments: args });
  } finally {
    await client.close();
  }
}

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString("utf8")) as Record<string, unknown>;
}

describe("the SDK's auth() against --auth --auth-auto-approve", () => {
  it("discovers, registers, authorizes, gets a signed JWT and calls a tool as 900000001", async () => {
    const provider = new MemoryOAuthClient(autoApproved);
    const serverUrl = autoServer.mcpUrl;
    expect(await auth(provider, { serverUrl })).toBe("REDIRECT");
    expect(provider.clientInformation()?.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(provider.code).toBeTruthy();
    expect(await auth(provider, { serverUrl, authorizationCode: provider.code })).toBe("AUTHORIZED");

    const tokens = provider.tokens();
    expect(tokens?.token_type).toBe("Bearer");
    expect(tokens?.refresh_token).toBeTruthy();
    const jwt = claims(tokens?.access_token as string);
    expect(jwt).toMatchObject({ sub: "900000001", iss: autoServer.baseUrl, aud: serverUrl, client_id: provider.clientInformation()?.client_id });
    expect(jwt.exp).toBe((jwt.iat as number) + 3600);

    const result = await callAs(serverUrl, provider, "get_user_profile");
    expect(result.isError).toBeUndefined(); // omitted when false, as the go-sdk does
    expect(result.structuredContent).toMatchObject({ userId: "900000001", name: "Sara Al Mansoori" });
  });

  it("the transport's own 401 starts the same sign-in; finishAuth completes it", async () => {
    const provider = new MemoryOAuthClient(autoApproved);
    const transport = new StreamableHTTPClientTransport(new URL(autoServer.mcpUrl), { authProvider: provider });
    const client = new Client({ name: "careem-auth-tests", version: "1.0.0" });
    await expect(client.connect(transport)).rejects.toThrow(/Unauthorized/);
    expect(provider.code).toBeTruthy();
    await transport.finishAuth(provider.code as string);
    expect(await callAs(autoServer.mcpUrl, provider, "get_wallet_balance", { transactionsLimit: 0 })).toMatchObject({
      structuredContent: { balance: { amount: 125.5, currency: "AED" } },
    });
  });

  it("legacy SSE signs in the same way, for the /sse resource", async () => {
    const provider = new MemoryOAuthClient(autoApproved);
    expect(await auth(provider, { serverUrl: autoServer.sseUrl })).toBe("REDIRECT");
    expect(await auth(provider, { serverUrl: autoServer.sseUrl, authorizationCode: provider.code })).toBe("AUTHORIZED");
    expect(claims(provider.tokens()?.access_token as string).aud).toBe(autoServer.sseUrl);
    const client = new Client({ name: "careem-auth-tests", version: "1.0.0" });
    await client.connect(new SSEClientTransport(new URL(autoServer.sseUrl), { authProvider: provider }));
    try {
      expect(await client.callTool({ name: "get_user_profile", arguments: {} })).toMatchObject({ structuredContent: { userId: "900000001" } });
    } finally {
      await client.close();
    }
  });
});

describe("the sign-in page (--auth without auto-approve)", () => {
  async function signedInAs(persona: string): Promise<MemoryOAuthClient> {
    const provider = new MemoryOAuthClient(throughPage(persona));
    expect(await auth(provider, { serverUrl: pageServer.mcpUrl })).toBe("REDIRECT");
    expect(await auth(provider, { serverUrl: pageServer.mcpUrl, authorizationCode: provider.code })).toBe("AUTHORIZED");
    return provider;
  }

  it("the page is a labelled radio group of the personas", async () => {
    let html = "";
    const provider = new MemoryOAuthClient(async (url) => {
      html = await (await fetch(url)).text();
      return "unused";
    });
    await auth(provider, { serverUrl: pageServer.mcpUrl });
    expect(html).toContain("<legend>Sign in as</legend>");
    const labels = [...html.matchAll(/<input type="radio" id="([^"]+)" name="persona" value="([^"]+)"[^>]*>\n<label for="([^"]+)">([^<]+)<\/label>/g)].map((m) => [m[2], m[1] === m[3], m[4]]);
    expect(labels).toEqual([
      ["900000001", true, "Sara Al Mansoori (900000001)"],
      ["900000002", true, "Omar Haddad (900000002)"],
      ["client-only", true, "No user: the client only"],
    ]);
  });

  it("signed in as Omar, the account tools answer with his data", async () => {
    const provider = await signedInAs("900000002");
    expect(claims(provider.tokens()?.access_token as string).sub).toBe("900000002");
    expect((await callAs(pageServer.mcpUrl, provider, "get_user_profile")).structuredContent).toMatchObject({ userId: "900000002", name: "Omar Haddad" });
    const places = (await callAs(pageServer.mcpUrl, provider, "get_saved_locations")).structuredContent as { locations: { placeId: string }[] };
    expect(places.locations.map((l) => l.placeId)).toEqual(["saved_home_omar", "saved_work_omar"]);
    expect((await callAs(pageServer.mcpUrl, provider, "get_wallet_balance", { transactionsLimit: 0 })).structuredContent).toMatchObject({ balance: { amount: 18 } });
    expect((await callAs(pageServer.mcpUrl, provider, "get_payment_methods")).structuredContent).toMatchObject({ defaultPaymentMethodId: "pm_mc_5100" });
  });

  it("signed in as Sara, the same calls answer with hers", async () => {
    const provider = await signedInAs("900000001");
    const places = (await callAs(pageServer.mcpUrl, provider, "get_saved_locations")).structuredContent as { locations: { placeId: string }[] };
    expect(places.locations.map((l) => l.placeId)).toEqual(["saved_home", "saved_work", "saved_gym"]);
  });

  it("Deny sends the browser back with access_denied", async () => {
    let location = "";
    const provider = new MemoryOAuthClient(async (url) => {
      const html = await (await fetch(url)).text();
      const request = /name="request" value="([^"]+)"/.exec(html)?.[1] as string;
      const res = await fetch(new URL("/sign-in", url), { method: "POST", body: new URLSearchParams({ request, action: "deny" }), redirect: "manual" });
      location = res.headers.get("location") ?? "";
      return "";
    });
    await auth(provider, { serverUrl: pageServer.mcpUrl });
    const back = new URL(location);
    expect(`${back.origin}${back.pathname}`).toBe(provider.redirectUrl);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
  });
});
