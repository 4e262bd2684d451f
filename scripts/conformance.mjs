#!/usr/bin/env node
// External MCP clients nobody here wrote, against the built server (dist/):
//   (a) the official conformance suite's server scenarios that fit any server, against the
//       real tools/ catalog over /mcp (its declared latencies scaled to 0);
//   (a') its tool-call scenarios (progress, logging and errors during a call), against the
//       fixture catalog test/fixtures/conformance-tools written for them, latencies as declared;
//   (b) the MCP Inspector CLI (two versions, see below) doing tools/list, tools/call,
//       resources/list and resources/read over /mcp, /sse and stdio against the transport
//       tests' catalog, each JSON output compared with what production would answer;
//   (c) the Inspector CLI with a bearer header against `--auth` (a token from the local
//       authorization server, signed in over plain HTTP as a client would).
// The clients are installed from npm at pinned versions, once, into a cache outside the
// project's tree (~/.cache/careem-mcp-clients, or under $XDG_CACHE_HOME). Exit 1 on any
// failure; the last line is `conformance: N passed, N failed`.
//
//   node scripts/conformance.mjs            (npm run conformance; ./careem-mcp.sh test runs it)
//   CAREEM_MCP_CLIENTS_CACHE=DIR            install the clients somewhere else
import { execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { runReadmeSnippets } from "./readmeSnippets.mjs";
import { serverNodeFlags } from "./serverNodeFlags.mjs";

const root = path.resolve(import.meta.dirname, "..");
const cli = path.join(root, "dist", "cli.js");
const fixtureCatalog = path.join(root, "test", "fixtures", "catalog");
const conformanceCatalog = path.join(root, "test", "fixtures", "conformance-tools");
// Outside the project's tree, so `npm ci` (which empties node_modules) doesn't throw it away.
const cacheRoot =
  process.env.CAREEM_MCP_CLIENTS_CACHE ?? path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "careem-mcp-clients");

// 0.1.13 is the last conformance release that runs on Node 20.
const conformance = { name: "@modelcontextprotocol/conformance", version: "0.1.13", bin: "dist/index.js" };
// Two Inspectors, because `npx @modelcontextprotocol/inspector` resolves differently by Node
// version: on Node 20 npm skips releases whose engines exclude it and picks 0.15.0; on Node 22
// it picks the newest, 2.12.0 (which declares node >= 22.19 but whose CLI mode runs on Node 20
// for every check below, so it is installed with engine-strict off).
const inspectors = [
  { name: "@modelcontextprotocol/inspector", version: "0.15.0", bin: "cli/build/cli.js" },
  { name: "@modelcontextprotocol/inspector", version: "2.12.0", bin: "clients/launcher/build/index.js" },
];

const serverScenarios = [
  "server-initialize",
  "ping",
  "tools-list",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
  "logging-set-level",
  "resources-list",
];

// Each needs the tool of the same purpose in test/fixtures/conformance-tools.
const toolCallScenarios = ["tools-call-simple-text", "tools-call-error", "tools-call-with-logging", "tools-call-with-progress"];

const results = [];
function record(name, ok, detail = "") {
  results.push({ name, ok });
  process.stdout.write(`${ok ? "ok  " : "FAIL"} ${name}${!ok && detail ? `\n     ${detail.replace(/\n/g, "\n     ")}` : ""}\n`);
}

/**
 * Installs a pinned package into its own folder of the cache (once) and returns its bin path.
 * The install goes to a private temp folder that is renamed into place only when npm finished,
 * with a marker written last: two runs installing at once, or one killed midway, once left a
 * folder whose package.json existed while a dependency (yaml) was missing, and every later run
 * trusted it. A folder without the marker is thrown away and installed again.
 */
function install(pkg) {
  const dir = path.join(cacheRoot, `${pkg.name.replace(/[@/]/g, "_")}-${pkg.version}`);
  const pkgDir = path.join(dir, "node_modules", ...pkg.name.split("/"));
  const marker = path.join(dir, ".installed");
  if (!fs.existsSync(marker)) {
    process.stderr.write(`conformance: installing ${pkg.name}@${pkg.version} into ${dir}\n`);
    fs.mkdirSync(cacheRoot, { recursive: true });
    const temp = `${dir}.tmp-${process.pid}`;
    fs.rmSync(temp, { recursive: true, force: true });
    fs.mkdirSync(temp, { recursive: true });
    execFileSync(
      "npm",
      ["install", "--prefix", temp, "--no-audit", "--no-fund", "--loglevel=error", "--engine-strict=false", `${pkg.name}@${pkg.version}`],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
    fs.writeFileSync(path.join(temp, ".installed"), `${pkg.name}@${pkg.version}\n`);
    fs.rmSync(dir, { recursive: true, force: true });
    try {
      fs.renameSync(temp, dir);
    } catch (err) {
      // Another run renamed its complete install into place first: use that one.
      fs.rmSync(temp, { recursive: true, force: true });
      if (!fs.existsSync(marker)) throw err;
    }
  }
  return path.join(pkgDir, pkg.bin);
}

function run(command, args, { timeoutMs = 120_000, cwd = root } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/**
 * Starts `node dist/cli.js` on a free loopback port; resolves once its ready line names /mcp.
 * Declared latencies are scaled to 0 unless `extraArgs` passes its own --delay-scale (the last wins).
 */
function startServer(toolsDir, runDir, extraArgs = []) {
  const child = spawn(process.execPath, [...serverNodeFlags, cli, "--port", "0", "--tools", toolsDir, "--run-dir", runDir, "--delay-scale", "0", ...extraArgs], { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  return new Promise((resolve, reject) => {
    // Beside vitest on two cores a start can take long; 60 s is still a bound.
    const timer = setTimeout(() => reject(new Error(`server not ready within 60 s:\n${log}`)), 60_000);
    child.stderr.on("data", (chunk) => {
      log += chunk;
      const ready = /listening on (http:\/\/\S+)\/mcp \S+ \S+ and (http:\/\/\S+\/sse)/.exec(log);
      if (ready) {
        clearTimeout(timer);
        resolve({ base: ready[1], stop: () => stop(child), log: () => log });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${log}`));
    });
  });
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

/** The `json tool` blocks of a catalog, sorted by name: what tools/list must return. */
function definitions(dir) {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => JSON.parse(/```json tool\n([\s\S]*?)\n```/.exec(fs.readFileSync(path.join(dir, f), "utf8"))[1]))
    .sort((a, b) => a.name.localeCompare(b.name));
}

// Production's widget resource as the service's description gives it
// (test/fixtures/widget-resource.json), shared with the transport tests.
const widgetFixture = JSON.parse(fs.readFileSync(new URL("../test/fixtures/widget-resource.json", import.meta.url), "utf8"));
const widgetResource = widgetFixture.resource;
const widgetMeta = widgetResource._meta;
const widgetDomain = widgetMeta.domain;
// Keys sorted and no isError:false, as the go-sdk answers (measured by the parity twin).
const notFound = { error: "RIDE_NOT_FOUND: Ride ride_missing_7 not found", rideId: "ride_missing_7", success: false };

const inspectorChecks = [
  { method: "tools/list", args: [], expect: () => ({ tools: definitions(fixtureCatalog) }) },
  {
    method: "tools/call",
    args: ["--tool-name", "track_ride", "--tool-arg", "rideId=ride_missing_7"],
    expect: () => ({ content: [{ type: "text", text: JSON.stringify(notFound) }], structuredContent: notFound }),
  },
  { method: "resources/list", args: [], expect: () => ({ resources: [widgetResource] }) },
  {
    method: "resources/read",
    args: ["--uri", "ui://careem-mcp-app"],
    check: (out) => {
      const [item] = out.contents ?? [];
      return (
        out.contents?.length === 1 &&
        item.uri === "ui://careem-mcp-app" &&
        item.mimeType === "text/html;profile=mcp-app" &&
        isDeepStrictEqual(item._meta, widgetMeta) &&
        item.text.startsWith("<!DOCTYPE html>\n") &&
        item.text.includes(`<script type="module" src="${widgetDomain}/assets/index.js"></script>`)
      );
    },
  },
];

/**
 * Runs the tasks three at a time and resolves their results in the order given. Each client run
 * mostly waits on a node process starting; one at a time, the 31 runs took a minute here.
 */
async function inParallel(tasks, limit = 3) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** Resolves [name, ok, detail] for record(). */
async function runInspector(pkg, bin, target, check) {
  const { code, stdout, stderr } = await run(process.execPath, [bin, "--cli", ...target, "--method", check.method, ...check.args]);
  const name = `inspector@${pkg.version} ${check.method} over ${target.length === 1 ? new URL(target[0]).pathname : "stdio"}`;
  let out;
  try {
    out = JSON.parse(stdout);
  } catch {
    return [name, false, `exit ${code}, output is not JSON:\n${stdout}${stderr}`.slice(0, 2000)];
  }
  const ok = code === 0 && (check.check ? check.check(out) : isDeepStrictEqual(out, check.expect()));
  return [name, ok, ok ? "" : `exit ${code}; got:\n${JSON.stringify(out, null, 2)}`.slice(0, 3000)];
}

/** A token from `--auth --auth-auto-approve`: register, authorize (PKCE S256), token. */
async function signIn(base) {
  const redirectUri = "http://127.0.0.1:9/conformance/callback";
  const reg = await fetch(`${base}/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ redirect_uris: [redirectUri], token_endpoint_auth_method: "none", client_name: "careem conformance" }),
  });
  const { client_id } = await reg.json();
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const query = new URLSearchParams({ response_type: "code", client_id, redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: "S256", resource: `${base}/mcp` });
  const authorized = await fetch(`${base}/authorize?${query}`, { redirect: "manual" });
  const code = new URL(authorized.headers.get("location")).searchParams.get("code");
  const token = await fetch(`${base}/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier, client_id, redirect_uri: redirectUri, resource: `${base}/mcp` }),
  });
  return (await token.json()).access_token;
}

// Inspector 0.15.0's CLI has no --header option; 2.12.0's has.
async function runInspectorWithAuth(bin, base) {
  const token = await signIn(base);
  const call = ["--cli", `${base}/mcp`, "--method", "tools/call", "--tool-name", "get_user_profile"];
  const signed = await run(process.execPath, [bin, ...call, "--header", `Authorization: Bearer ${token}`]);
  let out;
  try {
    out = JSON.parse(signed.stdout);
  } catch {
    out = undefined;
  }
  // A success carries no isError at all: the go-sdk omits a false one (measured by the parity
  // twin).
  record("inspector@2.12.0 tools/call with a bearer header (--auth)", signed.code === 0 && out !== undefined && !Object.hasOwn(out, "isError") && out.structuredContent?.userId === "900000001", `exit ${signed.code}\n${signed.stdout}${signed.stderr}`.slice(0, 2000));
  const bad = await run(process.execPath, [bin, ...call, "--header", "Authorization: Bearer not-a-jwt"]);
  let badOut;
  try {
    badOut = JSON.parse(bad.stdout);
  } catch {
    badOut = undefined;
  }
  const expected = { content: [{ type: "text", text: "token missing subject claim" }], isError: true };
  record("inspector@2.12.0 tools/call with a bearer that is not a JWT (--auth)", isDeepStrictEqual(badOut, expected), `exit ${bad.code}\n${bad.stdout}${bad.stderr}`.slice(0, 2000));
  const none = await run(process.execPath, [bin, ...call]);
  // The 401 at initialize makes this Inspector want to sign in, which needs a browser.
  let noneOut;
  try {
    noneOut = JSON.parse(none.stderr); // this error goes to stderr, results to stdout
  } catch {
    noneOut = undefined;
  }
  record("inspector@2.12.0 without a token is told to sign in (--auth: 401 at initialize)", none.code !== 0 && noneOut?.error?.code === "auth_required", `exit ${none.code}\n${none.stdout}${none.stderr}`.slice(0, 2000));
}

async function main() {
  if (!fs.existsSync(cli)) {
    process.stderr.write(`conformance: ${cli} is missing; build first (npm run build or ./careem-mcp.sh test)\n`);
    process.exit(1);
  }
  const built = fs.statSync(cli).mtimeMs;
  const src = path.join(root, "src");
  const stale = fs.readdirSync(src, { recursive: true, encoding: "utf8" }).find((f) => f.endsWith(".ts") && fs.statSync(path.join(src, f)).mtimeMs > built);
  if (stale) {
    process.stderr.write(`conformance: dist/ is older than src/${stale}; rebuild first (npm run build or ./careem-mcp.sh test)\n`);
    process.exit(1);
  }
  const conformanceBin = install(conformance);
  const inspectorBins = inspectors.map((pkg) => ({ pkg, bin: install(pkg) }));
  // What the docs say of each Inspector's Node requirement is what its package declares (issue
  // 48, item 6: the README once said 2.12.0 runs on Node 20 while it declares >= 22.19).
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  for (const { pkg, bin } of inspectorBins) {
    const manifest = JSON.parse(fs.readFileSync(path.join(bin.slice(0, bin.lastIndexOf(`${pkg.name.split("/")[1]}${path.sep}`) + pkg.name.split("/")[1].length), "package.json"), "utf8"));
    const node = manifest.engines?.node;
    const excludesNode20 = typeof node === "string" && /^>=\s*2[1-9]/.test(node);
    const said = excludesNode20 ? readme.includes(`\`${node}\``) && !new RegExp(`${pkg.version.replace(/\./g, "\\.")}[^.]*runs on Node 20`).test(readme) : true;
    record(`docs: the README states inspector@${pkg.version}'s engines (${node ?? "none"})`, said, `README.md should quote its engines \`${node}\` and not say it runs on Node 20`);
  }
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-mcp-conformance-"));

  const conformanceRun = async (base, scenario) => {
    const { code, stdout, stderr } = await run(process.execPath, [conformanceBin, "server", "--url", `${base}/mcp`, "--scenario", scenario]);
    const summary = /Passed: .*/.exec(stderr + stdout)?.[0] ?? "";
    record(`conformance ${scenario} (${summary || `exit ${code}`})`, code === 0, `${stdout}${stderr}`.slice(-3000));
  };
  const real = await startServer(path.join(root, "tools"), runDir);
  try {
    for (const scenario of serverScenarios) await conformanceRun(real.base, scenario);
  } finally {
    await real.stop();
  }
  const toolCalls = await startServer(conformanceCatalog, runDir, ["--delay-scale", "1"]);
  try {
    for (const scenario of toolCallScenarios) await conformanceRun(toolCalls.base, scenario);
  } finally {
    await toolCalls.stop();
  }

  const fixtures = await startServer(fixtureCatalog, runDir);
  try {
    const targets = [[`${fixtures.base}/mcp`], [`${fixtures.base}/sse`], [process.execPath, ...serverNodeFlags, cli, "--stdio", "--tools", fixtureCatalog, "--run-dir", runDir]];
    const tasks = [];
    for (const { pkg, bin } of inspectorBins) {
      for (const target of targets) for (const check of inspectorChecks) tasks.push(() => runInspector(pkg, bin, target, check));
    }
    for (const r of await inParallel(tasks)) record(...r);
  } finally {
    await fixtures.stop();
  }

  const signedIn = await startServer(path.join(root, "tools"), runDir, ["--auth", "--auth-auto-approve"]);
  try {
    const latest = inspectorBins.find(({ pkg }) => pkg.version === "2.12.0");
    await runInspectorWithAuth(latest.bin, signedIn.base);
  } finally {
    await signedIn.stop();
  }

  try {
    await runReadmeSnippets({ root, record, startServer, inspectorBins, runDir });
  } finally {
    fs.rmSync(runDir, { recursive: true, force: true });
  }

  const failed = results.filter((r) => !r.ok).length;
  process.stdout.write(`conformance: ${results.length - failed} passed, ${failed} failed\n`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((err) => {
  process.stderr.write(`conformance: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.stdout.write(`conformance: ${results.filter((r) => r.ok).length} passed, ${results.filter((r) => !r.ok).length + 1} failed\n`);
  process.exit(1);
});
