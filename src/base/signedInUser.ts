// Who a call acts for, as scenario selection sees it. `json match` may name the reserved key
// `$user` next to the arguments (`{ "$user": "900000002" }`) so a tool file can answer per
// persona. The key is laid over the arguments after validation, so a client can never set it:
// it is the signed-in user (--auth), else the FIXTURES persona.

/** The FIXTURES persona every call acts for when no one signed in (no --auth). */
export const defaultUserId = "900000001";

/** The reserved `json match` key holding the signed-in user id. */
export const userMatchKey = "$user";

/** The arguments as matching sees them: the call's own, plus `$user`. */
export function withSignedInUser<T>(args: Record<string, T>, userId: string | undefined): Record<string, T | string> {
  // Spread copies an argument named "__proto__" as a data key; "$user" is no special key, so
  // a plain assignment keeps it a data key too (and is much cheaper than defineProperty).
  const subject: Record<string, T | string> = { ...args };
  subject[userMatchKey] = userId ?? defaultUserId;
  return subject;
}
