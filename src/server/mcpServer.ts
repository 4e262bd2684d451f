// One SDK Server per session, answering exactly as production's go-sdk server does
// (SPEC-NOTES 1-8). The low-level Server fits because tool schemas are plain JSON Schema
// from files; the zod-based McpServer would want schemas in code.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  InitializeRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  type JSONRPCRequest,
  type ListToolsResult,
  type LoggingLevel,
  type ServerResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { Engine } from "../engine/engine.js";
import { logCall } from "./logCall.js";
import type { Log } from "./log.js";
import { negotiateVersion } from "./protocolVersions.js";
import { ErrorCodes, RpcError } from "./rpcError.js";
import { listWidgetResources, readWidgetResource, widgetUri } from "./widgetResource.js";

export type ToolEngine = Pick<Engine, "listTools" | "callTool" | "problems" | "fingerprint">;

export interface McpServerOptions {
  engine: ToolEngine;
  serviceVersion: string;
  widgetDomain: string;
  /** "http", "sse" or "stdio", for the call log. */
  transport: string;
  log: Log;
}

const capabilities = { tools: { listChanged: true }, resources: { listChanged: true }, logging: {} };

export function createMcpServer(opts: McpServerOptions): Server {
  const serverInfo = { name: "careem-mcp-service", version: opts.serviceVersion };
  const server = new Server(serverInfo, { capabilities });
  let level: LoggingLevel | undefined;

  // The SDK answers an unknown version with its latest one; production answers 2025-06-18.
  // Built here in full so nothing (title, instructions) is added to the seed's exact shape.
  server.setRequestHandler(InitializeRequestSchema, (request) => ({
    protocolVersion: negotiateVersion(request.params.protocolVersion),
    capabilities,
    serverInfo,
  }));

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: opts.engine.listTools() }) as unknown as ListToolsResult);

  // Kept per server, i.e. per session, so one client's debug level never reaches another.
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    level = request.params.level;
    return {};
  });

  server.setRequestHandler(ListResourcesRequestSchema, () => listWidgetResources(opts.widgetDomain));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    if (request.params.uri !== widgetUri) {
      throw new RpcError(ErrorCodes.resourceNotFound, "Resource not found", { uri: request.params.uri });
    }
    return readWidgetResource(opts.widgetDomain);
  });

  // tools/call goes through the fallback handler on purpose: the SDK's typed handler rejects
  // `"arguments": null` before we see it, and production treats null arguments as {}.
  server.fallbackRequestHandler = async (request: JSONRPCRequest, extra): Promise<ServerResult> => {
    if (request.method !== "tools/call") throw new RpcError(ErrorCodes.methodNotFound, "Method not found");
    const params = (request.params ?? {}) as { name?: unknown; arguments?: unknown };
    const name = typeof params.name === "string" ? params.name : "";
    const started = performance.now();
    const outcome = opts.engine.callTool(name, params.arguments);
    logCall(opts.log, {
      transport: opts.transport,
      session: extra.sessionId,
      tool: name,
      outcome,
      durationMs: performance.now() - started,
    });
    if (outcome.kind === "unknown-tool") throw new RpcError(outcome.code, outcome.message);
    if (level === "debug") {
      const scenario = outcome.scenario === null ? "no scenario (the call failed before selection)" : `scenario "${outcome.scenario}"`;
      await extra.sendNotification({
        method: "notifications/message",
        params: { level: "debug", logger: "careem-mcp-service", data: `${name}: ${scenario}` },
      });
    }
    return outcome.result as ServerResult;
  };

  return server;
}
