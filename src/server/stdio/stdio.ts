// `--stdio`: newline-delimited JSON-RPC on stdin/stdout for clients that spawn a process.
// stdout carries nothing but JSON-RPC; the process ends when the client closes stdin. One
// process is one session, dispatched as every session is (wire/rpcSession.ts), each line decoded
// as the go-sdk decodes a message (wire/goDecode.ts) and every answer written by the one writer.
import type { Config } from "../../config.js";
import type { HostEngine } from "../host/hostEngine.js";
import { createHostWatcher } from "../host/hostWatcher.js";
import { createMcpSession } from "../mcp/mcpSession.js";
import { stderrLog } from "../host/log.js";
import { SessionRegistry } from "../host/sessionRegistry.js";
import { exitOnSignals } from "../host/shutdown.js";
import { goMessageText } from "../goWire/goWire.js";
import { goDecode } from "../wire/goDecode.js";
import { refusals, type WireError } from "../goWire/wireError.js";
import { limitLines } from "./stdioLines.js";
import { stdioReply } from "./stdioFaults.js";
import { dynamicsRuntime } from "../dynamics/runtime.js";
import { baseProfile, profileOf } from "../profiles/profiles.js";

/** A refusal of a whole line, as stdio renders one: a JSON-RPC error answering no request. */
export function lineRefusal(error: WireError): string {
  // An error's text is the same under every profile (only results are shaped by one).
  return goMessageText({ jsonrpc: "2.0", id: null, error: { code: error.code, message: error.message } }, undefined, baseProfile);
}

/**
 * `stdin`: what is left of stdin after earlyInitialize (process.stdin when called alone);
 * `early.initialized`: earlyInitialize answered the first line, an initialize;
 * `early.handOverSignals`: removes the early signal handlers, called once this one's are in.
 */
export async function startStdio(config: Config, stdin: NodeJS.ReadableStream = process.stdin, early: { initialized?: boolean; handOverSignals?: () => void } = {}): Promise<void> {
  // A stray console.log anywhere would corrupt the JSON-RPC channel: send it to stderr.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;

  const log = stderrLog;
  const out = process.stdout;
  const registry = new SessionRegistry(log);
  // A spawning client waits for initialize: answer first, and load the engine (ajv, the
  // markdown parser, the catalog) only then, in the background. The watcher runs from the
  // start, so a file added while the engine loads is still announced.
  let loaded: HostEngine | undefined;
  const watcher = createHostWatcher(config, log, registry, () => loaded?.engine, () => loaded?.reportProblems());
  let host: Promise<HostEngine> | undefined;
  const loadHost = () =>
    (host ??= import("../host/hostEngine.js").then((m) => (loaded = m.createHostEngine(config, log, registry, watcher))));
  const writeLine = (text: string) => void out.write(`${text}\n`);

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    watcher.close();
    await registry.closeAll();
  };
  const exit = (code: number) => void close().then(() => process.exit(code));

  const profile = profileOf(config);
  const session = createMcpSession({
    engine: async () => (await loadHost()).engine,
    dynamics: dynamicsRuntime(config),
    serviceVersion: config.serviceVersion,
    widgetDomain: config.widgetDomain,
    transport: "stdio",
    // One process is one session; the registry knows it by the same name.
    sessionId: "stdio",
    log,
    // A stdio call carries no HTTP headers: with --auth it answers "missing request headers".
    auth: config.auth,
    scenarioLog: config.scenarioLog,
    unrelated: writeLine,
    profile,
  });
  if (early.initialized) session.initializedElsewhere();
  registry.open({ id: "stdio", transport: "stdio", notify: (method, params) => session.notify(method, params), close: async () => session.close() });

  // Calls read but not answered yet: end of input waits for them.
  let open = 0;
  let drained: (() => void) | undefined;
  const answered = () => (open === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve)));
  const onEnd = () => {
    open--;
    if (open === 0) drained?.();
  };

  // Lines over the body limit are answered as HTTP answers a body over it, then skipped.
  const lines = limitLines(config.bodyLimit, () => {
    log(`stdio: a line over ${config.bodyLimit} bytes was refused (see --body-limit)`);
    session.inOrder(() => writeLine(lineRefusal(refusals.tooLarge(config.bodyLimit))));
  });
  lines.on("data", (chunk: Buffer) => {
    const text = chunk.toString("utf8").replace(/\r?\n$/, "");
    // Blank lines are whitespace between messages to the go-sdk's decoder.
    if (text.trim() === "") return;
    const decoded = goDecode(text, profile);
    if (!decoded.ok) {
      log(`stdio: a line the go-sdk could not decode: ${decoded.reason}`);
      session.inOrder(() => writeLine(lineRefusal(refusals.malformed(decoded.reason))));
      return;
    }
    ((Array.isArray(decoded.value) ? decoded.value : [decoded.value]) as Record<string, unknown>[]).forEach((message, i) => {
      open++;
      session.receive(message, stdioReply(out, log, exit, onEnd, message.id), {}, decoded.texts[i]);
    });
  });
  // End of input is not the end of the work: a piped script's requests are all read long
  // before they are answered (the engine loads after initialize). Answer each, write each, exit 0.
  lines.once("end", () => {
    log("stdin closed: answering what was read, then exiting");
    void answered()
      .then(() => new Promise<void>((resolve) => out.write("", () => resolve())))
      .then(close)
      .then(() => process.exit(0));
  });
  stdin.pipe(lines);
  exitOnSignals(close, log);
  early.handOverSignals?.();

  // After the first reply has had its chance to go out: module loading is synchronous work.
  setImmediate(() => {
    void loadHost().then(async ({ engine, ready }) => {
      await ready;
      log(`serving ${engine.listTools().length} tool(s) from ${config.toolsDir} over stdio`);
    });
  });
}
