// The optional blocks of a scenario beyond match and response: `json match-schema` (arguments
// against a JSON Schema), `json when` (a JSONata condition over $args and $state) and
// `json then` (state operations after answering), compiled once per file version.
import { JsonTextError } from "../base/jsonText.js";
import type { Template, TemplateNode } from "../template/template.js";
import type { JsonObject, Scenario } from "../base/types.js";
import { compileSchemaMatcher, SchemaMatchError, type SchemaMatcher } from "../schemaMatch/matchSchema.js";
import { compileExpression, ExpressionError, type Expression } from "../jsonata/expression.js";
import { compileOperations, type Operation } from "./operations.js";
import { pathText } from "./statePath.js";

export interface ScenarioState {
  schema?: SchemaMatcher;
  when?: Expression;
  then?: Operation[];
  /** Whether selection or rendering reads $state (the store is only touched when needed). */
  readsState: boolean;
  /** `$state.a.b` paths the scenario reads, with the line of the block that reads them. */
  reads: { path: string; line: number }[];
  /** Literal prefixes of the paths `json then` writes (`offers` for "offers.{{args.id}}"). */
  writes: string[];
  thenLine?: number;
  /** `json given`: sample state for --check. */
  given?: { value: JsonObject; line: number };
}

/** Every `{{= ...}}` expression of a template tree. */
export function expressionsOf(node: TemplateNode, out: Expression[] = []): Expression[] {
  switch (node.t) {
    case "bare":
      if (node.ph.kind === "expr") out.push(node.ph.expression);
      break;
    case "text":
      for (const part of node.parts) if (typeof part !== "string" && part.kind === "expr") out.push(part.expression);
      break;
    case "array":
      for (const item of node.items) expressionsOf(item, out);
      break;
    case "object":
      for (const [, value] of node.entries) expressionsOf(value, out);
      break;
    case "literal":
      break;
  }
  return out;
}

/** `$state.offers.status` -> "offers.status": the literal steps after $state. */
export function statePathsIn(source: string): string[] {
  return [...source.matchAll(/\$state((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g)].map((m) => (m[1] as string).slice(1));
}

/** Everything after the first placeholder of a written path is dynamic: keep the literal head. */
function literalHead(op: Operation): string {
  const out: string[] = [];
  for (const segment of op.path) {
    if (segment.t !== "literal") break;
    out.push(String(segment.value));
  }
  return out.join(".");
}

/** Null when the scenario has none of the blocks. Problems go to `at`; the scenario then has no state part. */
export function compileScenarioState(scenario: Scenario, template: Template, at: (line: number, message: string) => void): ScenarioState | undefined {
  const result: ScenarioState = { readsState: false, reads: [], writes: [] };
  const read = (expression: Expression, line: number) => {
    for (const path of statePathsIn(expression.source)) result.reads.push({ path, line });
    if (expression.readsState) result.readsState = true;
  };
  const blockLine = (scenario.response ?? scenario.error)?.line ?? scenario.line;
  for (const expression of expressionsOf(template.root)) read(expression, blockLine);

  if (scenario.matchSchema) {
    try {
      // A fixed instant: compiling at load proves the schema, whatever day it is.
      result.schema = compileSchemaMatcher(scenario.matchSchema.value, () => 0);
    } catch (err) {
      if (err instanceof SchemaMatchError || err instanceof JsonTextError) at(scenario.matchSchema.line + (err instanceof JsonTextError ? err.lineOffset : 0), err.message);
      else throw err;
    }
  }
  if (scenario.when) {
    try {
      result.when = compileExpression(scenario.when.value as string);
      read(result.when, scenario.when.line);
    } catch (err) {
      if (err instanceof ExpressionError) at(scenario.when.line, `json when: ${err.message}`);
      else throw err;
    }
  }
  if (scenario.then) {
    try {
      result.then = compileOperations(scenario.then.value);
      result.thenLine = scenario.then.line;
      for (const op of result.then) {
        result.writes.push(literalHead(op));
        for (const segment of op.path) for (const expression of expressionsOf(segment)) read(expression, scenario.then.line);
        if (op.value) for (const expression of expressionsOf(op.value)) read(expression, scenario.then.line);
        if (!literalHead(op)) at(scenario.then.line, `json then: operation ${op.index + 1} (${op.kind} ${pathText(op.path)}) must start with a literal key, e.g. "baskets.{{args.basket_id}}"`);
      }
    } catch (err) {
      if (err instanceof JsonTextError) at(scenario.then.line + err.lineOffset, `json then: ${err.message}`);
      else throw err;
    }
  }
  if (scenario.given) result.given = { value: scenario.given.value as JsonObject, line: scenario.given.line };
  if (!result.schema && !result.when && !result.then && !result.readsState && !result.given) return undefined;
  return result;
}
