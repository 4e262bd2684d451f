// `token`: production's sign-in, headless, against a running `--auth` server, all over HTTP as
// a client would do it: discovery (RFC 9728, RFC 8414), dynamic registration (RFC 7591),
// authorize with PKCE S256 and a resource indicator (RFC 8707), the sign-in page's form for the
// chosen persona, and the token request. Randomness and fetch are injected for the tests.
import { createHash, randomBytes } from "node:crypto";

export interface SignInOptions {
  /** The server: its origin or its /mcp (or /sse) URL. */
  url: string;
  /** The persona's user id, or "client-only" (a token that names no user). */
  user: string;
  fetch?: typeof fetch;
  random?: (bytes: number) => Buffer;
}

export class SignInError extends Error {}

export const tokenClientName = "careem-mcp token (command line)";
/** Never listened on: the code is read from the redirect's Location, never followed. */
const redirectUri = "http://127.0.0.1:9/careem-mcp-token/callback";

function resourceOf(typed: string): URL {
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    throw new SignInError(`--url must be the server's URL, such as http://127.0.0.1:8080, got "${typed}"`);
  }
  return new URL(url.pathname === "/" || url.pathname === "" ? "/mcp" : url.pathname, url.origin);
}

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!res.ok) throw new SignInError(`${what} answered ${res.status}: ${text.trim().slice(0, 300)}`);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new SignInError(`${what} did not answer JSON: ${text.slice(0, 200)}`);
  }
}

function codeIn(location: string | null, what: string): string {
  if (!location) throw new SignInError(`${what}: no redirect back to the client`);
  const back = new URL(location);
  const error = back.searchParams.get("error");
  if (error) throw new SignInError(`${what}: ${error}${back.searchParams.get("error_description") ? `: ${back.searchParams.get("error_description")}` : ""}`);
  const code = back.searchParams.get("code");
  if (!code) throw new SignInError(`${what}: redirected without a code`);
  return code;
}

/** Signs in as `user` and resolves the access token. */
export async function headlessSignIn(opts: SignInOptions): Promise<string> {
  const get = opts.fetch ?? fetch;
  const random = opts.random ?? randomBytes;
  const resource = resourceOf(opts.url);

  let discovery: Response;
  try {
    discovery = await get(new URL(`/.well-known/oauth-protected-resource${resource.pathname}`, resource.origin));
  } catch (err) {
    throw new SignInError(`no server at ${resource.origin} (${(err as Error).cause ?? (err as Error).message}); start it with ./careem-mcp.sh --auth`);
  }
  // Without --auth the server publishes no metadata for its /mcp: no sign-in, no token needed.
  if (discovery.status === 404) throw new SignInError(`${resource.origin} does not sign in (no protected resource metadata at ${resource.pathname}: it runs without --auth, and its calls need no token); to sign in, start it with ./careem-mcp.sh --auth`);
  const protectedResource = await json(discovery, "the protected resource metadata");
  const issuer = (protectedResource.authorization_servers as string[] | undefined)?.[0];
  if (!issuer) throw new SignInError(`${resource.origin} names no authorization server`);
  if (!issuer.startsWith(resource.origin)) throw new SignInError(`${resource.origin} signs in at ${issuer}, not at itself: is it started with --auth? (without it, discovery names Careem Identity and no token is needed)`);
  const server = await json(await get(new URL("/.well-known/oauth-authorization-server", issuer)), "the authorization server metadata");

  const registered = await json(
    await get(String(server.registration_endpoint), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_name: tokenClientName, redirect_uris: [redirectUri], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] }),
    }),
    "dynamic client registration",
  );
  const clientId = String(registered.client_id);

  const verifier = random(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const authorize = new URL(String(server.authorization_endpoint));
  authorize.search = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: "S256", resource: resource.href, state: random(16).toString("base64url") }).toString();
  const page = await get(authorize, { redirect: "manual" });

  let code: string;
  if (page.status === 302 || page.status === 303) {
    // --auth-auto-approve: no page, every sign-in is its one user.
    if (opts.user !== "900000001") throw new SignInError(`the server runs --auth-auto-approve, which signs everyone in as 900000001; start it with --auth (no auto-approve) to sign in as ${opts.user}`);
    code = codeIn(page.headers.get("location"), "authorize");
  } else {
    const html = await page.text();
    if (page.status !== 200) throw new SignInError(`authorize answered ${page.status}: ${html.trim().slice(0, 300)}`);
    const request = /name="request" value="([^"]+)"/.exec(html)?.[1];
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!request || !action) throw new SignInError("authorize did not answer with the sign-in page's form");
    const offered = [...html.matchAll(/name="persona" value="([^"]+)"/g)].map((m) => m[1]);
    if (!offered.includes(opts.user)) throw new SignInError(`--user ${opts.user} is not offered by the sign-in page; choose one of ${offered.join(", ")}`);
    const chosen = await get(new URL(action, authorize), { method: "POST", body: new URLSearchParams({ request, persona: opts.user, action: "allow" }), redirect: "manual" });
    if (chosen.status !== 302) throw new SignInError(`the sign-in page answered ${chosen.status}: ${(await chosen.text()).trim().slice(0, 300)}`);
    code = codeIn(chosen.headers.get("location"), "sign-in");
  }

  const tokens = await json(
    await get(String(server.token_endpoint), {
      method: "POST",
      body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: redirectUri, resource: resource.href }),
    }),
    "the token request",
  );
  if (typeof tokens.access_token !== "string") throw new SignInError("the token response has no access_token");
  return tokens.access_token;
}
