// planDynamics, one row per rule: scaling, ranges, when progress and log messages are sent and
// at which moments, hangs. And play(), driven by a fake timer: nothing here sleeps.
import { describe, expect, it } from "vitest";
import type { Dynamics } from "../../../src/base/dynamics.js";
import { hangLimitMs, isInstant, planDynamics, type PlanInput } from "../../../src/server/dynamics/plan.js";
import { play } from "../../../src/server/dynamics/play.js";
import type { Timer } from "../../../src/server/dynamics/timer.js";

const random = { int: (min: number, max: number) => Math.floor((min + max) / 2), uuid: () => "u" };
const base: PlanInput = { scale: 1, random };
const d = (x: Omit<Dynamics, "line">): Dynamics => ({ ...x, line: 1 });
const progress = [{ progress: 1, total: 3 }, { progress: 2, total: 3 }, { progress: 3, total: 3, message: "done" }];
const log = [{ level: "debug" as const, data: "a" }, { level: "warning" as const, data: "b" }];

const rows: [string, Dynamics, Partial<PlanInput>, { delayMs: number; at: number[]; methods?: string[]; fault?: string }][] = [
  ["a fixed delay", d({ delayMs: 1500 }), {}, { delayMs: 1500, at: [] }],
  ["a range takes the random source's pick", d({ delayMs: [1000, 3000] }), {}, { delayMs: 2000, at: [] }],
  ["--delay-scale 2 doubles", d({ delayMs: 1500 }), { scale: 2 }, { delayMs: 3000, at: [] }],
  ["--delay-scale 0 makes it instant", d({ delayMs: 1500 }), { scale: 0 }, { delayMs: 0, at: [] }],
  ["progress without a token: none", d({ delayMs: 900, progress }), {}, { delayMs: 900, at: [] }],
  ["progress with a token: evenly, the last a step before the answer", d({ delayMs: 900, progress }), { progressToken: "t" }, { delayMs: 900, at: [0, 300, 600] }],
  ["log without a level set: none (as the Go SDK)", d({ delayMs: 100, log }), {}, { delayMs: 100, at: [] }],
  ["log at level debug: both", d({ delayMs: 100, log }), { logLevel: "debug" }, { delayMs: 100, at: [0, 50], methods: ["notifications/message", "notifications/message"] }],
  ["log at level info: the warning only, at its own moment", d({ delayMs: 100, log }), { logLevel: "info" }, { delayMs: 100, at: [50] }],
  ["a hang waits the limit, unscaled", d({ fault: "hang" }), { scale: 0 }, { delayMs: hangLimitMs, at: [], fault: "hang" }],
  ["a transport fault is planned", d({ fault: "http-503" }), {}, { delayMs: 0, at: [], fault: "http-503" }],
  ["a result fault is not (the engine applied it)", d({ fault: "no-structured-content" }), {}, { delayMs: 0, at: [] }],
];

describe("planDynamics", () => {
  it.each(rows)("%s", (_name, dynamics, input, expected) => {
    const plan = planDynamics(dynamics, { ...base, ...input });
    expect(plan.delayMs).toBe(expected.delayMs);
    expect(plan.events.map((e) => e.atMs)).toEqual(expected.at);
    if (expected.methods) expect(plan.events.map((e) => e.notification.method)).toEqual(expected.methods);
    expect(plan.fault).toBe(expected.fault);
  });

  it("progress notifications carry the token, progress, total and message as declared", () => {
    const plan = planDynamics(d({ delayMs: 900, progress }), { ...base, progressToken: 7 });
    expect(plan.events.map((e) => e.notification)).toEqual([
      { method: "notifications/progress", params: { progressToken: 7, progress: 1, total: 3 } },
      { method: "notifications/progress", params: { progressToken: 7, progress: 2, total: 3 } },
      { method: "notifications/progress", params: { progressToken: 7, progress: 3, total: 3, message: "done" } },
    ]);
  });

  it("only a plan with nothing to do stays on the synchronous path", () => {
    expect(isInstant(planDynamics(d({ delayMs: 1500 }), { ...base, scale: 0 }))).toBe(true);
    expect(isInstant(planDynamics(d({ delayMs: 1500 }), base))).toBe(false);
    expect(isInstant(planDynamics(d({ delayMs: 1500, progress }), { ...base, scale: 0, progressToken: 1 }))).toBe(false);
    expect(isInstant(planDynamics(d({ fault: "session-expired" }), { ...base, scale: 0 }))).toBe(false);
  });
});

/** A timer that runs only when told to, so play() can be stepped through without sleeping. */
function fakeTimer() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void; seq: number }>();
  const timer: Timer = {
    set: (fn, ms) => {
      const id = ++seq;
      pending.set(id, { at: now + ms, fn, seq: id });
      return id;
    },
    clear: (h) => void pending.delete(h as number),
  };
  const advance = async (ms: number) => {
    now += ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= now).sort((a, b) => a[1].at - b[1].at || a[1].seq - b[1].seq);
      if (due.length === 0) break;
      const [id, t] = due[0]!;
      pending.delete(id);
      t.fn();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { timer, advance, pending: () => pending.size };
}

describe("play", () => {
  const plan = planDynamics(d({ delayMs: 900, progress }), { ...base, progressToken: "t" });

  it("sends each notification at its moment and answers when the delay ends", async () => {
    const { timer, advance } = fakeTimer();
    const sent: number[] = [];
    let done: boolean | undefined;
    void play(plan, { timer, signal: new AbortController().signal, notify: async (n) => void sent.push((n.params as { progress: number }).progress) }).then((r) => (done = r));
    await advance(0);
    expect(sent).toEqual([1]);
    await advance(300);
    expect(sent).toEqual([1, 2]);
    await advance(599);
    expect(sent).toEqual([1, 2, 3]);
    expect(done).toBeUndefined();
    await advance(1);
    expect(done).toBe(true);
  });

  it("a cancel stops it at once and clears every timer", async () => {
    const { timer, advance, pending } = fakeTimer();
    const abort = new AbortController();
    const sent: unknown[] = [];
    const result = play(plan, { timer, signal: abort.signal, notify: async (n) => void sent.push(n) });
    await advance(0);
    abort.abort();
    expect(await result).toBe(false);
    expect(pending()).toBe(0);
    await advance(10_000);
    expect(sent).toHaveLength(1);
  });

  it("a hang is released by the limit when nothing stops it first", async () => {
    const { timer, advance } = fakeTimer();
    let done: boolean | undefined;
    void play(planDynamics(d({ fault: "hang" }), base), { timer, signal: new AbortController().signal, notify: async () => {} }).then((r) => (done = r));
    await advance(hangLimitMs - 1);
    expect(done).toBeUndefined();
    await advance(1);
    expect(done).toBe(true);
  });
});
