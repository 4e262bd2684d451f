import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Transport tests spawn real processes and open real sockets; the machines are shared.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
