// `--check` output: one `path:line: message` per problem, a summary line, exit 1 on any problem.
import fs from "node:fs";
import { displayPath } from "../base/displayPath.js";
import { formatProblem } from "../engine/engine.js";
import { checkCatalog } from "./checkCatalog.js";

export interface RunCheckOptions {
  toolsDir: string;
  json: boolean;
  out: NodeJS.WritableStream;
}

export function runCheck({ toolsDir, json, out }: RunCheckOptions): number {
  if (!fs.existsSync(toolsDir)) {
    const message = `${displayPath(toolsDir)}: tools directory does not exist (pass --tools DIR)`;
    out.write(json ? `${JSON.stringify({ ok: false, tools: 0, scenarios: 0, problems: [{ file: displayPath(toolsDir), line: 0, message }] })}\n` : `${message}\n`);
    return 1;
  }
  const report = checkCatalog(toolsDir);
  if (json) {
    out.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    for (const problem of report.problems) out.write(`${formatProblem(problem)}\n`);
    const verdict = report.ok ? "ok" : report.tools === 0 ? "FAILED (no tool files found)" : "FAILED";
    out.write(`check: ${report.tools} tools, ${report.scenarios} scenarios, ${report.problems.length} problems: ${verdict}\n`);
  }
  return report.ok ? 0 : 1;
}
