// A suite's missing program skips it locally and fails it in CI.
import { describe, expect, it, vi } from "vitest";
import { inCi, missing } from "./dependencies.js";

describe("missing", () => {
  it("is false when the program is there, in CI or not", () => {
    expect(missing("redis-server", true, "apt-get install redis-server", {})).toBe(false);
    expect(missing("redis-server", true, "apt-get install redis-server", { CI: "true" })).toBe(false);
  });

  it("skips locally, saying what to install", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(missing("nginx", false, "apt-get install nginx", {})).toBe(true);
      expect(log).toHaveBeenCalledWith("SKIPPED (nginx is missing): apt-get install nginx");
    } finally {
      log.mockRestore();
    }
  });

  it("fails in CI instead of skipping", () => {
    expect(() => missing("Go", false, "install Go 1.23 or later", { CI: "true" })).toThrow(
      "Go is missing, and CI must run every suite: install Go 1.23 or later (.ci/run installs it as root with apt-get)",
    );
  });

  it.each([
    [{ CI: "true" }, true],
    [{ CI: "1" }, true],
    [{ CI: "woodpecker" }, true],
    [{ CI: "false" }, false],
    [{ CI: "0" }, false],
    [{ CI: "" }, false],
    [{}, false],
  ])("CI from %j: %s", (env, expected) => {
    expect(inCi(env)).toBe(expected);
  });
});
