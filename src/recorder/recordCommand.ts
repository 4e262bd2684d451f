// `careem-mcp record --upstream URL`: checks the upstream answers as MCP (its tools/list, which
// also gives the definitions of new files), then serves the recording proxy until a signal.
import fs from "node:fs";
import path from "node:path";
import type { JsonObject } from "../base/types.js";
import { isSecretHeader } from "../importer/headers.js";
import { fetchLiveTools, LiveServerError } from "../importer/liveTools.js";
import { Redactor } from "./redact.js";
import { startRecordProxy } from "./recordProxy.js";
import { RecordWriter } from "./recordWriter.js";

export interface RecordCommandOptions {
  upstream: string;
  headers: Record<string, string>;
  toolsDir: string;
  host: string;
  port: number;
  domain: string;
  redact: string[];
  bodyLimit: number;
  err: NodeJS.WritableStream;
}

export const UPSTREAM_UNREADABLE = 3;

/** The upstream as a note may name it: no user, password or query (a token may ride there). */
function shownUpstream(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "the upstream";
  }
}

export async function recordCommand(opts: RecordCommandOptions): Promise<number | undefined> {
  const log = (line: string) => opts.err.write(`careem-mcp ${line}\n`);
  let definitions = new Map<string, JsonObject>();
  const refresh = async () => {
    const live = await fetchLiveTools(opts.upstream, opts.headers);
    definitions = new Map(live.tools.map((t) => [String(t.name), t]));
    return live;
  };
  let live;
  try {
    live = await refresh();
  } catch (err) {
    if (err instanceof LiveServerError) {
      opts.err.write(`careem-mcp record: ${err.message.replace(/--from/g, "--upstream")}\n`);
      return UPSTREAM_UNREADABLE;
    }
    throw err;
  }
  const created = !fs.existsSync(opts.toolsDir);
  fs.mkdirSync(opts.toolsDir, { recursive: true });
  const secrets = Object.entries(opts.headers)
    .filter(([name]) => isSecretHeader(name) || opts.redact.some((k) => k.toLowerCase() === name.toLowerCase()))
    .map(([, value]) => value);
  const redactor = new Redactor(opts.redact, secrets);
  const writer = new RecordWriter(opts.toolsDir, opts.domain, redactor, `${shownUpstream(opts.upstream)} by careem-mcp record`);
  let asked = false;
  const proxy = await startRecordProxy({
    upstream: opts.upstream,
    headers: opts.headers,
    host: opts.host,
    port: opts.port,
    bodyLimit: opts.bodyLimit,
    writer,
    redactor,
    log,
    definitionOf: async (tool) => {
      // A tool the upstream did not list at start: ask once more (it may have been deployed since).
      if (!definitions.has(tool) && !asked) {
        asked = true;
        await refresh().catch(() => undefined);
      }
      return definitions.get(tool);
    },
  });
  const dir = path.relative(process.cwd(), opts.toolsDir) || ".";
  log(`record: ${live.tools.length} tools at ${shownUpstream(opts.upstream)} (${live.serverName} ${live.serverVersion}); new files go to ${dir}/${opts.domain}/${created ? ` (created ${dir})` : ""}`);
  if (opts.redact.length > 0) log(`record: values of ${opts.redact.join(", ")} are written as "[redacted]" (matched as "*")`);
  log(`record: recording on ${proxy.url} (streamable HTTP), forwarding to ${shownUpstream(opts.upstream)}, writing into ${dir}`);
  const stop = async () => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    await proxy.close();
    await writer.idle();
    log("record: stopped; every recorded call is on disk");
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return undefined;
}
