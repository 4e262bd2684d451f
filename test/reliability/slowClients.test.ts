// Slow and idle connections: a client that trickles its headers, one
// that promises a body and never sends it, and one that connects and says nothing must not
// starve anyone else. Node's HTTP parser handles each socket on its own, so a real client keeps
// getting answers while hundreds of such sockets are open, and the server lets them go after.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { projectRoot, spawnServer, tempCatalog, type SpawnedServer } from "./spawnServer.js";

const PER_KIND = 100;

let server: SpawnedServer;
let catalog: ReturnType<typeof tempCatalog>;

beforeAll(async () => {
  catalog = tempCatalog(path.join(projectRoot, "tools"));
  server = await spawnServer({ toolsDir: catalog.toolsDir, runDir: catalog.runDir });
});

afterAll(async () => {
  await server?.stop();
  catalog?.remove();
});

/** The server's open sockets, from its file descriptors (Linux's /proc): what it still holds. */
function serverSockets(): number {
  const fds = `/proc/${server.proc.pid}/fd`;
  return fs.readdirSync(fds).filter((fd) => {
    try {
      return fs.readlinkSync(`${fds}/${fd}`).startsWith("socket:");
    } catch {
      return false; // closed while listed
    }
  }).length;
}

function openSocket(port: number, first: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      if (first) socket.write(first);
      resolve(socket);
    });
    socket.on("error", reject);
  });
}

describe("slow and idle connections", () => {
  it(`${PER_KIND} trickling headers, ${PER_KIND} stalled bodies and ${PER_KIND} silent sockets do not starve a real client`, async () => {
    const port = Number(new URL(server.mcpUrl).port);
    const before = serverSockets();
    const sockets: net.Socket[] = [];
    const closedByServer = new Set<net.Socket>();
    for (let i = 0; i < PER_KIND; i++) {
      sockets.push(await openSocket(port, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
      sockets.push(await openSocket(port, `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 5000\r\n\r\n{"jsonrpc":`));
      sockets.push(await openSocket(port, ""));
    }
    for (const s of sockets) s.on("close", () => closedByServer.add(s));
    await vi.waitFor(() => expect(serverSockets(), "the server holds every slow socket").toBeGreaterThanOrEqual(before + 3 * PER_KIND), { timeout: 10_000, interval: 20 });
    // Keep the header tricklers trickling while the real client works.
    const trickle = setInterval(() => {
      for (let i = 0; i < sockets.length; i += 3) if (!sockets[i]?.destroyed) sockets[i]?.write("a");
    }, 50);

    try {
      const client = new Client({ name: "slow-clients-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
      const tools = await client.listTools();
      expect(tools.tools.length).toBeGreaterThan(0);
      for (let i = 0; i < 20; i++) {
        const result = await client.callTool({ name: "get_ride_status", arguments: { rideId: "ride_arrived" } });
        expect(result.isError).toBeUndefined(); // omitted when false, as the go-sdk does
        expect((result.structuredContent as { status?: string }).status).toBe("CAPTAIN_ARRIVED");
      }
      await client.close();
      const health = await fetch(`${server.baseUrl}/health`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { status: string }).status).toBe("ok");
      // None of the slow sockets was answered or dropped just for being slow (node's own header
      // and request timeouts are 60 s and 300 s): they were simply waited on.
      expect(closedByServer.size).toBe(0);
    } finally {
      clearInterval(trickle);
      for (const s of sockets) s.destroy();
    }

    // Once they go away the server lets them go (the client's sockets are closed by then) and is
    // as before: still up, still answering.
    await vi.waitFor(() => expect(serverSockets(), "the server let every slow socket go").toBeLessThanOrEqual(before), { timeout: 10_000, interval: 20 });
    expect(server.proc.exitCode).toBeNull();
    const again = await fetch(`${server.baseUrl}/health`);
    expect(again.status).toBe(200);
  }, 60_000);
});
