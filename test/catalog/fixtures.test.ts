// FIXTURES.md is executable: every row's arguments select the row's scenario, and every
// scenario of every shipped tool is reachable through some row.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";
import { Catalog } from "../../src/engine/catalog.js";
import { isDefaultScenario } from "../../src/engine/select.js";
import { projectRoot, readFixtureRows } from "./fixturesTable.js";

const rows = readFixtureRows();
const toolsDir = path.join(projectRoot, "tools");
// An empty run dir: nothing forced, whatever the developer has in .run/.
const engine = new Engine({ toolsDir, forced: new OverridesReader(path.join(projectRoot, "test", "fixtures", "no-run-state")) });

describe("FIXTURES.md rows select their scenario (engine)", () => {
  it("has rows", () => {
    expect(rows.length).toBeGreaterThan(100);
  });

  it.each(rows.filter((r) => r.args !== null).map((r) => [`FIXTURES.md:${r.line} ${r.tool} -> ${r.scenario}`, r] as const))("%s", (_label, row) => {
    // A leading "$user" is who the row signs in as (FIXTURES "Second persona"), not an argument.
    // Each row in a session of its own: it starts from the persona's world, as FIXTURES.md says.
    const { $user, ...args } = row.args as Record<string, unknown>;
    const outcome = engine.callTool(row.tool, args, { sessionId: `fixtures-row-${row.line}`, ...(typeof $user === "string" ? { userId: $user } : {}) });
    expect(outcome.kind).toBe("result");
    if (outcome.kind !== "result") return;
    expect(outcome.scenario).toBe(row.scenario);
    // Chosen the way its file says: the default by having no conditions, a `json when` scenario
    // by the persona's world every session starts from (e.g. the open Quik basket), any other by
    // its match; never forced (no overrides here).
    const entry = engine.catalog.get(row.tool);
    const scenario = entry.kind === "ok" ? entry.result.tool.scenarios.find((s) => s.name === row.scenario) : undefined;
    expect(scenario, `${row.tool} has scenario ${row.scenario}`).toBeDefined();
    if (!scenario) return;
    expect(outcome.selectedBy).toBe(isDefaultScenario(scenario) ? "default" : scenario.state?.when ? "state" : "matched");
    // The answer also validates against the tool's output schema (no diagnostics).
    expect(outcome.warnings).toEqual([]);
  });
});

describe("every scenario is reachable through FIXTURES.md", () => {
  const entries = new Catalog(toolsDir).all();
  it.each(entries.map((e) => [e.name, e] as const))("%s", (name, entry) => {
    expect(entry.kind).toBe("ok");
    if (entry.kind !== "ok") return;
    const listed = new Set(rows.filter((r) => r.tool === name).map((r) => r.scenario));
    const missing = entry.result.tool.scenarios.map((s) => s.name).filter((s) => !listed.has(s));
    expect(missing).toEqual([]);
  });

  it("names only tools and scenarios that exist", () => {
    const known = new Map(entries.flatMap((e) => (e.kind === "ok" ? [[e.name, e.result.tool.scenarios.map((s) => s.name)] as const] : [])));
    const unknown = rows.filter((r) => !known.get(r.tool)?.includes(r.scenario)).map((r) => `FIXTURES.md:${r.line} ${r.tool}/${r.scenario}`);
    expect(unknown).toEqual([]);
  });
});
