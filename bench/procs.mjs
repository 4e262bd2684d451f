// Child processes the benchmark starts: every one is tracked and killed on exit, also on failure.
// A child's stderr goes to a log file, never a pipe: our server logs every call synchronously,
// and a pipe the busy benchmark process drains late would throttle it.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const live = new Set();
let logDir;
let logCount = 0;

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

/** Where children's stderr logs go (a temp dir of the caller's, removed with it). */
export function setLogDir(dir) {
  logDir = dir;
}

/** Last `max` characters a child wrote to stderr. */
export function stderrOf(child, max = 4000) {
  try {
    const text = fs.readFileSync(child.logFile, "utf8");
    return text.slice(-max);
  } catch {
    return "";
  }
}

/**
 * Spawns `node ...args` (never through a shell; `command` runs something else, e.g. the
 * launcher script) and tracks it. stdin and stdout are pipes.
 */
export function spawnNode(args, { env = {}, cwd, command = process.execPath } = {}) {
  logDir ??= fs.mkdtempSync(path.join(os.tmpdir(), "careem-bench-logs-"));
  const logFile = path.join(logDir, `child-${++logCount}.log`);
  const fd = fs.openSync(logFile, "w");
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", fd] });
  fs.closeSync(fd);
  child.logFile = logFile;
  live.add(child);
  child.on("exit", () => live.delete(child));
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
 * Resolves the first match of `pattern` in the child's stderr written after byte `from`,
 * polling the log file; rejects on exit or timeout.
 */
export function waitForLog(child, pattern, { from = 0, timeoutMs = 20_000, what = String(pattern) } = {}) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      let text = "";
      try {
        const buf = fs.readFileSync(child.logFile);
        text = buf.subarray(from).toString("utf8");
      } catch {}
      const m = pattern.exec(text);
      if (m) return resolve(m);
      if (child.exitCode !== null || child.signalCode !== null) {
        return reject(new Error(`exited (${child.exitCode ?? child.signalCode}) before ${what}\n${stderrOf(child).trim()}`));
      }
      if (Date.now() - started > timeoutMs) return reject(new Error(`no ${what} within ${timeoutMs} ms\n${stderrOf(child).trim()}`));
      setTimeout(tick, 20);
    };
    tick();
  });
}

/**
 * Starts an HTTP server process and waits for its ready line naming a /mcp URL (SPEC-NOTES 25).
 * Resolves { label, child, url, port, readyMs }.
 */
export async function startHttpServer(label, args, { env, timeoutMs = 20_000 } = {}) {
  const started = performance.now();
  const child = spawnNode(args, { env });
  child.stdout.resume();
  child.stdin.end();
  try {
    const m = await waitForLog(child, /https?:\/\/[^\s/]+:(\d+)\/mcp\b/, { timeoutMs, what: "a ready line naming a /mcp URL" });
    const port = Number(m[1]);
    return { label, child, port, url: `http://127.0.0.1:${port}/mcp`, readyMs: performance.now() - started };
  } catch (err) {
    await stop(child);
    throw new Error(`${label}: ${err.message}`);
  }
}

/** Node flags for a process whose live heap heapAfterGc can read. */
export const HEAP_PROBE = ["--expose-gc", "--import", new URL("./heap-probe.mjs", import.meta.url).pathname];

/** Asks a HEAP_PROBE process for a full GC and resolves its memoryUsage() after it. */
export async function heapAfterGc(child) {
  const from = fs.statSync(child.logFile).size;
  child.kill("SIGUSR2");
  const m = await waitForLog(child, /bench-heap (\{.*\})\n/, { from, timeoutMs: 10_000, what: "a heap report" });
  return JSON.parse(m[1]);
}

let clockTicks;

/**
 * CPU seconds (user + system) a live process has used so far (Linux /proc, clock-tick
 * resolution). Per call, it is what a server spends whatever else the machine runs: a busy
 * neighbour lowers req/s but not this, so it is reported beside req/s on this shared machine.
 */
export function cpuSecondsOf(pid) {
  clockTicks ??= Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces and parentheses: fields are counted after its last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** Resident set size of a live process in bytes (Linux /proc). */
export function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]) * 1024;
}
