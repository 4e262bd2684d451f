// Reads the machine-checked tables of FIXTURES.md: `| \`tool\` | \`{json args}\` | \`scenario\` |`.
import fs from "node:fs";
import path from "node:path";

export interface FixtureRow {
  tool: string;
  /** null for a `(forced)` row (reachable only by forcing) or a `(state)` row (see test/state/catalogState.test.ts). */
  args: Record<string, unknown> | null;
  scenario: string;
  line: number;
  /** `(state)`: reached only after earlier calls in the same session. */
  state?: boolean;
}

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export function readFixtureRows(file = path.join(projectRoot, "FIXTURES.md")): FixtureRow[] {
  const rows: FixtureRow[] = [];
  fs.readFileSync(file, "utf8")
    .split("\n")
    .forEach((text, index) => {
      const m = /^\|\s*`([a-z_0-9]+)`\s*\|\s*(`(.*)`|\(forced\)|\(state\))\s*\|\s*`([a-z0-9-]+)`\s*\|\s*$/.exec(text);
      if (!m) return;
      rows.push({ tool: m[1] as string, args: m[3] === undefined ? null : (JSON.parse(m[3]) as Record<string, unknown>), scenario: m[4] as string, line: index + 1, ...(m[2] === "(state)" ? { state: true } : {}) });
    });
  return rows;
}
