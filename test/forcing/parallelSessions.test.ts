// Issue 17, done-when: two sessions call the same tool at once, each forced to its own
// scenario for three calls, and each gets exactly its own answers, then normal selection.
// Black box: a spawned server, the SDK client over streamable HTTP, the CLI and the JSON API.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogFixture } from "../transports/catalog.js";
import { cli, projectRoot, spawnServer, tempCatalog, type SpawnedServer } from "../reliability/spawnServer.js";
import { scenarioOf } from "./scenarioOf.js";

let server: SpawnedServer;
let temp: ReturnType<typeof tempCatalog>;

async function connect(): Promise<{ client: Client; id: string }> {
  const transport = new StreamableHTTPClientTransport(new URL(server.mcpUrl));
  const client = new Client({ name: "parallel-forcing", version: "1.0.0" });
  await client.connect(transport);
  return { client, id: transport.sessionId as string };
}

beforeAll(async () => {
  temp = tempCatalog(catalogFixture, "careem-forcing-");
  server = await spawnServer({ toolsDir: temp.toolsDir, runDir: temp.runDir });
});
afterAll(async () => {
  await server?.stop();
  temp?.remove();
});

// Async, so this process keeps serving its sockets while the command runs (a blocked event loop
// would hand the next request a keep-alive socket the server has closed meanwhile).
const run = async (...args: string[]) => {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, ...args], { cwd: projectRoot, encoding: "utf8" });
  return { stdout, stderr };
};

const call = (client: Client) => client.callTool({ name: "track_ride", arguments: { rideId: "ride_missing_7" } });

describe("per-session forcing for a count, two sessions at once (HTTP)", () => {
  it("each session gets exactly its own three forced answers, then normal selection", async () => {
    const a = await connect();
    const b = await connect();
    const port = new URL(server.baseUrl).port;
    // Session A through the CLI, session B through the JSON API: both ways a test would use.
    const forced = await run("scenario", "track_ride", "upstream-timeout", "--session", a.id, "--times", "3", "--port", port);
    expect(forced.stderr).toBe("");
    expect(forced.stdout).toBe(`track_ride: forcing scenario upstream-timeout for session ${a.id} for 3 calls (clear with: ./careem-mcp.sh scenario track_ride --clear --session ${a.id})\n`);
    const put = await fetch(`${server.baseUrl}/_local/sessions/${b.id}/overrides/track_ride`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ scenario: "backend-crash", times: 3 }),
    });
    expect(put.status).toBe(200);

    // All eight calls in flight together, interleaved across the two sessions.
    const inFlight = [0, 1, 2, 3].flatMap(() => [call(a.client), call(b.client)]);
    const answers = (await Promise.all(inFlight)).map(scenarioOf);
    const ofA = answers.filter((_, i) => i % 2 === 0).sort();
    const ofB = answers.filter((_, i) => i % 2 === 1).sort();
    expect(ofA).toEqual(["ride-not-found", "upstream-timeout", "upstream-timeout", "upstream-timeout"]);
    expect(ofB).toEqual(["backend-crash", "backend-crash", "backend-crash", "ride-not-found"]);
    // The counts are used up: from here on, normal selection only.
    expect(scenarioOf(await call(a.client))).toBe("ride-not-found");
    expect(scenarioOf(await call(b.client))).toBe("ride-not-found");

    // The journal shows which calls each forcing answered, and how many it had left.
    const journal = (await (await fetch(`${server.baseUrl}/_local/calls?session=${a.id}`)).json()) as { calls: { scenario: string; forcedBy?: string; left?: number; selectedBy: string }[] };
    expect(journal.calls.map((c) => [c.scenario, c.selectedBy, c.forcedBy ?? null, c.left ?? null]).sort()).toEqual(
      [
        ["ride-not-found", "matched", null, null],
        ["ride-not-found", "matched", null, null],
        ["upstream-timeout", "forced", "session", 0],
        ["upstream-timeout", "forced", "session", 1],
        ["upstream-timeout", "forced", "session", 2],
      ].sort(),
    );
    const sessions = await run("sessions", "--port", port);
    expect(sessions.stdout).toContain(`${a.id} http client="parallel-forcing 1.0.0" calls=5 `);
    expect(sessions.stdout).toContain(`${b.id} http client="parallel-forcing 1.0.0" calls=5 `);
    expect(sessions.stdout).not.toContain("forcing=");
    await a.client.close();
    await b.client.close();
  });

  it("a session's forcing is freed when the session ends", async () => {
    const a = await connect();
    const transport = a.client.transport as StreamableHTTPClientTransport;
    await fetch(`${server.baseUrl}/_local/sessions/${a.id}/overrides/track_ride`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ scenario: "backend-crash" }) });
    const before = (await (await fetch(`${server.baseUrl}/_local/sessions`)).json()) as { sessions: { id: string; forcing: object }[] };
    expect(before.sessions.find((s) => s.id === a.id)?.forcing).toEqual({ track_ride: { scenario: "backend-crash" } });
    await transport.terminateSession();
    await a.client.close();
    const after = (await (await fetch(`${server.baseUrl}/_local/sessions`)).json()) as { sessions: { id: string }[] };
    expect(after.sessions.map((s) => s.id)).not.toContain(a.id);
    const refused = await fetch(`${server.baseUrl}/_local/sessions/${a.id}/overrides/track_ride`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ scenario: "backend-crash" }) });
    expect(refused.status).toBe(404);
  });

  it("a legacy SSE session is forced the same way, by its id from `sessions`", async () => {
    const client = new Client({ name: "sse-forcing", version: "1.0.0" });
    await client.connect(new SSEClientTransport(new URL(server.sseUrl)));
    const { sessions } = (await (await fetch(`${server.baseUrl}/_local/sessions`)).json()) as { sessions: { id: string; transport: string }[] };
    const sse = sessions.filter((x) => x.transport === "sse");
    expect(sse.length).toBe(1);
    const id = sse[0]?.id as string;
    const put = await fetch(`${server.baseUrl}/_local/sessions/${id}/overrides/track_ride`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ scenario: "upstream-timeout", times: 1 }) });
    expect(put.status).toBe(200);
    expect(scenarioOf(await call(client))).toBe("upstream-timeout");
    expect(scenarioOf(await call(client))).toBe("ride-not-found");
    await client.close();
  });
});
