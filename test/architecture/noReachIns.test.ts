// The wire is ours: src/ reaches into no dependency's private fields (an underscore name read
// or written off an object) and imports no hono, which the MCP SDK's own HTTP transport runs on.
// A patch release of a dependency can move any private field; nothing here may depend on one.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const srcDir = path.join(import.meta.dirname, "..", "..", "src");

/** `_meta` is MCP's own protocol field, a key of the JSON on the wire, not anyone's private state. */
const protocolKeys = new Set(["_meta"]);

/**
 * Known reach-ins outside the transport room, each with its owner's reason; the list only
 * shrinks. jsonata marks a function value with `_jsonata_lambda` and offers no public test.
 */
const known = new Set(["src/jsonata/library.ts:_jsonata_lambda"]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : /\.(ts|mts)$/.test(e.name) ? [full] : [];
  });
}

/** Comments say why; only code counts. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

describe("no reach-ins", () => {
  const files = sources(srcDir).map((file) => ({ name: path.relative(path.join(srcDir, ".."), file).split(path.sep).join("/"), text: code(fs.readFileSync(file, "utf8")) }));

  it("finds the sources it checks", () => {
    expect(files.some((f) => f.name === "src/server/http/streamable.ts")).toBe(true);
  });

  it("no file imports hono", () => {
    const importing = files.filter((f) => /from\s+["'](?:@hono\/[^"']+|hono(?:\/[^"']*)?)["']|import\(\s*["'](?:@hono|hono)/.test(f.text)).map((f) => f.name);
    expect(importing).toEqual([]);
  });

  it("no file reads or writes an underscore field off an object", () => {
    const found: string[] = [];
    for (const f of files) {
      for (const m of f.text.matchAll(/(?:\?\.|\.|\[\s*["'`])(_[A-Za-z]\w*)/g)) {
        const field = m[1] as string;
        if (protocolKeys.has(field) || known.has(`${f.name}:${field}`)) continue;
        found.push(`${f.name}: ${field}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the test itself catches a reach-in", () => {
    const sample = code("const inner = (transport as any)._webStandardTransport; // a reach-in");
    expect([...sample.matchAll(/(?:\?\.|\.|\[\s*["'`])(_[A-Za-z]\w*)/g)].map((m) => m[1])).toEqual(["_webStandardTransport"]);
  });
});
