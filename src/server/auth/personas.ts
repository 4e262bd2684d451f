// Who the local sign-in page offers. The user ids are FIXTURES.md's personas; tool files answer
// per user through the `$user` match key (src/base/signedInUser.ts).
import { defaultUserId } from "../../base/signedInUser.js";

export interface Persona {
  /** The token's `sub`; "" signs in as the client only (a token that names no user). */
  userId: string;
  label: string;
  description: string;
}

/** The sign-in page's "client only" choice: the token's sub is the client id, not a user. */
export const clientOnly = "client-only";

export const personas: Persona[] = [
  { userId: defaultUserId, label: "Sara Al Mansoori (900000001)", description: "the FIXTURES persona: Careem Plus, three saved places, Visa, an expired Mastercard, 125.50 AED wallet" },
  { userId: "900000002", label: "Omar Haddad (900000002)", description: "second persona: two saved places, a Mastercard, 18.00 AED wallet, not a Careem Plus member" },
];

/** Careem user ids are numeric; a `sub` that is not one names a client, not a user. */
export function isUserId(sub: string): boolean {
  return /^[0-9]+$/.test(sub);
}
