// The commonest tool-file expression is a world function called with the call's arguments and
// literals: `$rideFind($args.rideId)`, `$rideStatusView($rideAs($args.rideId, ['SEARCHING']))`,
// or such a call compared with a string, `$rideStatusOf($rideFind($args.rideId)) = 'SEARCHING'`.
// Those are plain JS calls: made as such they cost about a twentieth of JSONata's interpreter,
// which allocates a generator per node. Which expressions are direct is decided once, from the
// parsed tree, by the shapes below; every other expression is the interpreter's, always. Nothing
// falls back: a direct call's error is the error.

interface Node {
  type?: string;
  value?: unknown;
  [key: string]: unknown;
}

/** How a direct expression reads its arguments: the call's `$args`, and a world function by name. */
export interface DirectScope {
  args: unknown;
  fn(name: string): ((...args: unknown[]) => unknown) | undefined;
}

type Part = (scope: DirectScope) => unknown;

/**
 * A direct expression: the world functions it calls and the arguments it reads, and how to run
 * it. `ready` is asked before anything runs: a name no module binds, or an argument that is an
 * array (JSONata's path rules flatten those), leaves that evaluation to the interpreter whole,
 * before any world function ran (so nothing, a drawn id included, happens twice).
 */
export interface Direct {
  ready(scope: DirectScope): boolean;
  run(scope: DirectScope): unknown;
}

interface Shape {
  part: Part;
  names: string[];
  keys: string[];
}

/** Only these keys set, so a predicate, a group, a focus or a sort on a node sends it to the interpreter. */
function only(node: Node, keys: string[]): boolean {
  return Object.keys(node).every((k) => k === "position" || node[k] === undefined || keys.includes(k));
}

/** `$args.<name>`: the argument's own value. */
function argument(node: Node): Shape | undefined {
  if (node.type !== "path" || !only(node, ["type", "steps"]) || !Array.isArray(node.steps) || node.steps.length !== 2) return undefined;
  const [first, second] = node.steps as Node[];
  if (first?.type !== "variable" || first.value !== "args" || !only(first, ["type", "value"])) return undefined;
  if (second?.type !== "name" || typeof second.value !== "string" || !only(second, ["type", "value"])) return undefined;
  const key = second.value;
  const part: Part = (scope) => (Object.prototype.hasOwnProperty.call(scope.args, key) ? (scope.args as Record<string, unknown>)[key] : undefined);
  return { part, names: [], keys: [key] };
}

function constant(value: unknown): Shape {
  return { part: () => value, names: [], keys: [] };
}

function literal(node: Node): Shape | undefined {
  if ((node.type === "string" || node.type === "number") && only(node, ["type", "value"])) return constant(node.value);
  if (node.type === "value" && only(node, ["type", "value"]) && (node.value === true || node.value === false || node.value === null)) return constant(node.value);
  // An array of literals, `['SCHEDULED', 'SEARCHING']`: a fresh array each time, as JSONata makes one.
  if (node.type === "unary" && node.value === "[" && only(node, ["type", "value", "expressions"]) && Array.isArray(node.expressions)) {
    const items = (node.expressions as Node[]).map((item) => ((item.type === "string" || item.type === "number") && only(item, ["type", "value"]) ? item.value : undefined));
    if (items.some((item) => item === undefined)) return undefined;
    return { part: () => [...items], names: [], keys: [] };
  }
  return undefined;
}

function call(node: Node): Shape | undefined {
  if (node.type !== "function" || node.value !== "(" || !only(node, ["type", "value", "arguments", "procedure"]) || !Array.isArray(node.arguments)) return undefined;
  const procedure = node.procedure as Node | undefined;
  if (procedure?.type !== "variable" || typeof procedure.value !== "string" || !only(procedure, ["type", "value"])) return undefined;
  const name = procedure.value;
  const shapes = (node.arguments as Node[]).map((a) => argument(a) ?? literal(a) ?? call(a));
  if (shapes.some((p) => p === undefined)) return undefined;
  const args = (shapes as Shape[]).map((p) => p.part);
  const part: Part = (scope) => (scope.fn(name) as (...a: unknown[]) => unknown)(...args.map((a) => a(scope)));
  return { part, names: [name, ...(shapes as Shape[]).flatMap((p) => p.names)], keys: (shapes as Shape[]).flatMap((p) => p.keys) };
}

function directFrom(shape: Shape, run: Part): Direct {
  const names = [...new Set(shape.names)];
  const keys = [...new Set(shape.keys)];
  return {
    ready: (scope) => {
      const args = scope.args;
      if (args === null || typeof args !== "object" || Array.isArray(args)) return false;
      for (const key of keys) if (Array.isArray((args as Record<string, unknown>)[key])) return false;
      for (const name of names) if (!scope.fn(name)) return false;
      return true;
    },
    run,
  };
}

/** The expression as plain calls, when its tree is one of the direct shapes; undefined otherwise. */
export function directOf(ast: unknown): Direct | undefined {
  const node = ast as Node;
  if (node?.type === "binary" && (node.value === "=" || node.value === "!=") && only(node, ["type", "value", "lhs", "rhs"])) {
    const lhs = call(node.lhs as Node);
    const rhs = node.rhs as Node;
    if (!lhs || rhs?.type !== "string" || !only(rhs, ["type", "value"])) return undefined;
    const text = rhs.value as string;
    // JSONata's = and != are false when a side is nothing; a string equals only the same string.
    if (node.value === "=") return directFrom(lhs, (scope) => lhs.part(scope) === text);
    return directFrom(lhs, (scope) => {
      const value = lhs.part(scope);
      return value !== undefined && value !== text;
    });
  }
  const whole = call(node);
  return whole ? directFrom(whole, whole.part) : undefined;
}
