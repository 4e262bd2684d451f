// The one check of a tool and scenario name before anything forces it: the CLI and the local
// API refuse the same names with the same words.
import { isDefaultScenario } from "../engine/select.js";
import type { Catalog } from "../engine/catalog.js";
import { displayPath } from "../base/displayPath.js";
import { didYouMean } from "../base/didYouMean.js";
import { formatProblem } from "../engine/engine.js";

/** `fallback`: the default scenario, the first without a json match, json match-schema or json when block. */
export type NamesCheck = { ok: true; scenarios: string[]; fallback?: string } | { ok: false; error: string };

function hint(name: string, known: string[]): string {
  const close = didYouMean(name, known);
  return close ? ` (did you mean "${close}"?)` : "";
}

export function scenariosOf(catalog: Catalog, toolsDir: string, tool: string): NamesCheck {
  const entry = catalog.get(tool);
  if (entry.kind === "missing") {
    // From the directory listing: no file is compiled to name the valid tools.
    const names = catalog.names();
    return { ok: false, error: `unknown tool "${tool}" in ${displayPath(toolsDir)}${hint(tool, names)}; valid tools: ${names.join(", ") || "(none)"}` };
  }
  if (entry.kind === "broken") {
    return { ok: false, error: `the tool file of ${tool} is broken, fix it first:\n  ${entry.problems.map(formatProblem).join("\n  ")}` };
  }
  const scenarios = entry.result.tool.scenarios;
  return { ok: true, scenarios: scenarios.map((s) => s.name), fallback: scenarios.find(isDefaultScenario)?.name };
}

/** undefined when the scenario exists; else the refusal. */
export function checkScenario(catalog: Catalog, toolsDir: string, tool: string, scenario: string): string | undefined {
  const check = scenariosOf(catalog, toolsDir, tool);
  if (!check.ok) return check.error;
  if (!check.scenarios.includes(scenario)) return `unknown scenario "${scenario}" of ${tool}${hint(scenario, check.scenarios)}; valid scenarios: ${check.scenarios.join(", ")}`;
  return undefined;
}
