// Per-call forcing, for tests that run in parallel on one session or server: a tools/call whose
// `_meta` carries "careem-mcp/scenario" is answered by that scenario. Decoded up front, and an
// unknown name fails loudly (as Prism's `Prefer` header does), never silently: a test that asked
// for a scenario must get it or know.
import type { CallContext } from "../base/types.js";

export const scenarioMetaKey = "careem-mcp/scenario";

export type CallForcing = { kind: "none" } | { kind: "forced"; scenario: string } | { kind: "refused"; text: string };

export function forcedByCall(tool: string, scenarios: readonly string[], call: CallContext): CallForcing {
  const meta = call.meta;
  if (!meta || !Object.prototype.hasOwnProperty.call(meta, scenarioMetaKey)) return { kind: "none" };
  const asked = meta[scenarioMetaKey];
  const valid = `valid scenarios of ${tool}: ${scenarios.join(", ")}`;
  if (typeof asked !== "string") {
    return { kind: "refused", text: `_meta["${scenarioMetaKey}"] must be a scenario name (a string), got ${JSON.stringify(asked) ?? "undefined"}; ${valid}` };
  }
  if (!scenarios.includes(asked)) {
    return { kind: "refused", text: `unknown scenario ${JSON.stringify(asked)} in _meta["${scenarioMetaKey}"]; ${valid}` };
  }
  return { kind: "forced", scenario: asked };
}
