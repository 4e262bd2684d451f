// `--stdio`: newline-delimited JSON-RPC on stdin/stdout for clients that spawn a process.
// stdout carries nothing but JSON-RPC; the process ends when the client closes stdin.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Config } from "../../config.js";
import { GoWire } from "../goWire/goWire.js";
import { speakGoStdio } from "../goWire/speakGo.js";
import type { HostEngine } from "../host/hostEngine.js";
import { createHostWatcher } from "../host/hostWatcher.js";
import { InOrderReplies } from "../mcp/inOrderReplies.js";
import { createMcpServer } from "../mcp/mcpServer.js";
import { stderrLog } from "../host/log.js";
import { SessionRegistry } from "../host/sessionRegistry.js";
import { exitOnSignals } from "../host/shutdown.js";
import { errorMessage, protocolErrors, type ProtocolError } from "../mcp/protocolErrors.js";
import { limitLines } from "./stdioLines.js";
import { stdioPort } from "./stdioFaults.js";
import { dynamicsRuntime } from "../dynamics/runtime.js";

/** `stdin`: what is left of stdin after earlyInitialize (process.stdin when called alone). */
export async function startStdio(config: Config, stdin: NodeJS.ReadableStream = process.stdin): Promise<void> {
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
  // Lines over the body limit are answered as HTTP answers a body over it, then skipped. A batch
  // line goes to the SDK's transport whole, which refuses it as the go-sdk's stdio does (parity
  // twin, issue 11). The transport is made before the server, which is handed its fault port.
  const lines = limitLines(config.bodyLimit, () => {
    log(`stdio: a line over ${config.bodyLimit} bytes was refused (see --body-limit)`);
    refuse(protocolErrors.tooLarge(config.bodyLimit));
  });
  const stdioTransport = new StdioServerTransport(lines, process.stdout);
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
  // Every refusal is worded in protocolErrors.ts, as /mcp words it.
  const refuse = (error: ProtocolError) => void transport.send(errorMessage(error));
  // The rest of stdin after the early initialize (earlyInitialize.ts) goes through the line limit.
  stdin.pipe(lines);
  transport.onerror = (err) => {
    log(err.name === "ZodError" ? "stdio: a line is JSON but not a JSON-RPC message" : `stdio: ${err.message}`);
    // The SDK transport only drops a bad line, leaving the client waiting for an answer: answer
    // it as a bad HTTP body is answered. Not JSON: -32700 Invalid JSON. JSON that is not a
    // JSON-RPC message (the SDK's schema refused it): -32700 Invalid JSON-RPC message.
    if (err instanceof SyntaxError) refuse(protocolErrors.invalidJson);
    else if (err.name === "ZodError") refuse(protocolErrors.notJsonRpc);
  };
  registry.open({ id: "stdio", transport: "stdio", server, close: () => server.close() });

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    watcher.close();
    await registry.closeAll();
  };
  // End of input is not the end of the work: a piped script's requests are all read long
  // before they are answered (the engine loads after initialize). Answer each, write each, exit 0.
  lines.once("end", () => {
    log("stdin closed: answering what was read, then exiting");
    void transport
      .answered()
      .then(() => new Promise<void>((resolve) => process.stdout.write("", () => resolve())))
      .then(close)
      .then(() => process.exit(0));
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
