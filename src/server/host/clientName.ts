// The client's own name from an initialize request (`params.clientInfo.name`), kept with its
// session so the dashboard and `sessions` can tell an Inspector's leftover session from Claude's.
const longest = 80;

export function clientNameOf(messages: readonly unknown[]): string | undefined {
  for (const m of messages) {
    if (typeof m !== "object" || m === null || (m as { method?: unknown }).method !== "initialize") continue;
    const info = ((m as { params?: { clientInfo?: { name?: unknown; version?: unknown } } }).params ?? {}).clientInfo;
    if (typeof info?.name !== "string" || info.name === "") return undefined;
    const version = typeof info.version === "string" && info.version !== "" ? ` ${info.version}` : "";
    return `${info.name}${version}`.slice(0, longest);
  }
  return undefined;
}
