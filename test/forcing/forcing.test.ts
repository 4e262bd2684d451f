// The forcing layers in the engine: per call from `_meta`, per session, the overrides
// file with an optional count, in that order, then matching, then the default.
import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import type { CallOutcome } from "../../src/base/types.js";
import { layeredForcing } from "../../src/forcing/layeredForcing.js";
import { SessionForcing } from "../../src/forcing/sessionForcing.js";
import { OverridesReader, readOverrides, writeOverrides } from "../../src/overrides/overridesFile.js";
import { copyCatalog, type TempCatalog } from "../transports/catalog.js";

let catalog: TempCatalog;
let sessions: SessionForcing;
let engine: Engine;

beforeEach(() => {
  catalog = copyCatalog();
  sessions = new SessionForcing();
  engine = new Engine({ toolsDir: catalog.dir, forced: layeredForcing(sessions, new OverridesReader(catalog.runDir)) });
});
afterEach(() => catalog.remove());

function picked(outcome: CallOutcome) {
  if (outcome.kind !== "result") throw new Error("unknown tool");
  return { scenario: outcome.scenario, selectedBy: outcome.selectedBy, layer: outcome.forced?.layer, left: outcome.forced?.left };
}

const meta = (scenario: unknown) => ({ meta: { "careem-mcp/scenario": scenario } });

describe("per-call forcing (_meta)", () => {
  it("answers with the named scenario, whatever the arguments match", () => {
    expect(picked(engine.callTool("track_ride", { rideId: "ride_missing_1" }, meta("upstream-timeout")))).toEqual({
      scenario: "upstream-timeout",
      selectedBy: "forced",
      layer: "call",
      left: undefined,
    });
  });

  it("an unknown name is an isError result listing the valid names", () => {
    const outcome = engine.callTool("track_ride", { rideId: "ride_1" }, meta("nope"));
    expect(outcome.kind === "result" && outcome.result).toEqual({
      content: [
        {
          type: "text",
          text: 'unknown scenario "nope" in _meta["careem-mcp/scenario"]; valid scenarios of track_ride: ride-not-found, upstream-timeout, backend-crash, on-the-way',
        },
      ],
      isError: true,
    });
  });

  it("a name that is not a string is refused the same way", () => {
    const outcome = engine.callTool("track_ride", { rideId: "ride_1" }, meta(3));
    expect(outcome.kind === "result" && outcome.result.content[0]?.text).toBe(
      '_meta["careem-mcp/scenario"] must be a scenario name (a string), got 3; valid scenarios of track_ride: ride-not-found, upstream-timeout, backend-crash, on-the-way',
    );
  });

  it("argument validation still comes first", () => {
    const outcome = engine.callTool("track_ride", {}, meta("nope"));
    expect(outcome.kind === "result" && outcome.result.content[0]?.text).toMatch(/^validating "arguments": /);
  });
});

describe("counted forcing", () => {
  it("the overrides file's times: forced for that many calls, then normal selection, the file updated", () => {
    writeOverrides(catalog.runDir, { track_ride: { scenario: "backend-crash", times: 2 } });
    const calls = [1, 2, 3].map(() => picked(engine.callTool("track_ride", { rideId: "ride_missing_1" })));
    expect(calls).toEqual([
      { scenario: "backend-crash", selectedBy: "forced", layer: "overrides", left: 1 },
      { scenario: "backend-crash", selectedBy: "forced", layer: "overrides", left: 0 },
      { scenario: "ride-not-found", selectedBy: "matched", layer: undefined, left: undefined },
    ]);
    expect(readOverrides(catalog.runDir).overrides).toEqual({});
  });

  it("a session's times count only that session's calls", () => {
    sessions.set("s1", "track_ride", { scenario: "upstream-timeout", times: 2 });
    const s2 = picked(engine.callTool("track_ride", { rideId: "ride_1" }, { sessionId: "s2" }));
    expect(s2).toEqual({ scenario: "on-the-way", selectedBy: "default", layer: undefined, left: undefined });
    const s1 = [1, 2, 3].map(() => picked(engine.callTool("track_ride", { rideId: "ride_1" }, { sessionId: "s1" })));
    expect(s1.map((c) => `${c.scenario}/${c.layer}/${c.left}`)).toEqual(["upstream-timeout/session/1", "upstream-timeout/session/0", "on-the-way/undefined/undefined"]);
    expect(sessions.sessions).toBe(0);
  });

  it("a failed validation does not use up a count", () => {
    sessions.set("s1", "track_ride", { scenario: "upstream-timeout", times: 1 });
    engine.callTool("track_ride", {}, { sessionId: "s1" });
    expect(sessions.of("s1")).toEqual({ track_ride: { scenario: "upstream-timeout", times: 1 } });
  });

  it("why (explain) looks without using a count", () => {
    sessions.set("s1", "track_ride", { scenario: "upstream-timeout", times: 1 });
    const report = engine.explain("track_ride", { rideId: "ride_1" }, { sessionId: "s1" });
    expect(report.scenario).toBe("upstream-timeout");
    expect(report.forced).toEqual({ scenario: "upstream-timeout", layer: "session", left: 0 });
    expect(sessions.of("s1")).toEqual({ track_ride: { scenario: "upstream-timeout", times: 1 } });
  });
});

describe("a session ending frees its forcing", () => {
  it("forget drops every forcing of that session only", () => {
    sessions.set("s1", "track_ride", { scenario: "upstream-timeout" });
    sessions.set("s2", "track_ride", { scenario: "backend-crash" });
    sessions.forget("s1");
    expect(sessions.of("s1")).toEqual({});
    expect(sessions.of("s2")).toEqual({ track_ride: { scenario: "backend-crash" } });
  });
});

describe("a stale forced name", () => {
  it("in a session is skipped with a warning, and the overrides file below it answers", () => {
    sessions.set("s1", "track_ride", { scenario: "gone" });
    fs.writeFileSync(`${catalog.runDir}/overrides.json`, JSON.stringify({ track_ride: "backend-crash" }));
    const outcome = engine.callTool("track_ride", { rideId: "ride_1" }, { sessionId: "s1" });
    expect(picked(outcome)).toEqual({ scenario: "backend-crash", selectedBy: "forced", layer: "overrides", left: undefined });
    expect(outcome.kind === "result" && outcome.warnings).toEqual(['scenario "gone" forced for session s1 no longer exists in the tool file of track_ride; ignoring it']);
  });
});

describe("why and the closest miss", () => {
  it("a call that fell to the default carries the closest scenario and its diff", () => {
    const outcome = engine.callTool("track_ride", { rideId: "ride_1" });
    expect(outcome.kind === "result" && outcome.closest?.()).toEqual({
      scenario: "ride-not-found",
      matchedKeys: [],
      diff: [{ key: "rideId", expected: "~missing", seen: "ride_1", reason: '"ride_1" does not match "~missing"' }],
    });
  });

  it("explain walks every scenario top to bottom with the deciding key", () => {
    const report = engine.explain("track_ride", { rideId: "ride_timeout_9" });
    expect(report.steps.map((s) => [s.scenario, s.matched, s.key ?? null])).toEqual([
      ["ride-not-found", false, "rideId"],
      ["upstream-timeout", true, null],
      ["backend-crash", false, "rideId"],
      ["on-the-way", null, null],
    ]);
    expect([report.scenario, report.selectedBy]).toEqual(["upstream-timeout", "matched"]);
  });
});
