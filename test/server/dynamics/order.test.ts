// Order on a shared stream (stdio, SSE): instant answers keep request order, a late call leaves
// it. The real session and engine, driven through the session's own interface, with the
// dynamics timer injected: time moves only when the test says so.
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Engine, systemRandom } from "../../../src/engine/engine.js";
import { OverridesReader } from "../../../src/overrides/overridesFile.js";
import type { Timer } from "../../../src/server/dynamics/timer.js";
import { createMcpSession } from "../../../src/server/mcp/mcpSession.js";
import { baseProfile } from "../../../src/server/profiles/profiles.js";
import type { Reply, RpcSession } from "../../../src/server/wire/rpcSession.js";
import { copyCatalog, fixturesDir, type TempCatalog } from "../../transports/catalog.js";

let catalog: TempCatalog;
let session: RpcSession;
let received: Record<string, unknown>[];
let due: (() => void)[];

/** Holds every timer until release(): the delayed call waits exactly as long as the test wants. */
const heldTimer: Timer = {
  set: (fn) => {
    due.push(fn);
    return due.length;
  },
  clear: () => {},
};

const ids = () => received.filter((m) => "id" in m).map((m) => (m as { id: unknown }).id);
const probe = (id: number, mode: string) => ({ jsonrpc: "2.0" as const, id, method: "tools/call", params: { name: "dynamics_probe", arguments: { mode } } });

const reply = (): Reply => ({ write: (text) => received.push(JSON.parse(text) as Record<string, unknown>), end: () => {} });
const send = (message: Record<string, unknown>) => session.receive(message, reply());

beforeEach(async () => {
  catalog = copyCatalog(path.join(fixturesDir, "dynamics", "tools"));
  due = [];
  const engine = new Engine({ toolsDir: catalog.dir, forced: new OverridesReader(catalog.runDir) });
  session = createMcpSession({
    engine,
    serviceVersion: "test",
    widgetDomain: "https://example.test",
    transport: "stdio",
    sessionId: "stdio",
    profile: baseProfile,
    log: () => {},
    dynamics: { scale: 1, timer: heldTimer, random: systemRandom },
    unrelated: () => {},
  });
  received = [];
  send({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
  await vi.waitFor(() => expect(ids()).toEqual([0]));
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  received = [];
});

afterEach(() => {
  session.close();
  catalog.remove();
});

describe("order on a shared stream", () => {
  it("quick calls sent after a slow one answer at once, in their order; the slow one when its delay ends", async () => {
    send(probe(1, "slow"));
    send(probe(2, "quick"));
    send({ jsonrpc: "2.0", id: 3, method: "ping" });
    send(probe(4, "quick"));
    // Call 1 cannot answer before its held timer is released, so waiting for the quick ones proves their order.
    await vi.waitFor(() => expect(ids()).toEqual([2, 3, 4]));
    expect(due, "the slow call's delay is the one timer held").toHaveLength(1);
    for (const fn of due.splice(0)) fn();
    await vi.waitFor(() => expect(ids()).toEqual([2, 3, 4, 1]));
  });
});
