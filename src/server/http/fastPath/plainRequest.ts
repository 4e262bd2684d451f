// The requests the fast path may answer: exactly what the SDK transport's schema accepts without
// changing it, narrowed to a plain tools/call or tools/list. Anything else (a batch, a task
// request, a progress token, odd ids or keys) goes the SDK's way, so its answer stays the SDK's.

export interface PlainRequest {
  id: string | number;
  method: "tools/call" | "tools/list";
  params: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** Keys the SDK's zod schemas read (or would copy differently) in params and params._meta. */
function plainMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  return isRecord(meta) && !has(meta, "progressToken") && !has(meta, "io.modelcontextprotocol/related-task") && !has(meta, "__proto__");
}

export function plainRequest(body: unknown): PlainRequest | undefined {
  if (!isRecord(body)) return undefined;
  for (const key of Object.keys(body)) {
    if (key !== "jsonrpc" && key !== "id" && key !== "method" && key !== "params") return undefined;
  }
  const { jsonrpc, id, method, params } = body;
  if (jsonrpc !== "2.0") return undefined;
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return undefined;
  if (method !== "tools/call" && method !== "tools/list") return undefined;
  // tools/list: the SDK parses its cursor; only the plain first page is answered here.
  if (method === "tools/list") return params === undefined || (isRecord(params) && Object.keys(params).length === 0) ? { id: id as string | number, method, params: {} } : undefined;
  if (!isRecord(params) || has(params, "task") || has(params, "__proto__") || !plainMeta(params._meta)) return undefined;
  return { id: id as string | number, method, params };
}
