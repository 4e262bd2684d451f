// The one hard-coded tool every baseline serves: a fixed payload (read once at startup from
// BENCH_PAYLOAD so its size equals the response our server renders) with the rideId echoed.
import fs from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const payload = process.env.BENCH_PAYLOAD ? JSON.parse(fs.readFileSync(process.env.BENCH_PAYLOAD, "utf8")) : { success: true };

export const TOOL = {
  name: "get_ride_status",
  description: "Baseline: always the same ride.",
  inputSchema: { type: "object", properties: { rideId: { type: "string" } }, required: ["rideId"] },
};

export function callTool(args) {
  const out = { ...payload, rideId: args?.rideId ?? "" };
  return { content: [{ type: "text", text: JSON.stringify(out) }], structuredContent: out, isError: false };
}

/** A low-level SDK Server with just that tool. */
export function createServer() {
  const server = new Server({ name: "bench-minimal", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [TOOL] }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    if (req.params.name !== TOOL.name) throw new Error(`unknown tool ${req.params.name}`);
    return callTool(req.params.arguments);
  });
  return server;
}
