// Access tokens are JWTs signed with a key made at start-up (ES256, by jose): `sub` the user id,
// `iss` this server's origin, `aud` the resource, `exp`. A restart makes every earlier token
// foreign, as a key rotation would. The clock is injected so tests can expire tokens.
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK, type JWTPayload } from "jose";
import type { Clock } from "../../base/types.js";

const alg = "ES256";

export interface AccessClaims {
  sub: string;
  iss: string;
  aud: string;
  clientId: string;
  scopes: string[];
  ttlS: number;
}

export class TokenSigner {
  private readonly keys = generateKeyPair(alg, { extractable: true });
  readonly kid = randomUUID();

  constructor(private readonly clock: Clock) {}

  async sign(claims: AccessClaims): Promise<{ token: string; expiresAt: number }> {
    const { privateKey } = await this.keys;
    const now = Math.floor(this.clock() / 1000);
    const expiresAt = now + claims.ttlS;
    const token = await new SignJWT({ client_id: claims.clientId, scope: claims.scopes.join(" ") })
      .setProtectedHeader({ alg, kid: this.kid, typ: "at+jwt" })
      .setSubject(claims.sub)
      .setIssuer(claims.iss)
      .setAudience(claims.aud)
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .setJti(randomUUID())
      .sign(privateKey);
    return { token, expiresAt };
  }

  /** Signature, issuer, audience and expiry; throws a jose error whose message says which failed. */
  async verify(token: string, expected: { issuer: string; audiences: string[] }): Promise<JWTPayload> {
    const { publicKey } = await this.keys;
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [alg],
      issuer: expected.issuer,
      audience: expected.audiences,
      currentDate: new Date(this.clock()),
      requiredClaims: ["sub", "exp"],
    });
    return payload;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    const jwk = await exportJWK((await this.keys).publicKey);
    return { keys: [{ ...jwk, kid: this.kid, alg, use: "sig" }] };
  }
}
