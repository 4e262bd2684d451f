// The server log is written once per event-loop turn (a write(2) per call was the biggest cost a
// call had). Batching must not reorder lines, and must not lose the lines of the
// last turn when the process exits or crashes in it.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { flushLog, stderrLog } from "../../src/server/host/log.js";
import { projectRoot, requireBuild } from "./spawnServer.js";

const builtLog = path.join(projectRoot, "dist", "server", "host", "log.js");

/** Runs `body` in a fresh node with the built log module as `log`; returns its stderr and status. */
function runWithLog(body: string): { stderr: string; status: number | null } {
  requireBuild();
  const script = `import(${JSON.stringify(builtLog)}).then((log) => { ${body} });`;
  const out = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", timeout: 20_000 });
  return { stderr: out.stderr, status: out.status };
}

afterEach(() => vi.restoreAllMocks());

describe("log batching", () => {
  it("lines of one turn reach stderr in one write, in order, after the turn", async () => {
    const writes: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    stderrLog("first");
    stderrLog("second");
    stderrLog("third");
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(["careem-mcp: first\ncareem-mcp: second\ncareem-mcp: third\n"]);
    stderrLog("next turn");
    flushLog();
    expect(writes).toEqual(["careem-mcp: first\ncareem-mcp: second\ncareem-mcp: third\n", "careem-mcp: next turn\n"]);
  });

  it("process.exit() in the same turn still writes every pending line", () => {
    const { stderr, status } = runWithLog(`log.stderrLog("one"); log.stderrLog("two"); process.exit(3);`);
    expect(status).toBe(3);
    expect(stderr).toBe("careem-mcp: one\ncareem-mcp: two\n");
  });

  it("an uncaught exception in the same turn still writes the pending lines", () => {
    const { stderr, status } = runWithLog(`log.stderrLog("before the crash"); throw new Error("boom");`);
    expect(status).toBe(1);
    expect(stderr).toContain("careem-mcp: before the crash\n");
    expect(stderr).toContain("Error: boom");
  });
});
