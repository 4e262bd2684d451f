// The call journal: a bounded ring, filters, big values replaced by their size, and
// the one-line why of each way a scenario is chosen.
import { describe, expect, it } from "vitest";
import type { CallOutcome } from "../../src/base/types.js";
import { Journal } from "../../src/journal/journal.js";

const ok = (scenario: string, selectedBy: "matched" | "default" | "forced", extra: Partial<Extract<CallOutcome, { kind: "result" }>> = {}): CallOutcome => ({
  kind: "result",
  result: { content: [{ type: "text", text: '{"a":1}' }], structuredContent: { a: 1 }, isError: false },
  tool: "t",
  scenario,
  selectedBy,
  warnings: [],
  ...extra,
});

const record = (journal: Journal, i: number, session = "s1", outcome = ok("x", "matched")) =>
  journal.record({ transport: "http", session, tool: i % 2 ? "odd" : "even", args: { i }, outcome, durationMs: 1.23456 });

describe("Journal", () => {
  it("keeps the last `capacity` calls, oldest first, ids counting on", () => {
    const journal = new Journal({ capacity: 3, now: () => 0 });
    for (let i = 1; i <= 5; i++) record(journal, i);
    expect(journal.list().map((c) => [c.id, c.arguments])).toEqual([
      [3, { i: 3 }],
      [4, { i: 4 }],
      [5, { i: 5 }],
    ]);
  });

  it("filters by tool, session and after an id", () => {
    const journal = new Journal({ capacity: 10, now: () => 0 });
    for (let i = 1; i <= 6; i++) record(journal, i, i <= 3 ? "a" : "b");
    expect(journal.list({ tool: "odd" }).map((c) => c.id)).toEqual([1, 3, 5]);
    expect(journal.list({ session: "b" }).map((c) => c.id)).toEqual([4, 5, 6]);
    expect(journal.list({ tool: "even", session: "a", after: 1 }).map((c) => c.id)).toEqual([2]);
    expect(journal.sessionsSeen().get("a")).toEqual({ calls: 3, lastCall: "1970-01-01T00:00:00.000Z" });
  });

  it("replaces arguments or output bigger than the cap by their size", () => {
    const journal = new Journal({ capacity: 2, maxValueChars: 20, now: () => 0 });
    const big = "x".repeat(100);
    const outcome = ok("x", "matched", { result: { content: [{ type: "text", text: JSON.stringify({ big }) }], structuredContent: { big }, isError: false } });
    journal.record({ transport: "http", session: "s", tool: "t", args: { big }, outcome, durationMs: 0 });
    const [entry] = journal.list();
    expect(entry?.arguments).toEqual({ truncated: true, chars: 110 });
    expect(entry?.structuredContent).toEqual({ truncated: true, chars: 110 });
  });

  it("keeps each call's own arguments and output when a tool's answers repeat and alternate", () => {
    const journal = new Journal({ capacity: 10, now: () => 0 });
    const output = (v: number) => ok("x", "matched", { result: { content: [{ type: "text", text: JSON.stringify({ v }) }], structuredContent: { v }, isError: false } });
    const calls: [number, number][] = [[1, 1], [1, 1], [2, 2], [1, 1], [2, 1], [2, 2]];
    for (const [arg, v] of calls) journal.record({ transport: "http", session: "s", tool: "t", args: { arg }, outcome: output(v), durationMs: 0 });
    expect(journal.list().map((e) => [e.arguments, e.structuredContent])).toEqual(calls.map(([arg, v]) => [{ arg }, { v }]));
  });

  it("says why, per way of choosing", () => {
    const journal = new Journal({ now: () => 0 });
    const why = (outcome: CallOutcome) => {
      journal.record({ transport: "http", session: "s9", tool: "t", args: {}, outcome, durationMs: 0 });
      return journal.list().at(-1)?.why;
    };
    expect(why(ok("a", "forced", { forced: { scenario: "a", layer: "call" } }))).toBe('forced by this call\'s _meta["careem-mcp/scenario"]');
    expect(why(ok("a", "forced", { forced: { scenario: "a", layer: "session", left: 2 } }))).toBe("forced for session s9 (2 more forced calls)");
    expect(why(ok("a", "forced", { forced: { scenario: "a", layer: "overrides", left: 0 } }))).toBe("forced by the overrides file (its last forced call)");
    expect(why(ok("a", "matched"))).toBe("matched: the first scenario whose match block accepts the arguments");
    expect(why(ok("d", "default", { closest: () => ({ scenario: "near", matchedKeys: ["a"], diff: [{ key: "b", expected: "~x", seen: "y", reason: "" }, { key: "c", expected: 1, reason: "argument absent" }] }) }))).toBe(
      'default: no scenario\'s match block accepted the arguments; closest: "near" (b: expected "~x", got "y"; c: expected 1, got nothing)',
    );
    expect(why({ kind: "unknown-tool", code: -32602, message: 'unknown tool "zz"' })).toBe('unknown tool "zz"');
  });

  it("finds a default call's closest scenario only when the entry is read, once", () => {
    const journal = new Journal({ now: () => 0 });
    let found = 0;
    const closest = () => (found++, { scenario: "near", matchedKeys: [], diff: [] });
    journal.record({ transport: "http", session: "s", tool: "t", args: {}, outcome: ok("d", "default", { closest }), durationMs: 0 });
    const [entry] = journal.list();
    expect(found).toBe(0);
    expect(JSON.parse(JSON.stringify(journal.list())) [0].closest).toEqual({ scenario: "near", matchedKeys: [], diff: [] });
    expect(entry?.why).toBe('default: no scenario\'s match block accepted the arguments; closest: "near" ()');
    expect(found).toBe(1);
  });

  it("tells subscribers of each call as it is recorded", () => {
    const journal = new Journal({ now: () => 0 });
    const heard: number[] = [];
    const stop = journal.subscribe((e) => heard.push(e.id));
    record(journal, 1);
    stop();
    record(journal, 2);
    expect(heard).toEqual([1]);
  });
});

describe("Journal, arguments too deep to write as JSON (issue 45, item 2)", () => {
  const deep = (depth: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  };

  it("keeps a marker, not the object: the ring, its readers and its listeners all keep working", () => {
    const journal = new Journal({ capacity: 5, now: () => 0 });
    const heard: string[] = [];
    journal.subscribe((entry) => heard.push(JSON.stringify(entry)));
    const shared: string[] = [];
    journal.onRecorded = (entry) => shared.push(JSON.stringify(entry));
    journal.record({ transport: "http", session: "s", tool: "t", args: { a: deep(200_000) }, outcome: ok("x", "matched"), durationMs: 0 });
    record(journal, 2);
    const list = journal.list();
    expect(list[0]?.arguments).toEqual({ truncated: true, reason: "nested too deeply to write as JSON" });
    expect(() => JSON.stringify(list)).not.toThrow();
    expect(heard).toHaveLength(2);
    expect(shared).toHaveLength(2);
  });

  it("a listener that throws costs its own line, never the call being recorded", () => {
    const journal = new Journal({ capacity: 5, now: () => 0 });
    journal.subscribe(() => {
      throw new Error("reader broke");
    });
    journal.onRecorded = () => {
      throw new Error("sharing broke");
    };
    expect(() => record(journal, 1)).not.toThrow();
    expect(journal.list()).toHaveLength(1);
  });
});

describe("Journal, memory (issue 45, item 1)", () => {
  it("a default call whose arguments were cut to their size keeps no way back to them", () => {
    const journal = new Journal({ capacity: 5, maxValueChars: 100, now: () => 0 });
    const held = { note: "x".repeat(1000) };
    // The engine's finder closes over the arguments, as a default outcome's does.
    const closest = ((args: unknown) => () => ({ scenario: "s", matchedKeys: [], diff: [{ key: "note", expected: "y", seen: (args as { note: string }).note, reason: "differs" }] }))(held);
    journal.record({ transport: "http", session: "s", tool: "t", args: held, outcome: ok("d", "default", { closest }), durationMs: 0 });
    const entry = journal.list()[0];
    expect(entry?.arguments).toEqual({ truncated: true, chars: 1011 });
    expect(entry?.why).toBe("default: no scenario's match block accepted the arguments");
    expect(entry?.closest).toBeUndefined();
  });
});
