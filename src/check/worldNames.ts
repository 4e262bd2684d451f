// `check` knows the world's names: every `$function` a tool file's expression names (called or
// passed by reference) must be one a world module exports, and every `$world.<key>` it reads a
// key of the world's data. Otherwise every call of that scenario fails, or drops a field, with
// nothing to say why; here it is a problem at the expression's line with the closest name.
import type { LoadedTool } from "../engine/loadTool.js";
import type { Problem } from "../base/types.js";
import type { Expression } from "../jsonata/expression.js";
import { isLanguageName } from "../jsonata/expression.js";
import { expressionsOf } from "../state/scenarioState.js";
import { didYouMean } from "../base/didYouMean.js";
import type { WorldSnapshot } from "../world/world.js";

/** The line of `source` inside a block of text starting at `line` (the block's line when not found). */
function lineIn(text: string | undefined, line: number, source: string): number {
  const at = text === undefined ? -1 : text.indexOf(source);
  return at < 0 ? line : line + (text as string).slice(0, at).split("\n").length - 1;
}

/** A typo's closest name, else a name holding it whole (`captains` in `rideCaptains`: the world's keys carry their domain). */
function closest(name: string, known: string[]): string | undefined {
  const low = name.toLowerCase();
  return didYouMean(name, known) ?? known.filter((k) => k.toLowerCase().includes(low)).sort((a, b) => a.length - b.length)[0];
}

export function worldNameProblems(tool: LoadedTool, world: WorldSnapshot): Problem[] {
  const problems: Problem[] = [];
  const functions = [...world.functionOwners.keys()];
  const keys = Object.keys(world.data);
  const seen = new Set<string>();
  const check = (expression: Expression, line: number, where: string) => {
    for (const name of expression.names.free) {
      if (isLanguageName(name) || world.functionOwners.has(name)) continue;
      const near = closest(name, functions);
      const message = `${where} names $${name}, which no world module exports${near ? ` (did you mean $${near}?)` : functions.length > 0 ? "" : " (there are no world modules: add tools/_world/<domain>.ts)"}`;
      if (!seen.has(`${line}:${message}`)) problems.push({ file: tool.file.path, line, message });
      seen.add(`${line}:${message}`);
    }
    for (const key of expression.names.worldKeys) {
      if (Object.prototype.hasOwnProperty.call(world.data, key)) continue;
      const near = closest(key, keys);
      const message = `${where} reads $world.${key}, which is not a world key${near ? ` (did you mean $world.${near}?)` : ""}`;
      if (!seen.has(`${line}:${message}`)) problems.push({ file: tool.file.path, line, message });
      seen.add(`${line}:${message}`);
    }
  };
  for (const scenario of tool.scenarios) {
    const written = tool.file.scenarios.find((s) => s.name === scenario.name);
    const block = written?.response ?? written?.error;
    for (const expression of expressionsOf(scenario.template.root)) check(expression, lineIn(block?.value, scenario.blockLine, expression.source), `scenario "${scenario.name}": {{= ${expression.source.trim()} }}`);
    const when = scenario.state?.when;
    if (when) check(when, written?.when?.line ?? scenario.line, `scenario "${scenario.name}": json when`);
    for (const op of scenario.state?.then ?? []) {
      const line = written?.then?.line ?? scenario.line;
      for (const node of [...op.path, ...(op.value ? [op.value] : [])]) for (const expression of expressionsOf(node)) check(expression, lineIn(written?.then?.value, line, expression.source), `scenario "${scenario.name}": json then`);
    }
  }
  return problems;
}
