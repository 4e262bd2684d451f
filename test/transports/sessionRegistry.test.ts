// The registry's order of use (the --max-sessions cap ends the least recently used session):
// a lookup by the session's own transport moves it to the end, unless it is there already.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionRegistry, type OpenSession } from "../../src/server/host/sessionRegistry.js";

const session = (id: string): OpenSession => ({ id, transport: "http", notify: () => {}, close: async () => {} });

describe("SessionRegistry order of use", () => {
  it("follows every use, including after the most recent session ended", async () => {
    const registry = new SessionRegistry(() => {});
    for (const id of ["a", "b", "c"]) registry.open(session(id));
    const order = () => registry.list().map((s) => s.id);
    registry.get("a", "http");
    expect(order()).toEqual(["b", "c", "a"]);
    registry.get("a", "http");
    expect(order()).toEqual(["b", "c", "a"]);
    await registry.end("a", "");
    registry.get("b", "http");
    expect(order()).toEqual(["c", "b"]);
    registry.open(session("d"));
    registry.get("c", "http");
    expect(order()).toEqual(["b", "d", "c"]);
    // A lookup without a transport (/_local) is not a use.
    registry.get("b");
    expect(order()).toEqual(["b", "d", "c"]);
  });

  it("ends the least recently used at the cap", async () => {
    const ended: string[] = [];
    const registry = new SessionRegistry(() => {}, { idleTimeoutMs: 0, maxSessions: 2 });
    registry.onEnd((id) => ended.push(id));
    registry.open(session("a"));
    registry.open(session("b"));
    registry.get("a", "http");
    registry.get("a", "http");
    registry.open(session("c"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended).toEqual(["b"]);
    expect(registry.list().map((s) => s.id)).toEqual(["a", "c"]);
  });
});

describe("SessionRegistry idle expiry", () => {
  // The registry's idle timers on a fake clock: time moves only when the test says so, so every
  // step is exact on any machine, however loaded.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ends a session only once it has been idle the whole timeout since its last request closed", () => {
    const idleMs = 120;
    const ended: string[] = [];
    const registry = new SessionRegistry(() => {}, { idleTimeoutMs: idleMs, maxSessions: 0 });
    registry.onEnd((id) => ended.push(id));
    registry.open(session("quiet"));
    registry.open(session("busy"));
    // Requests come and go on "busy" for three times the timeout, each idle gap shorter than it:
    // the expiry counts from the last release, whatever timers earlier ones armed.
    for (let i = 0; i < 6; i++) {
      const release = registry.busy("busy");
      vi.advanceTimersByTime(25);
      release();
      vi.advanceTimersByTime(idleMs - 1);
      expect(ended, `gap ${i}: idle, but not for the whole timeout`).not.toContain("busy");
    }
    expect(ended, "quiet, opened and never used, has ended").toEqual(["quiet"]);
    vi.advanceTimersByTime(1);
    expect(ended, "the timeout after the last release, not sooner").toEqual(["quiet", "busy"]);
  });

  it("ends the quiet one exactly the timeout after it opened", () => {
    const ended: string[] = [];
    const registry = new SessionRegistry(() => {}, { idleTimeoutMs: 120, maxSessions: 0 });
    registry.onEnd((id) => ended.push(id));
    registry.open(session("quiet"));
    vi.advanceTimersByTime(119);
    expect(ended).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ended).toEqual(["quiet"]);
  });

  it("does not end a session while a request or stream of it is open, however long", () => {
    const registry = new SessionRegistry(() => {}, { idleTimeoutMs: 40, maxSessions: 0 });
    const ended: string[] = [];
    registry.onEnd((id) => ended.push(id));
    registry.open(session("s"));
    const release = registry.busy("s");
    vi.advanceTimersByTime(10_000);
    expect(ended).toEqual([]);
    release();
    release(); // a second call of the same release counts once
    vi.advanceTimersByTime(39);
    expect(ended).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ended).toEqual(["s"]);
  });
});
