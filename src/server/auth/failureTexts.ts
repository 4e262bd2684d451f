// Production's auth failures, word for word: the texts production answers as a tools/call result
// with isError: true. Checked in this order, as the table lists them.
export const authFailureTexts = {
  /** The call came without HTTP request headers (over stdio, for instance). */
  noHeaders: "missing request headers",
  noAuthorization: "missing Authorization header",
  /** The bearer token is not a JWT with a `sub` claim. */
  noSubject: "token missing subject claim",
  /** The token names no user (its `sub` is a client, not a Careem user id). */
  noUser: "missing X-User-ID header",
} as const;

/** Where production's protected-resource metadata points a client for how to authenticate. */
export const resourceDocumentation = "https://builders.careem.com/docs/authentication";
