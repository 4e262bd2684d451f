// Security at engine and CLI level: `scenario` and `--tools` stay inside their
// directories, `.run/overrides.json` in any state never crashes a call, and the engine has no
// path to eval, child processes or the network.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { OverridesReader } from "../../src/overrides/overridesFile.js";
import { runCliInProcess } from "../cli/runCliInProcess.js";
import { projectRoot, requireBuild } from "./spawnServer.js";
import { specifiers } from "../architecture/imports.js";

let root: string;
let tools: string;
let run: string;

const healthy = (name: string) =>
  `---\ntool: ${name}\n---\n\n## Scenario: found\n\n\`\`\`json match\n{ "rideId": "ride_1" }\n\`\`\`\n\n\`\`\`json response\n{ "scenario": "found" }\n\`\`\`\n\n## Scenario: other\n\n\`\`\`json response\n{ "scenario": "other" }\n\`\`\`\n\n## Definition\n\n\`\`\`json tool\n{"name": "${name}", "inputSchema": {"type": "object", "properties": {"rideId": {"type": "string"}}}}\n\`\`\`\n`;

/** The real `scenario` command, run in process (test/cli/runCliInProcess.ts). */
function scenario(...args: string[]) {
  return runCliInProcess("scenario", ...args, "--tools", tools, "--run-dir", run);
}

/** Every path under a directory, for before/after comparisons. */
function snapshot(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).sort();
}

const overridesFile = () => path.join(run, "overrides.json");

beforeAll(() => {
  requireBuild();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "careem-safety-"));
  tools = path.join(root, "catalog", "tools");
  run = path.join(root, "run");
  fs.mkdirSync(path.join(tools, "rides"), { recursive: true });
  fs.mkdirSync(run);
  fs.writeFileSync(path.join(tools, "rides", "healthy.md"), healthy("healthy"));
  // A valid tool one directory above the catalog: reachable only by traversal.
  fs.writeFileSync(path.join(root, "catalog", "escaped.md"), healthy("escaped"));
  fs.writeFileSync(path.join(root, "outside.md"), healthy("outside"));
  fs.symlinkSync(path.join(root, "outside.md"), path.join(tools, "rides", "outside.md"));
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("scenario: names never become paths", () => {
  const hostileTools = [
    "../../etc/passwd",
    "../escaped",
    "../../outside",
    "rides/healthy",
    "/etc/passwd",
    "healthy/../healthy",
    "healthy.md",
    "..",
    ".",
    "outside",
    "escaped",
    "__proto__",
    "constructor",
  ];

  it.each(hostileTools.filter((t) => t !== "outside"))("scenario %j <x> is refused with the list of valid tools, writing nothing", async (tool) => {
    const before = snapshot(root);
    const r = await scenario(tool, "found");
    expect(r.status).toBe(1);
    // outside.md, the link into the catalog, is listed by name (so it can be named), never read.
    expect(r.stderr).toMatch(/^scenario: unknown tool ".*" in .*; valid tools: healthy, outside\n$/s);
    expect(snapshot(root)).toEqual(before);
  });

  it("scenario outside <x>, a link into the catalog, is refused as a link: never followed, writing nothing", async () => {
    const before = snapshot(root);
    const r = await scenario("outside", "found");
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^scenario: the tool file of outside is broken, fix it first:\n {2}\S*outside\.md:1: is a symbolic link, and tool files are never read through links/);
    expect(snapshot(root)).toEqual(before);
  });

  it.each(["../../etc/passwd", "../found", "found/..", "__proto__", "constructor"])("scenario healthy %j is refused with the list of valid scenarios", async (name) => {
    const before = snapshot(root);
    const r = await scenario("healthy", name);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`scenario: unknown scenario ${JSON.stringify(name)} of healthy; valid scenarios: found, other\n`);
    expect(snapshot(root)).toEqual(before);
  });

  it('scenario healthy "" is no name: it lists the scenarios and writes nothing', async () => {
    const before = snapshot(root);
    const r = await scenario("healthy", "");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("found\nother  (default)\n");
    expect(snapshot(root)).toEqual(before);
  });

  it("forcing writes overrides.json in the run dir and nowhere else, leaving no temp file", async () => {
    const catalogBefore = snapshot(path.join(root, "catalog"));
    const cwdBefore = snapshot(path.join(projectRoot, ".run"));
    expect((await scenario("healthy", "other")).status).toBe(0);
    expect(snapshot(run)).toEqual(["overrides.json"]);
    expect(JSON.parse(fs.readFileSync(overridesFile(), "utf8"))).toEqual({ healthy: "other" });
    expect(snapshot(path.join(root, "catalog"))).toEqual(catalogBefore);
    expect(snapshot(path.join(projectRoot, ".run"))).toEqual(cwdBefore);
    expect((await scenario("--clear-all")).status).toBe(0);
  });

  it("--tools given after the subcommand is the catalog actually checked", async () => {
    const r = await scenario("healthy");
    expect(r.stdout).toBe("found\nother  (default)\n");
  });

  // Regression: overrides objects have no prototype, so "constructor" is never inherited.
  it("scenario constructor --clear with nothing forced says so and writes nothing", async () => {
    fs.rmSync(overridesFile(), { force: true });
    const r = await scenario("constructor", "--clear");
    expect(r.stdout).toBe("constructor: nothing forced\n");
    expect(fs.existsSync(overridesFile())).toBe(false);
  });
});

describe("overrides.json in any state never crashes a call", () => {
  const states: [label: string, write: () => void][] = [
    ["empty", () => fs.writeFileSync(overridesFile(), "")],
    ["half-written object", () => fs.writeFileSync(overridesFile(), '{"healthy": "oth')],
    ["only a brace", () => fs.writeFileSync(overridesFile(), "{")],
    ["null", () => fs.writeFileSync(overridesFile(), "null")],
    ["an array", () => fs.writeFileSync(overridesFile(), '["healthy", "other"]')],
    ["a string", () => fs.writeFileSync(overridesFile(), '"healthy"')],
    ["a number value", () => fs.writeFileSync(overridesFile(), '{"healthy": 5}')],
    ["binary garbage", () => fs.writeFileSync(overridesFile(), Buffer.from([0, 255, 1, 254, 123, 0]))],
    ["__proto__ entry", () => fs.writeFileSync(overridesFile(), '{"__proto__": {"healthy": "other"}}')],
    ["constructor entry", () => fs.writeFileSync(overridesFile(), '{"constructor": "other"}')],
    ["a directory", () => fs.mkdirSync(overridesFile())],
    ["a dangling symlink", () => fs.symlinkSync(path.join(root, "nowhere.json"), overridesFile())],
    ["8 MB of whitespace then an object", () => fs.writeFileSync(overridesFile(), `${" ".repeat(8 * 1024 * 1024)}{"healthy": "other"}`)],
    ["a 10,000-deep value", () => fs.writeFileSync(overridesFile(), `{"x": ${"[".repeat(10_000)}${"]".repeat(10_000)}, "healthy": "other"}`)],
  ];

  const clear = () => fs.rmSync(overridesFile(), { recursive: true, force: true });

  it.each(states)("%s: the call answers, selecting normally unless a string entry forces it", (label, write) => {
    clear();
    write();
    const engine = new Engine({ toolsDir: tools, forced: new OverridesReader(run) });
    const outcome = engine.callTool("healthy", { rideId: "ride_1" });
    expect(outcome.kind).toBe("result");
    if (outcome.kind !== "result") return;
    const forced = label.startsWith("8 MB") || label.startsWith("a 10,000-deep");
    expect(outcome.scenario).toBe(forced ? "other" : "found");
    expect(outcome.selectedBy).toBe(forced ? "forced" : "matched");
    expect(({} as Record<string, unknown>).healthy).toBeUndefined();
    clear();
  });

  it("the CLI copes with a half-written file: lists with a warning, forces over it, resets it", async () => {
    fs.writeFileSync(overridesFile(), '{"healthy": "oth');
    const listed = await scenario();
    expect(listed.status).toBe(0);
    expect(listed.stderr).toMatch(/^scenario: ignoring .*overrides\.json: .* \(run \.\/careem-mcp\.sh scenario --clear-all to reset it\)\n$/);
    expect((await scenario("healthy", "other")).status).toBe(0);
    expect(JSON.parse(fs.readFileSync(overridesFile(), "utf8"))).toEqual({ healthy: "other" });
    expect((await scenario("--clear-all")).status).toBe(0);
    expect(JSON.parse(fs.readFileSync(overridesFile(), "utf8"))).toEqual({});
  });

  it("a scenario flipped 200 times by another process is always read whole: forced A or forced B, never a warning", async () => {
    clear();
    const engine = new Engine({ toolsDir: tools, forced: new OverridesReader(run) });
    const writer = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { writeOverrides } from ${JSON.stringify(path.join(projectRoot, "dist/overrides/overridesFile.js"))};
         for (let i = 0; i < 200; i++) writeOverrides(${JSON.stringify(run)}, { healthy: i % 2 ? "found" : "other" });`,
      ],
      { stdio: "ignore" },
    );
    let finished = false;
    const done = new Promise<void>((resolve) => writer.once("exit", () => resolve()));
    void done.then(() => (finished = true));
    let calls = 0;
    while (!finished) {
      const outcome = engine.callTool("healthy", {});
      calls++;
      expect(outcome.kind === "result" && outcome.warnings).toEqual([]);
      if (outcome.kind === "result") expect(["found", "other"]).toContain(outcome.scenario);
      await new Promise((r) => setImmediate(r));
    }
    expect(calls).toBeGreaterThan(5);
    expect(snapshot(run)).toEqual(["overrides.json"]);
  });
});

describe("the engine has no way to run code, spawn processes or reach the network", () => {
  // The pipeline's rooms: the engine, what it is built on, its state, its schema matching and the world it reads.
  const rooms = ["base", "goJson", "toolFile", "jsonata", "template", "engine", "forcing", "state", "schemaMatch", "world"];
  // Every file of each room, its subfolders included.
  const files = rooms.flatMap((room) =>
    fs
      .readdirSync(path.join(projectRoot, "src", room), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts"))
      .map((f) => `${room}/${f.split(path.sep).join("/")}`),
  );

  // The one exception: the world room runs the catalog's world modules (tools/_world/*.ts), which
  // are the catalog's own code, as Node runs any module it is given (docs/security.md).
  const moduleLoader = "world/moduleLoader.ts";

  it("only the world module loader runs code, and only the catalog's world modules", () => {
    const source = fs.readFileSync(path.join(projectRoot, "src", moduleLoader), "utf8");
    expect(specifiers(source).sort()).toEqual(["../base/displayPath.js", "../base/types.js", "node:fs", "node:module", "node:path", "node:vm", "sucrase"]);
  });

  it.each(files.filter((f) => f !== moduleLoader))("src/%s imports only pure modules and never evaluates text", (file) => {
    const source = fs.readFileSync(path.join(projectRoot, "src", file), "utf8");
    const imports = specifiers(source);
    // jsonata interprets its own expression language; it has no eval or new Function (checked in 1.8.7).
    const allowed = /^(\.\/|\.\.\/(base|goJson|toolFile|jsonata|template|engine|forcing|state|schemaMatch|world)\/[A-Za-z]+\.js$|\.\.\/overrides\/overridesFile\.js$|node:(fs|path|crypto)$|ajv|ajv-formats$|gray-matter$|remark-parse$|unified$|jsonata$)/;
    expect(imports.filter((i) => !allowed.test(i))).toEqual([]);
    expect(source).not.toMatch(/\beval\s*\(|new Function\s*\(|\brequire\s*\(|\bimport\s*\(|child_process|node:vm|node:net|node:http/);
  });
});
