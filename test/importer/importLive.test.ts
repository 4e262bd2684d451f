// `import --from URL` against a real go-sdk server (the parity twin) serving a changed copy of
// the catalog's definitions: the drift report names each change, --check-drift exits 1 on
// drift and 0 without, the rewrite touches only the json tool block, new live tools get a file
// that passes the honesty check, and a scenario the new definition made dishonest is named.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { parseToolFile } from "../../src/toolFile/parseToolFile.js";
import type { JsonObject } from "../../src/base/types.js";
import { runCliInProcess } from "../cli/runCliInProcess.js";
import { copyCatalog, goHint, hasGo, startTwin, TWIN_BUILD_TIMEOUT_MS, type Twin } from "../upstream/twin.js";
import { missing } from "../dependencies.js";

const shown = (file: string) => path.relative(process.cwd(), file);

/** A tool of the copy whose scenarios match on one of its input properties, and that key. */
function toolMatchingOnAProperty(toolsDir: string, definitions: JsonObject[]): { name: string; key: string } {
  for (const def of definitions) {
    const name = String(def.name);
    const file = fs.readdirSync(toolsDir, { recursive: true, encoding: "utf8" }).find((f) => f.endsWith(`/${name}.md`));
    if (!file) continue;
    const parsed = parseToolFile(file, fs.readFileSync(path.join(toolsDir, file), "utf8"));
    const properties = (def.inputSchema as { properties?: Record<string, unknown> }).properties ?? {};
    for (const s of parsed.scenarios) {
      const key = s.match && typeof s.match.value === "object" && s.match.value !== null ? Object.keys(s.match.value).find((k) => k in properties) : undefined;
      if (key) return { name, key };
    }
  }
  throw new Error("no tool in the catalog matches on an input property: the test needs one");
}

describe.skipIf(missing("Go", hasGo, goHint))("import --from a live go-sdk server", () => {
  let files: { root: string; toolsDir: string };
  let original: JsonObject[];
  let changedTwin: Twin;
  let sameTwin: Twin;
  let dishonest: { name: string; key: string };
  let wasClosed = false;
  /** Whether the removed key was required too: the report then says it is no longer. */
  let wasRequired = false;
  const described = "search_restaurants";
  const widened = "get_ride_estimates";
  const gone = "get_saved_locations";
  const added = "get_ride_receipt";

  beforeAll(async () => {
    files = copyCatalog();
    original = new Engine({ toolsDir: files.toolsDir }).listTools().map((t) => structuredClone(t));
    dishonest = toolMatchingOnAProperty(files.toolsDir, original.filter((t) => t.name !== described && t.name !== widened && t.name !== gone));
    const live = original
      .filter((t) => t.name !== gone)
      .map((t) => {
        const def = structuredClone(t);
        const input = def.inputSchema as { properties: Record<string, unknown>; required?: string[]; additionalProperties?: unknown };
        if (def.name === described) def.description = "Find restaurants near the user (changed in production).";
        if (def.name === widened) input.properties = { ...input.properties, promoCode: { type: "string", description: "a promo code to price with" } };
        if (def.name === dishonest.name) {
          delete input.properties[dishonest.key];
          wasRequired = (input.required ?? []).includes(dishonest.key);
          input.required = (input.required ?? []).filter((r) => r !== dishonest.key);
          // Closed, so the check can tell the match key is no longer an input.
          wasClosed = input.additionalProperties === false;
          input.additionalProperties = false;
        }
        return def;
      });
    const template = original.find((t) => t.name === "get_ride_status") as JsonObject;
    live.push({ ...structuredClone(template), name: added, title: "Ride receipt", description: "The receipt of a finished ride." });
    [changedTwin, sameTwin] = await Promise.all([startTwin({ toolsDir: files.toolsDir, definitions: live }), startTwin({ toolsDir: files.toolsDir })]);
  }, TWIN_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([changedTwin?.stop(), sameTwin?.stop()]);
    fs.rmSync(files.root, { recursive: true, force: true });
  });

  it("reports no drift against an unchanged catalog served by the go-sdk, and --check-drift exits 0", async () => {
    const run = await runCliInProcess("import", "--from", sameTwin.mcpUrl, "--tools", files.toolsDir, "--check-drift", "--dry-run");
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain(`import: ${original.length} live tools from careem-mcp-service v1.0.0 at ${sameTwin.mcpUrl} (1 page of tools/list)`);
    expect(run.stdout).toContain("changed: 0\n");
    expect(run.stdout).toContain(`unchanged: ${original.length}\n`);
    expect(run.stdout).toContain("drift: none (exit 0)");
    expect(run.status).toBe(0);
  });

  it("names every changed field, the new live tool and the file without one; --check-drift exits 1 and --dry-run writes nothing", async () => {
    const before = new Map(fs.readdirSync(files.toolsDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md")).map((f) => [f, fs.readFileSync(path.join(files.toolsDir, f), "utf8")]));
    const run = await runCliInProcess("import", "--from", changedTwin.mcpUrl, "--tools", files.toolsDir, "--dry-run", "--check-drift");
    const fileOf = (name: string) => path.join(files.toolsDir, [...before.keys()].find((f) => f.endsWith(`/${name}.md`)) as string);
    expect(run.stdout).toContain("changed: 3\n");
    expect(run.stdout).toContain(`  ${described} (${shown(fileOf(described))}): description\n`);
    expect(run.stdout).toContain(`  ${widened} (${shown(fileOf(widened))}): inputSchema (added promoCode)\n`);
    expect(run.stdout).toContain(`  ${dishonest.name} (${shown(fileOf(dishonest.name))}): inputSchema (removed ${dishonest.key}${wasRequired ? `; no longer required ${dishonest.key}` : ""}${wasClosed ? "" : "; keywords changed additionalProperties"})\n`);
    expect(run.stdout).toContain(`live without a file: 1\n  ${added}: would create ${shown(path.join(files.toolsDir, "misc", `${added}.md`))} with a placeholder default answer built from its outputSchema\n`);
    expect(run.stdout).toContain('(new files go to domain "misc"; pass --domain NAME to choose');
    expect(run.stdout).toContain(`files without a live tool: 1 (kept; delete them if production removed the tool)\n  ${gone} (${shown(fileOf(gone))})\n`);
    // The removed property is still a match key of that tool's scenarios: the check says so.
    const honesty = run.stdout.slice(run.stdout.indexOf("honesty check after import:"));
    expect(honesty).toMatch(/^honesty check after import: \d+ problems the new definitions made \(mend these scenarios\):\n/);
    const escaped = shown(fileOf(dishonest.name)).replace(/[.]/g, "\\.");
    expect(honesty).toMatch(new RegExp(`^  ${escaped}:\\d+: match key "${dishonest.key}" is not an input of ${dishonest.name}$`, "m"));
    // Only the tool whose definition lost an input has new problems.
    for (const line of honesty.split("\n").filter((l) => /^  \S+:\d+: /.test(l))) expect(line.startsWith(`  ${shown(fileOf(dishonest.name))}:`)).toBe(true);
    expect(run.stdout).toContain("dry run: nothing written (4 files would be)");
    expect(run.stdout).toContain("drift: yes (exit 1: --check-drift)");
    expect(run.status).toBe(1);
    for (const [f, text] of before) expect(fs.readFileSync(path.join(files.toolsDir, f), "utf8")).toBe(text);
    expect(fs.existsSync(path.join(files.toolsDir, "misc"))).toBe(false);
  });

  it("rewrites only the json tool block, and the new file passes the honesty check", async () => {
    const file = path.join(files.toolsDir, fs.readdirSync(files.toolsDir, { recursive: true, encoding: "utf8" }).find((f) => f.endsWith(`/${described}.md`)) as string);
    const text = fs.readFileSync(file, "utf8");
    const blockStart = text.indexOf("```json tool\n") + "```json tool\n".length;
    const blockEnd = text.indexOf("\n```", blockStart);
    const run = await runCliInProcess("import", "--from", changedTwin.mcpUrl, "--tools", files.toolsDir);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("wrote 4 files");
    const after = fs.readFileSync(file, "utf8");
    const afterStart = after.indexOf("```json tool\n") + "```json tool\n".length;
    expect(after.slice(0, afterStart)).toBe(text.slice(0, blockStart));
    expect(after.slice(after.indexOf("\n```", afterStart))).toBe(text.slice(blockEnd));
    expect(JSON.parse(after.slice(afterStart, after.indexOf("\n```", afterStart))).description).toBe("Find restaurants near the user (changed in production).");

    const created = path.join(files.toolsDir, "misc", `${added}.md`);
    const check = await runCliInProcess("check", "--tools", files.toolsDir, "--json");
    const problems = (JSON.parse(check.stdout) as { problems: { file: string; message: string }[] }).problems;
    expect(problems.filter((p) => path.resolve(p.file) === created)).toEqual([]);
    expect(problems.some((p) => p.message.startsWith(`match key "${dishonest.key}" is not an input`))).toBe(true);
    // A second import finds only what stays different: the file production no longer lists.
    const again = await runCliInProcess("import", "--from", changedTwin.mcpUrl, "--tools", files.toolsDir, "--check-drift");
    expect(again.stdout).toContain("changed: 0\n");
    expect(again.stdout).toContain("live without a file: 0\n");
    expect(again.stdout).toContain(`files without a live tool: 1`);
    expect(again.status).toBe(1);
  });

  it("names the URL and the fix when nothing listens there, or when it is not an MCP endpoint", async () => {
    const closed = changedTwin.mcpUrl.replace(/:\d+\//, ":9/");
    const refused = await runCliInProcess("import", "--from", "http://127.0.0.1:1/mcp", "--tools", files.toolsDir);
    expect(refused.status).toBe(3);
    expect(refused.stderr).toMatch(/^careem-mcp import: cannot reach http:\/\/127\.0\.0\.1:1\/mcp \(.+\): is the server running, and is the URL right\? Pass the server's MCP endpoint, e\.g\. --from https:\/\/host\/mcp\n$/);
    expect(closed).not.toBe(changedTwin.mcpUrl);
    const notMcp = await runCliInProcess("import", "--from", changedTwin.mcpUrl.replace(/\/mcp$/, "/nothing-here"), "--tools", files.toolsDir);
    expect(notMcp.status).toBe(3);
    expect(notMcp.stderr).toBe(`careem-mcp import: ${changedTwin.mcpUrl.replace(/\/mcp$/, "/nothing-here")} is not an MCP endpoint (HTTP 404): pass the server's streamable HTTP endpoint, usually the URL ending in /mcp\n`);
  });
});
