// The hostile-requests corpus run against the real built server, spawned as a process: every
// row over streamable HTTP and over stdio. Each gets its documented answer, the process stays
// up, and the next valid call in the same session still succeeds.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEALTHY_CALL, HEALTHY_RESULT, SECOND_INITIALIZE, hostileCases, type Body, type HttpExpect, type HttpRequest } from "./hostileCases.js";
import { cli, projectRoot, requireBuild, spawnServer, tempCatalog, type SpawnedServer } from "./spawnServer.js";
import { serverNodeFlags } from "../../scripts/serverNodeFlags.mjs";

const fixtures = path.join(projectRoot, "test/fixtures/broken-runtime/tools/misc");
const INIT = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "hostile", version: "1" } };

function bodyOf(body: Body | undefined): Buffer | undefined {
  if (body === undefined) return undefined;
  const value = typeof body === "function" ? body() : body;
  return typeof value === "string" ? Buffer.from(value) : value;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a fresh connection (no keep-alive), so a closed socket never leaks into the next. */
function send(baseUrl: string, req: { method?: string; path?: string; headers: Record<string, string>; body?: Buffer; chunked?: boolean }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const r = http.request(new URL(req.path ?? "/mcp", baseUrl), { method: req.method ?? "POST", headers: req.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    r.on("error", reject);
    if (req.body && req.chunked) {
      // Several writes without Content-Length: Node sends Transfer-Encoding: chunked.
      const step = 256 * 1024;
      for (let i = 0; i < req.body.length; i += step) r.write(req.body.subarray(i, i + step));
      r.end();
    } else r.end(req.body);
  });
}

function sendRaw(baseUrl: string, bytes: Buffer): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(bytes));
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (c: string) => (text += c));
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, headers: {}, body: text.split("\r\n\r\n").slice(1).join("\r\n\r\n") });
    });
  });
}

function sseMessages(text: string): unknown[] {
  return text
    .split("\n")
    .filter((l) => l.startsWith("data: {"))
    .map((l) => JSON.parse(l.slice(6)) as unknown);
}

function expectAnswer(answer: Answer, expected: HttpExpect): void {
  expect(answer.status).toBe(expected.status);
  if (expected.json !== undefined) {
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual(expected.json);
  }
  if (expected.sse !== undefined) {
    expect(answer.headers["content-type"]).toBe("text/event-stream");
    expect(sseMessages(answer.body)).toEqual(expected.sse);
  }
  if (expected.text !== undefined) {
    expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(answer.body).toBe(`${expected.text}\n`);
  }
  if (expected.empty) expect(answer.body).toBe("");
  for (const [name, value] of Object.entries(expected.headers ?? {})) expect(answer.headers[name], name).toBe(value);
  // Never an HTML error page, whatever went wrong.
  expect(answer.body).not.toMatch(/<html|<!DOCTYPE/i);
}

const httpRows = hostileCases.filter((c) => typeof c.http !== "string");
const stdioRows = hostileCases.filter((c) => typeof c.stdio !== "string");

describe("over streamable HTTP (spawned server)", () => {
  let catalog: ReturnType<typeof tempCatalog>;
  let server: SpawnedServer;
  let live = "";
  let stale = "";
  let nextId = 1000;

  const headersFor = (req: HttpRequest): Record<string, string> => {
    const session = req.session === "none" ? undefined : req.session === "stale" ? stale : live;
    const base: Record<string, string | null> = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      ...(session ? { "mcp-session-id": session } : {}),
      ...req.headers,
    };
    return Object.fromEntries(Object.entries(base).filter((e): e is [string, string] => e[1] !== null));
  };

  async function openSession(): Promise<string> {
    const init = await send(server.baseUrl, { headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: INIT })) });
    expect(init.status).toBe(200);
    const id = init.headers["mcp-session-id"] as string;
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" };
    expect((await send(server.baseUrl, { headers, body: Buffer.from('{"jsonrpc":"2.0","method":"notifications/initialized"}') })).status).toBe(202);
    return id;
  }

  async function healthyCall(): Promise<void> {
    const id = nextId++;
    const answer = await send(server.baseUrl, { headers: headersFor({}), body: Buffer.from(JSON.stringify({ ...HEALTHY_CALL, id })) });
    expect(answer.status).toBe(200);
    expect(sseMessages(answer.body)).toEqual([{ result: HEALTHY_RESULT, jsonrpc: "2.0", id }]);
  }

  beforeAll(async () => {
    catalog = tempCatalog([]);
    fs.mkdirSync(path.join(catalog.toolsDir, "misc"));
    for (const f of ["healthy.md", "proto_keys.md"]) fs.copyFileSync(path.join(fixtures, f), path.join(catalog.toolsDir, "misc", f));
    server = await spawnServer({ toolsDir: catalog.toolsDir, runDir: catalog.runDir });
    live = await openSession();
    stale = await openSession();
    const ended = await send(server.baseUrl, { method: "DELETE", headers: { "mcp-session-id": stale, "mcp-protocol-version": "2025-06-18" } });
    expect(ended.status).toBe(204);
  });

  afterAll(async () => {
    const code = await server?.stop();
    catalog?.remove();
    expect(code).toBe(0);
  });

  it.each(httpRows.map((c) => [c.name, c] as const))("%s", async (_name, row) => {
    if (typeof row.http === "string") return;
    const { req, expect: expected } = row.http;
    const answer = req.rawSocket ? await sendRaw(server.baseUrl, req.rawSocket) : await send(server.baseUrl, { method: req.method, path: req.path, headers: headersFor(req), body: bodyOf(req.body), chunked: req.chunked });
    expectAnswer(answer, expected);
    // The process is still up, and the same session still works.
    expect(server.proc.exitCode).toBeNull();
    await healthyCall();
  });

  it("the server logged no internal error and is still serving", async () => {
    expect(server.stderr()).not.toMatch(/internal error|uncaught|unhandled/i);
    const health = await send(server.baseUrl, { method: "GET", path: "/health", headers: {} });
    expect(JSON.parse(health.body)).toEqual({ status: "ok", tools: 2 });
  });
});

/** A spawned `--stdio` server, read line by line. */
class StdioServer {
  readonly proc: ChildProcessWithoutNullStreams;
  private buffer = "";
  private lines: string[] = [];
  private waiters: (() => void)[] = [];
  stderr = "";

  constructor(toolsDir: string, runDir: string) {
    this.proc = spawn(process.execPath, [...serverNodeFlags, cli, "--stdio", "--tools", toolsDir, "--run-dir", runDir], { cwd: projectRoot });
    this.proc.stdout.setEncoding("utf8");
    this.proc.stdout.on("data", (chunk: string) => {
      this.buffer += chunk;
      let i: number;
      while ((i = this.buffer.indexOf("\n")) >= 0) {
        this.lines.push(this.buffer.slice(0, i));
        this.buffer = this.buffer.slice(i + 1);
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.proc.stderr.setEncoding("utf8");
    this.proc.stderr.on("data", (c: string) => (this.stderr += c));
  }

  write(bytes: Buffer | string): void {
    this.proc.stdin.write(bytes);
  }

  /** Every line up to and including the response with this id; fails after `ms`. */
  async until(id: unknown, ms = 15_000): Promise<unknown[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const at = this.lines.findIndex((l) => (JSON.parse(l) as { id?: unknown }).id === id);
      if (at >= 0) return this.lines.splice(0, at + 1).map((l) => JSON.parse(l) as unknown);
      if (Date.now() > deadline || this.proc.exitCode !== null) throw new Error(`no response with id ${JSON.stringify(id)}; stderr:\n${this.stderr.slice(-2000)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  async initialize(): Promise<void> {
    this.write(`${JSON.stringify({ jsonrpc: "2.0", id: "init", method: "initialize", params: INIT })}\n`);
    await this.until("init");
    this.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  }

  async healthyCall(id: string): Promise<unknown[]> {
    this.write(`${JSON.stringify({ ...HEALTHY_CALL, id })}\n`);
    return this.until(id);
  }
}

describe("over stdio (spawned --stdio process)", () => {
  let catalog: ReturnType<typeof tempCatalog>;
  let stdio: StdioServer;

  beforeAll(async () => {
    requireBuild();
    catalog = tempCatalog([]);
    fs.mkdirSync(path.join(catalog.toolsDir, "misc"));
    for (const f of ["healthy.md", "proto_keys.md"]) fs.copyFileSync(path.join(fixtures, f), path.join(catalog.toolsDir, "misc", f));
    stdio = new StdioServer(catalog.toolsDir, catalog.runDir);
    await stdio.initialize();
  });

  afterAll(async () => {
    if (stdio && stdio.proc.exitCode === null) {
      const exited = new Promise<number | null>((resolve) => stdio.proc.once("exit", (code) => resolve(code)));
      stdio.proc.stdin.end();
      expect(await exited).toBe(0);
    }
    catalog?.remove();
  });

  it.each(stdioRows.map((c, i) => [c.name, c, i] as const))("%s", async (_name, row, index) => {
    if (typeof row.stdio === "string") return;
    const logBefore = stdio.stderr.length;
    stdio.write(Buffer.concat([bodyOf(row.stdio.line) as Buffer, Buffer.from("\n")]));
    // Everything the server writes before answering the next valid call is this row's answer.
    const lines = await stdio.healthyCall(`after-${index}`);
    const after = lines.pop();
    expect(lines).toEqual(row.stdio.expect.responses);
    expect(after).toEqual({ result: HEALTHY_RESULT, jsonrpc: "2.0", id: `after-${index}` });
    const log = row.stdio.expect.log;
    if (log) {
      // stderr is its own pipe: its line may land after stdout's answer.
      await expect.poll(() => stdio.stderr.slice(logBefore), { timeout: 10_000 }).toMatch(log);
    }
    expect(stdio.proc.exitCode).toBeNull();
  });

  // Regression: the SDK's stdio transport closed itself on a line over its 10 MiB buffer and the
  // process hung; lines over the body limit are now refused one by one (stdioLines.ts).
  it("a line over 10 MiB is refused as too large and the next request is still answered", async () => {
    const own = new StdioServer(catalog.toolsDir, catalog.runDir);
    // The stuck process never drains stdin: our pending write fails with EPIPE when it is killed.
    own.proc.stdin.on("error", () => {});
    try {
      await own.initialize();
      own.write(`{"jsonrpc":"2.0","id":"big","method":"ping","params":{"x":"${"a".repeat(11 * 1024 * 1024)}"}}\n`);
      own.write(`${JSON.stringify({ ...HEALTHY_CALL, id: "after-big" })}\n`);
      const lines = await own.until("after-big", 10_000);
      expect(lines.at(-2)).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32000, message: "Payload Too Large: request body exceeds 4194304 bytes (see --body-limit)" } });
      expect(lines.at(-1)).toEqual({ result: HEALTHY_RESULT, jsonrpc: "2.0", id: "after-big" });
    } finally {
      own.proc.kill("SIGKILL");
    }
  });
});

describe("over legacy SSE (spawned server): hostile POSTs to a live session's endpoint", () => {
  let catalog: ReturnType<typeof tempCatalog>;
  let server: SpawnedServer;
  let endpoint = "";
  let stream: http.ClientRequest;
  let received = "";
  let nextId = 1;

  /** Resolves with the JSON-RPC message of this id once it arrives on the SSE stream. */
  async function onStream(id: number): Promise<unknown> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = sseMessages(received).find((m) => (m as { id?: unknown }).id === id);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no message ${id} on the SSE stream`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async function post(body: Buffer | string, headers: Record<string, string> = {}, pathname = endpoint): Promise<Answer> {
    return send(server.baseUrl, { path: pathname, headers: { "content-type": "application/json", ...headers }, body: Buffer.from(body) });
  }

  async function healthyCall(): Promise<void> {
    const id = nextId++;
    expect((await post(JSON.stringify({ ...HEALTHY_CALL, id }))).status).toBe(202);
    expect(await onStream(id)).toEqual({ result: HEALTHY_RESULT, jsonrpc: "2.0", id });
  }

  beforeAll(async () => {
    catalog = tempCatalog([]);
    fs.mkdirSync(path.join(catalog.toolsDir, "misc"));
    fs.copyFileSync(path.join(fixtures, "healthy.md"), path.join(catalog.toolsDir, "misc", "healthy.md"));
    server = await spawnServer({ toolsDir: catalog.toolsDir, runDir: catalog.runDir });
    await new Promise<void>((resolve, reject) => {
      stream = http.request(new URL("/sse", server.baseUrl), { headers: { accept: "text/event-stream" }, agent: false }, (res) => {
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          received += c;
          const found = /event: endpoint\ndata: (\S+)/.exec(received);
          if (found && !endpoint) {
            endpoint = found[1] as string;
            resolve();
          }
        });
      });
      stream.on("error", reject);
      stream.end();
    });
    expect((await post(JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { ...INIT, protocolVersion: "2024-11-05" } }))).status).toBe(202);
    await onStream(0);
    expect((await post('{"jsonrpc":"2.0","method":"notifications/initialized"}')).status).toBe(202);
  });

  afterAll(async () => {
    stream?.destroy();
    const code = await server?.stop();
    catalog?.remove();
    expect(code).toBe(0);
  });

  // Refused in the go-sdk SSE handler's order and words (http.Error: text/plain, a newline).
  const rows: [string, () => Promise<Answer>, number, string][] = [
    ["malformed JSON", () => post('{"jsonrpc":'), 400, "failed to parse body"],
    ["valid JSON that is not JSON-RPC", () => post('{"hello":"world"}'), 400, "failed to parse body"],
    ["Content-Type: text/plain", () => post('{"jsonrpc":"2.0","id":1,"method":"ping"}', { "content-type": "text/plain" }), 415, "Content-Type must be 'application/json'"],
    ["a batch with one invalid member", () => post('[{"jsonrpc":"2.0","id":1,"method":"ping"},{"x":1}]'), 400, "failed to parse body"],
    // One message per POST: the go-sdk's SSE transport decodes no batch.
    ["a batch of two requests", () => post('[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]'), 400, "failed to parse body"],
    ["an unknown method", () => post('{"jsonrpc":"2.0","id":1,"method":"foo/bar"}'), 400, 'JSON RPC not handled: "foo/bar" unsupported'],
    ["a 10 MB body", () => post(`{"x":"${"a".repeat(10 * 1024 * 1024)}"}`), 413, "Payload Too Large: request body exceeds 4194304 bytes (see --body-limit)"],
    ["an unknown session", () => post('{"jsonrpc":"2.0","id":1,"method":"ping"}', {}, "/messages?sessionId=nope"), 404, "session not found"],
    ["no session at all", () => post('{"jsonrpc":"2.0","id":1,"method":"ping"}', {}, "/messages"), 400, "sessionid must be provided"],
    ["a foreign Host", () => post('{"jsonrpc":"2.0","id":1,"method":"ping"}', { host: "evil.example" }), 403, 'Forbidden: invalid Host header "evil.example"'],
  ];

  it.each(rows)("%s", async (_name, request, status, text) => {
    const answer = await request();
    expect(answer.status).toBe(status);
    expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(answer.body).toBe(`${text}\n`);
    expect(server.proc.exitCode).toBeNull();
    await healthyCall();
  });

  it("a protocol version header is not checked here, as the go-sdk's SSE handler does not", async () => {
    const id = nextId++;
    expect((await post(JSON.stringify({ jsonrpc: "2.0", id, method: "ping" }), { "mcp-protocol-version": "1999-01-01" })).status).toBe(202);
    expect(await onStream(id)).toEqual({ jsonrpc: "2.0", id, result: {} });
  });

  it("initialize again in the same session is answered again on the stream, as the go-sdk answers it over stdio", async () => {
    const id = nextId++;
    expect((await post(JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: INIT }))).status).toBe(202);
    expect(await onStream(id)).toEqual({ jsonrpc: "2.0", id, result: SECOND_INITIALIZE });
    await healthyCall();
  });
});
