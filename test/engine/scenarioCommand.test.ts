// `./careem-mcp.sh scenario ...` (SPEC-NOTES 15), run as a real process against a temp catalog.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOverrides } from "../../src/overrides/overridesFile.js";

const root = path.resolve(import.meta.dirname, "../..");
const runDir = path.join(root, ".run");
let saved: string | undefined;

function scenario(...args: string[]) {
  const run = spawnSync("node", ["dist/cli.js", "scenario", ...args], { cwd: root, encoding: "utf8" });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

// The command writes the project's .run/overrides.json: keep whatever was there.
beforeAll(() => {
  const file = path.join(runDir, "overrides.json");
  saved = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
});
afterAll(() => {
  const file = path.join(runDir, "overrides.json");
  if (saved === undefined) fs.rmSync(file, { force: true });
  else fs.writeFileSync(file, saved);
});

describe("scenario command", () => {
  it("forces, lists, clears one and clears all", () => {
    expect(scenario("--clear-all").status).toBe(0);
    expect(scenario().out).toBe("no scenarios forced\n");
    const forced = scenario("cart_checkout", "payment-declined");
    expect(forced.status).toBe(0);
    expect(forced.out).toBe("cart_checkout: forcing scenario payment-declined (clear with: ./careem-mcp.sh scenario cart_checkout --clear)\n");
    expect(readOverrides(runDir).overrides).toEqual({ cart_checkout: "payment-declined" });
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

  it("checks names against the catalog given with --tools", () => {
    const run = scenario("echo", "x", "--tools", "test/fixtures/broken/tools");
    expect(run.status).toBe(1);
    expect(run.err).toMatch(/valid tools: bad_front_matter, /);
  });
});
