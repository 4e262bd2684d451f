import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, longest first: mostly waiting on declared delays, timeouts and
 * spawned servers. vitest orders by the durations of the last run it remembers, and without one
 * (a fresh clone, where CI runs) by file size, which put transports.test.ts (under 1 KB, about
 * 20 s) last, alone on one worker at the end. Only the order depends on this list.
 */
const slowest = [
  "test/server/dynamics/dynamics.test.ts",
  "test/walk/catalog.test.ts",
  "test/service/rides.test.ts",
  "test/runs/evalExamples.test.ts",
  "test/runs/runsHttp.test.ts",
  "test/service/travel.test.ts",
  "test/service/food.test.ts",
  "test/service/money.test.ts",
  "test/browser/widget.test.ts",
  "test/transports/transports.test.ts",
  "test/journeys/remembered.test.ts",
  "test/reliability/memory.test.ts",
  "test/transports/process.test.ts",
  "test/importer/importLive.test.ts",
  "test/recorder/recordLive.test.ts",
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = slowest.indexOf(path.relative(import.meta.dirname, f.moduleId).split(path.sep).join("/"));
      return i < 0 ? slowest.length : i;
    };
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Transport tests spawn real processes and open real sockets; the machines are shared.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for what another process writes (a log line, a closed port). Its default
    // of 1 s failed under CI's load; a poll still ends at its first success.
    expect: { poll: { timeout: 10_000 } },
    pool: "forks",
    // vitest's default is one worker per core minus one: a single worker on a 2-core machine,
    // though much of the test time waits on spawned servers, sockets and timers (issue 10, item 9).
    maxWorkers: 2,
    // Each worker process runs many test files and loads the SDK, express and src/ once, not once
    // per file: a fresh process per file cost 1 to 2 s of start and imports each, about a third
    // of the suite's wall time here (issue 10, item 9). Test files therefore put back what they
    // change in the process (environment variables, spies) in their own after-hooks.
    isolate: false,
    sequence: { sequencer: SlowestFirst },
  },
});
