// `./careem-mcp.sh scenario ...`: force, clear and list scenarios out of band, where no MCP
// client can see it (production has no such thing, and a client must not be able to tell).
// Names are checked against the catalog actually served; unknown ones are refused with the list
// and the closest name; `scenario <tool>` marks the default and the forced scenario.
import { Catalog } from "../engine/catalog.js";
import { checkScenario, scenariosOf } from "./checkNames.js";
import { hasOverride, readOverrides, writeOverrides, type Override } from "./overridesFile.js";

export interface ScenarioCommandOptions {
  tool?: string;
  scenario?: string;
  clear: boolean;
  clearAll: boolean;
  /** Calls the forcing lasts; absent: until cleared. */
  times?: number;
  toolsDir: string;
  runDir: string;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

export function scenarioCommand(o: ScenarioCommandOptions): number {
  const fail = (message: string) => {
    o.err.write(`scenario: ${message}\n`);
    return 1;
  };
  const { overrides, warning } = readOverrides(o.runDir);
  if (warning) o.err.write(`scenario: ${warning}\n`);

  if (o.clearAll) {
    if (o.tool) return fail("--clear-all takes no tool name (use scenario <tool> --clear for one tool)");
    const count = Object.keys(overrides).length;
    writeOverrides(o.runDir, {});
    o.out.write(`cleared ${count} forced scenario${count === 1 ? "" : "s"}\n`);
    return 0;
  }
  if (!o.tool) {
    const entries = Object.entries(overrides);
    if (entries.length === 0) o.out.write("no scenarios forced\n");
    for (const [tool, entry] of entries) o.out.write(`${tool} -> ${describeOverride(entry)}\n`);
    return 0;
  }
  if (o.clear) {
    if (o.scenario) return fail("--clear takes no scenario name");
    const removed = hasOverride(overrides, o.tool)?.scenario;
    if (removed === undefined) {
      o.out.write(`${o.tool}: nothing forced\n`);
      return 0;
    }
    const rest = Object.fromEntries(Object.entries(overrides).filter(([tool]) => tool !== o.tool));
    writeOverrides(o.runDir, rest);
    o.out.write(`${o.tool}: no longer forced (was ${removed})\n`);
    return 0;
  }

  const catalog = new Catalog(o.toolsDir);
  const check = scenariosOf(catalog, o.toolsDir, o.tool);
  if (!check.ok) return fail(check.error);
  if (!o.scenario) {
    const forced = hasOverride(overrides, o.tool)?.scenario;
    for (const name of check.scenarios) {
      const marks = [name === check.fallback ? "default" : "", forced === name ? "forced" : ""].filter(Boolean);
      o.out.write(`${name}${marks.length ? `  (${marks.join(", ")})` : ""}\n`);
    }
    return 0;
  }
  const refusal = checkScenario(catalog, o.toolsDir, o.tool, o.scenario);
  if (refusal) return fail(refusal);
  const forcing: Override = o.times === undefined ? { scenario: o.scenario } : { scenario: o.scenario, times: o.times };
  writeOverrides(o.runDir, { ...overrides, [o.tool]: forcing });
  o.out.write(`${o.tool}: forcing scenario ${describeOverride(forcing)} (clear with: ./careem-mcp.sh scenario ${o.tool} --clear)\n`);
  return 0;
}

export function describeOverride(entry: Override): string {
  return entry.times === undefined ? entry.scenario : `${entry.scenario} for ${entry.times} more call${entry.times === 1 ? "" : "s"}`;
}
