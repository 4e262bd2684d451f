// Which scenario of the test catalog's track_ride answered, read off the result alone (black box).
import { expect } from "vitest";

export function scenarioOf(result: unknown): string {
  const r = result as { isError?: boolean; content?: { text: string }[]; structuredContent?: Record<string, unknown> };
  const text = r.content?.[0]?.text ?? "";
  if (r.isError && text.startsWith("upstream timeout")) return "upstream-timeout";
  if (r.isError && text.includes('"INTERNAL"')) return "backend-crash";
  if (!r.isError && r.structuredContent?.success === false) return "ride-not-found";
  if (!r.isError && r.structuredContent?.status === "CAPTAIN_ON_THE_WAY") return "on-the-way";
  expect.fail(`not a track_ride scenario: ${JSON.stringify(result)}`);
}
