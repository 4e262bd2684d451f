// `careem-mcp record`: /mcp as a pass-through to the upstream, loopback only with the server's
// own Host check. Every request and answer moves unchanged (initialize, tools/list, streams,
// DELETE), so a client works through it as it would against the upstream; each tools/call
// answer is also handed to the writer. Plain node:http and fetch: the proxy must not reshape
// what either side says, which a protocol stack in between would.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { isObject } from "../base/isObject.js";
import type { JsonObject, ToolCallResult } from "../base/types.js";
import { compileValidators } from "../engine/validators.js";
import { allowsHost } from "../server/origin/hostCheck.js";
import { readBody } from "../server/http/readBody.js";
import { protocolErrors } from "../server/wire/protocolErrors.js";
import type { Redactor } from "./redact.js";
import type { RecordedAnswer } from "./recordScenario.js";
import type { RecordWriter, WriteReport } from "./recordWriter.js";
import { rpcMessages } from "./rpcMessages.js";

export interface RecordProxyOptions {
  upstream: string;
  /** --header values: sent upstream on every request, over the client's own. */
  headers: Record<string, string>;
  host: string;
  port: number;
  bodyLimit: number;
  writer: RecordWriter;
  redactor: Redactor;
  /** The upstream's definition of a tool (tools/list, asked again when a name is new). */
  definitionOf: (tool: string) => Promise<JsonObject | undefined>;
  log: (line: string) => void;
  /** Each write's outcome, for tests and the summary. */
  onRecorded?: (report: WriteReport) => void;
}

/** Client headers the upstream needs; hop-by-hop ones (host, connection, length) are the proxy's own. */
const FORWARD_REQUEST = ["accept", "content-type", "mcp-session-id", "mcp-protocol-version", "last-event-id", "authorization"];
const FORWARD_RESPONSE = ["content-type", "mcp-session-id", "mcp-protocol-version", "www-authenticate", "cache-control", "allow", "location"];

function refuse(res: http.ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/** The POST's body as text, or "too-large" past the limit: the server's own bounded reader. */
function bodyOf(req: http.IncomingMessage, limit: number): Promise<string | "too-large"> {
  return new Promise((resolve) => readBody(req, limit, (read) => resolve(read.ok ? read.text : "too-large")));
}

interface PendingCall {
  id: string | number;
  tool: string;
  args: JsonObject;
}

/** A single tools/call request of the body, if it is one (batches pass through unrecorded). */
function pendingCall(body: string): PendingCall | undefined {
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isObject(message) || message.method !== "tools/call" || (typeof message.id !== "string" && typeof message.id !== "number")) return undefined;
  const params = message.params;
  if (!isObject(params) || typeof params.name !== "string") return undefined;
  const args = params.arguments;
  return { id: message.id, tool: params.name, args: isObject(args) ? args : {} };
}

/** The answer as a scenario holds it, or why the format cannot hold it. */
function answerOf(result: ToolCallResult): RecordedAnswer | string {
  const texts = Array.isArray(result.content) ? result.content : [];
  if (result.isError) {
    if (texts.length !== 1 || texts[0]?.type !== "text") return "an isError answer with other than one text content (a json error holds one text)";
    return { kind: "error", text: texts[0].text };
  }
  if (isObject(result.structuredContent)) return { kind: "response", value: result.structuredContent };
  return "an answer without structuredContent (a json response is structured output)";
}

export async function startRecordProxy(opts: RecordProxyOptions): Promise<{ url: string; close(): Promise<void> }> {
  const hostAllowed = allowsHost(opts.host, []);
  // The client holds its answer once the reply's event is written, before the stream ends: a
  // stop right after it must still wait for that call's record (close() drains these).
  const inFlight = new Set<Promise<void>>();
  const record = async (call: PendingCall, result: ToolCallResult) => {
    const answer = answerOf(result);
    if (typeof answer === "string") {
      opts.log(`record: ${call.tool}: not recorded: ${answer}`);
      return;
    }
    const definition = await opts.definitionOf(call.tool);
    // Arguments the input schema refuses are answered by the local build itself, worded as the
    // go-sdk words them; a scenario for them would never be reached, and its match block could
    // name keys the schema does not have.
    if (definition) {
      try {
        const invalid = compileValidators(definition).checkArguments(call.args);
        if (invalid !== null) {
          opts.log(`record: ${call.tool}: not recorded: the arguments fail its input schema (${invalid}); the local build answers these itself`);
          return;
        }
      } catch {
        // A schema this build cannot compile: record anyway, --check will name the schema.
      }
    }
    opts.redactor.learn(call.args);
    opts.redactor.learn(result.structuredContent ?? null);
    const redacted = opts.redactor.redact(answer.kind === "error" ? { ...answer } : { kind: "response", value: answer.value });
    const expected = opts.redactor.redact(result as unknown as JsonObject) as unknown as ToolCallResult;
    const report = await opts.writer.write({ tool: call.tool, args: opts.redactor.redact(call.args), answer: redacted as RecordedAnswer, expected, definition });
    opts.onRecorded?.(report);
    const shown = report.file ? ` ${report.file}` : "";
    if (report.kind === "written") opts.log(`record: ${call.tool}:${shown}: scenario ${report.scenario} written${report.created ? " (new file)" : ""}${report.guarded ? " with an exact match-schema guard" : ""}${report.replay ? `; WARNING: replaying it differs: ${report.replay}` : ""}`);
    else if (report.kind === "duplicate") opts.log(`record: ${call.tool}:${shown}: already recorded as scenario ${report.scenario}; not written again`);
    else opts.log(`record: ${call.tool}: not recorded: ${report.reason}`);
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const host = req.headers.host ?? "";
    if (!hostAllowed(host)) return refuse(res, 403, protocolErrors.forbiddenHost(host).code, protocolErrors.forbiddenHost(host).message);
    if ((req.url ?? "").split("?")[0] !== "/mcp") return refuse(res, 404, -32000, `Not Found: the recorder serves /mcp only (it forwards to ${opts.upstream})`);
    const body = req.method === "POST" ? await bodyOf(req, opts.bodyLimit) : undefined;
    if (body === "too-large") return refuse(res, 413, protocolErrors.tooLarge(opts.bodyLimit).code, protocolErrors.tooLarge(opts.bodyLimit).message);
    const headers: Record<string, string> = {};
    for (const name of FORWARD_REQUEST) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    Object.assign(headers, opts.headers);
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    let upstream: Response;
    try {
      upstream = await fetch(opts.upstream, { method: req.method, headers, body: body && body.length > 0 ? body : undefined, signal: abort.signal });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err instanceof Error ? err.message : String(err));
      return refuse(res, 502, -32000, `Bad Gateway: the upstream ${opts.upstream} did not answer (${cause}); is it running?`);
    }
    const out: Record<string, string> = {};
    for (const name of FORWARD_RESPONSE) {
      const value = upstream.headers.get(name);
      if (value !== null) out[name] = value;
    }
    res.writeHead(upstream.status, out);
    const call = body ? pendingCall(body) : undefined;
    const kept: Buffer[] = [];
    try {
      if (upstream.body) {
        for await (const chunk of upstream.body as AsyncIterable<Uint8Array>) {
          res.write(chunk);
          if (call) kept.push(Buffer.from(chunk));
        }
      }
    } catch {
      // The client went away or the upstream broke off. A reply already whole in what came is
      // still recorded below (the client may hold it: a stop can come right after it).
    }
    if (!call) return void res.end();
    const messages = rpcMessages(upstream.headers.get("content-type") ?? "", Buffer.concat(kept).toString("utf8"));
    const reply = messages.find((m) => isObject(m) && m.id === call.id && ("result" in m || "error" in m));
    // Written before the answer ends, so a client that calls again at once finds it on disk.
    if (isObject(reply) && isObject(reply.result)) {
      const pending = record(call, reply.result as unknown as ToolCallResult).catch((err: unknown) => opts.log(`record: ${call.tool}: not recorded: ${err instanceof Error ? err.message : String(err)}`));
      inFlight.add(pending);
      await pending.finally(() => inFlight.delete(pending));
    }
    res.end();
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      opts.log(`record: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) refuse(res, 500, -32603, "Internal error in the recorder");
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/mcp`,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
