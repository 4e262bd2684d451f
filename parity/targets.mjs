// The two servers a parity run compares, started for one profile: the Go twin (go-sdk at that
// release, its business answers taken from a frozen local build over HTTP) and the local build
// itself. Shared by the recorder (record.mjs), the replay (replay.mjs) and the fuzzer (fuzz.mjs),
// so each starts them the same way.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freezeEnv, projectRoot } from "./cases.mjs";
import { startHttpServer } from "./runner.mjs";
import { buildTwin, pinnedSdk } from "./twinBinary.mjs";
import { serverNodeFlags } from "../scripts/serverNodeFlags.mjs";
import fs from "node:fs";

const cli = path.join(projectRoot, "dist", "cli.js");
const toolsDir = path.join(projectRoot, "tools");

/**
 * The twin of go-sdk `sdk` over HTTP (`stateless`: StreamableHTTPOptions.Stateless) and how to
 * start its stdio form. `runDir` holds the answering local build's state and the definitions.
 * Resolves { baseUrl, stdio: { command, args }, stop }.
 */
export async function startTwin({ sdk, stateless, runDir }) {
  const bin = buildTwin(sdk === pinnedSdk() ? undefined : sdk);
  // The business answers come from one frozen local build over HTTP, shared by the HTTP twin and
  // every short-lived stdio twin.
  const answers = await startHttpServer(process.execPath, [cli, "--port", "0", "--tools", toolsDir, "--run-dir", runDir, "--state-scope", "session"], freezeEnv);
  try {
    // The definitions verbatim from the tool files (the engine's catalog), not the local build's
    // tools/list, which is already shaped the Go way.
    const { Engine } = await import(pathToFileURL(path.join(projectRoot, "dist", "engine", "engine.js")).href);
    const catalog = new Engine({ toolsDir, runDir });
    const definitions = path.join(runDir, "definitions.json");
    fs.writeFileSync(definitions, JSON.stringify({ tools: catalog.listTools() }));
    const twinArgs = ["-local-url", `${answers.baseUrl}/mcp`, "-definitions", definitions];
    // The twin asks the answering build for the widget before it listens; on a machine loaded
    // far past its cores that first request has been seen reset (once in a fuzz run beside a
    // replay at load 29). A twin that exits before listening is started again, twice at most.
    let server;
    for (let attempt = 1; !server; attempt++) {
      try {
        server = await startHttpServer(bin, [...twinArgs, "-port", "0", ...(stateless ? ["-stateless"] : [])], freezeEnv);
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
    return {
      baseUrl: server.baseUrl,
      stdio: { command: bin, args: [...twinArgs, "-stdio"] },
      stop: async () => {
        await server.stop();
        await answers.stop();
      },
    };
  } catch (err) {
    await answers.stop();
    throw err;
  }
}

/** The local build's command-line flags for a profile; the pinned stateful one passes none. */
export function profileArgs({ sdk, stateless, profiled }) {
  return profiled ? ["--go-sdk", sdk.replace(/^v/, ""), ...(stateless ? ["--stateless"] : [])] : [];
}

/**
 * The local build (dist/) serving a profile over HTTP, and how to start its stdio form. Each
 * MCP session keeps its own state, as each twin session takes its answers from a local session
 * of its own. Resolves { baseUrl, stdio: { command, args }, stop }.
 */
export async function startLocal({ sdk, stateless, profiled = true, runDir }) {
  const base = ["--tools", toolsDir, "--run-dir", runDir, "--state-scope", "session", ...profileArgs({ sdk, stateless, profiled })];
  const server = await startHttpServer(process.execPath, [...serverNodeFlags, cli, "--port", "0", ...base], freezeEnv);
  return { baseUrl: server.baseUrl, stdio: { command: process.execPath, args: [...serverNodeFlags, cli, "--stdio", ...base] }, stop: server.stop };
}
