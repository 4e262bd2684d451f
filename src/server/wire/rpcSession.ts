// One MCP session's JSON-RPC dispatch, the same for every transport: a message in, its answer and
// the notifications about it out through the Reply the transport handed in with it. Decided here
// as go-sdk v1.6.1's ServerSession decides it: before `initialize` only ping (and initialize) are
// served (from v1.7.0 also logging/setLevel and the subscriptions), everything else gets code 0 "method ... is invalid during session initialization"; a
// second initialize is answered again; a message without a method is a response and is dropped;
// a notification is never answered. Transports only move bytes; they never look at methods.
import type { IncomingHttpHeaders } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Dynamics } from "../../base/dynamics.js";
import { isObject as isObj } from "../../base/isObject.js";
import type { TransportFault } from "./faultWire.js";
import { goMessageText } from "../goWire/goWire.js";
import { methodInfo } from "./methods.js";

/** What go-sdk answers before initialize: ping always; from v1.7.0 the level and subscriptions too. */
function servedBeforeInitialize(method: string, profile: Profile): boolean {
  if (method === "initialize" || method === "ping") return true;
  return profile.has("pre-initialize-methods") && (method === "logging/setLevel" || method === "resources/subscribe" || method === "resources/unsubscribe");
}
import { decoderProblem, paramsCoded, paramsProblem } from "./goParams.js";
import { goQuote } from "../../base/goQuote.js";
import { memberText } from "./goDecode.js";
import { metaKeys, refusals, rpcErrorOf } from "../goWire/wireError.js";
import { requestMeta } from "./requestMeta.js";
import type { Profile } from "../profiles/profiles.js";

export type RequestId = string | number;

/** Where the messages about one request go: the POST's event stream, the SSE stream, stdout. */
export interface Reply {
  /** One message: the answer, or a notification about the request. */
  write(text: string): void;
  /**
   * The answer is a JSON-RPC error with this code: a transport may give it a status of its own
   * (/mcp under the 2026-07-28 header); without this, it is written as any answer.
   */
  error?(code: number, text: string): void;
  /** Nothing more will be written for this request (answered, cancelled, or a notification). */
  end(): void;
  /**
   * The answer will come late (declared dynamics). `fault`: the transport fault it will play
   * then, so a transport that must replace the whole answer holds everything back until it.
   */
  deferred?(fault: TransportFault | undefined): void;
  /**
   * Plays a transport fault for this request. "taken": the fault put something else on the
   * wire and the answer must never go out; "answer": send the answer as usual.
   */
  fault?(fault: TransportFault, dynamics: Dynamics, answerText: string): "taken" | "answer";
}

/** What the transport knows of where a message came from (HTTP headers, what --auth proved). */
export interface Arrival {
  headers?: IncomingHttpHeaders;
  authInfo?: AuthInfo;
}

/** What a request handler gets besides its params. */
export interface CallExtra {
  requestId: RequestId;
  sessionId?: string;
  signal: AbortSignal;
  _meta?: Record<string, unknown>;
  requestInfo?: { headers: IncomingHttpHeaders };
  authInfo?: AuthInfo;
  /** Sends a notification about this request (progress, a log message) ahead of its answer. */
  sendNotification(notification: { method: string; params?: unknown }): Promise<void>;
  /** The answer will come late (see Reply.deferred). */
  deferred(fault: TransportFault | undefined): void;
  /** Plays a transport fault instead of (or, session-expired, after) the answer. */
  fault(fault: TransportFault, dynamics: Dynamics, answerText: string): void;
  /** A late call was cancelled or its session ended: nothing will be answered. */
  stopped?(): void;
  /** The call follows the 2026-07-28 protocol (its `_meta` says so: wire/requestMeta.ts). */
  newProtocol?: boolean;
  /** The params' JSON text as sent, where the transport kept the message's text. */
  paramsText?(): string | undefined;
}

/** A handler's answer: the result, or a promise of it; a throw is the JSON-RPC error. */
export type Handler = (params: Record<string, unknown>, extra: CallExtra) => unknown;

export interface SessionOptions {
  /** The session id, where the transport has one (stdio: "stdio"). */
  id?: string;
  /** The go-sdk release, mode and era this session answers as (its host's, from config). */
  profile: Profile;
  handlers: Readonly<Record<string, Handler>>;
  /** Over stdio, where v1.7.0 answers an unknown method (and method "") with -32601. */
  stdio?: boolean;
  /** Methods whose handlers need `ready()`: until then they, and everything after them, wait. */
  waitsFor?: { methods: ReadonlySet<string>; ready(): boolean; whenReady(): Promise<unknown> };
  /** Messages that concern no request in particular (list changes) go here. */
  unrelated(text: string): void;
  /** The server's name and version, as every result of the 2026-07-28 protocol names them. */
  serverInfo?: Readonly<Record<string, unknown>>;
}

/** Methods the 2026-07-28 protocol removed (go-sdk server.go handle, SEP-2575 and SEP-2577). */
const removedMethods: ReadonlySet<string> = new Set(["initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe"]);


export class RpcSession {
  /** InitializeParams received: the go-sdk's test for "initialized". */
  private initialized = false;
  /** Opened by a legacy `initialize` (not by a 2026-07-28 request's `_meta`). */
  private legacyInitialized = false;
  /**
   * Initialized by a 2026-07-28 request's `_meta`: a tool call's and a read's result then carry
   * resultType whatever the request (the result types write it from the session's protocol).
   */
  private eraSession = false;
  private closedFlag = false;
  private readonly calls = new Map<RequestId, AbortController>();
  /** Messages that arrived while the engine loads, in order (see SessionOptions.waitsFor). */
  private queue: (() => void)[] | undefined;

  constructor(readonly opts: SessionOptions) {}

  get id(): string | undefined {
    return this.opts.id;
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** Whether `initialize` has been answered on this session (the go-sdk's InitializeParams). */
  get isInitialized(): boolean {
    return this.initialized;
  }

  /** A message the transport decoded (goDecode.ts); `reply` hears everything about it. */
  receive(message: Record<string, unknown>, reply: Reply, arrival: Arrival = {}, text?: string): void {
    const dispatch = () => this.dispatch(message, reply, arrival, text);
    if (this.queue) {
      this.queue.push(dispatch);
      return;
    }
    const wait = this.opts.waitsFor;
    if (wait && !wait.ready() && typeof message.method === "string" && wait.methods.has(message.method)) {
      this.queue = [dispatch];
      void wait.whenReady().then(
        () => this.drain(),
        () => this.drain(),
      );
      return;
    }
    dispatch();
  }

  /** Runs `fn` in the order of the messages received so far (a transport's refusal of a line). */
  inOrder(fn: () => void): void {
    if (this.queue) this.queue.push(fn);
    else fn();
  }

  /** The transport answered `initialize` before this session existed (stdio's early answer). */
  initializedElsewhere(): void {
    this.initialized = this.legacyInitialized = true;
  }

  /** A notification about nothing in particular (tools/list_changed), on the session's own stream. */
  notify(method: string, params: unknown): void {
    if (!this.closedFlag) this.opts.unrelated(goMessageText({ jsonrpc: "2.0", method, params }, undefined, this.opts.profile));
  }

  /** Stops every call still running: their answers are never sent. */
  close(): void {
    this.closedFlag = true;
    for (const controller of this.calls.values()) controller.abort();
    this.calls.clear();
  }

  /**
   * A result of the 2026-07-28 protocol: `resultType: "complete"` (no input is ever asked for)
   * and the server named in its `_meta` (go-sdk setCompleteResultType, annotateServerInfo).
   * goWire/goShapes.ts puts both where the result's struct has them.
   */
  private eraResult(result: unknown, method: string): unknown {
    if (!this.opts.profile.has("era-2026-result-fields") || !isObj(result)) return result;
    const meta = isObj(result._meta) ? result._meta : {};
    const withInfo = { ...result, _meta: { ...meta, [metaKeys.serverInfo]: this.opts.serverInfo } };
    // On a session a legacy initialize opened, the results whose types carry their resultType
    // themselves (a tool call's, a read's) leave it out; list results keep it (measured over
    // stdio and SSE against the v1.7.0 and v1.8.0 twins).
    // An empty resultType is Go's zero value, which those types' MarshalJSON omits (goShapes.ts).
    if (!this.eraSession && (method === "tools/call" || method === "resources/read")) return { ...withInfo, resultType: "" };
    return { ...withInfo, resultType: "complete" };
  }

  /** A legacy request's result on a session a 2026-07-28 request initialized (measured over SSE, v1.7.0). */
  private sessionResult(result: unknown, method: string): unknown {
    if (!this.eraSession || !isObj(result) || (method !== "tools/call" && method !== "resources/read")) return result;
    return { ...result, resultType: "complete" };
  }

  private drain(): void {
    const queue = this.queue ?? [];
    this.queue = undefined;
    for (const fn of queue) fn();
  }

  /** `text`: the message as it was sent, where the transport has it (a refusal may quote it). */
  private dispatch(message: Record<string, unknown>, reply: Reply, arrival: Arrival, text?: string): void {
    const method = typeof message.method === "string" ? message.method : "";
    const id = message.id;
    const stdioNotFound = this.opts.stdio === true && this.opts.profile.has("stdio-method-not-found");
    // Method "" with an id is a call to v1.7.0's stdio; over HTTP the decoding differs (not served).
    if (stdioNotFound && message.method === "" && id !== undefined && id !== null) return this.call("", id as RequestId, message.params, reply, arrival, text);
    // No method: a response to a request this server never sends. Dropped, as the go-sdk drops it.
    if (method === "") return reply.end();
    if (id === undefined || id === null) {
      this.notification(method, message.params);
      return reply.end();
    }
    this.call(method, id as RequestId, message.params, reply, arrival, text);
  }

  private notification(method: string, params: unknown): void {
    if (method === "notifications/cancelled" && isObj(params)) {
      const id = params.requestId;
      if (typeof id === "string" || typeof id === "number") this.calls.get(id)?.abort();
    }
  }

  private call(method: string, id: RequestId, params: unknown, reply: Reply, arrival: Arrival, text?: string): void {
    const meta = requestMeta(params, this.opts.profile);
    const newProtocol = "newProtocol" in meta && meta.newProtocol;
    const answer = (result: unknown) => reply.write(goMessageText({ jsonrpc: "2.0", id, result: newProtocol ? this.eraResult(result, method) : this.sessionResult(result, method) }, method, this.opts.profile));
    const refuse = (err: unknown) => {
      const error = rpcErrorOf(err);
      const text = goMessageText({ jsonrpc: "2.0", id, error }, method, this.opts.profile);
      if (reply.error) reply.error(error.code, text);
      else reply.write(text);
    };
    if ("refusal" in meta) {
      refuse(meta.refusal);
      return reply.end();
    }
    // go-sdk's handle: the new protocol has no initialize, ping, logging/setLevel or
    // subscriptions; server/discover is the new protocol's alone.
    if (this.opts.profile.has("era-2026-removed-methods") && (newProtocol ? removedMethods.has(method) : method === "server/discover")) {
      refuse(refusals.methodNotFound(method));
      return reply.end();
    }
    // A notification's method called with an id (HTTP refuses it before dispatch, as checkRequest
    // does there): jsonrpc2 reads a cancellation's params first, and its decoder's error is the
    // answer as it is; anything else is checkRequest's refusal (measured over stdio).
    if (methodInfo(method, this.opts.profile)?.notification) {
      const unreadable = method === "notifications/cancelled" ? decoderProblem(method, params, text === undefined ? undefined : () => memberText(text, "params")) : undefined;
      refuse(unreadable ? refusals.undecodable(unreadable.problem) : refusals.badRequest(`invalid request: unexpected id for ${goQuote(method)}`));
      return reply.end();
    }
    // A request of the new protocol brings in its `_meta` what initialize would have said.
    if (!this.initialized && !newProtocol && !servedBeforeInitialize(method, this.opts.profile)) {
      refuse(refusals.duringInitialization(method));
      return reply.end();
    }
    // go-sdk's handle keeps a 2026-07-28 request's `_meta` as the session's initialize params:
    // the session counts as initialized from then on, for legacy requests too (measured over SSE).
    if (!this.initialized && newProtocol) this.initialized = this.eraSession = true;
    // As the go-sdk takes a method it knows: checkRequest, then its params unmarshalled (a type
    // error, then null where params are required), and only then a handler, or none (a method
    // it knows but serves nothing for, resources/unsubscribe, still gets this far).
    const info = methodInfo(method, this.opts.profile);
    if (params === undefined && info && !info.paramsOptional) {
      refuse(refusals.missingParams());
      return reply.end();
    }
    const unreadable = paramsProblem(method, params, this.opts.profile, text === undefined ? undefined : () => memberText(text, "params"));
    if (unreadable) {
      refuse(refusals.unreadableParams(unreadable, paramsCoded(method, this.opts.profile)));
      return reply.end();
    }
    if (params === null && info && !info.paramsOptional) {
      refuse(refusals.nullParams(method));
      return reply.end();
    }
    // ping's params are unmarshalled (into PingParams) as any method's are.
    if (method === "ping") {
      answer({});
      return reply.end();
    }
    const handler = Object.prototype.hasOwnProperty.call(this.opts.handlers, method) ? this.opts.handlers[method] : undefined;
    if (!handler) {
      refuse(this.opts.stdio === true && this.opts.profile.has("stdio-method-not-found") ? refusals.methodNotFound(method) : refusals.notHandled(method));
      return reply.end();
    }
    if (method === "initialize" && this.initialized && this.opts.profile.has("duplicate-initialize")) {
      refuse(refusals.duplicate(method));
      return reply.end();
    }
    const p = isObj(params) ? params : {};
    const extra = new Call(id, this.opts.id, p, arrival, reply, newProtocol, this.opts.profile, text);
    let result: unknown;
    try {
      result = handler(p, extra);
    } catch (err) {
      refuse(err);
      return reply.end();
    }
    if (method === "initialize") this.initialized = this.legacyInitialized = true;
    if (!(result instanceof Promise)) {
      // A fault that put something else on the wire (a go-sdk panic) leaves nothing to answer.
      if (!extra.taken) answer(result);
      return reply.end();
    }
    const running = extra.controller();
    this.calls.set(id, running);
    const settle = (send: () => void) => {
      if (this.calls.get(id) === running) this.calls.delete(id);
      // A cancelled call, or one whose session ended, is never answered.
      if (!extra.taken && !running.signal.aborted) send();
      reply.end();
    };
    result.then(
      (value: unknown) => settle(() => answer(value)),
      (err: unknown) => settle(() => refuse(err)),
    );
  }
}

/**
 * One call's CallExtra. A class, not an object of closures: a call answered at once is the
 * rule, and it should allocate little (its AbortController only when something asks for it).
 */
class Call implements CallExtra {
  /** A fault put something else on the wire: the answer must never go out. */
  taken = false;
  private abort?: AbortController;

  constructor(
    readonly requestId: RequestId,
    readonly sessionId: string | undefined,
    private readonly params: Record<string, unknown>,
    private readonly arrival: Arrival,
    private readonly reply: Reply,
    readonly newProtocol: boolean,
    private readonly profile: Profile,
    private readonly text?: string,
  ) {}

  paramsText(): string | undefined {
    return this.text === undefined ? undefined : memberText(this.text, "params");
  }

  get _meta(): Record<string, unknown> | undefined {
    const meta = this.params._meta;
    return isObj(meta) ? meta : undefined;
  }

  get requestInfo(): { headers: IncomingHttpHeaders } | undefined {
    return this.arrival.headers ? { headers: this.arrival.headers } : undefined;
  }

  get authInfo(): AuthInfo | undefined {
    return this.arrival.authInfo;
  }

  get signal(): AbortSignal {
    return this.controller().signal;
  }

  controller(): AbortController {
    return (this.abort ??= new AbortController());
  }

  sendNotification(n: { method: string; params?: unknown }): Promise<void> {
    if (!this.taken && this.abort?.signal.aborted !== true) this.reply.write(goMessageText({ jsonrpc: "2.0", method: n.method, params: n.params }, undefined, this.profile));
    return Promise.resolve();
  }

  deferred(fault: TransportFault | undefined): void {
    this.reply.deferred?.(fault);
  }

  fault(fault: TransportFault, dynamics: Dynamics, answerText: string): void {
    if ((this.reply.fault?.(fault, dynamics, answerText) ?? "answer") === "taken") this.taken = true;
  }
}
