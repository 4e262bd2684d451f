// `--header "Name: value"`, repeatable, as curl takes it. Shared by import and record.
export class HeaderError extends Error {}

export function parseHeaders(values: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const raw of values) {
    const colon = raw.indexOf(":");
    const name = colon > 0 ? raw.slice(0, colon).trim() : "";
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new HeaderError(`--header "${raw}" is not "Name: value" (for example --header "Authorization: Bearer $TOKEN")`);
    }
    headers[name] = raw.slice(colon + 1).trim();
  }
  return headers;
}

/** Headers whose values are credentials: never written to a file, never printed. */
export function isSecretHeader(name: string): boolean {
  return ["authorization", "proxy-authorization", "cookie", "x-api-key", "api-key"].includes(name.toLowerCase());
}
