// The "why" report as text: every scenario top to bottom, then the one that would answer.
import type { WhyReport } from "../engine/why.js";
import { describeClosest } from "../journal/describeChoice.js";

const show = (value: unknown) => (value === undefined ? "nothing (absent)" : JSON.stringify(value));

function how(report: WhyReport): string {
  const forced = report.forced;
  if (forced) {
    const left = forced.left === undefined ? "" : `, ${forced.left} more forced call${forced.left === 1 ? "" : "s"} after this one`;
    const layer = forced.layer === "call" ? "the call's _meta" : forced.layer === "run" ? "its run's setup" : forced.layer === "session" ? "this session's forcing" : "the overrides file";
    return `forced by ${layer}${left}`;
  }
  if (report.selectedBy === "default") return `the default${report.closest ? `; ${describeClosest(report.closest)}` : ""}`;
  return report.selectedBy ?? "nothing";
}

export function formatWhy(report: WhyReport, args: unknown): string {
  const lines = [`why ${report.tool} ${JSON.stringify(args)}${report.file ? `  (${report.file})` : ""}`];
  const width = Math.max(0, ...report.steps.map((s) => s.scenario.length));
  report.steps.forEach((s, i) => {
    const name = s.scenario.padEnd(width);
    // A match-schema or when condition has no single expected value: its reason says why.
    const miss = s.expected === undefined && s.reason ? `no: ${s.key} ${s.reason}` : `no: ${s.key} expected ${show(s.expected)}, seen ${show(s.seen)}`;
    const verdict = s.matched === null ? "default (no conditions)" : s.matched ? "matched" : miss;
    lines.push(`  ${String(i + 1).padStart(2)}. ${name}  ${verdict}  (line ${s.line})`);
  });
  for (const w of report.warnings) lines.push(`  warning: ${w}`);
  lines.push(report.error ? `answer: none: ${report.error}` : `answer: ${report.scenario}, ${how(report)}`);
  return `${lines.join("\n")}\n`;
}
