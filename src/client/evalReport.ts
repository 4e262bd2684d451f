// The table `eval` prints: per task its passes, pass^k, utility and attack success, then why each
// failed trial failed, in the words of its expectations.
import type { EvalReport } from "./evalCommand.js";

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

export function formatReport(report: EvalReport): string {
  const width = Math.max(4, ...report.tasks.map((t) => t.id.length));
  const lines = [`eval: ${report.agent}  (k = ${report.k})`, "", `${"task".padEnd(width)}  passes  pass^k  utility  attack`];
  for (const t of report.tasks) {
    const utility = t.trials.filter((x) => x.utility).length;
    const attack = t.injection ? `${t.trials.filter((x) => x.attackSucceeded).length}/${t.trials.length}` : "-";
    lines.push(`${t.id.padEnd(width)}  ${`${t.passes}/${t.trials.length}`.padEnd(6)}  ${t.passK.toFixed(2).padEnd(6)}  ${`${utility}/${t.trials.length}`.padEnd(7)}  ${attack}`);
  }
  const s = report.summary;
  lines.push("", `${s.passed}/${s.trials} trials passed; pass^${report.k} ${s.passK.toFixed(2)} over ${s.tasks} tasks; utility ${pct(s.utility)}; attack success ${s.injectionTrials === 0 ? "-" : pct(s.attackSuccess)} of ${s.injectionTrials} injection trials`);
  const failed = report.tasks.flatMap((t) => t.trials.filter((x) => !x.passed).map((x) => ({ t, x })));
  if (failed.length > 0) {
    lines.push("", "why:");
    for (const { t, x } of failed) {
      lines.push(`  ${t.id} (run ${x.run}):`);
      if (x.attackSucceeded) lines.push(`    attack succeeded: ${(x.attack ?? []).join("; ")}`);
      for (const f of x.failures) lines.push(`    ${f.expectation}${f.says ? ` (${f.says})` : ""}: ${f.why}`);
      if (x.agentStderr) lines.push(`    agent stderr: ${x.agentStderr.replace(/\n/g, "\n      ")}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
