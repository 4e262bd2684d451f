// The two writes-free additions behind the dashboard's expression box and session Close, over
// real HTTP against a spawned server: POST /_local/evaluate evaluates through the engine's
// evaluator against a session's state (and writes nothing); DELETE /_local/sessions/<id> ends a
// session its client left open, as the client's own DELETE would.
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expressionSource } from "../../../src/server/local/evaluateRoute.js";
import { catalogFixture, fixturesDir } from "../../transports/catalog.js";
import { spawnServer, tempCatalog, type SpawnedServer } from "../../reliability/spawnServer.js";

let server: SpawnedServer;
let temp: ReturnType<typeof tempCatalog>;

const local = (method: string, route: string, body?: unknown) =>
  fetch(`${server.baseUrl}/_local${route}`, { method, headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

beforeAll(async () => {
  temp = tempCatalog([catalogFixture, path.join(fixturesDir, "dashboard", "tools")], "careem-evaluate-");
  server = await spawnServer({ toolsDir: temp.toolsDir, runDir: temp.runDir, args: ["--state-scope", "session"] });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  temp?.remove();
});

describe("what a person pastes into the expression box", () => {
  it.each([
    ["{{= $args.noteId }}", "$args.noteId"],
    ['"$lookup($state.notes, $args.noteId) != null"', "$lookup($state.notes, $args.noteId) != null"],
    ["  $count($keys($state))  ", "$count($keys($state))"],
  ])("%s is evaluated as %s", (typed, source) => {
    expect(expressionSource(typed)).toBe(source);
  });

  it("a json when string that does not parse says how to mend it", () => {
    expect(expressionSource('"$args.x')).toEqual({ error: expect.stringMatching(/^a json when block is one JSON string; this one does not parse: .+ \(or type the expression without quotes\)$/) as unknown as string });
  });
});

describe("POST /_local/evaluate", () => {
  let client: Client;
  let session: string;
  beforeAll(async () => {
    client = new Client({ name: "evaluate-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(server.mcpUrl));
    await client.connect(transport);
    session = transport.sessionId as string;
  });
  afterAll(async () => {
    await client?.close();
  });

  it("reads the session's state as its next call would, and writes nothing", async () => {
    const before = await local("POST", "/evaluate", { expression: '"$lookup($state.notes, $args.noteId) != null"', arguments: { noteId: "n1" }, session });
    expect(before).toEqual({ status: 200, body: { source: "$lookup($state.notes, $args.noteId) != null", stateKey: `session:${session}`, stateStarted: false, value: false } });
    await client.callTool({ name: "save_note", arguments: { noteId: "n1", text: "gate 2" } });
    const after = await local("POST", "/evaluate", { expression: "{{= $state.notes.n1 }}", arguments: {}, session });
    expect(after.body).toMatchObject({ stateStarted: true, value: "gate 2" });
    // Evaluating started nothing for a session that never called.
    await local("POST", "/evaluate", { expression: "$state", session: "not-a-session" });
    expect(((await local("GET", "/state")).body.entries as { key: string }[]).map((e) => e.key)).toEqual([`session:${session}`]);
  });

  it("says nothing as nothing, and a broken expression with JSONata's reason", async () => {
    expect((await local("POST", "/evaluate", { expression: "$args.missing", arguments: {} })).body).toMatchObject({ nothing: true });
    const broken = await local("POST", "/evaluate", { expression: "$args.(" });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('expression "$args.(" does not parse: Expected ")" before end of expression');
    // A failure while evaluating names the expression it came from.
    const failing = await local("POST", "/evaluate", { expression: '$error("no such ride")' });
    expect(failing).toEqual({ status: 400, body: { error: expect.stringMatching(/no such ride.*\(in: \$error\("no such ride"\)\)$/) as unknown as string } });
    expect((await local("POST", "/evaluate", {})).body.error).toBe('the body needs "expression": a json when condition or a {{= }} placeholder, e.g. "$count($keys($state))"');
  });
});

describe("DELETE /_local/sessions/<id>", () => {
  it("ends a session left open: its next request is 404, as after its own DELETE", async () => {
    const transport = new StreamableHTTPClientTransport(new URL(server.mcpUrl));
    const client = new Client({ name: "left-open", version: "1.0.0" });
    await client.connect(transport);
    const id = transport.sessionId as string;
    expect(await local("DELETE", `/sessions/${id}`)).toEqual({ status: 200, body: { session: id, closed: true } });
    const again = await fetch(server.mcpUrl, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "Mcp-Session-Id": id }, body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "ping" }) });
    expect(again.status).toBe(404);
    const unknown = await local("DELETE", `/sessions/${id}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(new RegExp(`^no open session "${id}"; open sessions: `));
    expect(server.stderr()).toContain(`session ${id} closed from the dashboard`);
    await client.close().catch(() => {});
  });

  it("is refused to another site's page, as every /_local/ write", async () => {
    const r = await fetch(`${server.baseUrl}/_local/sessions/x`, { method: "DELETE", headers: { "Content-Type": "application/json", Origin: "https://evil.example" } });
    expect(r.status).toBe(403);
  });
});
