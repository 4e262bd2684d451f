// The handler side of --auth: who a tools/call acts for, checked as production's handler checks
// it, in its order: headers, Authorization, a JWT with a sub, a user. The HTTP gate (bearerGate.ts) has already verified any JWT with a
// `sub` and put what it proved in authInfo; here only what production answers per call remains.
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { bearerToken } from "./bearerGate.js";
import { authFailureTexts } from "./failureTexts.js";
import { unverifiedSubject } from "./jwtSubject.js";

export type CallIdentity = { userId: string } | { denied: string };

export interface CallAuthFacts {
  /** The HTTP request's headers (lower-case names); absent over stdio. */
  requestInfo?: { headers: Record<string, string | string[] | undefined> };
  authInfo?: AuthInfo;
}

export function identifyCall(facts: CallAuthFacts): CallIdentity {
  const headers = facts.requestInfo?.headers;
  if (!headers) return { denied: authFailureTexts.noHeaders };
  const header = headers.authorization;
  const authorization = Array.isArray(header) ? header[0] : header;
  if (!authorization) return { denied: authFailureTexts.noAuthorization };
  const token = bearerToken(authorization);
  if (token === undefined || unverifiedSubject(token) === undefined) return { denied: authFailureTexts.noSubject };
  const userId = facts.authInfo?.extra?.userId;
  // The gate lets no unverified JWT with a sub through, so a missing user here is a token that
  // names a client, not a user: production's gateway would set no X-User-ID for it.
  if (typeof userId !== "string" || userId === "") return { denied: authFailureTexts.noUser };
  return { userId };
}
