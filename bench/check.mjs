// Times `node dist/cli.js --check --json` over a catalog and reads its report.
import { spawnNode, stderrOf, stop } from "./procs.mjs";

export function timeCheck(cli, toolsDir, { timeoutMs = 150_000 } = {}) {
  const t0 = process.hrtime.bigint();
  const child = spawnNode([cli, "--check", "--json", "--tools", toolsDir]);
  child.stdin.end();
  let out = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (c) => (out += c));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop(child);
      reject(new Error(`--check did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      let report;
      try {
        report = JSON.parse(out);
      } catch {
        return reject(new Error(`--check printed no JSON report (exit ${code}):\n${out.slice(0, 300)}\n${stderrOf(child)}`));
      }
      resolve({ seconds, exitCode: code, tools: report.tools, scenarios: report.scenarios, problems: report.problems?.length ?? 0, firstProblems: (report.problems ?? []).slice(0, 3) });
    });
  });
}
