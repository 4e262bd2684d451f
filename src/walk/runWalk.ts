// `./careem-mcp.sh check --walk N [--seed S]`: the walk's report as text, exit 1 on a violation
// (or, with --require-all, on a scenario never reached that is not forcing-only).
import { walkCatalog, type WalkReport } from "./walk.js";

export interface RunWalkOptions {
  toolsDir: string;
  steps: number;
  seed: number;
  requireAll: boolean;
  start?: number;
  out: NodeJS.WritableStream;
}

const MAX_SHOWN = 20;

export function formatWalk(report: WalkReport): string {
  const lines: string[] = [];
  for (const v of report.violations.slice(0, MAX_SHOWN)) lines.push(`step ${v.step}: ${v.tool}${v.scenario ? ` (${v.scenario})` : ""}: ${v.message}\n  arguments: ${JSON.stringify(v.args)}`);
  if (report.violations.length > MAX_SHOWN) lines.push(`... and ${report.violations.length - MAX_SHOWN} more violations`);
  let total = 0;
  let reached = 0;
  for (const counts of report.reached.values()) reached += counts.size;
  total = reached + report.unreached.length;
  const never = report.unreached.filter((u) => !u.forcingOnly);
  const forcing = report.unreached.filter((u) => u.forcingOnly);
  if (never.length > 0) lines.push(`never reached (${never.length}): ${never.map((u) => `${u.tool}/${u.scenario}`).join(", ")}`);
  if (forcing.length > 0) lines.push(`forcing-only, not walked (${forcing.length}): ${forcing.map((u) => `${u.tool}/${u.scenario}`).join(", ")}`);
  lines.push(
    `walk: ${report.steps} steps in ${report.journeys} journeys (seed ${report.seed}), ${report.violations.length} violations; reached ${reached} of ${total} scenarios (${forcing.length} forcing-only); ${report.invalidArguments} calls refused by argument validation`,
  );
  return `${lines.join("\n")}\n`;
}

export function runWalk(o: RunWalkOptions): number {
  const report = walkCatalog({ toolsDir: o.toolsDir, steps: o.steps, seed: o.seed, start: o.start });
  o.out.write(formatWalk(report));
  if (report.violations.length > 0) return 1;
  if (o.requireAll && report.unreached.some((u) => !u.forcingOnly)) return 1;
  return 0;
}
