// `why`, `calls [--follow]` and `sessions` as a user runs them, against a spawned server.
// Most commands run in this process (the same runCli as `node dist/cli.js`, see
// test/cli/runCliInProcess.ts); spawned are `calls --follow`, which prints until killed, and the
// refusals, whose words and exit code come from src/cli.ts's handler.
import { execFile, spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../cli/runCliInProcess.js";
import { catalogFixture } from "../transports/catalog.js";
import { cli, projectRoot, spawnServer, tempCatalog, type SpawnedServer } from "../reliability/spawnServer.js";

let server: SpawnedServer;
let temp: ReturnType<typeof tempCatalog>;
let client: Client;
let session: string;
let port: string;

// A command that sets no exit code exits 0, as src/cli.ts has it.
const run = async (...args: string[]) => {
  const r = await runCliInProcess(...args);
  return { status: r.status ?? 0, stdout: r.stdout, stderr: r.stderr };
};

// Async, so this process keeps serving its sockets while the command runs (a blocked event loop
// would hand fetch a keep-alive socket the server has closed meanwhile).
const spawned = (...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, [cli, ...args], { cwd: projectRoot, encoding: "utf8" }, (err, stdout, stderr) =>
      resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );

beforeAll(async () => {
  temp = tempCatalog(catalogFixture, "careem-commands-");
  server = await spawnServer({ toolsDir: temp.toolsDir, runDir: temp.runDir });
  port = new URL(server.baseUrl).port;
  const transport = new StreamableHTTPClientTransport(new URL(server.mcpUrl));
  client = new Client({ name: "commands", version: "1.0.0" });
  await client.connect(transport);
  session = transport.sessionId as string;
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
  temp?.remove();
});

describe("why", () => {
  it("walks every scenario with the deciding key, then the answer (from the files)", async () => {
    const r = await run("why", "track_ride", '{"rideId": "RIDE_TIMEOUT_3"}', "--tools", temp.toolsDir, "--run-dir", temp.runDir);
    expect(r.status).toBe(0);
    expect(r.stdout.replace(/\(\/.*track_ride\.md\)/, "(FILE)")).toBe(
      [
        'why track_ride {"rideId":"RIDE_TIMEOUT_3"}  (FILE)',
        '   1. ride-not-found    no: rideId expected "~missing", seen "RIDE_TIMEOUT_3"  (line 17)',
        "   2. upstream-timeout  matched  (line 27)",
        '   3. backend-crash     no: rideId expected "~crash", seen "RIDE_TIMEOUT_3"  (line 37)',
        "   4. on-the-way        default (no conditions)  (line 47)",
        "answer: upstream-timeout, matched",
        "",
      ].join("\n"),
    );
  });

  it("--session asks the running server, so that session's forcing counts", async () => {
    await fetch(`${server.baseUrl}/_local/sessions/${session}/overrides/track_ride`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ scenario: "backend-crash", times: 2 }) });
    const r = await run("why", "track_ride", '{"rideId": "ride_1"}', "--session", session, "--port", port);
    expect(r.stdout.split("\n").at(-2)).toBe("answer: backend-crash, forced by this session's forcing, 1 more forced call after this one");
    // Looking did not use the count up.
    const sessions = await run("sessions", "--port", port);
    expect(sessions.stdout).toContain("forcing=track_ride->backend-crash(2 left)");
    await fetch(`${server.baseUrl}/_local/sessions/${session}/overrides/track_ride`, { method: "DELETE", headers: { "Content-Type": "application/json" } });
  });

  it("--session with a session that is not open is refused with the open ones", async () => {
    const r = await spawned("why", "track_ride", "{}", "--session", "nope", "--port", port);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`careem-mcp: no open session "nope"; open sessions: ${session} (./careem-mcp.sh sessions lists them)\n`);
  });

  it("says what is wrong with unparsable arguments or an unknown tool", async () => {
    const bad = await run("why", "track_ride", "{rideId: 1}", "--tools", temp.toolsDir, "--run-dir", temp.runDir);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^why: the arguments are not JSON: .* \(quote them: why track_ride '\{"rideId": "ride_1"\}'\)\n$/);
    const unknown = await run("why", "nope", "{}", "--tools", temp.toolsDir, "--run-dir", temp.runDir);
    expect([unknown.status, unknown.stdout.split("\n").at(-2)]).toEqual([1, 'answer: none: unknown tool "nope"']);
  });
});

describe("calls", () => {
  it("prints the journal, and --follow prints new calls as they come", async () => {
    await client.callTool({ name: "track_ride", arguments: { rideId: "ride_missing_2" } });
    const listed = await run("calls", "--port", port, "--tool", "track_ride");
    expect(listed.stdout).toMatch(new RegExp(`^#\\d+ \\S+ http session=${session} track_ride \\{"rideId":"ride_missing_2"\\} -> ride-not-found \\| matched: the first scenario whose match block accepts the arguments\\n`, "m"));

    const follow = spawn(process.execPath, [cli, "calls", "--follow", "--port", port, "--session", session], { cwd: projectRoot });
    let out = "";
    follow.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    try {
      await expect.poll(() => out, { timeout: 10_000 }).toContain("ride_missing_2"); // the journal so far
      await client.callTool({ name: "track_ride", arguments: { rideId: "ride_1" }, _meta: { "careem-mcp/scenario": "upstream-timeout" } });
      await expect.poll(() => out, { timeout: 10_000 }).toContain('track_ride {"rideId":"ride_1"} -> upstream-timeout isError | forced by this call\'s _meta["careem-mcp/scenario"]');
    } finally {
      follow.kill();
    }
  });

  it("a server that is not there is named, with what to do", async () => {
    const r = await spawned("calls", "--port", "9");
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^careem-mcp: cannot reach a careem-mcp server at http:\/\/127\.0\.0\.1:9\/_local\/calls\? \(.+\); start one with \.\/careem-mcp\.sh, or pass its --port\n$/);
  });
});
