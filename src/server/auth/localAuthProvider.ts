// The local authorization server's state and decisions, behind the MCP SDK's
// OAuthServerProvider interface: the SDK's handlers parse and check every request (client
// authentication, redirect URIs, PKCE S256, registration metadata) and call in here.
// Everything is in memory; a restart forgets clients and tokens, as a fresh clone would.
import { randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import type { Request, Response } from "express";
import type { AuthorizationParams, OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { InvalidGrantError, InvalidRequestError, InvalidTargetError, InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthClientInformationFull, OAuthTokenRevocationRequest, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Clock } from "../../base/types.js";
import { clientOnly, isUserId, personas } from "./personas.js";
import { TokenSigner } from "./tokenSigner.js";
import { signInPage } from "./signInPage.js";
import { Expiring } from "./expiring.js";

/** The resources this server is, seen from one origin: streamable HTTP and legacy SSE. */
export function resourcesOf(origin: string): string[] {
  return [`${origin}/mcp`, `${origin}/sse`];
}

/** One sign-in on its way: what the client asked for, where it came from. */
interface Grant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state?: string;
  scopes: string[];
  resource: string;
  origin: string;
  expiresAt: number;
}

/** Who the grant signed in as: a user id, or "" for the client itself. */
type Signed = Grant & { userId: string };

export interface ProviderOptions {
  clock: Clock;
  tokenTtlS: number;
  /** Sign every sign-in in as this user without showing the page (--auth-auto-approve). */
  autoApproveAs?: string;
  originOf(req: Request): string;
}

const pendingTtlMs = 10 * 60 * 1000;
/** Registered clients kept: the least recently used goes first (it registers again, as after a restart). */
export const MAX_CLIENTS = 1_000;
const codeTtlMs = 5 * 60 * 1000;

function secret(): string {
  return randomBytes(24).toString("base64url");
}

export class LocalAuthProvider implements OAuthServerProvider {
  readonly signer: TokenSigner;
  private readonly clients = new Map<string, OAuthClientInformationFull>();
  private readonly pending: Expiring<Grant>;
  private readonly codes: Expiring<Signed>;
  /** Refresh tokens do not expire on their own; each is used once and replaced (rotation). */
  private readonly refreshTokens = new Map<string, Signed>();

  constructor(private readonly opts: ProviderOptions) {
    this.signer = new TokenSigner(opts.clock);
    this.pending = new Expiring(opts.clock);
    this.codes = new Expiring(opts.clock);
  }

  get clientsStore(): OAuthRegisteredClientsStore {
    return {
      getClient: (id) => {
        const client = this.clients.get(id);
        // Used now: moved to the end, the last the cap would forget.
        if (client) {
          this.clients.delete(id);
          this.clients.set(id, client);
        }
        return client;
      },
      registerClient: (client) => {
        const full = client as OAuthClientInformationFull;
        if (this.clients.size >= MAX_CLIENTS) this.clients.delete(this.clients.keys().next().value as string);
        this.clients.set(full.client_id, full);
        return full;
      },
    };
  }

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    const origin = this.opts.originOf(res.req);
    const resource = params.resource?.href ?? `${origin}/mcp`;
    if (!resourcesOf(origin).includes(resource)) {
      throw new InvalidTargetError(`resource ${resource} is not served here; use ${resourcesOf(origin).join(" or ")}`);
    }
    const grant: Grant = {
      clientId: client.client_id,
      redirectUri: params.redirectUri,
      codeChallenge: params.codeChallenge,
      state: params.state,
      scopes: params.scopes ?? [],
      resource,
      origin,
      expiresAt: this.opts.clock() + pendingTtlMs,
    };
    if (this.opts.autoApproveAs !== undefined) {
      res.redirect(302, this.approve(grant, this.opts.autoApproveAs));
      return;
    }
    const id = secret();
    this.pending.set(id, grant);
    // Never inside another site's frame: a page could overlay it and take the click (clickjacking).
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Content-Security-Policy", "frame-ancestors 'none'");
    res.status(200).type("text/html; charset=utf-8").send(signInPage({ requestId: id, clientName: client.client_name, clientId: client.client_id, clientUri: client.client_uri, resource }));
  }

  /**
   * The sign-in page's answer: where to send the browser next. A persona gets a code; "deny"
   * gets access_denied; an unknown or expired request is an error of the page itself (400).
   */
  decide(requestId: string, choice: string): { redirect: string } | { error: string } {
    const grant = this.pending.take(requestId);
    if (!grant) return { error: "This sign-in request is unknown or expired (10 minutes). Start the sign-in again from your client." };
    if (choice === "deny") return { redirect: redirectWith(grant.redirectUri, { error: "access_denied", error_description: "the user declined", state: grant.state }) };
    const userId = choice === clientOnly ? "" : personas.find((p) => p.userId === choice)?.userId;
    if (userId === undefined) return { error: `Unknown choice "${choice}". Start the sign-in again from your client.` };
    return { redirect: this.approve(grant, userId) };
  }

  private approve(grant: Grant, userId: string): string {
    const code = secret();
    this.codes.set(code, { ...grant, userId, expiresAt: this.opts.clock() + codeTtlMs });
    return redirectWith(grant.redirectUri, { code, state: grant.state });
  }

  async challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<string> {
    const signed = this.codes.peek(code);
    if (!signed || signed.clientId !== client.client_id) throw new InvalidGrantError("authorization code is unknown, used or expired");
    return signed.codeChallenge;
  }

  async exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string, _verifier?: string, redirectUri?: string, resource?: URL): Promise<OAuthTokens> {
    const signed = this.codes.take(code);
    if (!signed || signed.clientId !== client.client_id) throw new InvalidGrantError("authorization code is unknown, used or expired");
    if (redirectUri !== undefined && redirectUri !== signed.redirectUri) throw new InvalidGrantError("redirect_uri differs from the one of the authorization request");
    if (resource && resource.href !== signed.resource) throw new InvalidTargetError(`resource ${resource.href} differs from the authorized ${signed.resource}`);
    return this.issue(signed);
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string, scopes?: string[], resource?: URL): Promise<OAuthTokens> {
    const signed = this.refreshTokens.get(refreshToken);
    if (!signed || signed.clientId !== client.client_id) throw new InvalidGrantError("refresh token is unknown or already used");
    if (resource && resource.href !== signed.resource) throw new InvalidTargetError(`resource ${resource.href} differs from the authorized ${signed.resource}`);
    if (scopes?.some((s) => !signed.scopes.includes(s))) throw new InvalidRequestError("a refresh cannot widen the scopes");
    this.refreshTokens.delete(refreshToken);
    return this.issue({ ...signed, scopes: scopes ?? signed.scopes });
  }

  private async issue(signed: Signed): Promise<OAuthTokens> {
    const { token } = await this.signer.sign({
      sub: signed.userId || signed.clientId,
      iss: signed.origin,
      aud: signed.resource,
      clientId: signed.clientId,
      scopes: signed.scopes,
      ttlS: this.opts.tokenTtlS,
    });
    const refresh = secret();
    this.refreshTokens.set(refresh, signed);
    return {
      access_token: token,
      token_type: "Bearer",
      expires_in: this.opts.tokenTtlS,
      refresh_token: refresh,
      ...(signed.scopes.length > 0 ? { scope: signed.scopes.join(" ") } : {}),
    };
  }

  /** A token for a request that reached this server at `origin`: issued here, for this resource, unexpired. */
  async verifyFor(token: string, origin: string): Promise<AuthInfo> {
    const claims = await this.signer.verify(token, { issuer: origin, audiences: resourcesOf(origin) });
    const sub = claims.sub as string;
    const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
    return {
      token,
      clientId: typeof claims.client_id === "string" ? claims.client_id : "",
      scopes: typeof claims.scope === "string" && claims.scope !== "" ? claims.scope.split(" ") : [],
      expiresAt: claims.exp,
      resource: aud ? new URL(aud) : undefined,
      extra: isUserId(sub) ? { userId: sub } : {},
    };
  }

  /** The SDK's interface has no request to take the origin from: trust the token's own `iss`, then check it fully. */
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    let iss: unknown;
    try {
      iss = decodeJwt(token).iss;
    } catch {
      throw new InvalidTokenError("not a JWT");
    }
    if (typeof iss !== "string") throw new InvalidTokenError("token has no issuer");
    return this.verifyFor(token, iss);
  }

  async revokeToken(_client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    // Access tokens are self-contained JWTs and live out their short lifetime.
    this.refreshTokens.delete(request.token);
  }
}

function redirectWith(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}
