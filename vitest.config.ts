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
  },
});
