// The names an expression reads, from JSONata's parsed tree (not its text): the `$variables` it
// names and does not bind itself (a function called or passed by reference alike), and the
// `$world.<key>` keys it reads. An evaluation binds only the world functions it names, `check`
// resolves every name against the world, and an expression reads the state when it may.

export interface ExpressionNames {
  /** `$name`s read and not bound inside the expression (`:=`, a lambda's parameters, `@$x`, `#$i`). */
  free: Set<string>;
  /** Keys read as `$world.<key>`. */
  worldKeys: Set<string>;
}

interface Node {
  type?: string;
  value?: unknown;
  [key: string]: unknown;
}

export function namesOf(ast: unknown): ExpressionNames {
  const read = new Set<string>();
  const bound = new Set<string>();
  const worldKeys = new Set<string>();
  // An explicit stack: a tool file's expression can nest deeper than the JS stack likes.
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    if (node === null || typeof node !== "object") continue;
    const n = node as Node;
    if (n.type === "variable" && typeof n.value === "string" && n.value !== "") read.add(n.value);
    if (n.type === "bind" && (n.lhs as Node | undefined)?.type === "variable") bound.add(String((n.lhs as Node).value));
    if (n.type === "lambda" && Array.isArray(n.arguments)) for (const a of n.arguments as Node[]) if (a.type === "variable") bound.add(String(a.value));
    if (typeof n.focus === "string") bound.add(n.focus);
    if (typeof n.index === "string") bound.add(n.index);
    if (n.type === "path" && Array.isArray(n.steps)) {
      const [first, second] = n.steps as Node[];
      if (first?.type === "variable" && first.value === "world" && second?.type === "name" && typeof second.value === "string") worldKeys.add(second.value);
    }
    for (const [key, value] of Object.entries(n)) if (key !== "position" && value !== null && typeof value === "object") stack.push(value);
  }
  const free = new Set([...read].filter((name) => !bound.has(name)));
  return { free, worldKeys };
}
