// The command line as users type it: a tools directory that does not exist
// stops the server with exit 2, `check` as a subcommand, --help naming test and bench, --version.
// In process (runCliInProcess) where only the output matters; spawned where the exit is the point.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { assertBuilt, cli } from "../transports/transports.js";
import { projectRoot } from "../transports/catalog.js";
import { runCliInProcess } from "./runCliInProcess.js";

function spawnCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  assertBuilt();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: projectRoot });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.stdin.end();
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("a tools directory that does not exist", () => {
  it("stops the HTTP server at start with exit 2, naming the directory", async () => {
    const run = await spawnCli(["--port", "0", "--tools", "/nonexistent", "--run-dir", "/nonexistent-run"]);
    expect(run).toEqual({ code: 2, stdout: "", stderr: "careem-mcp: tools directory /nonexistent does not exist\n" });
  });

  it("stops --stdio the same way", async () => {
    const run = await runCliInProcess("--stdio", "--tools", "/nonexistent");
    expect(run).toEqual({ status: 2, stdout: "", stderr: "careem-mcp: tools directory /nonexistent does not exist\n" });
  });

  it("a file given as the tools directory is named too", async () => {
    const run = await runCliInProcess("--stdio", "--tools", "package.json");
    expect(run).toEqual({ status: 2, stdout: "", stderr: "careem-mcp: tools directory package.json is not a directory\n" });
  });
});

describe("help and version", () => {
  it("--help lists the commands of careem-mcp.sh (test, bench) beside check and scenario", async () => {
    const run = await runCliInProcess("--help");
    expect(run.status).toBe(0);
    for (const line of [/^ {2}check \[options\]/m, /^ {2}scenario \[options\]/m, /^ {2}\.\/careem-mcp\.sh test \[file\.\.\.\]/m, /^ {2}\.\/careem-mcp\.sh bench /m]) {
      expect(run.stdout).toMatch(line);
    }
  });

  it("--version prints package.json's version", async () => {
    const { version } = JSON.parse(fs.readFileSync(`${projectRoot}/package.json`, "utf8")) as { version: string };
    expect(await runCliInProcess("--version")).toEqual({ status: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("an unknown option is a usage error, exit 2", async () => {
    const run = await runCliInProcess("--bogus");
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("error: unknown option '--bogus'\n");
  });
});
