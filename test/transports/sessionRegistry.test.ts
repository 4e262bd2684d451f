// The registry's order of use (the --max-sessions cap ends the least recently used session):
// a lookup by the session's own transport moves it to the end, unless it is there already.
import { describe, expect, it } from "vitest";
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
  const until = (check: () => boolean, ms = 5_000) =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const tick = () => (check() ? resolve() : performance.now() - started > ms ? reject(new Error("timed out")) : setTimeout(tick, 5));
      tick();
    });

  it("ends a session only once it has been idle the whole timeout since its last request closed", async () => {
    const idleMs = 120;
    const ended = new Map<string, number>();
    const registry = new SessionRegistry(() => {}, { idleTimeoutMs: idleMs, maxSessions: 0 });
    registry.onEnd((id) => ended.set(id, performance.now()));
    registry.open(session("quiet"));
    const openedAt = performance.now();
    registry.open(session("busy"));
    // Requests come and go on "busy" for about three times the timeout, with idle gaps shorter
    // than it: the expiry counts from the last release, whatever timers earlier ones armed.
    let lastRelease = performance.now();
    for (let i = 0; i < 6; i++) {
      const release = registry.busy("busy");
      await new Promise((resolve) => setTimeout(resolve, 25));
      release();
      lastRelease = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 35));
      const gap = performance.now() - lastRelease;
      // Only a gap the machine kept short proves anything: a stalled loop may really idle it out.
      if (gap < idleMs - 10) expect(ended.has("busy"), `gap ${i} (${gap.toFixed(0)} ms): idle, but not for the whole timeout`).toBe(false);
    }
    await until(() => ended.has("busy") && ended.has("quiet"));
    expect((ended.get("quiet") as number) - openedAt).toBeGreaterThanOrEqual(idleMs - 1);
    expect((ended.get("busy") as number) - lastRelease, "never sooner than the timeout after the last release").toBeGreaterThanOrEqual(idleMs - 1);
  });

  it("does not end a session while a request or stream of it is open, however long", async () => {
    const registry = new SessionRegistry(() => {}, { idleTimeoutMs: 40, maxSessions: 0 });
    const ended: string[] = [];
    registry.onEnd((id) => ended.push(id));
    registry.open(session("s"));
    const release = registry.busy("s");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ended).toEqual([]);
    const releasedAt = performance.now();
    release();
    release(); // a second call of the same release counts once
    await until(() => ended.length > 0);
    expect(ended).toEqual(["s"]);
    expect(performance.now() - releasedAt).toBeGreaterThanOrEqual(39);
  });
});
