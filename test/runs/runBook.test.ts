// The in-memory run book is bounded as sessions are: a count, bytes of calls per run, idle expiry.
import { describe, expect, it } from "vitest";
import { MemoryRunBook, RunLimitError, type RunRecord } from "../../src/runs/runBook.js";
import type { CallOutcome } from "../../src/base/types.js";

function record(id: string): RunRecord {
  return { settings: { id, clockOffsetMs: 0, forced: {}, injections: [] }, user: "900000001", createdAt: "2026-12-07T10:00:00.000Z", start: {} };
}

const outcome: CallOutcome = { kind: "result", result: { content: [{ type: "text", text: "{}" }], structuredContent: { ok: true }, isError: false }, tool: "t", scenario: "s", selectedBy: "default", warnings: [] };

function book(limits: Partial<MemoryRunBook["limits"]> = {}) {
  let now = 0;
  const states = new Map<string, Record<string, never>>();
  const reset: string[] = [];
  const b = new MemoryRunBook({ peek: (k) => states.get(k), reset: (k) => void reset.push(k) }, { maxRuns: 2, idleMs: 1000, maxCalls: 3, maxCallBytes: 1_000_000, ...limits }, () => now);
  return { b, reset, tick: (ms: number) => (now += ms) };
}

describe("MemoryRunBook", () => {
  it("refuses a run past the count, and makes room when one ends", async () => {
    const { b } = book();
    await b.create(record("a"));
    await b.create(record("b"));
    await expect(b.create(record("c"))).rejects.toThrow(RunLimitError);
    expect(await b.end("a")).toBe(true);
    await b.create(record("c"));
    expect((await b.list()).map((r) => r.id).sort()).toEqual(["b", "c"]);
  });

  it("forgets a run idle past the limit, with its state; a run in use stays", async () => {
    const { b, reset, tick } = book();
    await b.create(record("a"));
    await b.create(record("b"));
    tick(600);
    await b.get("b");
    tick(600);
    expect(await b.get("a")).toBeUndefined();
    expect(reset).toEqual(["run:a"]);
    expect(await b.get("b")).toBeDefined();
  });

  it("records calls in the journal's form and is full at its cap of calls or bytes", async () => {
    const { b } = book();
    await b.create(record("a"));
    for (let i = 0; i < 3; i++) {
      expect(await b.full("a")).toBeUndefined();
      await b.record("a", { transport: "http", session: "s", tool: "t", args: { i }, outcome, durationMs: 1 });
    }
    expect((await b.calls("a")).map((c) => [c.id, c.arguments])).toEqual([[1, { i: 0 }], [2, { i: 1 }], [3, { i: 2 }]]);
    expect(await b.full("a")).toBe("run a has recorded 3 calls, its cap; start a new run (POST /_local/runs) for more");
    const small = book({ maxCallBytes: 100 }).b;
    await small.create(record("x"));
    await small.record("x", { transport: "http", session: "s", tool: "t", args: {}, outcome, durationMs: 1 });
    expect(await small.full("x")).toMatch(/^run x's calls take \d+ bytes, past its 100-byte cap/);
  });
});
