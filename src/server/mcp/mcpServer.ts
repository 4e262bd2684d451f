// One SDK Server per session, answering exactly as production's go-sdk server does
// (SPEC-NOTES 1-8). The low-level Server fits because tool schemas are plain JSON Schema
// from files; the zod-based McpServer would want schemas in code.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  LoggingLevelSchema,
  type JSONRPCRequest,
  type ListToolsResult,
  type LoggingLevel,
  type ServerResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { ToolEngine } from "../../engine/toolEngine.js";
import type { Log } from "../host/log.js";
import { capabilities, initializeResult, serverInfoFor } from "./initializeResult.js";
import { ErrorCodes, goTexts, RpcError } from "./rpcError.js";
import { registerSessionCalls } from "./sessionCalls.js";
import { toolsCall, toolsCallWithoutDynamics, type ToolsCallContext } from "./toolsCall.js";
import { listWidgetResources, readWidgetResource, widgetUri } from "./widgetResource.js";
import type { DynamicsRuntime, DynamicsSession } from "../dynamics/dynamicCall.js";
import type { SessionPort } from "../dynamics/sessionPort.js";

export interface McpServerOptions {
  /** The engine, or how to get it: stdio loads it after connecting, so initialize is answered first. */
  engine: ToolEngine | (() => Promise<ToolEngine>);
  serviceVersion: string;
  widgetDomain: string;
  /** "http", "sse" or "stdio", for the call log. */
  transport: string;
  /** The session id for transports that have none of their own (stdio). */
  sessionId?: string;
  log: Log;
  /** Hears every tools/call once answered (the HTTP host's journal). */
  onCall?: ToolsCallContext["onCall"];
  /** Plays scenarios' `json dynamics` (latency, progress, faults); absent, they answer at once. */
  dynamics?: DynamicsRuntime;
  /** How this session's transport defers answers and puts faults on its wire. */
  port?: SessionPort;
  /** --auth: tools/call checks the caller as production does (src/server/auth/callIdentity.ts). */
  auth?: boolean;
}


type FallbackHandler = NonNullable<Server["fallbackRequestHandler"]>;
type RawHandler = (params: Record<string, unknown>, extra: Parameters<FallbackHandler>[1]) => ServerResult | Promise<ServerResult>;

export function createMcpServer(opts: McpServerOptions): Server {
  const serverInfo = serverInfoFor(opts.serviceVersion);
  const server = new Server(serverInfo, { capabilities });
  // Kept per server, i.e. per session, so one client's debug level never reaches another.
  let level: LoggingLevel | undefined;
  // The engine itself once known, so a call need not wait on a promise for it (see below).
  let known: ToolEngine | undefined = typeof opts.engine === "function" ? undefined : opts.engine;
  const load = opts.engine;
  const engine = (): ToolEngine | Promise<ToolEngine> => known ?? (load as () => Promise<ToolEngine>)().then((e) => (known = e));
  const dynamics: DynamicsSession | undefined = opts.dynamics && {
    runtime: opts.dynamics,
    port: opts.port,
    logLevel: () => level,
    closed: () => server.transport === undefined,
    log: opts.log,
  };

  const callContext = (e: ToolEngine): ToolsCallContext => ({
    engine: e,
    transport: opts.transport,
    sessionId: opts.sessionId,
    log: opts.log,
    debug: level === "debug",
    dynamics,
    auth: opts.auth,
    onCall: opts.onCall,
  });

  // Methods without required params keep the SDK's typed handlers.
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    // One page holds every tool, so the go-sdk can decode no cursor: any cursor is refused.
    if (typeof request.params?.cursor === "string" && request.params.cursor !== "") throw new RpcError(ErrorCodes.invalidParams, "invalid params");
    return { tools: (await engine()).listTools() } as unknown as ListToolsResult;
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => listWidgetResources(opts.widgetDomain));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));

  // Methods with params take the raw request. The SDK's typed handlers answer bad params with
  // -32603 and a zod dump, reject `"arguments": null` (production treats it as {}), and its
  // initialize falls back to the SDK's latest version where production answers 2025-06-18.
  const raw: Record<string, RawHandler> = {
    // Built in full (initializeResult.ts) so nothing (title, instructions) is added to the seed's
    // exact shape. A second initialize is answered again, as the go-sdk v1.6.1 answers it over
    // stdio (parity twin, issue 11); over /mcp the route refuses it first (an allowed difference).
    initialize: (params) => initializeResult(opts.serviceVersion, params),
    // The go-sdk takes any level string; an unknown one sends nothing (parity twin, issue 11).
    "logging/setLevel": (params) => {
      const parsed = LoggingLevelSchema.safeParse(params.level);
      level = parsed.success ? parsed.data : undefined;
      return {};
    },
    // Answered by the go-sdk though production has no prompts.
    "prompts/list": () => ({ prompts: [] }) as unknown as ServerResult,
    "resources/subscribe": () => {
      throw new RpcError(ErrorCodes.methodNotFound, "method not found: server does not support resource subscriptions");
    },
    "completion/complete": () => {
      throw new RpcError(ErrorCodes.methodNotFound, 'method not found: "completion/complete"');
    },
    "resources/read": (params) => {
      // A missing uri is the empty uri to the go-sdk: not found.
      if (params.uri === undefined) throw new RpcError(ErrorCodes.resourceNotFound, "Resource not found", { uri: "" });
      if (typeof params.uri !== "string") throw new RpcError(ErrorCodes.invalidParams, 'resources/read needs a "uri" string');
      if (params.uri !== widgetUri) throw new RpcError(ErrorCodes.resourceNotFound, "Resource not found", { uri: params.uri });
      return readWidgetResource(opts.widgetDomain);
    },
    "tools/call": (params, extra) => {
      const e = engine();
      return e instanceof Promise ? e.then((ready) => toolsCall(callContext(ready), params, extra)) : toolsCall(callContext(e), params, extra);
    },
  };
  // The HTTP fast path answers plain tools/call and tools/list through these, as the handlers above would.
  registerSessionCalls(server, {
    debug: () => level === "debug",
    ready: () => known !== undefined,
    call: (params, sessionId) => toolsCallWithoutDynamics(callContext(known as ToolEngine), params, { sessionId } as Parameters<FallbackHandler>[1]),
    tools: () => (known as ToolEngine).listTools(),
  });
  server.removeRequestHandler("initialize");
  server.removeRequestHandler("logging/setLevel");
  // Not async, and typed as the SDK's Promise-returning handler on purpose: the SDK calls it
  // inside a .then(), which takes a plain result as well, and a plain result reaches the
  // transport a few microtasks sooner. That matters: the SDK's HTTP adapter (@hono/node-server)
  // waits about one microtask for the answer before it gives up, flushes the headers on their
  // own and streams the body chunked. Answered in time, the whole response goes out in one write
  // with a Content-Length, as the minimal SDK server's does (issue 5: about 5-8% throughput).
  // A synchronous throw still becomes the error answer, as the .then() catches it.
  server.fallbackRequestHandler = ((request: JSONRPCRequest, extra: Parameters<FallbackHandler>[1]) => {
    const handler = Object.prototype.hasOwnProperty.call(raw, request.method) ? raw[request.method] : undefined;
    // The go-sdk's words for a method it does not know, and for one whose params are missing.
    if (!handler) throw new RpcError(0, goTexts.notHandled(request.method));
    if (request.params === undefined && request.method !== "prompts/list") throw new RpcError(-32600, goTexts.missingParams);
    const params = typeof request.params === "object" && request.params !== null && !Array.isArray(request.params) ? request.params : {};
    return handler(params as Record<string, unknown>, extra);
  }) as FallbackHandler;

  return server;
}
