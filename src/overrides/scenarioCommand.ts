// `./careem-mcp.sh scenario ...`: force, clear and list scenarios out of band (SPEC-NOTES 15).
// Names are checked against the catalog actually served; unknown ones are refused with the list
// (and the closest name). The catalog (ajv, the markdown parser) is loaded only when a tool is
// named: listing and clearing stay as quick as node's own start.
import { displayPath } from "../engine/displayPath.js";
import { didYouMean } from "../engine/didYouMean.js";
import { readOverrides, writeOverrides } from "./overridesFile.js";

export interface ScenarioCommandOptions {
  tool?: string;
  scenario?: string;
  clear: boolean;
  clearAll: boolean;
  toolsDir: string;
  runDir: string;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

export async function scenarioCommand(o: ScenarioCommandOptions): Promise<number> {
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
    for (const [tool, scenario] of entries) o.out.write(`${tool} -> ${scenario}\n`);
    return 0;
  }
  if (o.clear) {
    if (o.scenario) return fail("--clear takes no scenario name");
    const removed = Object.prototype.hasOwnProperty.call(overrides, o.tool) ? overrides[o.tool] : undefined;
    if (removed === undefined) {
      o.out.write(`${o.tool}: nothing forced\n`);
      return 0;
    }
    const rest = Object.fromEntries(Object.entries(overrides).filter(([tool]) => tool !== o.tool));
    writeOverrides(o.runDir, rest);
    o.out.write(`${o.tool}: no longer forced (was ${removed})\n`);
    return 0;
  }

  const [{ Catalog }, { formatProblem }] = await Promise.all([import("../engine/catalog.js"), import("../engine/engine.js")]);
  const catalog = new Catalog(o.toolsDir);
  const entry = catalog.get(o.tool);
  if (entry.kind === "missing") {
    const names = catalog.names();
    return fail(`unknown tool "${o.tool}" in ${displayPath(o.toolsDir)}${hint(o.tool, names)}; valid tools: ${names.join(", ") || "(none)"}`);
  }
  if (entry.kind === "broken") {
    return fail(`the tool file of ${o.tool} is broken, fix it first:\n  ${entry.problems.map(formatProblem).join("\n  ")}`);
  }
  const scenarios = entry.result.tool.scenarios;
  const names = scenarios.map((s) => s.name);
  if (!o.scenario) {
    const forced = Object.prototype.hasOwnProperty.call(overrides, o.tool) ? overrides[o.tool] : undefined;
    // The default answers when nothing forced matches: the first scenario without a json match block.
    const fallback = scenarios.find((s) => !s.match)?.name;
    for (const name of names) {
      const marks = [name === fallback ? "default" : "", forced === name ? "forced" : ""].filter(Boolean);
      o.out.write(`${name}${marks.length ? `  (${marks.join(", ")})` : ""}\n`);
    }
    return 0;
  }
  if (!names.includes(o.scenario)) {
    return fail(`unknown scenario "${o.scenario}" of ${o.tool}${hint(o.scenario, names)}; valid scenarios: ${names.join(", ")}`);
  }
  writeOverrides(o.runDir, { ...overrides, [o.tool]: o.scenario });
  o.out.write(`${o.tool}: forcing scenario ${o.scenario} (clear with: ./careem-mcp.sh scenario ${o.tool} --clear)\n`);
  return 0;
}

function hint(name: string, known: string[]): string {
  const close = didYouMean(name, known);
  return close ? ` (did you mean "${close}"?)` : "";
}
