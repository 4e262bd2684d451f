// The runs API of a running server (/_local/runs), for `verify` and `eval`.
import type { Verdict } from "../runs/expectations.js";

export class RunsApiError extends Error {}

async function ask<T>(base: string, method: string, route: string, body?: unknown): Promise<T> {
  const url = new URL(`/_local${route}`, base);
  let response: Response;
  try {
    response = await fetch(url, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    const { cause } = err as { cause?: { code?: string } };
    throw new RunsApiError(`cannot reach a careem-mcp server at ${url.origin} (${cause?.code ?? (err as Error).message}); start one with ./careem-mcp.sh, or pass its --url`);
  }
  const data = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new RunsApiError(data.error ?? `${method} ${url}: HTTP ${response.status}`);
  return data;
}

export const createRun = (base: string, setup: unknown) => ask<{ run: string }>(base, "POST", "/runs", setup).then((r) => r.run);
export const verifyRun = (base: string, run: string, expectations: unknown) => ask<Verdict>(base, "POST", `/runs/${encodeURIComponent(run)}/verify`, expectations);
export const moveRunClock = (base: string, run: string, move: { advance: string } | { set: string }) => ask<{ run: string; now: string }>(base, "POST", `/runs/${encodeURIComponent(run)}/clock`, move);
export const endRun = (base: string, run: string) => ask<unknown>(base, "DELETE", `/runs/${encodeURIComponent(run)}`);

/** What a verdict prints: PASSED, or each failure with the expectation and why. */
export function formatVerdict(verdict: Verdict): string {
  if (verdict.passed) return "PASSED: every expectation was met\n";
  const lines = verdict.failures.map((f) => `  ${f.expectation}${f.says ? ` (${f.says})` : ""}: ${f.why}`);
  return `FAILED: ${verdict.failures.length} expectation${verdict.failures.length === 1 ? "" : "s"} not met\n${lines.join("\n")}\n`;
}
