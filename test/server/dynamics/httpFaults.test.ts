// The status faults as raw HTTP shows them, headers included (the SDK clients keep only the
// status and body): /mcp answers the call's own POST; legacy SSE answers the POST that
// carried the call instead of its 202.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaults } from "../../../src/config.js";
import { listenHttp, type HttpHost } from "../../../src/server/http/http.js";
import { copyCatalog, fixturesDir, type TempCatalog } from "../../transports/catalog.js";
import { initializeBody, mcpHeaders, openSseStream, rawHttp, sseMessages } from "../../transports/rawHttp.js";

let host: HttpHost;
let catalog: TempCatalog;
const logLines: string[] = [];

/** Until the server has planned the late call `id`: a cancel sent sooner would find nothing to stop. */
const planned = (id: number) => expect.poll(() => logLines.some((l) => l.includes(`request=${id} answers in`)), { timeout: 10_000 }).toBe(true);

beforeAll(async () => {
  catalog = copyCatalog(path.join(fixturesDir, "dynamics", "tools"));
  host = await listenHttp({ ...defaults, port: 0, toolsDir: catalog.dir, runDir: catalog.runDir, delayScale: 1 }, { log: (line) => void logLines.push(line) });
});

afterAll(async () => {
  await host.close();
  catalog.remove();
});

const call = (mode: string, id = 2) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "dynamics_probe", arguments: { mode } } });

async function mcpSession(): Promise<string> {
  const res = await rawHttp(host.baseUrl, { method: "POST", path: "/mcp", headers: mcpHeaders, body: initializeBody() });
  return res.headers["mcp-session-id"] as string;
}

const post = (session: string, body: string) =>
  rawHttp(host.baseUrl, { method: "POST", path: "/mcp", headers: { ...mcpHeaders, "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" }, body });

describe("status faults on /mcp", () => {
  it("http-429: status 429, Retry-After as declared, the reason phrase as body", async () => {
    const res = await post(await mcpSession(), call("http-429"));
    expect([res.status, res.headers["retry-after"], res.headers["content-type"], res.body]).toEqual([429, "7", "text/plain; charset=utf-8", "Too Many Requests"]);
  });

  it.each([
    ["http-500", 500, "Internal Server Error"],
    ["http-502", 502, "Bad Gateway"],
    ["http-503", 503, "upstream rides-service unavailable"],
  ])("%s: status %i with its body", async (mode, status, body) => {
    const res = await post(await mcpSession(), call(mode));
    expect([res.status, res.body, res.headers["retry-after"]]).toEqual([status, body, undefined]);
  });

  it("after a declared delay, still the status: the response was claimed before its headers left", async () => {
    const res = await post(await mcpSession(), call("slow-503"));
    expect([res.status, res.body]).toEqual([503, "Service Unavailable"]);
  });

  it("a session at debug level (a log notification precedes the answer) still gets the status", async () => {
    const session = await mcpSession();
    expect((await post(session, JSON.stringify({ jsonrpc: "2.0", id: 9, method: "logging/setLevel", params: { level: "debug" } }))).status).toBe(200);
    const res = await post(session, call("slow-503"));
    expect([res.status, res.body]).toEqual([503, "Service Unavailable"]);
  });

  it("malformed-response: 200 application/json whose body is the first half of the real answer", async () => {
    const session = await mcpSession();
    const res = await post(session, call("malformed-response"));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json");
    expect(() => JSON.parse(res.body)).toThrow();
    // Half of the go-sdk's text of the answer: jsonrpc, id, then result.
    expect(res.body.startsWith('{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":')).toBe(true);
  });

  it("session-expired: the call is answered, the next request gets 404", async () => {
    const session = await mcpSession();
    const res = await post(session, call("session-expired"));
    const answer = { mode: "session-expired", scenario: "session-expired" };
    // Answered as a success: the go-sdk omits isError:false.
    expect(sseMessages(res.body)).toEqual([{ jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: JSON.stringify(answer) }], structuredContent: answer } }]);
    await expect.poll(async () => (await post(session, call("anything", 3))).status).toBe(404);
  });
});

describe("cancellation on /mcp", () => {
  it("a cancelled late call's POST stream ends empty instead of staying open", async () => {
    const session = await mcpSession();
    const pending = post(session, call("slow", 5));
    await planned(5);
    const cancel = JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 5, reason: "user" } });
    expect((await post(session, cancel)).status).toBe(202);
    // Without the port's stopped(), this stream would stay open (keep-alives only) and the
    // test would time out; ended before the 1500 ms answer was due, it carries no message.
    const res = await pending;
    expect([res.status, sseMessages(res.body)]).toEqual([200, []]);
    expect((await post(session, call("anything", 6))).status).toBe(200);
  });
});


async function sseSession() {
  const stream = await openSseStream(host.baseUrl);
  const send = (body: string) => rawHttp(host.baseUrl, { method: "POST", path: stream.endpoint, headers: { "content-type": "application/json" }, body });
  expect((await send(initializeBody())).status).toBe(202);
  expect((await send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }))).status).toBe(202);
  return { send, close: stream.close };
}

describe("status faults on legacy SSE", () => {
  it("http-429: the POST carrying the call gets 429 with Retry-After instead of 202", async () => {
    const { send, close } = await sseSession();
    try {
      const res = await send(call("http-429"));
      expect([res.status, res.headers["retry-after"], res.body]).toEqual([429, "7", "Too Many Requests"]);
      expect((await send(call("anything", 3))).status).toBe(202);
    } finally {
      close();
    }
  });

  it("a status fault cancelled before it is due: its POST gets the 202 it was holding", async () => {
    const { send, close } = await sseSession();
    try {
      const pending = send(call("slow-503", 4));
      await planned(4);
      expect((await send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 4 } }))).status).toBe(202);
      expect((await pending).status).toBe(202);
    } finally {
      close();
    }
  });
});
