// `./careem-mcp.sh scenario ...` (SPEC-NOTES 15), run as a real process against a temp catalog.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readOverrides } from "../../src/overrides/overridesFile.js";

const root = path.resolve(import.meta.dirname, "../..");
// A run dir of its own (CAREEM_MCP_RUN_DIR), so servers other tests run are never forced.
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-run-"));

function scenario(...args: string[]) {
  const run = spawnSync("node", ["dist/cli.js", "scenario", ...args], { cwd: root, encoding: "utf8", env: { ...process.env, CAREEM_MCP_RUN_DIR: runDir } });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

afterAll(() => fs.rmSync(runDir, { recursive: true, force: true }));

describe("scenario command", () => {
  it("forces, lists, clears one and clears all", () => {
    expect(scenario("--clear-all").status).toBe(0);
    expect(scenario().out).toBe("no scenarios forced\n");
    const forced = scenario("cart_checkout", "payment-declined");
    expect(forced.status).toBe(0);
    expect(forced.out).toBe("cart_checkout: forcing scenario payment-declined (clear with: ./careem-mcp.sh scenario cart_checkout --clear)\n");
    expect(readOverrides(runDir).overrides).toEqual({ cart_checkout: { scenario: "payment-declined" } });
    expect(scenario().out).toBe("cart_checkout -> payment-declined\n");
    expect(scenario("cart_checkout").out).toContain("payment-declined  (forced)\n");
    expect(scenario("cart_checkout", "--clear").out).toBe("cart_checkout: no longer forced (was payment-declined)\n");
    expect(readOverrides(runDir).overrides).toEqual({});
    scenario("cart_checkout", "payment-declined");
    expect(scenario("--clear-all").out).toBe("cleared 1 forced scenario\n");
  });

  it("refuses an unknown tool with the list of valid tools", () => {
    const run = scenario("cart_chekout", "payment-declined");
    expect(run.status).toBe(1);
    expect(run.err).toMatch(/^scenario: unknown tool "cart_chekout" in .*tools; valid tools: .*\bcart_checkout\b/);
  });

  it("refuses an unknown scenario with the list of valid scenarios", () => {
    const run = scenario("cart_checkout", "payment-denied");
    expect(run.status).toBe(1);
    expect(run.err).toMatch(/^scenario: unknown scenario "payment-denied" of cart_checkout; valid scenarios: .*payment-declined/);
  });

  it("path traversal in a tool name is just an unknown tool: nothing outside the catalog is read", () => {
    for (const name of ["../../etc/passwd", "/etc/passwd", "..", "rides/../../package"]) {
      const run = scenario(name, "x");
      expect(run.status).toBe(1);
      expect(run.err).toContain(`unknown tool "${name}"`);
    }
    expect(readOverrides(runDir).overrides).toEqual({});
  });

  it("--run-dir on the command line wins over the environment", () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "careem-run-"));
    try {
      expect(scenario("cart_checkout", "payment-declined", "--run-dir", other).status).toBe(0);
      expect(readOverrides(other).overrides).toEqual({ cart_checkout: { scenario: "payment-declined" } });
      expect(readOverrides(runDir).overrides).toEqual({});
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it("checks names against the catalog given with --tools", () => {
    const run = scenario("echo", "x", "--tools", "test/fixtures/broken/tools");
    expect(run.status).toBe(1);
    expect(run.err).toMatch(/valid tools: bad_dynamics, bad_front_matter, /);
  });
});
