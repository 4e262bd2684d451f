// A request's params as the go-sdk's method handler unmarshals them into its params struct: a
// value that is not an object, or a string field holding something else, fails there with the
// decoder's words, quoting the params' text as it was sent (code 0, "handling '<method>': ...";
// measured against go-sdk v1.6.1).
import { goTypeError, mistyped, repeatsKey, type GoStruct } from "./goDecode.js";
import type { Profile } from "../profiles/profiles.js";
import { goQuote } from "../../base/goQuote.js";

/** A map[string]any, as the decoder names its type. */
const goMap = "map[string]interface {}";

/**
 * Each method's params struct, as the decoder fills it (GoStruct), by method. Every one embeds
 * the go-sdk's Meta, a map named `_meta` (a `_meta` that is not an object fails there). Measured
 * against the twin by the parity fuzzer: initialize's capabilities and clientInfo, completion's
 * argument, context and ref (a type that unmarshals itself), prompts/get's arguments.
 */
const structs: Record<string, GoStruct> = {
  initialize: { type: "initializeParamsV2", strings: ["protocolVersion"], objects: { capabilities: "mcp.clientCapabilitiesV2", clientInfo: "mcp.Implementation" } },
  ping: { type: "PingParams", strings: [] },
  "tools/list": { type: "ListToolsParams", strings: ["cursor"] },
  "tools/call": { type: "CallToolParamsRaw", strings: ["name"] },
  "prompts/list": { type: "ListPromptsParams", strings: ["cursor"] },
  "prompts/get": { type: "GetPromptParams", strings: ["name"], stringMaps: ["arguments"] },
  "resources/list": { type: "ListResourcesParams", strings: ["cursor"] },
  "resources/templates/list": { type: "ListResourceTemplatesParams", strings: ["cursor"] },
  "resources/read": { type: "ReadResourceParams", strings: ["uri"] },
  "logging/setLevel": { type: "SetLoggingLevelParams", strings: ["level"] },
  "resources/subscribe": { type: "SubscribeParams", strings: ["uri"] },
  "resources/unsubscribe": { type: "UnsubscribeParams", strings: ["uri"] },
  "completion/complete": { type: "CompleteParams", strings: [], objects: { argument: "mcp.CompleteParamsArgument", context: "mcp.CompleteContext", ref: "mcp.wireCompleteReference" }, ownText: ["ref"] },
  // Read by jsonrpc2 itself when a client calls it with an id (stdio), before the id is refused.
  "notifications/cancelled": { type: "CancelledParams", strings: ["reason"] },
};

/** The struct as the decoder sees it: its own fields and Meta's. */
function withMeta(struct: GoStruct): GoStruct {
  return { ...struct, type: `mcp.${struct.type}`, objects: { _meta: goMap, ...struct.objects } };
}

/** The decoder's words for params that do not unmarshal into `method`'s struct, or undefined (the text quoted from `sent`, else re-encoded). */
export function decoderProblem(method: string, params: unknown, sent?: () => string | undefined): { struct: GoStruct; raw: string; problem: string } | undefined {
  const own = Object.prototype.hasOwnProperty.call(structs, method) ? structs[method] : undefined;
  if (!own || params === undefined) return undefined;
  const struct = withMeta(own);
  const text = sent?.();
  if (!mistyped(params, struct.strings, struct) && !(text !== undefined && repeatsKey(text, [...struct.strings, ...Object.keys(struct.objects ?? {}), ...(struct.stringMaps ?? [])]))) return undefined;
  const raw = text ?? JSON.stringify(params);
  const problem = goTypeError(raw, struct);
  return problem === undefined ? undefined : { struct, raw, problem };
}

/** Whether unreadable params answer -32602 (v1.7.0 on); initialize keeps code 0 and the old words. */
export function paramsCoded(method: string, profile: Profile): boolean {
  return method !== "initialize" && profile.has("invalid-params-code");
}

/**
 * The go-sdk's refusal of these params for `method`, or undefined when they unmarshal. `sent`:
 * the params' text as the client sent it (asked only for a refusal), which the refusal quotes;
 * without it they are re-encoded compactly.
 */
export function paramsProblem(method: string, params: unknown, profile: Profile, sent?: () => string | undefined): string | undefined {
  const found = decoderProblem(method, params, sent);
  if (!found) return undefined;
  // From v1.7.0 the error is jsonrpc2's ErrInvalidParams, whose text joins in (nowrapinvalidparams).
  const invalid = paramsCoded(method, profile) ? "invalid params: " : "";
  return `handling '${method}': ${invalid}unmarshaling ${goQuote(found.raw)} into a *${found.struct.type}: ${found.problem}`;
}
