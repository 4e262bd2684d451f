// Baseline (a): the smallest stateful streamable-HTTP MCP server the SDK's own docs describe,
// on express, one session per initialize. Prints a ready line naming /mcp on stderr.
import { randomUUID } from "node:crypto";
import { createMcpExpressApp } from "@modelcontextprotocol/sdk/server/express.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { createServer } from "./tool.mjs";

const transports = new Map();
const app = createMcpExpressApp({ host: "127.0.0.1" });

app.post("/mcp", async (req, res) => {
  const id = req.headers["mcp-session-id"];
  let transport = typeof id === "string" ? transports.get(id) : undefined;
  if (!transport) {
    if (id !== undefined || !isInitializeRequest(req.body)) {
      res.status(id === undefined ? 400 : 404).json({ jsonrpc: "2.0", error: { code: -32000, message: "no such session" }, id: null });
      return;
    }
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => transports.set(sid, transport),
    });
    transport.onclose = () => transport.sessionId && transports.delete(transport.sessionId);
    await createServer().connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});

const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stderr.write(`minimal-http: listening on http://127.0.0.1:${server.address().port}/mcp\n`);
});
