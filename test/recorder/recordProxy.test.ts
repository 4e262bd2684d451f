// The recorder's proxy reads a POST with the server's own bounded reader: a body over the limit
// is refused with the server's 413 text and never reaches the upstream.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startRecordProxy } from "../../src/recorder/recordProxy.js";
import type { RecordWriter } from "../../src/recorder/recordWriter.js";
import type { Redactor } from "../../src/recorder/redact.js";

let upstream: http.Server;
let upstreamUrl: string;
let forwarded = 0;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    forwarded++;
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`;
});

afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

it("refuses a body over --body-limit with 413 and forwards one under it", async () => {
  const proxy = await startRecordProxy({
    upstream: upstreamUrl,
    headers: {},
    host: "127.0.0.1",
    port: 0,
    bodyLimit: 1024,
    writer: {} as RecordWriter,
    redactor: {} as Redactor,
    definitionOf: async () => undefined,
    log: () => {},
  });
  try {
    const post = (body: string) => fetch(proxy.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body });
    const big = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(2048) } }));
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("request body exceeds 1024 bytes");
    expect(forwarded).toBe(0);
    const small = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }));
    expect(small.status).toBe(200);
    expect(forwarded).toBe(1);
  } finally {
    await proxy.close();
  }
});
