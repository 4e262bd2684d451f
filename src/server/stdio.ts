// `--stdio`: newline-delimited JSON-RPC on stdin/stdout for clients that spawn a process.
// stdout carries nothing but JSON-RPC; the process ends when the client closes stdin.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Config } from "../config.js";
import { serverFor } from "./hostContext.js";
import { createHostEngine } from "./hostEngine.js";
import { stderrLog } from "./log.js";
import { SessionRegistry } from "./sessionRegistry.js";
import { exitOnSignals } from "./shutdown.js";

export async function startStdio(config: Config): Promise<void> {
  // A stray console.log anywhere would corrupt the JSON-RPC channel: send it to stderr.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;

  const log = stderrLog;
  const registry = new SessionRegistry(log);
  const { engine, watcher, ready } = createHostEngine(config, log, registry);
  const server = serverFor({ engine, config, log, registry }, "stdio");
  const transport = new StdioServerTransport(process.stdin, process.stdout);
  transport.onerror = (err) => {
    log(`stdio: ${err.message}`);
    // A line that is not JSON gets the JSON-RPC parse error, as a malformed HTTP body does;
    // the SDK transport would only drop it, leaving the client waiting.
    if (err instanceof SyntaxError) {
      const parseError = { jsonrpc: "2.0" as const, id: null, error: { code: -32700, message: "Parse error: Invalid JSON" } };
      void transport.send(parseError as unknown as JSONRPCMessage);
    }
  };
  registry.add({ id: "stdio", transport: "stdio", server, close: () => server.close() });

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    watcher.close();
    await registry.closeAll();
  };
  process.stdin.once("end", () => {
    log("stdin closed: exiting");
    void close().then(() => process.exit(0));
  });
  exitOnSignals(close, log);

  await server.connect(transport);
  void ready.then(() => log(`serving ${engine.listTools().length} tool(s) from ${config.toolsDir} over stdio`));
}
