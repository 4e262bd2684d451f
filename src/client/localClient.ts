// The commands that talk to a running server (`scenario --session`, `sessions`, `calls`,
// `why --session`) reach it through its /_local/ JSON API on --host/--port.
export interface ServerAddress {
  host: string;
  port: number;
  /** How it was chosen (findServer.ts): "given" (--port/--host), "run dir DIR", or "default"; said in errors. */
  found?: string;
  /** With "default": why the run dir named no server. */
  notFound?: string;
}

/** The mending hint when nothing answers: what was looked at, and the two ways to point at a server. */
export function unreachableHint(at: ServerAddress): string {
  if (at.found === "default") return `${at.notFound ?? "no server.json in the run dir"}; start one with ./careem-mcp.sh, or pass --run-dir DIR of the server or its --port`;
  if (at.found?.startsWith("run dir")) return `the address comes from ${at.found.slice(8)}/server.json; is that server still running?`;
  return "start one with ./careem-mcp.sh, or pass its --port";
}

export function localUrl(at: ServerAddress, pathAndQuery: string): string {
  const host = at.host.includes(":") ? `[${at.host}]` : at.host;
  return `http://${host}:${at.port}/_local${pathAndQuery}`;
}

export class LocalApiError extends Error {}

export async function localRequest<T>(at: ServerAddress, method: string, pathAndQuery: string, body?: unknown): Promise<T> {
  const url = localUrl(at, pathAndQuery);
  let response: Response;
  try {
    response = await fetch(url, { method, headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    const { cause } = err as { cause?: { code?: string; message?: string } };
    const why = cause?.code ?? cause?.message ?? (err as Error).message;
    throw new LocalApiError(`cannot reach a careem-mcp server at ${url} (${why}); ${unreachableHint(at)}`);
  }
  const data = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new LocalApiError(data.error ?? `${method} ${url}: HTTP ${response.status}`);
  return data;
}
