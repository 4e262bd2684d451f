// `json then`: the state changes a scenario makes after it answers, in the spirit of Mockoon's
// setData (set, merge, push, delete, increment). Compiled once per file version; applied to a
// copy of the session's state, so a failed or oversized change leaves the state as it was.
import { JsonTextError } from "../base/jsonText.js";
import { render, type RenderContext } from "../template/render.js";
import { compileTemplate, type TemplateNode } from "../template/template.js";
import { isObject } from "../base/isObject.js";
import type { Json } from "../base/types.js";
import { compilePath, PathError, pathText, type PathSegment } from "./statePath.js";

export const OPERATIONS = ["set", "merge", "push", "delete", "increment"] as const;
export type OperationKind = (typeof OPERATIONS)[number];

export interface Operation {
  kind: OperationKind;
  path: PathSegment[];
  /** `value` for set, merge and push; `by` for increment (1 when absent). */
  value?: TemplateNode;
  /** 0-based index of the operation in its block, for messages. */
  index: number;
}

export class OperationError extends Error {}

const ALLOWED_KEYS: Record<OperationKind, string[]> = {
  set: ["value"],
  merge: ["value"],
  push: ["value"],
  delete: [],
  increment: ["by"],
};

/** Compile a `json then` block (an array of operations). Throws JsonTextError with a line offset. */
export function compileOperations(text: string): Operation[] {
  const root = compileTemplate(text).root;
  const items = root.t === "array" ? root.items : root.t === "literal" && Array.isArray(root.value) ? root.value.map((value) => ({ t: "literal", value }) as TemplateNode) : undefined;
  if (!items) throw new JsonTextError('json then block must be an array of operations, e.g. [{ "set": "a.b", "value": 1 }]', 0);
  return items.map((item, index) => {
    const entries: [string, TemplateNode][] =
      item.t === "object" ? item.entries : item.t === "literal" && item.value !== null && typeof item.value === "object" && !Array.isArray(item.value) ? Object.entries(item.value).map(([k, v]) => [k, { t: "literal", value: v }]) : [];
    const kinds = entries.filter(([k]) => (OPERATIONS as readonly string[]).includes(k));
    if (kinds.length !== 1) throw new JsonTextError(`operation ${index + 1} needs exactly one of ${OPERATIONS.join(", ")} naming a state path, e.g. { "set": "orders.{{args.order_id}}.status", "value": "placed" }`, 0);
    const [kindName, pathNode] = kinds[0] as [OperationKind, TemplateNode];
    const allowed = ALLOWED_KEYS[kindName];
    for (const [key] of entries) {
      if (key !== kindName && !allowed.includes(key)) throw new JsonTextError(`operation ${index + 1} (${kindName}) has unknown key "${key}"${allowed.length ? ` (it takes ${allowed.join(", ")})` : ""}`, 0);
    }
    let path: PathSegment[];
    try {
      path = compilePath(pathNode);
    } catch (err) {
      if (err instanceof PathError) throw new JsonTextError(`operation ${index + 1} (${kindName}): ${err.message}`, 0);
      throw err;
    }
    const valueNode = entries.find(([k]) => k === "value" || k === "by")?.[1];
    if ((kindName === "set" || kindName === "merge" || kindName === "push") && !valueNode) {
      throw new JsonTextError(`operation ${index + 1} (${kindName} ${pathText(path)}) has no "value"`, 0);
    }
    return { kind: kindName, path, value: valueNode, index };
  });
}

function renderValue(node: TemplateNode, ctx: RenderContext): Json {
  return render({ root: node }, ctx);
}

/** Own data property, also for "__proto__": assignment would set the prototype instead. */
function put(target: Record<string, Json> | Json[], key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The container of the last segment, creating objects on the way (never through arrays' gaps). */
function parentOf(doc: Record<string, Json>, keys: string[], create: boolean, where: string): Record<string, Json> | Json[] | undefined {
  let current: Record<string, Json> | Json[] = doc;
  for (const key of keys.slice(0, -1)) {
    const has: boolean = Object.prototype.hasOwnProperty.call(current, key);
    let next: Json | undefined = has ? (current as Record<string, Json>)[key] : undefined;
    if (next === undefined || next === null) {
      if (!create) return undefined;
      next = {};
      put(current, key, next);
    }
    if (typeof next !== "object") throw new OperationError(`${where}: "${key}" holds ${JSON.stringify(next)}, not an object`);
    current = next;
  }
  return current;
}

/** Apply operations to `doc` in place (the caller passes a copy). `ctx` renders paths and values. */
export function applyOperations(doc: Record<string, Json>, operations: Operation[], ctx: RenderContext): void {
  for (const op of operations) {
    const keys = op.path.map((segment) => {
      const value = renderValue(segment, ctx);
      return typeof value === "string" ? value : JSON.stringify(value);
    });
    const where = `operation ${op.index + 1} (${op.kind} ${keys.join(".")})`;
    const parent = parentOf(doc, keys, op.kind !== "delete", where);
    const last = keys[keys.length - 1] as string;
    if (!parent) continue; // deleting under a path that does not exist: nothing to do
    const current = Object.prototype.hasOwnProperty.call(parent, last) ? (parent as Record<string, Json>)[last] : undefined;
    switch (op.kind) {
      case "set":
        put(parent, last, renderValue(op.value as TemplateNode, ctx));
        break;
      case "merge": {
        const value = renderValue(op.value as TemplateNode, ctx);
        if (!isObject(value)) throw new OperationError(`${where}: value is ${JSON.stringify(value)}, merge takes an object`);
        if (current !== undefined && current !== null && !isObject(current)) throw new OperationError(`${where}: the state there is not an object`);
        const target = isObject(current) ? current : {};
        for (const [k, v] of Object.entries(value)) put(target, k, v);
        put(parent, last, target);
        break;
      }
      case "push": {
        const value = renderValue(op.value as TemplateNode, ctx);
        if (current !== undefined && current !== null && !Array.isArray(current)) throw new OperationError(`${where}: the state there is not an array`);
        const list = Array.isArray(current) ? current : [];
        list.push(value);
        put(parent, last, list);
        break;
      }
      case "delete":
        if (Array.isArray(parent) && /^\d+$/.test(last)) parent.splice(Number(last), 1);
        else if (current !== undefined) delete (parent as Record<string, Json>)[last];
        break;
      case "increment": {
        const by = op.value ? renderValue(op.value, ctx) : 1;
        if (typeof by !== "number") throw new OperationError(`${where}: "by" is ${JSON.stringify(by)}, not a number`);
        if (current !== undefined && current !== null && typeof current !== "number") throw new OperationError(`${where}: the state there is ${JSON.stringify(current)}, not a number`);
        // Money in AED: keep two decimals exact instead of collecting binary float dust.
        put(parent, last, Math.round(((typeof current === "number" ? current : 0) + by) * 1e6) / 1e6);
        break;
      }
    }
  }
}
