// Spawned servers run dist/: every test that spawns one refuses a build that is missing or older
// than the sources it came from, so a `npx vitest run` after editing src/ never tests the old build.
import fs from "node:fs";
import path from "node:path";

const projectRoot = path.resolve(import.meta.dirname, "..");

/** `root`: the project to check (tests of this check point it at a temp copy). */
export function assertBuilt(root = projectRoot): void {
  const cli = path.join(root, "dist", "cli.js");
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: build first (npm run build, or ./careem-mcp.sh test)`);
  const built = fs.statSync(cli).mtimeMs;
  const src = path.join(root, "src");
  const stale = fs
    .readdirSync(src, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .find((f) => fs.statSync(path.join(src, f)).mtimeMs > built);
  if (stale) throw new Error(`dist/ is older than src/${stale}: rebuild first (npm run build, or ./careem-mcp.sh test)`);
}
