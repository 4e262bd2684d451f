// `./careem-mcp.sh scenario ...` (force, clear, list; names checked against the catalog): the real
// command line run in process (see test/cli/runCliInProcess.ts); the spawned form runs in
// test/forcing/parallelSessions.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOverrides } from "../../src/overrides/overridesFile.js";
import { runCliInProcess } from "../cli/runCliInProcess.js";

const root = path.resolve(import.meta.dirname, "../..");
// A run dir of its own (CAREEM_MCP_RUN_DIR), so servers other tests run are never forced. Test
// files share their worker process (vitest.config.ts: isolate false), so the variable is set
// for this file's tests only and put back after them.
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-run-"));
const previousRunDir = process.env.CAREEM_MCP_RUN_DIR;
beforeAll(() => {
  process.env.CAREEM_MCP_RUN_DIR = runDir;
});

async function scenario(...args: string[]) {
  const run = await runCliInProcess("scenario", ...args);
  return { status: run.status, out: run.stdout, err: run.stderr };
}

afterAll(() => {
  if (previousRunDir === undefined) delete process.env.CAREEM_MCP_RUN_DIR;
  else process.env.CAREEM_MCP_RUN_DIR = previousRunDir;
  fs.rmSync(runDir, { recursive: true, force: true });
});

describe("scenario command", () => {
  it("forces, lists, clears one and clears all", async () => {
    expect((await scenario("--clear-all")).status).toBe(0);
    expect((await scenario()).out).toBe("no scenarios forced\n");
    const forced = await scenario("cart_checkout", "payment-declined");
    expect(forced.status).toBe(0);
    expect(forced.out).toBe("cart_checkout: forcing scenario payment-declined (clear with: ./careem-mcp.sh scenario cart_checkout --clear)\n");
    expect(readOverrides(runDir).overrides).toEqual({ cart_checkout: { scenario: "payment-declined" } });
    expect((await scenario()).out).toBe("cart_checkout -> payment-declined\n");
    expect((await scenario("cart_checkout")).out).toContain("payment-declined  (forced)\n");
    expect((await scenario("cart_checkout", "--clear")).out).toBe("cart_checkout: no longer forced (was payment-declined)\n");
    expect(readOverrides(runDir).overrides).toEqual({});
    await scenario("cart_checkout", "payment-declined");
    expect((await scenario("--clear-all")).out).toBe("cleared 1 forced scenario\n");
  });

  it("refuses an unknown tool with the list of valid tools", async () => {
    const run = await scenario("cart_chekout", "payment-declined");
    expect(run.status).toBe(1);
    expect(run.err).toMatch(/^scenario: unknown tool "cart_chekout" in .*tools \(did you mean "cart_checkout"\?\); valid tools: .*\bcart_checkout\b/);
  });

  it("refuses an unknown scenario with the list of valid scenarios", async () => {
    const run = await scenario("cart_checkout", "payment-denied");
    expect(run.status).toBe(1);
    expect(run.err).toMatch(/^scenario: unknown scenario "payment-denied" of cart_checkout \(did you mean "payment-declined"\?\); valid scenarios: .*payment-declined/);
  });

  it("a name far from every valid one gets the list without a guess", async () => {
    const run = await scenario("cart_checkout", "zzzzzzzzzzzz");
    expect(run.status).toBe(1);
    expect(run.err).toMatch(/^scenario: unknown scenario "zzzzzzzzzzzz" of cart_checkout; valid scenarios: /);
  });

  it("scenario <tool> marks the default (the first without a json match block) and the forced one", async () => {
    const listed = (await scenario("cart_checkout")).out.trimEnd().split("\n");
    expect(listed.filter((l) => l.includes("  ("))).toEqual(["order-placed  (default)"]);
    await scenario("cart_checkout", "order-placed");
    expect((await scenario("cart_checkout")).out).toContain("\norder-placed  (default, forced)\n");
    await scenario("--clear-all");
  });

  it("path traversal in a tool name is just an unknown tool: nothing outside the catalog is read", async () => {
    for (const name of ["../../etc/passwd", "/etc/passwd", "..", "rides/../../package"]) {
      const run = await scenario(name, "x");
      expect(run.status).toBe(1);
      expect(run.err).toContain(`unknown tool "${name}"`);
    }
    expect(readOverrides(runDir).overrides).toEqual({});
  });

  it("--run-dir on the command line wins over the environment", async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "careem-run-"));
    try {
      expect((await scenario("cart_checkout", "payment-declined", "--run-dir", other)).status).toBe(0);
      expect(readOverrides(other).overrides).toEqual({ cart_checkout: { scenario: "payment-declined" } });
      expect(readOverrides(runDir).overrides).toEqual({});
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it("checks names against the catalog given with --tools", async () => {
    const run = await scenario("echo", "x", "--tools", "test/fixtures/broken/tools");
    expect(run.status).toBe(1);
    expect(run.err).toMatch(/valid tools: bad_dynamics, bad_front_matter, /);
  });
});
