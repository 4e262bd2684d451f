// Child processes the benchmark starts: every one is tracked and killed on exit, also on failure.
import { spawn } from "node:child_process";
import fs from "node:fs";

const live = new Set();

function killAll() {
  for (const child of live) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  live.clear();
}
process.on("exit", killAll);
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    killAll();
    process.exit(130);
  });
}

/** Spawns `node ...args` (never through a shell) and tracks it. */
export function spawnNode(args, { env = {}, cwd } = {}) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  live.add(child);
  child.on("exit", () => live.delete(child));
  child.stderrTail = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    child.stderrTail = (child.stderrTail + chunk).slice(-4000);
  });
  return child;
}

/** Stops a child: SIGTERM, then SIGKILL after a grace period. */
export async function stop(child, graceMs = 2000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts an HTTP server process and waits for its ready line on stderr naming a /mcp URL
 * (SPEC-NOTES 25). Resolves { child, url, port }; rejects on exit or timeout.
 */
export function startHttpServer(label, args, { env, timeoutMs = 20_000 } = {}) {
  const child = spawnNode(args, { env });
  child.stdout.resume();
  return new Promise((resolve, reject) => {
    let seen = "";
    let settled = false;
    const fail = (why) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop(child);
      reject(new Error(`${label}: ${why}\n${child.stderrTail.trim()}`));
    };
    const timer = setTimeout(() => fail(`no ready line naming a /mcp URL within ${timeoutMs} ms`), timeoutMs);
    const onExit = (code, signal) => fail(`exited (${code ?? signal}) before it was ready`);
    child.once("exit", onExit);
    const onData = (chunk) => {
      seen = (seen + chunk).slice(-4000);
      const m = /https?:\/\/[^\s/]+:(\d+)\/mcp\b/.exec(seen);
      if (!m || settled) return;
      settled = true;
      clearTimeout(timer);
      child.stderr.off("data", onData);
      child.off("exit", onExit);
      const port = Number(m[1]);
      resolve({ label, child, port, url: `http://127.0.0.1:${port}/mcp` });
    };
    child.stderr.on("data", onData);
  });
}

/** Resident set size of a live process in bytes (Linux /proc). */
export function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]) * 1024;
}
