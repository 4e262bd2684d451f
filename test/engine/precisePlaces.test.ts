// Precise places: --check names the line of the key that breaks the output schema,
// not the response block's first line; and the running server logs a match key that is not an
// input once per change of the file, with --check's words.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkCatalog } from "../../src/check/checkCatalog.js";
import { keyLine } from "../../src/check/keyLine.js";
import { defaults } from "../../src/config.js";
import { listenHttp, type HttpHost } from "../../src/server/http/http.js";

const definition = (outputProperties: string) => `## Definition

\`\`\`json tool
{
  "name": "placed",
  "description": "test",
  "inputSchema": { "type": "object", "properties": { "rideId": { "type": "string" } } },
  "outputSchema": { "type": "object", "required": ["ok"], "properties": ${outputProperties} }
}
\`\`\`
`;

function toolFile(response: string, match = "", outputProperties = '{ "ok": { "type": "boolean" }, "ride": { "type": "object", "properties": { "stops": { "type": "array", "items": { "type": "object", "properties": { "eta": { "type": "integer" } } } } } } }') {
  return `---\ntool: placed\ndomain: x\n---\n\n# placed\n\n## Scenario: s\n\n${match}\`\`\`json response\n${response}\n\`\`\`\n\n## Scenario: d\n\n\`\`\`json response\n{ "ok": true }\n\`\`\`\n\n${definition(outputProperties)}`;
}

const dirs: string[] = [];
function catalogWith(text: string): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-places-"));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, "x"));
  const file = path.join(dir, "x", "placed.md");
  fs.writeFileSync(file, text);
  return { dir, file };
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

// Line numbers count from the file's first line: the response block starts at line 11. The
// temp files lie outside the project, so problems name them by their absolute path.
describe("--check: a schema violation at the offending key's line", () => {
  it.each([
    ["a nested array element's key", '{\n  "ok": true,\n  "ride": {\n    "stops": [\n      { "eta": 3 },\n      { "eta": "soon" }\n    ]\n  }\n}', 16, '/ride/stops/1/eta must be integer {"type":"integer"}'],
    ["a top-level key", '{\n  "ride": {},\n  "ok": "yes"\n}', 13, '/ok must be boolean {"type":"boolean"}'],
    ["a missing required key, at the object that lacks it", '{\n  "ride": {}\n}', 11, '/ must have required property \'ok\' {"missingProperty":"ok"}'],
  ])("%s", (_what, response, line, message) => {
    const { dir, file } = catalogWith(toolFile(response));
    const report = checkCatalog(dir);
    expect(report.problems.map((p) => ({ file: p.file, line: p.line, message: p.message }))).toEqual([{ file, line, message: `scenario "s" response does not validate against outputSchema: ${message}` }]);
  });

  it("an extra key (additionalProperties: false) at its own line", () => {
    const { dir } = catalogWith(toolFile('{\n  "ok": true,\n  "extra": 1\n}', "", '{ "ok": { "type": "boolean" } }').replace('"required": ["ok"],', '"required": ["ok"], "additionalProperties": false,'));
    expect(checkCatalog(dir).problems.map((p) => p.line)).toEqual([13]);
  });

  it("keyLine reads a template: bare placeholders, strings with braces, the deepest prefix found", () => {
    const text = '{\n  "n": {{args.limit}},\n  "s": "a } [ {{x}}",\n  "list": [\n    1,\n    {{= $args.v }}\n  ]\n}';
    expect(keyLine(text, ["s"])).toBe(2);
    expect(keyLine(text, ["list", "1"])).toBe(5);
    expect(keyLine(text, ["list", "7", "deep"])).toBe(3);
    expect(keyLine(text, ["absent"])).toBe(0);
  });
});

describe("the running server: a match key that is not an input", () => {
  let host: HttpHost | undefined;
  afterEach(async () => {
    await host?.close();
    host = undefined;
  });

  it("is logged once per change of the file, with --check's did-you-mean, never per call", async () => {
    const match = '```json match\n{ "rideID": "x" }\n```\n\n';
    const { dir, file } = catalogWith(toolFile('{ "ok": true }', match));
    const lines: string[] = [];
    host = await listenHttp({ ...defaults, port: 0, toolsDir: dir, runDir: dir }, { log: (l) => lines.push(l) });
    await host.ready;
    const warnings = () => lines.filter((l) => l.startsWith("warning:"));
    const expected = `warning: ${file}:11: match key "rideID" is not an input of placed (did you mean "rideId"?); scenario "s" can never match (./careem-mcp.sh check lists every such problem)`;
    expect(warnings()).toEqual([expected]);

    await host.engine.callTool("placed", { rideId: "x" }, { transport: "http" });
    await host.engine.callTool("placed", { rideId: "y" }, { transport: "http" });
    expect(warnings()).toHaveLength(1);

    // A save that keeps the mistake (temp file and rename, one change as an editor makes it): said again, once.
    const save = (text: string) => {
      fs.writeFileSync(`${file}.tmp`, text);
      fs.renameSync(`${file}.tmp`, file);
    };
    save(toolFile('{ "ok": false }', match));
    await vi.waitFor(() => expect(warnings()).toHaveLength(2), { timeout: 20_000, interval: 50 });
    // "Once": a later save with another mistake is said after it, and nothing more of the first
    // came between (the watcher hands changes over in order), so no sleep has to wait for none.
    save(toolFile('{ "ok": true }', '```json match\n{ "rideid": "x" }\n```\n\n'));
    const third = expected.replace('"rideID"', '"rideid"');
    await vi.waitFor(() => expect(warnings()).toHaveLength(3), { timeout: 20_000, interval: 50 });
    expect(warnings()).toEqual([expected, expected, third]);
  }, 40_000);
});
