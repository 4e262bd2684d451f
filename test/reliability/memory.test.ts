// Memory that must not grow with use: compiling a tool file's schemas again on every edit, and
// opening and closing sessions. Measured in a child `node --expose-gc`, heap after full GCs.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot, requireBuild } from "./spawnServer.js";

function retainedMiB(script: string): number[] {
  requireBuild();
  const out = execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], { cwd: projectRoot, encoding: "utf8", timeout: 60_000 });
  return out.trim().split("\n").map(Number);
}

// A fixed amount of CPU work: on a loaded 2-core machine it can outlast the 30 s default.
describe("memory", { timeout: 120_000 }, () => {
  it("recompiling edited schemas does not grow the heap without bound (Ajv scope)", () => {
    // Before the fix, each compile left ~8 KB in Ajv's shared scope: +16 MiB per 2,000 compiles.
    const heap = retainedMiB(`
      import { compileValidators } from ${JSON.stringify(path.join(projectRoot, "dist/engine/validators.js"))};
      const definition = (i) => ({ name: "t",
        inputSchema: { type: "object", properties: { nonce: { type: "string", pattern: "^x" }, n: { type: "integer" } }, additionalProperties: false },
        outputSchema: { type: "object", properties: { v: { type: "integer", const: i }, at: { type: "string", format: "date-time" } } } });
      for (let round = 0; round < 6; round++) {
        for (let i = 0; i < 1000; i++) compileValidators(definition(i));
        globalThis.gc(); globalThis.gc();
        console.log(process.memoryUsage().heapUsed / 1048576);
      }`);
    // Rounds 1-2 warm up; from then on the heap stays flat.
    const [, , third = 0, , , last = 0] = heap;
    expect(last - third, `heap per round: ${heap.map((h) => h.toFixed(1)).join(", ")} MiB`).toBeLessThan(4);
  });
});
