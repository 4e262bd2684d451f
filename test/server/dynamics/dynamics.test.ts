// Declared dynamics over every transport with the real SDK client: delays (and --delay-scale 0
// removing them), progress that keeps a long call alive, cancellation, hangs, log messages and
// each fault. Timing assertions are relative (this finished before that; a call that cannot be
// answered before its declared delay times out), never "took under N ms".
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CallToolResultSchema, ErrorCode, LoggingMessageNotificationSchema, McpError, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { copyCatalog, fixturesDir, type TempCatalog } from "../../transports/catalog.js";
import { allTransports, type Connection, type Served, type TransportUnderTest } from "../../transports/transports.js";

const dynamicsCatalog = path.join(fixturesDir, "dynamics", "tools");

interface Running {
  catalog: TempCatalog;
  served: Served;
  conn: Connection;
}

let running: Running[] = [];

async function start(transport: TransportUnderTest, delayScale: number): Promise<Running> {
  const catalog = copyCatalog(dynamicsCatalog);
  const served = await transport.serve(catalog, { delayScale });
  const r = { catalog, served, conn: await served.connect() };
  running.push(r);
  // A spawned stdio server answers initialize before it loads the SDK and the catalog, which
  // takes over a second on a loaded machine. The client timeouts below (300 ms to 1.5 s) are
  // about the declared dynamics, not that cold start: they start once the server says it serves.
  if (transport.name === "stdio") await expect.poll(() => served.log(), { timeout: 20_000 }).toMatch(/serving \d+ tool\(s\) from .* over stdio/);
  return r;
}

afterEach(async () => {
  for (const r of running) {
    await r.conn.close().catch(() => {});
    await r.served.stop();
    r.catalog.remove();
  }
  running = [];
});

const probe = (conn: Connection, mode: string, options: Parameters<Connection["client"]["callTool"]>[2] = {}) =>
  conn.client.callTool({ name: "dynamics_probe", arguments: { mode } }, CallToolResultSchema, options);

// A success omits isError, as the go-sdk's CallToolResult does (`isError,omitempty`).
const answered = (mode: string) => ({ content: [{ type: "text", text: JSON.stringify({ mode, scenario: mode === "anything" ? "quick" : mode }) }], structuredContent: { mode, scenario: mode === "anything" ? "quick" : mode } });

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected the call to fail, it succeeded");
}

const responsesTo = (conn: Connection, ids: unknown[]) => conn.wire.received.filter((m) => "id" in m && ids.includes(m.id) && ("result" in m || "error" in m));

for (const transport of allTransports) {
  describe(`dynamics over ${transport.name}`, () => {
    it("a declared delay is observed: a quick call sent after a slow one answers first", async () => {
      const { conn } = await start(transport, 1);
      const order: string[] = [];
      const slow = probe(conn, "slow").then((r) => (order.push("slow"), r));
      const quick = probe(conn, "anything").then((r) => (order.push("quick"), r));
      expect(await quick).toEqual(answered("anything"));
      expect(await slow).toEqual(answered("slow"));
      expect(order).toEqual(["quick", "slow"]);
    });

    it("the 1500 ms delay makes a 1000 ms client timeout fire; --delay-scale 0 removes it", async () => {
      const delayed = await start(transport, 1);
      const err = await rejection(probe(delayed.conn, "slow", { timeout: 1000 }));
      expect((err as McpError).code).toBe(ErrorCode.RequestTimeout);
      const instant = await start(transport, 0);
      expect(await probe(instant.conn, "slow", { timeout: 1000 })).toEqual(answered("slow"));
    });

    it("progress arrives as declared and, with resetTimeoutOnProgress, keeps a 2 s call alive past a 1.2 s timeout", async () => {
      const { conn } = await start(transport, 1);
      const seen: unknown[] = [];
      const result = await probe(conn, "progress", { timeout: 1200, resetTimeoutOnProgress: true, onprogress: (p) => seen.push(p) });
      expect(result).toEqual(answered("progress"));
      expect(seen).toEqual([1, 2, 3, 4, 5].map((n) => ({ progress: n, total: 5, message: n === 5 ? "done" : `step ${n}` })));
      // The same call without the reset times out: the progress is what kept it alive.
      const err = await rejection(probe(conn, "progress", { timeout: 1200, onprogress: () => {} }));
      expect((err as McpError).code).toBe(ErrorCode.RequestTimeout);
    });

    it("without a progressToken no progress notification is sent", async () => {
      const { conn } = await start(transport, 0);
      await probe(conn, "progress");
      expect(conn.wire.received.some((m) => "method" in m && m.method === "notifications/progress")).toBe(false);
    });

    it("log messages go out at the declared levels, filtered by logging/setLevel", async () => {
      const { conn } = await start(transport, 0);
      const logs: unknown[] = [];
      conn.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
      await probe(conn, "logs");
      expect(logs).toEqual([]); // no level set: nothing, as the Go SDK does
      await conn.client.setLoggingLevel("info");
      await probe(conn, "logs");
      expect(logs).toEqual([
        { level: "info", logger: "careem-mcp-service", data: "found it" },
        { level: "error", logger: "careem-mcp-service", data: { upstream: "slow" } },
      ]);
    });

    it("a cancelled call sends nothing, is logged, and the next call succeeds", async () => {
      const { conn, served } = await start(transport, 1);
      // The client times out at 300 ms and sends notifications/cancelled; the answer was due at 1500 ms.
      const err = await rejection(probe(conn, "slow", { timeout: 300 }));
      expect((err as McpError).code).toBe(ErrorCode.RequestTimeout);
      const cancelledId = (conn.wire.received.length, lastRequestId(conn));
      // A second slow call: by its answer, the first one's 1500 ms are over too.
      expect(await probe(conn, "slow")).toEqual(answered("slow"));
      expect(responsesTo(conn, [cancelledId])).toEqual([]);
      await expect.poll(() => served.log()).toMatch(/call stopped: tool="dynamics_probe" request=\d+ the client cancelled it; no answer sent/);
    });

    it("a hang answers nothing until cancelled; the session stays usable", async () => {
      const { conn, served } = await start(transport, 0);
      const err = await rejection(probe(conn, "hang", { timeout: 300 }));
      expect((err as McpError).code).toBe(ErrorCode.RequestTimeout);
      expect(await probe(conn, "anything")).toEqual(answered("anything"));
      await expect.poll(() => served.log()).toMatch(/call stopped: tool="dynamics_probe" request=\d+ the client cancelled it/);
    });

    if (transport.name !== "stdio") {
      // Over stdio the session's end is the process's: nothing is left to log it.
      it("a hang is released when its session ends", async () => {
        const { conn, served } = await start(transport, 0);
        const hung = probe(conn, "hang").catch((err: Error) => err);
        await expect.poll(() => served.log()).toMatch(/scenario=hang/);
        const inner = (conn.wire as unknown as { inner: { terminateSession?: () => Promise<void> } }).inner;
        // Streamable HTTP: DELETE ends the session; SSE: closing the client closes its stream.
        if (inner.terminateSession) await inner.terminateSession();
        else await conn.close();
        await expect.poll(() => served.log()).toMatch(/call stopped: tool="dynamics_probe" request=\d+ its session ended; no answer sent/);
        await conn.close();
        await hung;
      });
    }

    for (const [fault, byTransport] of Object.entries(faultTable)) {
      const observed = byTransport[transport.name] as Observed;
      it(`fault ${fault} is observed as declared; then the next call ${observed.next === "succeeds" ? "succeeds" : "fails as the connection or session is gone"}`, async () => {
        const { conn, served } = await start(transport, 0);
        const call = probe(conn, fault, { timeout: 1500 });
        if (String(observed.call) === String(/^$/)) expect(await call).toEqual(answered(fault));
        else {
          const err = await rejection(call);
          if (typeof observed.call === "function") observed.call(err);
          else expect(err.message).toMatch(observed.call);
        }
        if (observed.next === "succeeds") expect(await probe(conn, "anything", { timeout: 3000 })).toEqual(answered("anything"));
        else {
          const m = (await rejection(probe(conn, "anything", { timeout: 3000 }))).message;
          expect(m).toMatch(observed.next);
        }
        await expect.poll(() => served.log()).toContain(`fault: tool="dynamics_probe" request=1 ${fault}`);
      });
    }

    it("no-structured-content: the result lacks structuredContent, which the SDK client refuses", async () => {
      const { conn } = await start(transport, 0);
      await conn.client.listTools(); // the client learns the outputSchema
      const err = await rejection(probe(conn, "no-structured-content"));
      expect(err.message).toContain("has an output schema but did not return structured content");
      const last = conn.lastResponse() as { result: Record<string, unknown> };
      expect(last.result).toEqual({ content: [{ type: "text", text: '{"mode":"no-structured-content","scenario":"no-structured-content"}' }] });
    });

    it("invalid-output: structuredContent breaks outputSchema, which the SDK client refuses", async () => {
      const { conn } = await start(transport, 0);
      await conn.client.listTools();
      const err = await rejection(probe(conn, "invalid-output"));
      expect(err.message).toContain("Structured content does not match the tool's output schema");
    });
  });
}

// What each transport fault looks like to the real SDK client, per transport (the fault table of
// docs/latency-and-faults.md).
type Observed = { call: RegExp | ((err: Error) => void); next: "succeeds" | RegExp };
const timedOut = /^MCP error -32001: Request timed out$/;
// Both HTTP transports refuse an unknown session as the go-sdk does (404, text/plain).
const mcpSessionGone = /^Streamable HTTP error: Error POSTing to endpoint: session not found\n?$/;
const sessionGone = /^Error POSTing to endpoint \(HTTP 404\): session not found\n?$/;
const faultTable: Record<string, Record<string, Observed>> = {
  "http-429": {
    "streamable HTTP": { call: /^Streamable HTTP error: Error POSTing to endpoint: Too Many Requests$/, next: "succeeds" },
    SSE: { call: /^Error POSTing to endpoint \(HTTP 429\): Too Many Requests$/, next: "succeeds" },
    stdio: {
      call: (err) => {
        expect(err.message).toBe("MCP error -32000: HTTP 429 Too Many Requests");
        expect((err as McpError).data).toEqual({ status: 429, body: "Too Many Requests", retryAfter: 7 });
      },
      next: "succeeds",
    },
  },
  "http-503": {
    "streamable HTTP": { call: /^Streamable HTTP error: Error POSTing to endpoint: upstream rides-service unavailable$/, next: "succeeds" },
    SSE: { call: /^Error POSTing to endpoint \(HTTP 503\): upstream rides-service unavailable$/, next: "succeeds" },
    stdio: {
      call: (err) => {
        expect(err.message).toBe("MCP error -32000: HTTP 503 Service Unavailable");
        expect((err as McpError).data).toEqual({ status: 503, body: "upstream rides-service unavailable" });
      },
      next: "succeeds",
    },
  },
  // Half the answer, as a JSON body over HTTP (the client's parse fails at once); on a shared
  // stream the client cannot tell whose answer broke, so only its timeout ends the call.
  "malformed-response": {
    // The probe's go-sdk answer halves right after a backslash inside a string: JSON.parse runs out.
    "streamable HTTP": { call: /^Unexpected end of JSON input$/, next: "succeeds" },
    SSE: { call: timedOut, next: "succeeds" },
    stdio: { call: timedOut, next: "succeeds" },
  },
  // The SDK's HTTP client does not fail a call whose stream broke: its timeout does.
  "drop-connection": {
    "streamable HTTP": { call: timedOut, next: "succeeds" },
    SSE: { call: timedOut, next: sessionGone },
    stdio: { call: /^MCP error -32000: Connection closed$/, next: /^Not connected$/ },
  },
  "session-expired": {
    "streamable HTTP": { call: /^$/, next: mcpSessionGone },
    SSE: { call: /^$/, next: sessionGone },
    stdio: { call: /^$/, next: /^MCP error -32000: Connection closed$/ },
  },
};

function lastRequestId(conn: Connection): number {
  // Ids are the client's own counter: the request before the next one we send.
  const sent = (conn.client as unknown as { _requestMessageId: number })._requestMessageId;
  return sent - 1;
}

export type { JSONRPCMessage };
