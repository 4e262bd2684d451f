// One agent trial's process: the agent command as a shell line, with the run's facts in its
// environment, stopped (with its children: its own process group) when it overruns its time.
import { spawn } from "node:child_process";

export interface AgentRun {
  code: number | null;
  timedOut: boolean;
  stderr: string;
}

export function runAgent(command: string, env: Record<string, string>, timeoutMs: number): Promise<AgentRun> {
  return new Promise((resolve) => {
    // The command as a shell line, as CI configs write it; its own process group, so a time-out ends its children too.
    const child = spawn(command, { shell: true, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"], detached: true });
    let stderr = "";
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid as number), "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, timeoutMs);
    child.on("error", (err) => {
      stderr += `\n${err.message}`;
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, stderr });
    });
  });
}
