// docs/testing-agents.md's two examples, run as written against a real server: the TypeScript
// one (transpiled, as a reader's build would) and the Python one with python3.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot, startServer, type RunningServer } from "../journeys/server.js";

const run = promisify(execFile);
const doc = fs.readFileSync(path.join(projectRoot, "docs", "testing-agents.md"), "utf8");

function example(name: string): string {
  const m = new RegExp(`<!-- example: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\``).exec(doc);
  if (!m) throw new Error(`docs/testing-agents.md has no "${name}" example`);
  return m[1] as string;
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

describe("docs/testing-agents.md", () => {
  it("the TypeScript example makes a run, books in it and verifies", async () => {
    const source = example("typescript");
    expect(source.split("\n").length).toBeLessThanOrEqual(25);
    const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
    // Beside the project's node_modules, where a reader's script finds the SDK.
    const file = path.join(projectRoot, "examples", `.testing-agents-${process.pid}.mjs`);
    fs.writeFileSync(file, js);
    try {
      const { stdout } = await run(process.execPath, [file], { env: { ...process.env, CAREEM_MCP: server.url.origin } });
      expect(stdout).toBe('{"passed":true,"failures":[]}\n');
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it("the Python example does the same with the standard library", async () => {
    const source = example("python");
    expect(source.split("\n").length).toBeLessThanOrEqual(25);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "careem-doc-py-")), "example.py");
    fs.writeFileSync(file, source);
    const { stdout } = await run("python3", [file], { env: { ...process.env, CAREEM_MCP: server.url.origin } });
    expect(stdout).toBe('{"passed": true, "failures": []}\n');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
