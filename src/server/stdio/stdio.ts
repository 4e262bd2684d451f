// `--stdio`: newline-delimited JSON-RPC on stdin/stdout for clients that spawn a process.
// stdout carries nothing but JSON-RPC; the process ends when the client closes stdin.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Config } from "../../config.js";
import { GoWire } from "../goWire/goWire.js";
import { speakGoStdio } from "../goWire/speakGo.js";
import type { HostEngine } from "../host/hostEngine.js";
import { createHostWatcher } from "../host/hostWatcher.js";
import { InOrderReplies } from "../mcp/inOrderReplies.js";
import { createMcpServer } from "../mcp/mcpServer.js";
import { stderrLog } from "../host/log.js";
import { SessionRegistry } from "../host/sessionRegistry.js";
import { tooLargeMessage } from "../host/bodyLimit.js";
import { exitOnSignals } from "../host/shutdown.js";
import { limitLines } from "./stdioLines.js";
import { stdioPort } from "./stdioFaults.js";
import { dynamicsRuntime } from "../dynamics/runtime.js";

export async function startStdio(config: Config): Promise<void> {
  // A stray console.log anywhere would corrupt the JSON-RPC channel: send it to stderr.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;

  const log = stderrLog;
  const registry = new SessionRegistry(log);
  // A spawning client waits for initialize: connect first, and load the engine (ajv, the
  // markdown parser, the catalog) only then, in the background. The watcher runs from the
  // start, so a file added while the engine loads is still announced.
  let loaded: HostEngine | undefined;
  const watcher = createHostWatcher(config, log, registry, () => loaded?.engine, () => loaded?.reportProblems());
  let host: Promise<HostEngine> | undefined;
  const loadHost = () =>
    (host ??= import("../host/hostEngine.js").then((m) => (loaded = m.createHostEngine(config, log, registry, watcher))));
  // Lines over the body limit are answered as HTTP answers a body over it, then skipped. The
  // transport is made before the server, which is handed its fault port.
  const input = limitLines(config.bodyLimit, () => {
    log(`stdio: a line over ${config.bodyLimit} bytes was refused (see --body-limit)`);
    refuse(-32000, tooLargeMessage(config.bodyLimit));
  });
  const stdioTransport = new StdioServerTransport(input, process.stdout);
  speakGoStdio(stdioTransport);
  const transport = new InOrderReplies(new GoWire(stdioTransport));
  const server = createMcpServer({
    engine: async () => (await loadHost()).engine,
    dynamics: dynamicsRuntime(config),
    port: stdioPort(transport, process.stdout, log, (code) => void close().then(() => process.exit(code))),
    serviceVersion: config.serviceVersion,
    widgetDomain: config.widgetDomain,
    transport: "stdio",
    // One process is one session; the registry knows it by the same name.
    sessionId: "stdio",
    log,
    // A stdio call carries no HTTP headers: with --auth it answers "missing request headers".
    auth: config.auth,
  });
  const refuse = (code: number, message: string) =>
    void transport.send({ jsonrpc: "2.0", id: null, error: { code, message } } as unknown as JSONRPCMessage);
  process.stdin.pipe(input);
  transport.onerror = (err) => {
    log(err.name === "ZodError" ? "stdio: a line is JSON but not a JSON-RPC message" : `stdio: ${err.message}`);
    // The SDK transport only drops a bad line, leaving the client waiting for an answer: answer
    // it as a bad HTTP body is answered. Not JSON: -32700 Invalid JSON. JSON that is not a
    // JSON-RPC message (the SDK's schema refused it): -32700 Invalid JSON-RPC message.
    if (err instanceof SyntaxError) refuse(-32700, "Parse error: Invalid JSON");
    else if (err.name === "ZodError") refuse(-32700, "Parse error: Invalid JSON-RPC message");
  };
  registry.add({ id: "stdio", transport: "stdio", server, close: () => server.close() });

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    watcher.close();
    await registry.closeAll();
  };
  input.once("end", () => {
    log("stdin closed: exiting");
    void close().then(() => process.exit(0));
  });
  exitOnSignals(close, log);

  await server.connect(transport);
  // After the first reply has had its chance to go out: module loading is synchronous work.
  setImmediate(() => {
    void loadHost().then(async ({ engine, ready }) => {
      await ready;
      log(`serving ${engine.listTools().length} tool(s) from ${config.toolsDir} over stdio`);
    });
  });
}
