// Over stdio, answers leave in the order the requests came (InOrderReplies), even though
// tools/call answers in fewer microtasks than the SDK's own ping. The real server and engine,
// joined to a raw peer by the SDK's in-memory transport pair.
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";
import { InOrderReplies } from "../../src/server/mcp/inOrderReplies.js";
import { createMcpServer } from "../../src/server/mcp/mcpServer.js";
import { copyCatalog, type TempCatalog } from "./catalog.js";

let catalog: TempCatalog;
let peer: InMemoryTransport;
let received: JSONRPCMessage[];

const ids = () => received.map((m) => (m as { id?: unknown }).id);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const call = (id: number) => ({ jsonrpc: "2.0" as const, id, method: "tools/call", params: { name: "track_ride", arguments: { rideId: "ride_1" } } });
const ping = (id: number) => ({ jsonrpc: "2.0" as const, id, method: "ping" });

async function connect(ordered: boolean): Promise<void> {
  const engine = new Engine({ toolsDir: catalog.dir, forced: new OverridesReader(catalog.runDir) });
  const server = createMcpServer({ engine, serviceVersion: "test", widgetDomain: "https://example.test", transport: "stdio", log: () => {} });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  peer = clientSide;
  received = [];
  peer.onmessage = (m) => received.push(m);
  await server.connect(ordered ? new InOrderReplies(serverSide) : serverSide);
  await peer.start();
  await peer.send({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
  await peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await settle();
  received = [];
}

beforeEach(() => {
  catalog = copyCatalog();
});
afterEach(async () => {
  await peer?.close();
  catalog.remove();
});

describe("InOrderReplies", () => {
  it("without it, a tools/call sent after a ping is answered first (why it exists)", async () => {
    await connect(false);
    await peer.send(ping(1));
    await peer.send(call(2));
    await settle();
    expect(ids()).toEqual([2, 1]);
  });

  it("with it, answers leave in request order", async () => {
    await connect(true);
    await peer.send(ping(1));
    await peer.send(call(2));
    await peer.send(ping(3));
    await peer.send(call(4));
    await settle();
    expect(ids()).toEqual([1, 2, 3, 4]);
  });

  it("a cancelled request does not hold up the answers after it", async () => {
    await connect(true);
    await peer.send(ping(1));
    await peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } });
    await peer.send(call(2));
    await settle();
    // The SDK answers nothing for a request cancelled before its answer (microtask order makes
    // that deterministic here), so were the slot of 1 kept, 2 would wait forever: exactly [2].
    expect(ids()).toEqual([2]);
  });
});
