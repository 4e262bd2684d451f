// Requests stdio's early initialize may answer before the session exists: plain ones only. A
// batch, a task request, a progress token, odd ids or extra keys are left to the session, so
// the answer stays the session's.

export interface PlainRequest {
  id: string | number;
  method: string;
  /** undefined when the request had none. */
  params: Record<string, unknown> | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** _meta keys the SDK's zod schema parses (and would copy, or refuse) rather than pass along. */
function plainMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  return isRecord(meta) && !has(meta, "progressToken") && !has(meta, "io.modelcontextprotocol/related-task") && !has(meta, "__proto__");
}

export function plainRequest(body: unknown, methods: readonly string[]): PlainRequest | undefined {
  if (!isRecord(body)) return undefined;
  for (const key of Object.keys(body)) {
    if (key !== "jsonrpc" && key !== "id" && key !== "method" && key !== "params") return undefined;
  }
  const { jsonrpc, id, method, params } = body;
  if (jsonrpc !== "2.0") return undefined;
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return undefined;
  if (typeof method !== "string" || !methods.includes(method)) return undefined;
  if (params === undefined) return { id: id as string | number, method, params: undefined };
  if (!isRecord(params) || has(params, "task") || has(params, "__proto__") || !plainMeta(params._meta)) return undefined;
  return { id: id as string | number, method, params };
}
