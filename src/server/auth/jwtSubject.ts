// A bearer token's `sub`, read without checking its signature: the handler's first look at who a
// call is for (callIdentity.ts) and the gate's test for "a JWT that names a user" (bearerGate.ts).
// Its own file, importing jose's decoder alone, so that a server without --auth (stdio above all,
// spawned once per client session) does not load the signing half of jose at start.
import { decodeJwt } from "jose/jwt/decode";

export function unverifiedSubject(token: string): string | undefined {
  try {
    const sub = decodeJwt(token).sub;
    return typeof sub === "string" && sub !== "" ? sub : undefined;
  } catch {
    return undefined;
  }
}
