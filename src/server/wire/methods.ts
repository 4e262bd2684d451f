// The methods the go-sdk server knows (mcp/shared.go serverMethodInfos): whether each is a
// notification and whether it may come without params. Its checkRequest refuses anything else
// before a handler runs; the streamable HTTP handler runs it on every message of a POST first.
import { refusals, type WireError } from "../goWire/wireError.js";
import type { Profile } from "../profiles/profiles.js";
import { goQuote } from "../../base/goQuote.js";

interface MethodInfo {
  notification: boolean;
  paramsOptional: boolean;
}

const call = (paramsOptional: boolean): MethodInfo => ({ notification: false, paramsOptional });
const note = (paramsOptional: boolean): MethodInfo => ({ notification: true, paramsOptional });

const methods: Record<string, MethodInfo> = {
  "completion/complete": call(false),
  initialize: call(false),
  ping: call(true),
  "prompts/list": call(true),
  "prompts/get": call(false),
  "tools/list": call(true),
  "tools/call": call(false),
  "resources/list": call(true),
  "resources/templates/list": call(true),
  "resources/read": call(false),
  "logging/setLevel": call(false),
  "resources/subscribe": call(false),
  "resources/unsubscribe": call(false),
  "notifications/cancelled": note(true),
  "notifications/initialized": note(true),
  "notifications/roots/list_changed": note(true),
  "notifications/progress": note(false),
};

// go-sdk v1.7.0 added these (SEP-2575): discover, and the stream of list changes.
const eraMethods: Record<string, MethodInfo> = {
  "server/discover": call(true),
  "subscriptions/listen": call(false),
};

export function methodInfo(method: string, profile: Profile): MethodInfo | undefined {
  if (Object.prototype.hasOwnProperty.call(methods, method)) return methods[method];
  return profile.has("era-2026-served") && Object.prototype.hasOwnProperty.call(eraMethods, method) ? eraMethods[method] : undefined;
}

/** A request (method set) as checkRequest judges it: the refusal, or undefined. */
export function checkRequest(m: { method: string; id?: unknown; params?: unknown }, profile: Profile): WireError | undefined {
  const info = methodInfo(m.method, profile);
  if (!info) return refusals.badRequest(refusals.notHandled(m.method).message);
  const isCall = m.id !== undefined && m.id !== null;
  if (info.notification && isCall) return refusals.badRequest(`invalid request: unexpected id for ${goQuote(m.method)}`);
  if (!info.notification && !isCall) return refusals.badRequest(`invalid request: missing id for ${goQuote(m.method)}`);
  if (!info.paramsOptional && m.params === undefined) return refusals.badRequest(refusals.missingParams().message);
  return undefined;
}
