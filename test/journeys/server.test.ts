// The journeys' server reads forced scenarios from a run dir of its own. Before, it used the
// project's (or $CAREEM_MCP_RUN_DIR's): after `scenario get_saved_locations home-only` 8 of 12
// ride journeys failed. Here a scenario forced in the environment's run dir must not reach it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startServer } from "./server.js";

describe("journey server", () => {
  it("ignores scenarios forced elsewhere, and honours its own run dir", async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "careem-elsewhere-"));
    fs.writeFileSync(path.join(elsewhere, "overrides.json"), JSON.stringify({ get_saved_locations: "home-only" }));
    const previous = process.env.CAREEM_MCP_RUN_DIR;
    process.env.CAREEM_MCP_RUN_DIR = elsewhere;
    const server = await startServer();
    const client = new Client({ name: "journey-server-test", version: "1" });
    try {
      await client.connect(new StreamableHTTPClientTransport(server.url));
      const types = async () => {
        const result = (await client.callTool({ name: "get_saved_locations", arguments: {} })) as unknown as { structuredContent: { locations: { type: string }[] } };
        return result.structuredContent.locations.map((l) => l.type);
      };
      // The default scenario (all three places), not the home-only one forced in the environment's run dir.
      expect(await types()).toEqual(["HOME", "WORK", "OTHER"]);
      fs.writeFileSync(path.join(server.runDir, "overrides.json"), JSON.stringify({ get_saved_locations: "work-only" }));
      expect(await types()).toEqual(["WORK"]);
    } finally {
      // Test files share their worker process (vitest.config.ts): put the variable back.
      if (previous === undefined) delete process.env.CAREEM_MCP_RUN_DIR;
      else process.env.CAREEM_MCP_RUN_DIR = previous;
      await client.close();
      await server.stop();
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
