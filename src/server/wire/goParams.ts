// A request's params as the go-sdk's method handler unmarshals them into its params struct: a
// value that is not an object, or a string field holding something else, fails there with the
// decoder's words, quoting the params' text as it was sent (code 0, "handling '<method>': ...";
// measured against go-sdk v1.6.1).
import { goTypeError, mistyped } from "./goDecode.js";
import { served } from "../profiles/profiles.js";

/**
 * Each method's params struct and its string fields, by JSON name. Every one also embeds the
 * go-sdk's Meta, a map[string]any named `_meta` (a `_meta` that is not an object fails there;
 * measured by issue 46's fuzzer).
 */
const structs: Record<string, { type: string; strings: readonly string[] }> = {
  initialize: { type: "initializeParamsV2", strings: ["protocolVersion"] },
  ping: { type: "PingParams", strings: [] },
  "tools/list": { type: "ListToolsParams", strings: ["cursor"] },
  "tools/call": { type: "CallToolParamsRaw", strings: ["name"] },
  "prompts/list": { type: "ListPromptsParams", strings: ["cursor"] },
  "prompts/get": { type: "GetPromptParams", strings: ["name"] },
  "resources/list": { type: "ListResourcesParams", strings: ["cursor"] },
  "resources/templates/list": { type: "ListResourceTemplatesParams", strings: ["cursor"] },
  "resources/read": { type: "ReadResourceParams", strings: ["uri"] },
  "logging/setLevel": { type: "SetLoggingLevelParams", strings: ["level"] },
  "resources/subscribe": { type: "SubscribeParams", strings: ["uri"] },
  "resources/unsubscribe": { type: "UnsubscribeParams", strings: ["uri"] },
  "completion/complete": { type: "CompleteParams", strings: [] },
};

const metaMap = ["_meta"] as const;

/** Whether unreadable params answer -32602 (v1.7.0 on); initialize keeps code 0 and the old words. */
export function paramsCoded(method: string): boolean {
  return method !== "initialize" && served("invalid-params-code");
}

/**
 * The go-sdk's refusal of these params for `method`, or undefined when they unmarshal. `sent`:
 * the params' text as the client sent it (asked only for a refusal), which the refusal quotes;
 * without it they are re-encoded compactly.
 */
export function paramsProblem(method: string, params: unknown, sent?: () => string | undefined): string | undefined {
  const struct = Object.prototype.hasOwnProperty.call(structs, method) ? structs[method] : undefined;
  if (!struct || params === undefined || !mistyped(params, struct.strings, metaMap)) return undefined;
  const raw = sent?.() ?? JSON.stringify(params);
  const problem = goTypeError(raw, `mcp.${struct.type}`, struct.strings, metaMap);
  // From v1.7.0 the error is jsonrpc2's ErrInvalidParams, whose text joins in (nowrapinvalidparams).
  const invalid = paramsCoded(method) ? "invalid params: " : "";
  return problem && `handling '${method}': ${invalid}unmarshaling ${JSON.stringify(raw)} into a *mcp.${struct.type}: ${problem}`;
}
