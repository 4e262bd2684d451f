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
