// A run's setup is checked whole before the run exists; every mistake is named with its fix.
import { describe, expect, it } from "vitest";
import { makeRun, type RunSetupDeps } from "../../src/runs/runSetup.js";

const deps: RunSetupDeps = {
  now: () => Date.parse("2026-12-07T10:00:00Z"),
  newId: () => "run_1",
  initialState: (atMs) => ({ at: new Date(atMs).toISOString() }),
  checkScenario: (tool, scenario) => (tool === "book_ride" && scenario === "scheduled" ? undefined : `unknown scenario "${scenario}" of ${tool}`),
  injectionIds: () => ["food-dish-description", "rides-captain-note"],
};

describe("makeRun", () => {
  it("an empty body is the default persona's world, now, nothing forced or injected", () => {
    expect(makeRun(undefined, deps)).toEqual({ settings: { id: "run_1", clockOffsetMs: 0, forced: {}, injections: [] }, user: "900000001", createdAt: "2026-12-07T10:00:00.000Z", start: { at: "2026-12-07T10:00:00.000Z" } });
  });

  it("takes the user, a clock (its start state rendered then), forced scenarios and injections", () => {
    const run = makeRun({ user: "900000002", clock: "2026-12-08T09:00:00Z", forced: { book_ride: "scheduled" }, injections: true }, deps);
    expect(run).toEqual({
      settings: { id: "run_1", clockOffsetMs: 23 * 3600_000, forced: { book_ride: "scheduled" }, injections: ["food-dish-description", "rides-captain-note"] },
      user: "900000002",
      createdAt: "2026-12-07T10:00:00.000Z",
      clock: "2026-12-08T09:00:00Z",
      start: { at: "2026-12-08T09:00:00.000Z" },
    });
  });

  it("names every mistake at once", () => {
    expect(makeRun({ usr: 1, user: "a b", clock: "tomorrow", forced: { book_ride: "nope" }, injections: ["food-dish-descripton"] }, deps)).toEqual({
      error:
        'unknown key "usr" (did you mean "user"?); a run\'s setup has user, clock, forced, injections; "user" must be a persona\'s user id such as "900000002", got "a b"; "clock" must be an instant in RFC 3339 such as "2026-12-08T09:00:00Z", got "tomorrow"; unknown scenario "nope" of book_ride; unknown injection "food-dish-descripton" (did you mean "food-dish-description"?); the catalog\'s injections (tools/_injections.json): food-dish-description, rides-captain-note',
    });
    expect(makeRun([1], deps)).toHaveProperty("error");
  });
});
