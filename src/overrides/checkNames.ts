// The one check of a tool and scenario name before anything forces it: the CLI and the local
// API refuse the same names with the same words.
import type { Catalog } from "../engine/catalog.js";
import { displayPath } from "../engine/displayPath.js";
import { formatProblem } from "../engine/engine.js";

export type NamesCheck = { ok: true; scenarios: string[] } | { ok: false; error: string };

export function scenariosOf(catalog: Catalog, toolsDir: string, tool: string): NamesCheck {
  const entry = catalog.get(tool);
  if (entry.kind === "missing") {
    const names = catalog.all().map((e) => e.name);
    return { ok: false, error: `unknown tool "${tool}" in ${displayPath(toolsDir)}; valid tools: ${names.join(", ") || "(none)"}` };
  }
  if (entry.kind === "broken") {
    return { ok: false, error: `the tool file of ${tool} is broken, fix it first:\n  ${entry.problems.map(formatProblem).join("\n  ")}` };
  }
  return { ok: true, scenarios: entry.result.tool.scenarios.map((s) => s.name) };
}

/** undefined when the scenario exists; else the refusal. */
export function checkScenario(catalog: Catalog, toolsDir: string, tool: string, scenario: string): string | undefined {
  const check = scenariosOf(catalog, toolsDir, tool);
  if (!check.ok) return check.error;
  if (!check.scenarios.includes(scenario)) return `unknown scenario "${scenario}" of ${tool}; valid scenarios: ${check.scenarios.join(", ")}`;
  return undefined;
}
