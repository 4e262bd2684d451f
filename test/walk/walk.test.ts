// check --walk: it finds each kind of defect it promises to find (on a catalog with one of each
// planted), it is reproducible by seed, and the CLI exits 1 on a violation.
import path from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/runCli.js";
import { walkCatalog } from "../../src/walk/walk.js";
import { projectRoot } from "../journeys/server.js";

const planted = path.join(projectRoot, "test", "fixtures", "walk-catalog");
const start = Date.UTC(2026, 11, 1, 6, 0, 0);

describe("check --walk", () => {
  const report = walkCatalog({ toolsDir: planted, steps: 300, seed: 7, start });
  const messages = report.violations.map((v) => `${v.tool}: ${v.message}`);

  it("finds a placeholder that renders empty inside a sentence", () => {
    expect(messages).toContainEqual(`place_order: {{= $state.shop.name}} rendered empty inside a sentence (scenario "placed")`);
  });

  it("finds an id the service created that a fixture scenario answered", () => {
    expect(messages.some((m) => /^track_order: the service's own id ord_\d{8} \(order_id\) selected fixture scenario "fixture-order" by its json match$/.test(m))).toBe(true);
  });

  it("finds an answer that breaks its outputSchema, with the file and line", () => {
    expect(messages.some((m) => m.startsWith("order_total: ") && m.includes(`order_total.md:22: scenario "known" output does not match outputSchema: / must have required property 'amount'`))).toBe(true);
  });

  it("reports what it never reached", () => {
    // The fixture's contains-"ord_" match takes every id the pattern allows: its default is unreachable.
    expect(report.unreached).toEqual([{ tool: "track_order", scenario: "unknown", forcingOnly: false }]);
  });

  it("walks the same journeys for the same seed", () => {
    const again = walkCatalog({ toolsDir: planted, steps: 300, seed: 7, start });
    expect(again.violations).toEqual(report.violations);
    expect(walkCatalog({ toolsDir: planted, steps: 300, seed: 8, start }).violations).not.toEqual(report.violations);
  });

  it("exits 1 from the CLI and prints the summary", async () => {
    const out = new PassThrough();
    const err = new PassThrough();
    const code = await runCli(["check", "--walk", "100", "--seed", "3", "--tools", planted], { out, err });
    expect(code).toBe(1);
    expect(String(out.read())).toMatch(/walk: 100 steps in \d+ journeys \(seed 3\), \d+ violations; reached \d of 5 scenarios \(0 forcing-only\)/);
  });
});
