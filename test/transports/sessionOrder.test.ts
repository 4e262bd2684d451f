// Over stdio (and legacy SSE) every answer shares one stream: answers leave in the order the
// requests came, also while the engine is still loading (tools/call waits for it, and so does
// everything after it), and a refusal of a bad line keeps its place too. The real session and
// engine, driven through the session's own interface.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";
import { createMcpSession } from "../../src/server/mcp/mcpSession.js";
import type { Reply, RpcSession } from "../../src/server/wire/rpcSession.js";
import { copyCatalog, type TempCatalog } from "./catalog.js";
import { baseProfile } from "../../src/server/profiles/profiles.js";

let catalog: TempCatalog;
let received: { id?: unknown }[];
let session: RpcSession;
let loadEngine: () => void;

const reply = (): Reply => ({ write: (text) => received.push(JSON.parse(text) as { id?: unknown }), end: () => {} });
const send = (message: Record<string, unknown>) => session.receive(message, reply());
const ids = () => received.map((m) => m.id);
const call = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "track_ride", arguments: { rideId: "ride_1" } } });
const ping = (id: number) => ({ jsonrpc: "2.0", id, method: "ping" });

beforeEach(() => {
  catalog = copyCatalog();
  received = [];
  const engine = new Engine({ toolsDir: catalog.dir, forced: new OverridesReader(catalog.runDir) });
  // The engine arrives when the test says so, as stdio's arrives after initialize.
  const loaded = new Promise<Engine>((resolve) => (loadEngine = () => resolve(engine)));
  session = createMcpSession({ engine: () => loaded, serviceVersion: "test", widgetDomain: "https://example.test", transport: "stdio", sessionId: "stdio", profile: baseProfile, log: () => {}, unrelated: () => {} });
  send({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
});

afterEach(() => catalog.remove());

describe("answers on a shared stream", () => {
  it("initialize is answered before the engine has loaded", () => {
    expect(ids()).toEqual([0]);
  });

  it("a ping after a call waiting for the engine waits too: answers leave in request order", async () => {
    received = [];
    send(ping(1));
    send(call(2));
    send(ping(3));
    send(call(4));
    expect(ids()).toEqual([1]);
    loadEngine();
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids()).toEqual([1, 2, 3, 4]);
  });

  it("a transport's refusal of a line keeps its place behind the calls before it", async () => {
    received = [];
    send(call(1));
    session.inOrder(() => received.push({ id: "refusal" }));
    send(ping(2));
    loadEngine();
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids()).toEqual([1, "refusal", 2]);
  });
});
