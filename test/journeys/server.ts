// One real server process per test file: `node dist/cli.js --port 0 --tools <dir> --run-dir <temp>`,
// ready when stderr names its /mcp URL, killed (and awaited) when the file is done. The run dir is
// the test's own: scenarios forced in the project's .run/ (by a person, or another test) never
// reach a journey. Declared latencies are scaled to 0: journeys test the conversation, not the waiting.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { assertBuilt } from "../transports/transports.js";
import { serverNodeFlags } from "../../scripts/serverNodeFlags.mjs";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export interface RunningServer {
  /** The streamable HTTP endpoint, e.g. http://127.0.0.1:41234/mcp. */
  url: URL;
  /** The server's own run dir (forced scenarios), removed by stop(). */
  runDir: string;
  /** Everything the process wrote to stderr so far (for failure messages). */
  stderr(): string;
  stop(): Promise<void>;
}

const readyLine = /http:\/\/127\.0\.0\.1:\d+\/mcp/;

export async function startServer(toolsDir = path.join(projectRoot, "tools"), timeoutMs = 20_000, extraArgs: string[] = []): Promise<RunningServer> {
  const cli = path.join(projectRoot, "dist", "cli.js");
  assertBuilt();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-journey-run-"));

  const child = spawn(process.execPath, [...serverNodeFlags, cli, "--port", "0", "--tools", toolsDir, "--run-dir", runDir, "--delay-scale", "0", ...extraArgs], {
    cwd: projectRoot,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    log += chunk;
  });

  try {
    const url = await new Promise<URL>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line within ${timeoutMs} ms; stderr:\n${log}`)), timeoutMs);
      const done = (fn: () => void) => {
        clearTimeout(timer);
        child.stderr?.off("data", onData);
        child.off("exit", onExit);
        fn();
      };
      const onData = () => {
        const m = readyLine.exec(log);
        if (m) done(() => resolve(new URL(m[0])));
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        done(() => reject(new Error(`server exited (code ${code}, signal ${signal}) before it was ready; stderr:\n${log}`)));
      child.stderr?.on("data", onData);
      child.on("exit", onExit);
      onData();
    });
    return { url, runDir, stderr: () => log, stop: () => stop(child).then(() => fs.rmSync(runDir, { recursive: true, force: true })) };
  } catch (err) {
    await stop(child);
    fs.rmSync(runDir, { recursive: true, force: true });
    throw err;
  }
}

/** SIGTERM, then SIGKILL if the process is still there after a grace period. */
function stop(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
