// The client side of the tests' sign-ins: an in-memory OAuthClientProvider for the MCP SDK's own
// auth() and transports, and two ways through the authorize step that a headless test can take
// (the auto-approve redirect, or the sign-in page's form, POSTed as a browser would).
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

/** Follows the authorize URL to the redirect and returns the code it carries. */
export type SignIn = (authorizationUrl: URL) => Promise<string>;

function codeFrom(location: string | null, what: string): string {
  if (!location) throw new Error(`${what}: no redirect`);
  const url = new URL(location);
  const code = url.searchParams.get("code");
  if (!code) throw new Error(`${what}: redirected without a code: ${location}`);
  return code;
}

/** --auth-auto-approve: /authorize redirects straight back with a code. */
export const autoApproved: SignIn = async (url) => {
  const res = await fetch(url, { redirect: "manual" });
  return codeFrom(res.headers.get("location"), `GET ${url.pathname}`);
};

/** The sign-in page: read its form, choose `persona` (a user id, "client-only" or "deny"), submit. */
export function throughPage(persona: string): SignIn {
  return async (url) => {
    const page = await fetch(url, { redirect: "manual" });
    const html = await page.text();
    const request = /name="request" value="([^"]+)"/.exec(html)?.[1];
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!request || !action) throw new Error(`no sign-in form at ${url} (status ${page.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams(persona === "deny" ? { request, action: "deny" } : { request, persona, action: "allow" });
    const res = await fetch(new URL(action, url), { method: "POST", body: form, redirect: "manual" });
    return codeFrom(res.headers.get("location"), `POST ${action}`);
  };
}

export class MemoryOAuthClient implements OAuthClientProvider {
  readonly redirectUrl = "http://127.0.0.1:9/careem-auth-tests/callback";
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: "careem-auth-tests",
    redirect_uris: [this.redirectUrl],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
  /** Every token set the SDK saved, oldest first. */
  readonly saved: OAuthTokens[] = [];
  /** The code the last authorize step ended with. */
  code: string | undefined;
  private info: OAuthClientInformationMixed | undefined;
  private current: OAuthTokens | undefined;
  private verifier = "";

  constructor(private readonly signIn: SignIn) {}

  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.current;
  }
  saveTokens(tokens: OAuthTokens) {
    this.current = tokens;
    this.saved.push(tokens);
  }
  async redirectToAuthorization(url: URL) {
    this.code = await this.signIn(url);
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}
