// The three ways a client reaches the server, each behind the same small interface so one list
// of cases runs over all of them: streamable HTTP and SSE against the real HTTP host on a free
// loopback port, stdio against a spawned `node dist/cli.js --stdio`.
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { defaults } from "../../src/config.js";
import { listenHttp } from "../../src/server/http/http.js";
import { projectRoot, type TempCatalog } from "./catalog.js";
import { RecordingTransport } from "./recordingTransport.js";
import { assertBuilt } from "../assertBuilt.js";
import { sharedValidator } from "../journeys/sharedValidator.js";
import { serverNodeFlags } from "../../scripts/serverNodeFlags.mjs";

export const cli = path.join(projectRoot, "dist", "cli.js");

export { assertBuilt };

export interface Connection {
  client: Client;
  wire: RecordingTransport;
  /** The last response (result or error) the server sent, as it came off the wire. */
  lastResponse(): JSONRPCMessage;
  close(): Promise<void>;
}

export interface Served {
  connect(): Promise<Connection>;
  /** What the server logged so far. */
  log(): string;
  stop(): Promise<void>;
}

export interface ServeOptions {
  /** --delay-scale for the server: 0 (the default here) skips every declared delay. */
  delayScale?: number;
  /** --scenario-log: at logging level debug, each call's scenario named in a notification. */
  scenarioLog?: boolean;
}

export interface TransportUnderTest {
  name: string;
  serve(catalog: TempCatalog, opts?: ServeOptions): Promise<Served>;
}

async function connectWith(inner: Transport, onClose: () => Promise<void> = async () => {}): Promise<Connection> {
  const wire = new RecordingTransport(inner);
  const client = new Client({ name: "careem-transport-tests", version: "1.0.0" }, { jsonSchemaValidator: sharedValidator });
  await client.connect(wire);
  return {
    client,
    wire,
    lastResponse() {
      const responses = wire.received.filter((m) => "id" in m && ("result" in m || "error" in m));
      const last = responses.at(-1);
      if (!last) throw new Error("no response received yet");
      return last;
    },
    async close() {
      await client.close();
      await onClose();
    },
  };
}

function httpTransport(name: string, open: (urls: { mcpUrl: string; sseUrl: string }) => Transport): TransportUnderTest {
  return {
    name,
    async serve(catalog, opts = {}) {
      const lines: string[] = [];
      const config = { ...defaults, port: 0, toolsDir: catalog.dir, runDir: catalog.runDir, delayScale: opts.delayScale ?? 0, scenarioLog: opts.scenarioLog ?? false };
      const host = await listenHttp(config, { log: (line) => lines.push(line) });
      return {
        connect: () => connectWith(open(host)),
        log: () => lines.join("\n"),
        stop: () => host.close(),
      };
    },
  };
}

export const streamableHttp = httpTransport("streamable HTTP", ({ mcpUrl }) => new StreamableHTTPClientTransport(new URL(mcpUrl)));

export const sse = httpTransport("SSE", ({ sseUrl }) => new SSEClientTransport(new URL(sseUrl)));

export const stdio: TransportUnderTest = {
  name: "stdio",
  async serve(catalog, opts = {}) {
    assertBuilt();
    let stderr = "";
    return {
      async connect() {
        const transport = new StdioClientTransport({
          command: process.execPath,
          args: [...serverNodeFlags, cli, "--stdio", "--tools", catalog.dir, "--run-dir", catalog.runDir, "--delay-scale", String(opts.delayScale ?? 0), ...(opts.scenarioLog ? ["--scenario-log"] : [])],
          cwd: projectRoot,
          stderr: "pipe",
        });
        transport.stderr?.on("data", (chunk: Buffer) => {
          stderr += chunk.toString("utf8");
        });
        return connectWith(transport);
      },
      log: () => stderr,
      stop: async () => {},
    };
  },
};

export const allTransports = [streamableHttp, sse, stdio];
