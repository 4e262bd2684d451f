// The runtime broken-file corpus (a broken file never takes the server down): one catalog holding a
// healthy tool, the --check corpus, this suite's runtime-only corpus and files made on the spot
// (binary, vanishing, symlinks out of the catalog, a FIFO, ...). The engine keeps serving every
// other tool, leaves each broken file out of tools/list, names it as file:line: reason in the
// failing call and its log, and never reads anything outside the catalog.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { checkCatalog } from "../../src/check/checkCatalog.js";
import { Engine, formatProblem } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";
import type { CallOutcome } from "../../src/base/types.js";
import { projectRoot, spawnServer } from "./spawnServer.js";

const runtimeCorpus = path.join(projectRoot, "test/fixtures/broken-runtime/tools");
const checkCorpus = path.join(projectRoot, "test/fixtures/broken/tools");

const toolFile = (name: string, response = '{ "ok": true }', inputSchema = '{"type": "object"}') =>
  `---\ntool: ${name}\n---\n\n# ${name}\n\n## Scenario: ok\n\n\`\`\`json response\n${response}\n\`\`\`\n\n## Definition\n\n\`\`\`json tool\n{"name": "${name}", "inputSchema": ${inputSchema}}\n\`\`\`\n`;

let root: string;
let tools: string;
let outside: string;
let engine: Engine;
/** Shown paths are relative to the working directory when inside it; the temp catalog is not. */
const shown = (rel: string) => path.join(tools, rel);

// [file under the catalog, line, message]: files the engine refuses to serve.
const refused: [string, number, string][] = [
  ["misc/bad_rand_range.md", 12, 'scenario "ok": json response placeholder {{rand:9-1}} needs a range low-high with low <= high, e.g. {{rand:1000-9999}}'],
  ["misc/duplicate_scenario.md", 15, 'duplicate scenario "ok" (scenario names must be unique in a file)'],
  ["misc/front_matter_list.md", 1, 'front matter has no "tool:" (add tool: front_matter_list)'],
  ["misc/js_front_matter.md", 1, "front matter is not valid YAML: only YAML front matter is allowed (remove the language after the opening ---)"],
  ["misc/output_schema_not_object.md", 18, 'outputSchema must be a JSON Schema object with "type": "object"'],
  ["misc/response_and_error.md", 15, 'scenario "ok" has both json response and json error (a scenario answers one way)'],
  ["misc/scenario_without_name.md", 9, "scenario heading has no name (write ## Scenario: <name>)"],
  ["misc/second_match_block.md", 15, 'scenario "m" has a second json match block (keep one)'],
  ["misc/toml_front_matter.md", 1, 'front matter is not valid YAML: gray-matter engine "toml" is not registered'],
  ["misc/tool_block_array.md", 18, "json tool block must be a JSON object (the MCP tool)"],
  ["misc/unclosed_bare_placeholder.md", 13, 'scenario "ok": json response unclosed placeholder: a bare {{ has no matching }}'],
  ["misc/unclosed_fence.md", 15, "json tool block: invalid JSON at column 1: Unexpected non-whitespace character after JSON"],
  ["misc/unclosed_front_matter.md", 8, "front matter is not valid YAML: end of the stream or a document separator is expected"],
  ["misc/unknown_fault.md", 12, 'scenario "ok": json dynamics: unknown fault "timeout" (known: hang, drop-connection, http-429, http-500, http-502, http-503, malformed-response, session-expired, no-structured-content, invalid-output)'],
  ["misc/unknown_time_format.md", 12, 'scenario "ok": json response placeholder {{now|month}} has unknown format |month (use |date, |weekday, |hhmm or |daylabel)'],
  ["misc/yaml_js_tag.md", 2, "front matter is not valid YAML: unknown tag !<tag:yaml.org,2002:js/function>"],
  // Made on the spot in beforeAll:
  ["made/binary.md", 1, "file is binary, not markdown (a tool file is UTF-8 text)"],
  ["made/whitespace_only.md", 1, "file is empty (a tool file needs front matter, scenarios and a ## Definition)"],
  ["made/deep_template.md", 10, 'scenario "ok": json response cannot be compiled: Maximum call stack size exceeded (is it nested thousands of levels deep?)'],
  ["made/deep_schema.md", 16, "inputSchema does not compile: Maximum call stack size exceeded"],
  // A linked tool file is never read, but named: before, it silently became an unknown tool.
  ["made/linked_tool.md", 1, "is a symbolic link, and tool files are never read through links (copy the file into the tools directory instead)"],
];

/** Files that exist in the catalog directory but are never tools: never listed, never read. */
const ignored = ["outside_dir_tool", "fifo_tool", "hidden_tool", "README", "backup_tool", "upper_tool"];

function toolName(rel: string): string {
  return path.basename(rel, ".md");
}

function text(outcome: CallOutcome): string {
  if (outcome.kind !== "result") return outcome.message;
  return outcome.result.content[0]?.text ?? "";
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "careem-broken-"));
  tools = path.join(root, "tools");
  outside = path.join(root, "outside");
  fs.cpSync(runtimeCorpus, tools, { recursive: true });
  fs.cpSync(checkCorpus, tools, { recursive: true });
  const made = path.join(tools, "made");
  fs.mkdirSync(made);
  fs.mkdirSync(path.join(outside, "dir"), { recursive: true });

  fs.writeFileSync(path.join(made, "binary.md"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]));
  fs.writeFileSync(path.join(made, "whitespace_only.md"), "  \n\n\t\r\n");
  fs.writeFileSync(path.join(made, "deep_template.md"), toolFile("deep_template", `${"[".repeat(10_000)}${"]".repeat(10_000)}`));
  const deepSchema = `{"type": "object", "properties": {"a": ${'{"type": "object", "properties": {"a": '.repeat(3000)}{}${"}}".repeat(3000)}}}`;
  fs.writeFileSync(path.join(made, "deep_schema.md"), toolFile("deep_schema", '{ "ok": true }', deepSchema));
  // Invalid UTF-8 is decoded with U+FFFD, as Go's encoding/json does: the file still serves.
  const [before, after] = toolFile("invalid_utf8", '{ "text": "a@@" }').split("@@") as [string, string];
  fs.writeFileSync(path.join(made, "invalid_utf8.md"), Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(after)]));

  // Tools that live outside the catalog, reachable only through symbolic links.
  fs.writeFileSync(path.join(outside, "linked_tool.md"), toolFile("linked_tool"));
  fs.writeFileSync(path.join(outside, "dir", "outside_dir_tool.md"), toolFile("outside_dir_tool"));
  fs.symlinkSync(path.join(outside, "linked_tool.md"), path.join(made, "linked_tool.md"));
  fs.symlinkSync(path.join(outside, "dir"), path.join(made, "linked_dir"));
  // A FIFO: reading it would block the server forever.
  execFileSync("mkfifo", [path.join(made, "fifo_tool.md")]);
  // A directory named like a tool file is walked, not read.
  fs.mkdirSync(path.join(made, "dir_tool.md"));
  fs.writeFileSync(path.join(made, "dir_tool.md", "nested_tool.md"), toolFile("nested_tool"));
  fs.writeFileSync(path.join(made, ".hidden_tool.md"), toolFile("hidden_tool"));
  fs.writeFileSync(path.join(made, "README.md"), toolFile("README"));
  fs.writeFileSync(path.join(made, "backup_tool.md.bak"), toolFile("backup_tool"));
  fs.writeFileSync(path.join(made, "upper_tool.MD"), toolFile("upper_tool"));

  engine = new Engine({ toolsDir: tools, forced: new OverridesReader(path.join(root, "run")) });
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe("broken tool files at runtime", () => {
  it("tools/list serves exactly the healthy tools", () => {
    const listed = engine.listTools().map((t) => t.name);
    // Healthy, plus the --check corpus files whose problems only --check sees.
    expect(listed).toEqual([
      "format_mismatch",
      "healthy",
      "invalid_output_validates",
      "invalid_utf8",
      "misplaced_tool",
      "nested_tool",
      "no_default",
      "output_mismatch",
      "proto_keys",
      "response_not_object",
      "state_read_unwritten",
      "unknown_arg_placeholder",
      "unknown_match_key",
      "unknown_nested_match_key",
    ]);
  });

  it.each(refused)("%s:%i is named in the failing call and its log line", (rel, line, message) => {
    const name = toolName(rel);
    const expected = `${shown(rel)}:${line}: ${message}`;
    const outcome = engine.callTool(name, {});
    expect(outcome.kind).toBe("result");
    if (outcome.kind !== "result") return;
    expect(outcome.result.isError).toBe(true);
    expect(outcome.result.structuredContent).toBeUndefined();
    expect(text(outcome)).toBe(`tool file for ${name} is broken: ${expected}`);
    expect(outcome.warnings).toEqual([text(outcome)]);
    expect(engine.problems().map(formatProblem)).toContain(expected);
    // ... and the healthy tool still answers, right after.
    expect(text(engine.callTool("healthy", { rideId: "ride_1" }))).toBe('{"ok":true,"rideId":"ride_1"}');
  });

  it("every file of the --check corpus is either served or named, and runtime agrees with --check", () => {
    const check = checkCatalog(checkCorpus).problems.map((p) => `${path.basename(p.file)}:${p.line}: ${p.message}`);
    const runtime = new Engine({ toolsDir: checkCorpus, forced: new OverridesReader(path.join(root, "run")) });
    const listed = new Set(runtime.listTools().map((t) => t.name));
    const files = fs.readdirSync(checkCorpus, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md"));
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const problem of runtime.problems()) {
      // Load problems are a subset of what --check reports, with the same line and words.
      expect(check).toContain(`${path.basename(problem.file)}:${problem.line}: ${problem.message}`);
      expect(listed.has(toolName(problem.file))).toBe(false);
    }
    for (const file of files) {
      const name = toolName(file);
      const outcome = runtime.callTool(name, {});
      expect(outcome.kind, file).toBe("result");
      if (!listed.has(name) && outcome.kind === "result") expect(text(outcome)).toMatch(new RegExp(`^tool file for ${name} is broken: .*${name}\\.md:\\d+: `));
    }
  });

  it("no default: arguments no scenario matches get an error naming the file", () => {
    const outcome = engine.callTool("no_default", { rideId: "nothing-matches" });
    expect(text(outcome)).toBe(`no scenario of no_default matches these arguments and ${shown("rides/no_default.md")} has no default scenario (add a ## Scenario without a json match block)`);
    expect(engine.callTool("no_default", { rideId: "x" }).kind).toBe("result");
  });

  it("a response that breaks its outputSchema is logged with its place and answered as go-sdk's typed handler answers it", () => {
    const outcome = engine.callTool("output_mismatch", { rideId: "x" });
    expect(outcome.kind === "result" && outcome.warnings.some((w) => w.includes("output_mismatch.md:17: scenario \"wrong-type\" output does not match outputSchema"))).toBe(true);
    // Never sent as a result: a JSON-RPC error, code 0, in the Go validator's words (v1.6.1, measured).
    expect(outcome.kind === "result" && outcome.rpcError).toEqual({ code: 0, message: 'validating tool output: validating root: validating /properties/success: type: yes has type "string", want "boolean"' });
    expect(engine.callTool("output_mismatch", { rideId: "y" })).not.toHaveProperty("rpcError");
  });

  it("invalid UTF-8 in a file is decoded as U+FFFD and served", () => {
    expect(JSON.parse(text(engine.callTool("invalid_utf8", {})))).toEqual({ text: "a\ufffd\ufffd\ufffd" });
  });

  it("---js front matter and YAML js tags are never evaluated", () => {
    engine.listTools();
    engine.callTool("js_front_matter", {});
    engine.callTool("yaml_js_tag", {});
    expect((globalThis as Record<string, unknown>).__careemFrontMatterRan).toBeUndefined();
    expect((globalThis as Record<string, unknown>).__careemYamlRan).toBeUndefined();
    expect(fs.existsSync("/tmp/careem-front-matter-ran")).toBe(false);
  });

  it("__proto__ and constructor keys in match blocks, responses and input names stay data", () => {
    const withProto = JSON.parse('{"__proto__": {"rideId": "x"}, "constructor": "c"}') as Record<string, unknown>;
    const matched = engine.callTool("proto_keys", withProto);
    expect(matched.kind === "result" && matched.scenario).toBe("proto");
    // {} inherits "constructor" from Object.prototype: neither the matcher nor the validator may see it.
    const plain = engine.callTool("proto_keys", { rideId: "r" });
    expect(plain.kind === "result" && plain.scenario).toBe("echo");
    expect(text(plain)).toBe('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"rideId":"r"}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(ignored)("%s (under a linked folder, FIFO, hidden, README, other extensions) is never a tool", (name) => {
    expect(engine.listTools().map((t) => t.name)).not.toContain(name);
    expect(engine.callTool(name, {})).toEqual({ kind: "unknown-tool", code: -32602, message: `unknown tool "${name}"` });
  });

  it("nothing outside the catalog is stat'ed, listed or read, symlink targets included", () => {
    const touched: string[] = [];
    for (const fn of ["readFileSync", "statSync", "readdirSync", "openSync", "lstatSync", "realpathSync"] as const) {
      const original = fs[fn] as (...a: unknown[]) => unknown;
      vi.spyOn(fs, fn).mockImplementation(((...a: unknown[]) => {
        // A number is a descriptor from openSync, whose path is recorded already. lstat of a link
        // reads the link itself, not its target: that is how a linked tool file is named.
        if (typeof a[0] !== "number" && !(fn === "lstatSync" && String(a[0]).endsWith("linked_tool.md"))) touched.push(String(a[0]));
        return original.apply(fs, a);
      }) as never);
    }
    const fresh = new Engine({ toolsDir: tools, forced: new OverridesReader(path.join(root, "run")) });
    fresh.listTools();
    for (const name of [...ignored, "healthy", "linked_dir"]) fresh.callTool(name, {});
    expect(touched.length).toBeGreaterThan(10);
    const allowed = [tools + path.sep, path.join(root, "run") + path.sep];
    const strays = touched.filter((p) => p !== tools && !allowed.some((a) => p.startsWith(a)));
    expect(strays, JSON.stringify(strays)).toEqual([]);
    expect(touched.filter((p) => p.startsWith(outside) || /linked_(tool|dir)/.test(p))).toEqual([]);
  });

  it.each([
    ["EACCES", "cannot be read: permission denied (make it readable: chmod a+r)"],
    ["EISDIR", "is a directory, not a tool file (rename the folder so it does not end in .md)"],
    ["EIO", "cannot be read: EIO"],
  ])("a file that cannot be read (%s) is named in the call, in the problems (log) and by --check", (code, message) => {
    const name = `unreadable_${code.toLowerCase()}`;
    const file = path.join(tools, "made", `${name}.md`);
    fs.writeFileSync(file, toolFile(name));
    // The suite runs as root here, where chmod 000 does not stop a read: the refusal is simulated.
    const original = fs.openSync;
    vi.spyOn(fs, "openSync").mockImplementation(((f: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode) => {
      if (f === file) throw Object.assign(new Error(`${code}: refused, open '${file}'`), { code });
      return original(f, flags as fs.OpenMode, mode);
    }) as typeof fs.openSync);
    const fresh = new Engine({ toolsDir: tools, forced: new OverridesReader(path.join(root, "run")) });
    const expected = `${shown(`made/${name}.md`)}:1: ${message}`;
    expect(text(fresh.callTool(name, {}))).toBe(`tool file for ${name} is broken: ${expected}`);
    expect(fresh.problems().map(formatProblem)).toContain(expected);
    expect(checkCatalog(tools).problems.map(formatProblem)).toContain(expected);
    vi.restoreAllMocks();
    fs.rmSync(file);
  });

  it("a file that vanishes between listing and reading is an unknown tool, not a crash", () => {
    const vanish = path.join(tools, "made", "vanishing.md");
    fs.writeFileSync(vanish, toolFile("vanishing"));
    expect(engine.listTools().map((t) => t.name)).toContain("vanishing");
    fs.appendFileSync(vanish, "\n"); // a new stat, so the next access reads it again
    const original = fs.openSync;
    vi.spyOn(fs, "openSync").mockImplementation(((file: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode) => {
      if (file === vanish && fs.existsSync(vanish)) fs.unlinkSync(vanish);
      return original(file, flags as fs.OpenMode, mode);
    }) as typeof fs.openSync);
    expect(engine.callTool("vanishing", {})).toEqual({ kind: "unknown-tool", code: -32602, message: 'unknown tool "vanishing"' });
    vi.restoreAllMocks();
    expect(engine.listTools().map((t) => t.name)).not.toContain("vanishing");
    expect(text(engine.callTool("healthy", {}))).toBe('{"ok":true}');
  });

  it("keeps answering while another process adds, rewrites, truncates and deletes files", async () => {
    const churn = path.join(tools, "churn");
    fs.mkdirSync(churn);
    const writer = spawn(
      process.execPath,
      [
        "-e",
        `const fs = require("fs"), path = require("path");
         const dir = ${JSON.stringify(churn)}; const good = ${JSON.stringify(toolFile("churn_0"))};
         const end = Date.now() + 1500; let i = 0;
         while (Date.now() < end) {
           const n = i % 5, f = path.join(dir, "churn_" + n + ".md"); i++;
           const text = good.replace(/churn_0/g, "churn_" + n);
           switch (i % 4) {
             case 0: fs.writeFileSync(f, text); break;
             case 1: fs.writeFileSync(f, text.slice(0, (i * 7) % text.length)); break;
             case 2: try { fs.unlinkSync(f); } catch {} break;
             case 3: fs.writeFileSync(f + ".tmp", text); fs.renameSync(f + ".tmp", f); break;
           }
         }`,
      ],
      { stdio: "ignore" },
    );
    const done = new Promise<void>((resolve) => writer.once("exit", () => resolve()));
    let calls = 0;
    let finished = false;
    void done.then(() => (finished = true));
    while (!finished) {
      engine.listTools();
      for (let n = 0; n < 5; n++) {
        const outcome = engine.callTool(`churn_${n}`, {});
        calls++;
        if (outcome.kind === "unknown-tool") continue;
        const t = text(outcome);
        // Whole file: its response. Half-written: named as broken. Never anything else.
        if (!outcome.result.isError) expect(t).toBe('{"ok":true}');
        else expect(t).toMatch(new RegExp(`^tool file for churn_${n} is broken: .*churn_${n}\\.md:\\d+: `));
      }
      await new Promise((r) => setImmediate(r));
    }
    await done;
    expect(calls).toBeGreaterThan(100);
    expect(text(engine.callTool("healthy", {}))).toBe('{"ok":true}');
  });
});

describe("broken tool files through the real server", () => {
  it("logs each broken file as file:line: reason, serves the rest, and names it in the failing call", async () => {
    const server = await spawnServer({ toolsDir: tools, runDir: path.join(root, "run") });
    try {
      const client = new Client({ name: "broken-files", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
      const { tools: listed } = await client.listTools();
      expect(listed.map((t) => t.name)).toContain("healthy");
      for (const [rel, line, message] of refused) {
        const expected = `${shown(rel)}:${line}: ${message}`;
        // Logged once the background catalog load finishes, which may be just after listTools.
        await expect.poll(() => server.stderr(), { timeout: 10_000 }).toContain(`broken tool file (left out of tools/list): ${expected}`);
        expect(listed.map((t) => t.name)).not.toContain(toolName(rel));
        const result = await client.callTool({ name: toolName(rel), arguments: {} });
        expect(result.isError).toBe(true);
        expect(result.content).toEqual([{ type: "text", text: `tool file for ${toolName(rel)} is broken: ${expected}` }]);
      }
      const healthy = await client.callTool({ name: "healthy", arguments: { rideId: "ride_1" } });
      expect(healthy.structuredContent).toEqual({ ok: true, rideId: "ride_1" });
      await client.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
