// Reading a TypeScript module's imports without a parser, for the architecture tests: every
// form that names a module, and the graph's cycles.

/** Every module specifier in `text`, whatever form imports it. */
export function specifiers(text: string): string[] {
  const found: string[] = [];
  const forms = [
    /\b(?:import|export)\s+(?:type\s+)?[^;'"]*?\bfrom\s*["']([^"']+)["']/g, // import x from, import type, export * from
    /\bimport\s*["']([^"']+)["']/g, // import "side-effect"
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, // import("x")
    /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g, // require("x")
  ];
  for (const form of forms) for (const m of text.matchAll(form)) found.push(m[1] as string);
  return found;
}

/** Relative module specifiers `text` loads at run time: type-only imports left out. */
export function runtimeSpecifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b(import|export)\s+(?!type\b)([^;'"]*?)\bfrom\s*["'](\.[^"']+)["']/g)) {
    const names = (m[2] as string).trim();
    // `import { type A, type B } from` loads nothing either.
    if (/^\{[^}]*\}$/.test(names) && names.slice(1, -1).split(",").every((n) => n.trim() === "" || n.trim().startsWith("type "))) continue;
    found.push(m[3] as string);
  }
  for (const m of text.matchAll(/\bimport\s*(?:\(\s*)?["'](\.[^"']+)["']/g)) found.push(m[1] as string);
  return found;
}

/** Every cycle (strongly connected set of two or more modules) of a module graph. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const members: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    if (members.length > 1) cycles.push(members.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
