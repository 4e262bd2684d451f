import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Transport tests spawn real processes and open real sockets; the machines are shared.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // vitest's default is one worker per core minus one: a single worker on a 2-core machine,
    // though much of the test time waits on spawned servers, sockets and timers (issue 10, item 9).
    maxWorkers: 2,
    // Each worker process runs many test files and loads the SDK, express and src/ once, not once
    // per file: a fresh process per file cost 1 to 2 s of start and imports each, about a third
    // of the suite's wall time here (issue 10, item 9). Test files therefore put back what they
    // change in the process (environment variables, spies) in their own after-hooks.
    isolate: false,
  },
});
