// SOURCE.md states the tool count; it must agree with tools/ and with what tools/list serves.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";
import { projectRoot } from "./fixturesTable.js";

const toolsDir = path.join(projectRoot, "tools");
const source = fs.readFileSync(path.join(projectRoot, "SOURCE.md"), "utf8");

function toolFiles(): Map<string, string[]> {
  const byDomain = new Map<string, string[]>();
  for (const domain of fs.readdirSync(toolsDir).sort()) {
    const dir = path.join(toolsDir, domain);
    // Folders starting with "_" (the world) hold no tools.
    if (!fs.statSync(dir).isDirectory() || domain.startsWith("_")) continue;
    byDomain.set(domain, fs.readdirSync(dir).filter((f) => f.endsWith(".md")));
  }
  return byDomain;
}

describe("SOURCE.md", () => {
  it("states the tool count that tools/ holds and tools/list serves", () => {
    const stated = Number(/\*\*Tool count: (\d+)\*\*/.exec(source)?.[1]);
    const files = [...toolFiles().values()].flat().length;
    const listed = new Engine({ toolsDir, forced: new OverridesReader(os.tmpdir()) }).listTools().length;
    expect({ stated, files, listed }).toEqual({ stated: files, files, listed: files });
  });

  it("states each domain's count", () => {
    const stated = Object.fromEntries([...source.matchAll(/\b([a-z]+) (\d+)[,)]/g)].map((m) => [m[1], Number(m[2])]));
    const actual = Object.fromEntries([...toolFiles()].map(([domain, files]) => [domain, files.length]));
    expect(stated).toEqual(actual);
  });
});

describe("scripts/import-definitions.mjs", () => {
  it("replaces definitions verbatim from a tools/list export and leaves scenarios alone", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-import-"));
    try {
      fs.cpSync(toolsDir, path.join(dir, "tools"), { recursive: true });
      const engine = new Engine({ toolsDir: path.join(dir, "tools"), forced: new OverridesReader(dir) });
      const tools = engine.listTools();
      const changed = tools.map((t) => (t.name === "get_wallet_balance" ? { ...t, description: "Refreshed from production." } : t));
      const brandNew = { name: "brand_new_tool", inputSchema: { type: "object" } };
      fs.writeFileSync(path.join(dir, "export.json"), JSON.stringify({ tools: [...changed, brandNew] }));
      const out = execFileSync("node", [path.join(projectRoot, "scripts/import-definitions.mjs"), path.join(dir, "export.json"), "--tools", path.join(dir, "tools")], { encoding: "utf8", cwd: dir });
      // A live tool without a file gets one (src/importer), with a placeholder default.
      expect(out).toContain("live without a file: 1\n  brand_new_tool: created tools/misc/brand_new_tool.md with a placeholder default that answers isError\n");
      expect(engine.listTools()).toEqual([...changed, brandNew].sort((a, b) => (String(a.name) < String(b.name) ? -1 : 1)));
      const before = fs.readFileSync(path.join(toolsDir, "account", "get_wallet_balance.md"), "utf8");
      const after = fs.readFileSync(path.join(dir, "tools", "account", "get_wallet_balance.md"), "utf8");
      expect(after.split("## Definition")[0]).toBe(before.split("## Definition")[0]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
