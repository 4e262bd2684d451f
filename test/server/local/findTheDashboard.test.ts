// Issue 48, items 3 and 7, against a spawned server: the ready line and GET / lead to the
// dashboard, and a request refused for its Host header is told in the log with the option
// that lets the name in (the 403's body stays the go-sdk's, which names no fix).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogFixture } from "../../transports/catalog.js";
import { rawHttp } from "../../transports/rawHttp.js";
import { spawnServer, tempCatalog, type SpawnedServer } from "../../reliability/spawnServer.js";

let server: SpawnedServer;
let temp: ReturnType<typeof tempCatalog>;

beforeAll(async () => {
  temp = tempCatalog(catalogFixture, "careem-find-dashboard-");
  server = await spawnServer({ toolsDir: temp.toolsDir, runDir: temp.runDir });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  temp?.remove();
});

describe("a newcomer finds the dashboard", () => {
  it("the ready line names it", () => {
    expect(server.stderr()).toContain(`careem-mcp: listening on ${server.mcpUrl} (streamable HTTP) and ${server.sseUrl} (SSE); dashboard: ${server.baseUrl}/_local/\n`);
  });

  it("GET / links to it", async () => {
    const res = await rawHttp(server.baseUrl, { path: "/" });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<a href="/_local/">/_local/</a>');
  });
});

describe("a refused Host header is explained in the log", () => {
  it.each(["/mcp", "/health"])("on %s: the 403 body is as before, the log names --allowed-host, once per name", async (path) => {
    const name = `tunnel-${path.slice(1)}.example`;
    const headers = { Host: `${name}:443`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const first = await rawHttp(server.baseUrl, { method: path === "/mcp" ? "POST" : "GET", path, headers, body: path === "/mcp" ? "{}" : undefined });
    expect(first.status).toBe(403);
    expect(first.body).toContain(path === "/mcp" ? 'Forbidden: invalid Host header "' : "is not a loopback name (DNS rebinding protection)");
    await rawHttp(server.baseUrl, { method: "GET", path, headers });
    await expect.poll(() => server.stderr(), { timeout: 5000 }).toContain(`careem-mcp: refused Host "${name}:443" with 403 (DNS-rebinding protection: loopback names only); if this name is yours (a tunnel's), start the server with --allowed-host ${name}\n`);
    expect(server.stderr().split(`refused Host "${name}:443"`).length - 1).toBe(1);
  });
});
