// `./careem-mcp.sh token`: a headless sign-in as each persona against the spawned
// `--auth` server, over real sockets, whose token then works where a client puts it.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { projectRoot, spawnServer, tempCatalog, type SpawnedServer } from "../../reliability/spawnServer.js";
import { runCliInProcess } from "../../cli/runCliInProcess.js";

let catalog: ReturnType<typeof tempCatalog>;
let pageServer: SpawnedServer;
let autoServer: SpawnedServer;

beforeAll(async () => {
  catalog = tempCatalog(path.join(projectRoot, "tools"), "careem-token-");
  [pageServer, autoServer] = await Promise.all([
    spawnServer({ toolsDir: catalog.toolsDir, runDir: catalog.runDir, args: ["--auth"] }),
    spawnServer({ toolsDir: catalog.toolsDir, runDir: catalog.runDir, args: ["--auth", "--auth-auto-approve"] }),
  ]);
});

afterAll(async () => {
  await Promise.all([pageServer?.stop(), autoServer?.stop()]);
  catalog?.remove();
});

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString("utf8")) as Record<string, unknown>;
}

async function profileWith(mcpUrl: string, token: string) {
  const client = new Client({ name: "token-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  try {
    return await client.callTool({ name: "get_user_profile", arguments: {} });
  } finally {
    await client.close();
  }
}

describe("token", () => {
  it.each(["900000001", "900000002"])("signs in as %s through the sign-in page and prints a token that calls as that user", async (user) => {
    const run = await runCliInProcess("token", "--user", user, "--url", pageServer.baseUrl);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const token = run.stdout.trimEnd();
    expect(run.stdout).toBe(`${token}\n`);
    expect(claims(token)).toMatchObject({ sub: user, iss: pageServer.baseUrl, aud: `${pageServer.baseUrl}/mcp` });
    const profile = await profileWith(pageServer.mcpUrl, token);
    expect(profile.isError).toBeFalsy();
    expect((profile.structuredContent as { userId: string }).userId).toBe(user);
  });

  it("takes the /mcp URL as well as the origin, and defaults to Sara", async () => {
    const run = await runCliInProcess("token", "--url", pageServer.mcpUrl);
    expect(run.status).toBe(0);
    expect(claims(run.stdout.trim()).sub).toBe("900000001");
  });

  it("refuses a persona the page does not offer, naming the ones it does", async () => {
    const run = await runCliInProcess("token", "--user", "900000003", "--url", pageServer.baseUrl);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("careem-mcp token: --user 900000003 is not offered by the sign-in page; choose one of 900000001, 900000002, client-only\n");
  });

  it("under --auth-auto-approve signs in Sara, and refuses Omar with the reason", async () => {
    const sara = await runCliInProcess("token", "--url", autoServer.baseUrl);
    expect(sara.status).toBe(0);
    expect(claims(sara.stdout.trim()).sub).toBe("900000001");
    const omar = await runCliInProcess("token", "--user", "900000002", "--url", autoServer.baseUrl);
    expect(omar.status).toBe(1);
    expect(omar.stderr).toBe("careem-mcp token: the server runs --auth-auto-approve, which signs everyone in as 900000001; start it with --auth (no auto-approve) to sign in as 900000002\n");
  });

  it("says what to do when no server listens there", async () => {
    const run = await runCliInProcess("token", "--url", "http://127.0.0.1:9");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^careem-mcp token: no server at http:\/\/127\.0\.0\.1:9 \(.*\); start it with \.\/careem-mcp\.sh --auth\n$/);
  });
});
