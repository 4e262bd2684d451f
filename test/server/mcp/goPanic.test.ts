// `"arguments": null` on a tool whose input schema has a property default: go-sdk panics and
// production's process exits (engine/goPanics.ts; the parity corpus's arguments-null cases hold
// the bytes over /mcp). Each transport ends the request as that looks to its client, and the
// server goes on serving.
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyCatalog, projectRoot } from "../../transports/catalog.js";
import { sse, stdio, streamableHttp, type Served } from "../../transports/transports.js";

const catalog = copyCatalog(path.join(projectRoot, "tools"));
afterAll(() => catalog.remove());

const explanation =
  'go-sdk panics on "arguments": null for search_restaurants (assignment to entry in nil map: its input schema has a property default): production\'s process exits here, so its client\'s connection ends. Send {} or leave "arguments" out.';
const nullCall = { name: "search_restaurants", arguments: null as unknown as Record<string, unknown> };

async function serve(t: typeof streamableHttp): Promise<Served> {
  return t.serve(catalog);
}

describe("a call the go-sdk panics on", () => {
  it("streamable HTTP: its connection ends with nothing written; the session goes on, and the log says why", async () => {
    const served = await serve(streamableHttp);
    const conn = await served.connect();
    try {
      await expect(conn.client.callTool(nullCall, undefined, { timeout: 10_000 })).rejects.toThrow(/fetch failed|socket hang up|terminated|other side closed/i);
      expect(served.log()).toContain(`go-sdk panic: ${explanation}`);
      // Only that request's connection: the same session answers the next call.
      const next = await conn.client.callTool({ name: "get_user_profile", arguments: {} });
      expect(next.isError ?? false).toBe(false);
    } finally {
      await conn.close();
      await served.stop();
    }
  });

  it("legacy SSE: the session's event stream ends (its process would be gone)", async () => {
    const served = await serve(sse);
    const conn = await served.connect();
    try {
      await expect(conn.client.callTool(nullCall, undefined, { timeout: 2_000 })).rejects.toThrow();
      expect(served.log()).toContain(`go-sdk panic: ${explanation}`);
      expect(conn.wire.received.some((m) => "id" in m && "result" in m && JSON.stringify(m).includes("search_restaurants"))).toBe(false);
    } finally {
      await conn.close();
      await served.stop();
    }
  });

  it("stdio (local-only): answered with -32603 and the explanation, and the session goes on", async () => {
    const served = await serve(stdio);
    const conn = await served.connect();
    try {
      await expect(conn.client.callTool(nullCall)).rejects.toThrow(`MCP error -32603: ${explanation}`);
      const next = await conn.client.callTool({ name: "get_user_profile", arguments: {} });
      expect(next.isError ?? false).toBe(false);
      await expect.poll(() => served.log()).toContain("go-sdk panic:");
    } finally {
      await conn.close();
      await served.stop();
    }
  });
});
