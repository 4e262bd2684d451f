// The real built server as a child process (`node dist/cli.js --port 0 ...`), started on a temp
// catalog and run dir, ready when its ready line names the URLs. No mocks, no in-process host.
// Declared latencies are scaled to 0 unless `args` passes its own --delay-scale (the last wins).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { assertBuilt } from "../assertBuilt.js";
import { serverNodeFlags } from "../../scripts/serverNodeFlags.mjs";

export const projectRoot = path.resolve(import.meta.dirname, "../..");
export const cli = path.join(projectRoot, "dist", "cli.js");

export interface SpawnedServer {
  proc: ChildProcess;
  baseUrl: string;
  mcpUrl: string;
  sseUrl: string;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (or signal name) once the process is gone. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if it lingers; resolves with how it exited. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

export interface SpawnOptions {
  toolsDir: string;
  runDir: string;
  args?: string[];
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

/** Spawned servers run dist/: refuse a build that is missing or older than its sources. */
export const requireBuild = assertBuilt;

export async function spawnServer(opts: SpawnOptions): Promise<SpawnedServer> {
  requireBuild();
  const proc = spawn(process.execPath, [...serverNodeFlags, cli, "--port", "0", "--tools", opts.toolsDir, "--run-dir", opts.runDir, "--delay-scale", "0", ...(opts.args ?? [])], {
    cwd: projectRoot,
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  proc.stderr?.setEncoding("utf8");
  proc.stderr?.on("data", (chunk: string) => {
    err += chunk;
  });
  proc.stdout?.resume();
  const exited = new Promise<number | string>((resolve) => proc.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")));

  const urls = await new Promise<{ mcpUrl: string; sseUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready within ${opts.readyTimeoutMs ?? 15000} ms; stderr:\n${err}`)), opts.readyTimeoutMs ?? 15000);
    const check = () => {
      const ready = /listening on (http:\/\/\S+\/mcp) \(streamable HTTP\) and (http:\/\/\S+\/sse)/.exec(err);
      if (ready) {
        clearTimeout(timer);
        proc.stderr?.off("data", check);
        resolve({ mcpUrl: ready[1] as string, sseUrl: ready[2] as string });
      }
    };
    proc.stderr?.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before its ready line; stderr:\n${err}`));
    });
  });

  return {
    proc,
    baseUrl: urls.mcpUrl.replace(/\/mcp$/, ""),
    ...urls,
    stderr: () => err,
    exited,
    async stop(signal = "SIGTERM") {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill(signal);
        const killer = setTimeout(() => proc.kill("SIGKILL"), 5000);
        const code = await exited;
        clearTimeout(killer);
        return code;
      }
      return exited;
    },
  };
}

/** A temp dir holding `tools/` (copied from `from`) and an empty `run/`. */
export function tempCatalog(from: string | string[], prefix = "careem-rel-"): { root: string; toolsDir: string; runDir: string; remove(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const toolsDir = path.join(root, "tools");
  const runDir = path.join(root, "run");
  fs.mkdirSync(toolsDir);
  fs.mkdirSync(runDir);
  for (const dir of Array.isArray(from) ? from : [from]) fs.cpSync(dir, toolsDir, { recursive: true });
  return { root, toolsDir, runDir, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
