// The precedence table of docs/forcing.md, executed: one test per row, against a real server on
// the real catalog, so the table a user reads is the order the server applies. Each row sets the forcing layers it names and makes one call.
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../cli/runCliInProcess.js";
import { projectRoot, spawnServer, tempCatalog, type SpawnedServer } from "../reliability/spawnServer.js";

interface Row {
  call: string | null;
  session: string | null;
  file: string | null;
  rideId: string;
  answer: string;
  chosenBy: string;
}

function readTable(): Row[] {
  const doc = fs.readFileSync(path.join(projectRoot, "docs", "forcing.md"), "utf8");
  const block = /<!-- precedence-table -->\n([\s\S]*?)<!-- \/precedence-table -->/.exec(doc)?.[1];
  if (!block) throw new Error("docs/forcing.md has no <!-- precedence-table --> block");
  const cell = (text: string) => (text === "–" ? null : text.replace(/^`|`$/g, ""));
  return block
    .trim()
    .split("\n")
    .slice(2)
    .map((line) => {
      const cells = line.split("|").slice(1, -1).map((c) => c.trim());
      if (cells.length !== 6) throw new Error(`docs/forcing.md precedence row needs 6 cells: ${line}`);
      const [call, session, file, rideId, answer, chosenBy] = cells.map(cell) as (string | null)[];
      return { call: call ?? null, session: session ?? null, file: file ?? null, rideId: rideId as string, answer: answer as string, chosenBy: chosenBy as string };
    });
}

const rows = readTable();
let server: SpawnedServer;
let temp: ReturnType<typeof tempCatalog>;
let client: Client;
let sessionId: string;

beforeAll(async () => {
  // An empty catalog copy is not needed: the real tools, and a run dir of the test's own.
  temp = tempCatalog([], "careem-precedence-");
  server = await spawnServer({ toolsDir: path.join(projectRoot, "tools"), runDir: temp.runDir });
  const transport = new StreamableHTTPClientTransport(new URL(server.mcpUrl));
  client = new Client({ name: "precedence", version: "1.0.0" });
  await client.connect(transport);
  sessionId = transport.sessionId as string;
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
  temp?.remove();
});

// `./careem-mcp.sh scenario …` run in this process (the same runCli as node dist/cli.js; its
// spawned form runs in parallelSessions.test.ts): a failed command fails the row, as a non-zero exit did.
async function scenarioCli(...args: string[]): Promise<void> {
  const run = await runCliInProcess("scenario", ...args, "--tools", path.join(projectRoot, "tools"), "--run-dir", temp.runDir);
  if ((run.status ?? 0) !== 0) throw new Error(`scenario ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
}

async function sessionForcing(scenario: string | null): Promise<void> {
  const url = `${server.baseUrl}/_local/sessions/${sessionId}/overrides/get_ride_status`;
  const response = await fetch(url, { method: scenario ? "PUT" : "DELETE", headers: { "Content-Type": "application/json" }, body: scenario ? JSON.stringify({ scenario }) : undefined });
  expect(response.status).toBe(200);
}

describe("docs/forcing.md precedence table", () => {
  it("has the five layers' rows", () => expect(rows.length).toBe(5));

  it.each(rows)("call $call, session $session, file $file, rideId $rideId -> $answer ($chosenBy)", async (row) => {
    if (row.file) await scenarioCli("get_ride_status", row.file);
    else await scenarioCli("get_ride_status", "--clear");
    await sessionForcing(row.session);
    const result = await client.callTool({ name: "get_ride_status", arguments: { rideId: row.rideId }, ...(row.call ? { _meta: { "careem-mcp/scenario": row.call } } : {}) });
    const { calls } = (await (await fetch(`${server.baseUrl}/_local/calls?session=${sessionId}`)).json()) as { calls: { scenario: string; selectedBy: string; forcedBy?: string; isError: boolean }[] };
    const last = calls.at(-1);
    expect(last?.scenario).toBe(row.answer);
    expect(last?.forcedBy ? `${last.selectedBy}, ${last.forcedBy}` : last?.selectedBy).toBe(row.chosenBy);
    // The wire omits isError:false (go-sdk); the journal always records the boolean.
    expect(last?.isError).toBe(result.isError === true);
  });
});
