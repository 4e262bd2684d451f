// The parity twin (a real go-sdk server, parity/twin) as an upstream for import and record
// tests: started on a copy of a catalog, optionally with other definitions than the files
// hold. The binary is built once and cached (parity/.cache), as the parity recorder does.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildTwin } from "../../parity/twinBinary.mjs";
import { requireBuild } from "../reliability/spawnServer.js";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

/** Only a machine without Go skips these tests; a twin that does not build fails them. */
export const hasGo = spawnSync("go", ["version"], { stdio: "ignore" }).status === 0;

/** What to do without Go (the twin's go.mod asks for Go 1.25; an older go fetches that toolchain itself). */
export const goHint = "install Go (https://go.dev/dl, or apt-get install golang-go) to build the go-sdk twin";

/** Generous: the first build on a fresh machine downloads the go-sdk modules and compiles. */
export const TWIN_BUILD_TIMEOUT_MS = 240_000;

export interface Twin {
  mcpUrl: string;
  stderr(): string;
  stop(): Promise<void>;
}

export async function startTwin(opts: { toolsDir: string; definitions?: object[]; env?: Record<string, string> }): Promise<Twin> {
  requireBuild();
  const bin = buildTwin();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "twin-run-"));
  const args = ["-cli", path.join(projectRoot, "dist", "cli.js"), "-tools", opts.toolsDir, "-run-dir", runDir, "-port", "0"];
  if (opts.definitions) {
    const file = path.join(runDir, "definitions.json");
    fs.writeFileSync(file, JSON.stringify({ tools: opts.definitions }));
    args.push("-definitions", file);
  }
  const proc = spawn(bin, args, { env: { ...process.env, ...opts.env }, stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  proc.stderr.setEncoding("utf8");
  proc.stderr.on("data", (chunk: string) => (err += chunk));
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  const mcpUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`twin not ready in 20 s:\n${err}`)), 20_000);
    proc.stderr.on("data", () => {
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`twin exited before listening:\n${err}`));
    });
  });
  return {
    mcpUrl,
    stderr: () => err,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill("SIGINT");
        const killer = setTimeout(() => proc.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}

/** A copy of the shipped catalog in a temp dir: tests never write tools/. */
export function copyCatalog(): { root: string; toolsDir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "careem-catalog-"));
  const toolsDir = path.join(root, "tools");
  fs.cpSync(path.join(projectRoot, "tools"), toolsDir, { recursive: true });
  return { root, toolsDir };
}
