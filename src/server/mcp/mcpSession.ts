// One session answering exactly as production's go-sdk server does: the
// handler table behind the wire's own dispatch (wire/rpcSession.ts). Handlers take the raw
// params, so nothing is validated or reshaped on the way in that the go-sdk would not.
import { goQuote } from "../../base/goQuote.js";
import { logLevels, type LogLevel } from "../../base/dynamics.js";
import type { ToolEngine } from "../../engine/toolEngine.js";
import { isObject as isObj } from "../../base/isObject.js";
import type { Log } from "../host/log.js";
import { capabilities, initializeResult, serverInfoFor } from "./initializeResult.js";
import { allVersions, supportedVersions } from "../goWire/protocolVersions.js";
import { ErrorCodes, RpcError } from "../wire/rpcError.js";
import { toolsCall, type ToolsCallContext } from "./toolsCall.js";
import { toolListText } from "./toolListText.js";
import { listWidgetResources, readWidgetResource, widgetUri } from "./widgetResource.js";
import type { DynamicsRuntime, DynamicsSession } from "../dynamics/dynamicCall.js";
import { RpcSession, type Handler } from "../wire/rpcSession.js";
import { metaKeys } from "../goWire/wireError.js";
import type { Profile } from "../profiles/profiles.js";

export interface McpSessionOptions {
  /** The engine, or how to get it: stdio loads it after connecting, so initialize is answered first. */
  engine: ToolEngine | (() => Promise<ToolEngine>);
  serviceVersion: string;
  widgetDomain: string;
  /** "http", "sse" or "stdio", for the call log. */
  transport: string;
  /** The session id (stdio: "stdio"). */
  sessionId?: string;
  /** The go-sdk release, mode and era answered as: the host's, built from its config. */
  profile: Profile;
  log: Log;
  /** Hears every tools/call once answered (the HTTP host's journal). */
  onCall?: ToolsCallContext["onCall"];
  /** Runs a call may join (local-only, for grading agents). */
  runs?: ToolsCallContext["runs"];
  /** stdio's --run: every call of the process joins this run. */
  runId?: string;
  /** Plays scenarios' `json dynamics` (latency, progress, faults); absent, they answer at once. */
  dynamics?: DynamicsRuntime;
  /** --auth: tools/call checks the caller as production does (src/server/auth/callIdentity.ts). */
  auth?: boolean;
  /** --scenario-log: at logging level `debug`, a notification naming each call's scenario (production sends none). */
  scenarioLog?: boolean;
  /** Where notifications about no request in particular go (list changes). */
  unrelated(text: string): void;
}

/** Methods that need the engine: over stdio they wait for it to load, and everything after them. */
const engineMethods: ReadonlySet<string> = new Set(["tools/call", "tools/list"]);


/**
 * A list's cursor as the go-sdk's paginateList reads it: one page holds every item, so no cursor
 * was ever issued and any non-empty one fails to decode (its gob page token) as invalid params.
 * A cursor crafted as a valid token would list the items after it there; nobody sends one.
 */
function refuseCursor(params: Record<string, unknown>): void {
  if (typeof params.cursor === "string" && params.cursor !== "") throw new RpcError(ErrorCodes.invalidParams, "invalid params");
}

export function createMcpSession(opts: McpSessionOptions): RpcSession {
  // Kept per session, so one client's debug level never reaches another.
  let level: LogLevel | undefined;
  let known: ToolEngine | undefined = typeof opts.engine === "function" ? undefined : opts.engine;
  let loading: Promise<ToolEngine> | undefined;
  const load = () => (loading ??= (opts.engine as () => Promise<ToolEngine>)().then((e) => (known = e)));
  let session: RpcSession | undefined;
  const dynamics: DynamicsSession | undefined = opts.dynamics && {
    runtime: opts.dynamics,
    logLevel: () => level,
    closed: () => session?.closed ?? false,
    log: opts.log,
    profile: opts.profile,
  };
  const callContext = (e: ToolEngine): ToolsCallContext => ({
    engine: e,
    transport: opts.transport,
    sessionId: opts.sessionId,
    log: opts.log,
    debug: opts.scenarioLog === true && level === "debug",
    dynamics,
    auth: opts.auth,
    onCall: opts.onCall,
    runs: opts.runs,
    runId: opts.runId,
  });
  const engine = () => known as ToolEngine;

  const handlers: Record<string, Handler> = {
    // Built in full (initializeResult.ts) so nothing (title, instructions) is added to production's
    // exact shape. A missing protocolVersion negotiates the newest, as the go-sdk does.
    initialize: (params) => initializeResult(opts.serviceVersion, params),
    "tools/list": (params) => {
      refuseCursor(params);
      return { tools: toolListText(engine().listTools(), opts.profile) };
    },
    "tools/call": (params, extra) => toolsCall(callContext(engine()), params, extra),
    // The go-sdk takes any level string; an unknown one sends nothing (parity twin).
    "logging/setLevel": (params) => {
      level = (logLevels as readonly unknown[]).includes(params.level) ? (params.level as LogLevel) : undefined;
      return {};
    },
    // Answered by the go-sdk though production has no prompts.
    "prompts/list": (params) => (refuseCursor(params), { prompts: [] }),
    "resources/list": (params) => (refuseCursor(params), listWidgetResources(opts.widgetDomain)),
    "resources/templates/list": (params) => (refuseCursor(params), { resourceTemplates: [] }),
    "resources/subscribe": () => {
      // v1.7.0 words it as any method it lacks.
      if (opts.profile.has("subscribe-not-supported-text")) throw new RpcError(ErrorCodes.methodNotFound, 'method not found: "resources/subscribe"');
      throw new RpcError(ErrorCodes.methodNotFound, "method not found: server does not support resource subscriptions");
    },
    // The go-sdk knows the method and serves it with its own refusal (every release; measured by the parity fuzzer).
    "resources/unsubscribe": () => {
      throw new RpcError(ErrorCodes.methodNotFound, 'method not found: "resources/unsubscribe"');
    },
    "completion/complete": (params) => {
      // From v1.7.0 the params are checked before the server finds it has no completion handler.
      if (opts.profile.has("complete-params-checked")) {
        if (params.ref === undefined || params.ref === null) throw new RpcError(ErrorCodes.invalidParams, "invalid params: missing required 'ref' field");
        const argument = isObj(params.argument) ? params.argument : {};
        if (typeof argument.name !== "string" || argument.name === "") throw new RpcError(ErrorCodes.invalidParams, "invalid params: missing required 'argument.name' field");
      }
      throw new RpcError(ErrorCodes.methodNotFound, 'method not found: "completion/complete"');
    },
    // go-sdk's answer for a prompt it lacks (every release); production registers none.
    "prompts/get": (params) => {
      throw new RpcError(ErrorCodes.invalidParams, `unknown prompt ${goQuote(typeof params.name === "string" ? params.name : "")}`);
    },
    "resources/read": (params) => {
      // go-sdk v1.7.0 moved an unknown resource from its own -32002 to -32602 (customresnotfounderrcode).
      const notFound = opts.profile.has("resource-not-found-code") ? ErrorCodes.invalidParams : ErrorCodes.resourceNotFound;
      // A missing or null uri is the empty uri to the go-sdk: not found.
      if (params.uri === undefined || params.uri === null) throw new RpcError(notFound, "Resource not found", { uri: "" });
      if (typeof params.uri !== "string") throw new RpcError(ErrorCodes.invalidParams, 'resources/read needs a "uri" string');
      if (params.uri !== widgetUri) throw new RpcError(notFound, "Resource not found", { uri: params.uri });
      return readWidgetResource(opts.widgetDomain);
    },
  };

  // The 2026-07-28 era's methods, from go-sdk v1.7.0 (methods.ts knows them from then too).
  if (opts.profile.has("era-2026-served")) {
    // Without a 2026-07-28 `_meta` the wire refuses it before it gets here (rpcSession.ts). It
    // lists the 2026-07-28 protocol where the transport serves it (go-sdk's stateless streamable
    // HTTP: the transport's SupportsProtocolVersion), only the legacy versions otherwise.
    const servesEra = opts.transport === "http" && opts.profile.era === "served";
    handlers["server/discover"] = () => ({ supportedVersions: servesEra ? allVersions : supportedVersions, capabilities });
    // go-sdk's subscriptionsListen (measured against the v1.8.0 twin): the acknowledgement first,
    // naming what it agreed to (only what the capabilities declare: no prompts, no resource
    // subscriptions), tagged with the request's id; then, if anything was agreed, the stream stays
    // open until the client cancels it; if nothing, the result at once.
    handlers["subscriptions/listen"] = (params, extra) => {
      const want = params.notifications;
      // Thrown at once, not from the stream: the refusal is the POST's own 400 JSON answer.
      if (!isObj(want)) throw new RpcError(ErrorCodes.invalidParams, "invalid params: missing required 'notifications' field");
      const agreed: Record<string, boolean> = {};
      if (want.toolsListChanged === true && capabilities.tools.listChanged) agreed.toolsListChanged = true;
      if (want.resourcesListChanged === true && capabilities.resources.listChanged) agreed.resourcesListChanged = true;
      const tag = { [metaKeys.subscriptionId]: extra.requestId };
      return (async () => {
        await extra.sendNotification({ method: "notifications/subscriptions/acknowledged", params: { _meta: tag, notifications: agreed } });
        if (Object.keys(agreed).length > 0 && !extra.signal.aborted) await new Promise<void>((resolve) => extra.signal.addEventListener("abort", () => resolve()));
        return { _meta: tag };
      })();
    };
  }

  session = new RpcSession({
    // Over stdio the process is the session: the call log names none (the engine's state is still "stdio"'s).
    id: opts.transport === "stdio" ? undefined : opts.sessionId,
    profile: opts.profile,
    handlers,
    stdio: opts.transport === "stdio",
    waitsFor: known ? undefined : { methods: engineMethods, ready: () => known !== undefined, whenReady: load },
    unrelated: opts.unrelated,
    serverInfo: serverInfoFor(opts.serviceVersion),
  });
  return session;
}
