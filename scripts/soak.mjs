#!/usr/bin/env node
// Load and soak: the real built server on loopback, 50 streamable HTTP sessions and 10
// legacy SSE sessions (real SDK clients) making 20,000 calls in all, while a writer edits, adds
// and deletes tool files in a temp catalog and flips forced scenarios through the `scenario`
// command. Every response is checked against the scenario it names. Bounded in time.
//
//   npm run soak                 defaults below
//   SOAK_CALLS=5000 npm run soak smaller run
//   SOAK_SERVER_NODE_OPTIONS=--max-old-space-size=48 npm run soak   heap capped: growth must be GC slack
//
// Exit code 0 when every check holds, 1 otherwise.
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cli = path.join(root, "dist", "cli.js");
const run = promisify(execFile);

const CALLS = Number(process.env.SOAK_CALLS ?? 20_000);
const HTTP_SESSIONS = Number(process.env.SOAK_HTTP_SESSIONS ?? 50);
const SSE_SESSIONS = Number(process.env.SOAK_SSE_SESSIONS ?? 10);
// Short, so idle expiry is seen within the run; long enough that a busy client's gap between
// two calls is not idleness.
const IDLE_TIMEOUT_MS = Number(process.env.SOAK_IDLE_TIMEOUT_MS ?? 5_000);
const DEADLINE_MS = Number(process.env.SOAK_DEADLINE_MS ?? 240_000);
const EDITED = 5; // soak_edit_0..4: rewritten in place of the old file (rename) or in place (truncate + write)
const ADDED = 3; // soak_new_0..2: created and deleted

const started = Date.now();
const deadline = started + DEADLINE_MS;
const log = (line) => process.stdout.write(`${line}\n`);

// ---------------------------------------------------------------- the temp catalog

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-soak-"));
const toolsDir = path.join(dir, "tools");
const runDir = path.join(dir, "run");
fs.mkdirSync(path.join(toolsDir, "soak"), { recursive: true });
fs.mkdirSync(runDir);

const definition = (name, properties) =>
  JSON.stringify({ name, description: "Soak-test tool.", inputSchema: { type: "object", properties, additionalProperties: false } });

function toolFile(name, scenarios, properties) {
  const body = scenarios
    .map(([scenario, match, kind, template]) => `## Scenario: ${scenario}\n\n${match ? `\`\`\`json match\n${match}\n\`\`\`\n\n` : ""}\`\`\`json ${kind}\n${template}\n\`\`\`\n`)
    .join("\n");
  return `---\ntool: ${name}\ndomain: soak\n---\n\n# ${name}\n\n${body}\n## Definition\n\n\`\`\`json tool\n${definition(name, properties)}\n\`\`\`\n`;
}

const echoProps = { nonce: { type: "string" }, n: { type: "integer" }, mode: { type: "string" } };
const ECHO = toolFile(
  "soak_echo",
  [
    ["hit", '{ "mode": "hit" }', "response", '{ "scenario": "hit", "nonce": "{{args.nonce}}", "n": {{args.n}}, "at": "{{now}}" }'],
    ["alt", '{ "mode": "alt" }', "response", '{ "scenario": "alt", "nonce": "{{args.nonce}}", "n": {{args.n}}, "alt": true, "pair": [{{args.n}}, "{{args.n}}"] }'],
    ["fail", '{ "mode": "fail" }', "error", '"soak_echo failed for {{args.nonce}}"'],
    ["base", null, "response", '{ "scenario": "base", "nonce": "{{args.nonce}}", "n": {{args.n}}, "echo": "<{{args.nonce}}> & more" }'],
  ],
  echoProps,
);
const nonceProps = { nonce: { type: "string" } };
const editFile = (k, version) => toolFile(`soak_edit_${k}`, [["v", null, "response", `{ "tool": "soak_edit_${k}", "version": ${version}, "nonce": "{{args.nonce}}", "pad": "${"x".repeat(200 + ((version * 37) % 900))}" }`]], nonceProps);
const newFile = (k, generation) => toolFile(`soak_new_${k}`, [["g", null, "response", `{ "tool": "soak_new_${k}", "generation": ${generation}, "nonce": "{{args.nonce}}" }`]], nonceProps);

function writeAtomic(file, text) {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}

fs.writeFileSync(path.join(toolsDir, "soak", "soak_echo.md"), ECHO);
// Stateful: every session counts its own calls in its state; a count that skips or repeats is
// one session seeing another's state (or losing its own).
const COUNT = `---\ntool: soak_count\ndomain: soak\n---\n\n# soak_count\n\n## Scenario: count\n\n\`\`\`json response\n{ "count": {{= $sum([$state.soak.count]) + 1 }}, "nonce": "{{args.nonce}}" }\n\`\`\`\n\n\`\`\`json then\n[{ "increment": "soak.count" }]\n\`\`\`\n\n## Definition\n\n\`\`\`json tool\n${definition("soak_count", nonceProps)}\n\`\`\`\n`;
fs.writeFileSync(path.join(toolsDir, "soak", "soak_count.md"), COUNT);
const versions = Array.from({ length: EDITED }, () => 0);
/** Per edited tool: [version, time the write completed], so a call started later must see it. */
const completed = Array.from({ length: EDITED }, () => [{ version: 0, at: 0 }]);
for (let k = 0; k < EDITED; k++) fs.writeFileSync(path.join(toolsDir, "soak", `soak_edit_${k}.md`), editFile(k, 0));

// ---------------------------------------------------------------- the server

if (!fs.existsSync(path.join(root, "dist", "server", "http", "http.js"))) {
  log("building (dist/ is missing)");
  await run("npx", ["tsc", "-p", "tsconfig.build.json"], { cwd: root });
}
const projectOverrides = path.join(root, ".run", "overrides.json");
const hashOf = (file) => (fs.existsSync(file) ? createHash("sha256").update(fs.readFileSync(file)).digest("hex") : "absent");
const projectOverridesBefore = hashOf(projectOverrides);

const server = spawn(process.execPath, [cli, "--port", "0", "--host", "127.0.0.1", "--tools", toolsDir, "--run-dir", runDir, "--idle-timeout", String(IDLE_TIMEOUT_MS), "--delay-scale", "0"], {
  cwd: root,
  stdio: ["ignore", "ignore", "pipe"],
  // e.g. SOAK_SERVER_NODE_OPTIONS=--max-old-space-size=48: a leak then ends in an out-of-memory crash.
  env: { ...process.env, NODE_OPTIONS: process.env.SOAK_SERVER_NODE_OPTIONS ?? "" },
});
let serverLog = "";
server.stderr.setEncoding("utf8");
server.stderr.on("data", (c) => (serverLog += c));
const serverExit = new Promise((resolve) => server.once("exit", (code, signal) => resolve(code ?? signal)));

const urls = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`no ready line in 20 s:\n${serverLog}`)), 20_000);
  const check = () => {
    const m = /listening on (http:\/\/\S+\/mcp) \(streamable HTTP\) and (http:\/\/\S+\/sse)/.exec(serverLog);
    if (m) {
      clearTimeout(timer);
      resolve({ mcp: m[1], sse: m[2] });
    }
  };
  server.stderr.on("data", check);
  check();
});
if (new URL(urls.mcp).hostname !== "127.0.0.1") throw new Error(`not loopback: ${urls.mcp}`);

function rssMiB() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}
const rss = { start: rssMiB(), samples: [] };

// ---------------------------------------------------------------- sessions, as the server logs them

const openSessions = new Set();
let peakSessions = 0;
let logCursor = 0;
function readSessionLog() {
  const fresh = serverLog.slice(logCursor);
  const cut = fresh.lastIndexOf("\n") + 1;
  logCursor += cut;
  for (const line of fresh.slice(0, cut).split("\n")) {
    const opened = /session (\S+) opened/.exec(line);
    if (opened) openSessions.add(opened[1]);
    const closed = /session (\S+) (ended by DELETE|expired after|closed \(SSE\))/.exec(line);
    if (closed) openSessions.delete(closed[1]);
    peakSessions = Math.max(peakSessions, openSessions.size);
  }
}
const sessionWatch = setInterval(readSessionLog, 50);

// ---------------------------------------------------------------- checks

const stats = { calls: 0, ok: 0, counted: 0, unknownTool: 0, brokenFile: 0, transportErrors: 0, torn: 0, stale: 0, latencies: [], problems: [] };
const problem = (kind, detail) => {
  stats[kind]++;
  if (stats.problems.length < 20) stats.problems.push(`${kind}: ${detail}`);
};

/** Go's encoding/json text of a value, as production writes text content: <, >, &, U+2028/9 escaped. */
const goJson = (v) => JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** Forced-scenario history: the value in force may change at any time between start and end. */
const flips = [{ value: null, start: 0, end: 0 }];
function forcedDuring(s, e) {
  const out = new Set();
  for (let i = 0; i < flips.length; i++) {
    const from = flips[i].start;
    const to = flips[i + 1]?.end ?? Infinity;
    if (from <= e && to >= s) out.add(flips[i].value);
  }
  return out;
}

function expectedEcho(scenario, args) {
  switch (scenario) {
    case "hit":
      return { scenario: "hit", nonce: args.nonce, n: args.n, at: "(time)" };
    case "alt":
      return { scenario: "alt", nonce: args.nonce, n: args.n, alt: true, pair: [args.n, String(args.n)] };
    case "base":
      return { scenario: "base", nonce: args.nonce, n: args.n, echo: `<${args.nonce}> & more` };
    default:
      return undefined;
  }
}

function checkEcho(result, args, s, e) {
  const byMode = ["hit", "alt", "fail"].includes(args.mode) ? args.mode : "base";
  const allowed = new Set([...forcedDuring(s, e)].map((v) => v ?? byMode));
  if (result.isError) {
    const text = result.content?.[0]?.text;
    if (text !== `soak_echo failed for ${args.nonce}` || result.structuredContent !== undefined) return problem("torn", `error result ${JSON.stringify(result).slice(0, 200)}`);
    if (!allowed.has("fail")) return problem("torn", `fail answered, allowed ${[...allowed]}`);
    return stats.ok++;
  }
  const sc = result.structuredContent;
  const want = expectedEcho(sc?.scenario, args);
  if (!want) return problem("torn", `unknown scenario in ${JSON.stringify(sc).slice(0, 200)}`);
  if (!allowed.has(sc.scenario)) return problem("torn", `${sc.scenario} answered, allowed ${[...allowed]}`);
  const got = sc.scenario === "hit" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(sc.at) ? { ...sc, at: "(time)" } : sc;
  if (JSON.stringify(got) !== JSON.stringify(want)) return problem("torn", `${JSON.stringify(sc)} is not ${JSON.stringify(want)}`);
  if (result.content?.length !== 1 || result.content[0].text !== goJson(sc)) return problem("torn", `text ${result.content?.[0]?.text} is not ${goJson(sc)}`);
  stats.ok++;
}

function checkEdit(k, result, args, s) {
  const sc = result.structuredContent;
  if (result.isError) {
    // A file caught half-written by an in-place write is named, never served torn.
    if (/^tool file for soak_edit_\d is broken: /.test(result.content?.[0]?.text ?? "")) return stats.brokenFile++;
    return problem("torn", JSON.stringify(result).slice(0, 200));
  }
  if (sc?.tool !== `soak_edit_${k}` || sc.nonce !== args.nonce || !Number.isInteger(sc.version)) return problem("torn", JSON.stringify(sc).slice(0, 200));
  if (sc.pad !== "x".repeat(200 + ((sc.version * 37) % 900))) return problem("torn", `pad of version ${sc.version} has ${sc.pad?.length} chars`);
  if (result.content?.[0]?.text !== goJson(sc)) return problem("torn", "text differs from structuredContent");
  // Re-read on every call: a write that completed before this call started must be seen.
  const floor = completed[k].filter((c) => c.at < s).reduce((m, c) => Math.max(m, c.version), 0);
  if (sc.version < floor) return problem("stale", `soak_edit_${k} answered version ${sc.version}, ${floor} was written before the call`);
  stats.ok++;
}

function checkNew(k, result, args) {
  const sc = result.structuredContent;
  if (result.isError) {
    if (/^tool file for soak_new_\d is broken: /.test(result.content?.[0]?.text ?? "")) return stats.brokenFile++;
    return problem("torn", JSON.stringify(result).slice(0, 200));
  }
  if (sc?.tool !== `soak_new_${k}` || sc.nonce !== args.nonce || !Number.isInteger(sc.generation) || result.content?.[0]?.text !== goJson(sc)) {
    return problem("torn", JSON.stringify(sc).slice(0, 200));
  }
  stats.ok++;
}

/** Calls of soak_count per client, as the client made them. */
const counts = new Map();
function checkCount(client, result, args) {
  const expected = (counts.get(client) ?? 0) + 1;
  counts.set(client, expected);
  const sc = result.structuredContent;
  if (result.isError || sc?.nonce !== args.nonce) return problem("torn", JSON.stringify(result).slice(0, 200));
  if (sc.count !== expected) return problem("torn", `soak_count answered ${sc.count}, this session's call ${expected}: state crossed sessions`);
  stats.counted++;
  stats.ok++;
}

// ---------------------------------------------------------------- clients

let issued = 0;
let seq = 0;
/** RSS is sampled as the call count passes 10%, 50% and 90%. */
const samplesAt = [Math.floor(CALLS * 0.1), Math.floor(CALLS * 0.5), Math.floor(CALLS * 0.9)];

async function oneCall(client, label) {
  const n = seq++;
  const nonce = `${label}-${n}-${Math.random().toString(36).slice(2, 8)}`;
  const pick = n % 10;
  let name;
  let args;
  if (pick === 5) {
    name = "soak_count";
    args = { nonce };
  } else if (pick < 6) {
    name = "soak_echo";
    args = { nonce, n, mode: ["hit", "alt", "fail", "other"][n % 4] };
  } else if (pick < 9) {
    name = `soak_edit_${n % EDITED}`;
    args = { nonce };
  } else {
    name = `soak_new_${n % ADDED}`;
    args = { nonce };
  }
  const s = Date.now();
  const t0 = performance.now();
  let result;
  try {
    result = await client.callTool({ name, arguments: args });
  } catch (err) {
    stats.latencies.push(performance.now() - t0);
    stats.calls++;
    if (err?.code === -32602 && name.startsWith("soak_new_") && err.message.includes(`unknown tool "${name}"`)) return stats.unknownTool++;
    problem("transportErrors", `${label} ${name}: ${err?.message ?? err}`);
    return;
  }
  stats.latencies.push(performance.now() - t0);
  stats.calls++;
  const e = Date.now();
  if (name === "soak_count") checkCount(client, result, args);
  else if (name === "soak_echo") checkEcho(result, args, s, e);
  else if (name.startsWith("soak_edit_")) checkEdit(Number(name.slice(-1)), result, args, s);
  else checkNew(Number(name.slice(-1)), result, args);
  if (samplesAt.length > 0 && stats.calls >= samplesAt[0]) rss.samples.push([samplesAt.shift(), rssMiB()]);
}

async function session(kind, i) {
  const label = `${kind}${i}`;
  const transport = kind === "http" ? new StreamableHTTPClientTransport(new URL(urls.mcp)) : new SSEClientTransport(new URL(urls.sse));
  const client = new Client({ name: `soak-${label}`, version: "1.0.0" });
  let closing = false;
  // Closing our own transport aborts its streams, which the SDK reports here: not a server fault.
  client.onerror = (err) => closing || problem("transportErrors", `${label} onerror: ${err?.message ?? err}`);
  await client.connect(transport);
  while (issued < CALLS && Date.now() < deadline) {
    issued++;
    await oneCall(client, label);
  }
  // Half the HTTP sessions end with DELETE; the other half just go away and must expire.
  if (kind === "http" && i % 2 === 0) await transport.terminateSession();
  closing = true;
  await client.close();
}

// ---------------------------------------------------------------- the writer and the forcer

let writing = true;
const writerStats = { atomicEdits: 0, inPlaceEdits: 0, adds: 0, deletes: 0, flips: 0 };
const generations = Array.from({ length: ADDED }, () => 0);

async function writer() {
  let i = 0;
  while (writing) {
    i++;
    const k = i % EDITED;
    const op = i % 20;
    if (op < 10) {
      versions[k]++;
      writeAtomic(path.join(toolsDir, "soak", `soak_edit_${k}.md`), editFile(k, versions[k]));
      completed[k].push({ version: versions[k], at: Date.now() });
      writerStats.atomicEdits++;
    } else if (op < 13) {
      versions[k]++;
      fs.writeFileSync(path.join(toolsDir, "soak", `soak_edit_${k}.md`), editFile(k, versions[k]));
      completed[k].push({ version: versions[k], at: Date.now() });
      writerStats.inPlaceEdits++;
    } else if (op < 17) {
      const a = i % ADDED;
      generations[a]++;
      writeAtomic(path.join(toolsDir, "soak", `soak_new_${a}.md`), newFile(a, generations[a]));
      writerStats.adds++;
    } else {
      fs.rmSync(path.join(toolsDir, "soak", `soak_new_${i % ADDED}.md`), { force: true });
      writerStats.deletes++;
    }
    await new Promise((r) => setTimeout(r, 15));
  }
}

async function forcer() {
  const values = ["alt", null, "base", "hit", null, "fail"];
  let i = 0;
  while (writing) {
    const value = values[i++ % values.length];
    const flip = { value, start: Date.now(), end: Infinity };
    flips.push(flip);
    const args = value === null ? ["scenario", "soak_echo", "--clear"] : ["scenario", "soak_echo", value];
    await run(process.execPath, [cli, ...args, "--tools", toolsDir, "--run-dir", runDir], { cwd: root });
    flip.end = Date.now();
    writerStats.flips++;
  }
}

// ---------------------------------------------------------------- run

log(`soak: ${CALLS} calls over ${HTTP_SESSIONS} streamable HTTP + ${SSE_SESSIONS} SSE sessions against ${urls.mcp} (catalog ${toolsDir})`);
const background = [writer(), forcer()];
const t0 = Date.now();
const sessions = [...Array.from({ length: HTTP_SESSIONS }, (_, i) => session("http", i)), ...Array.from({ length: SSE_SESSIONS }, (_, i) => session("sse", i))];
const outcomes = await Promise.allSettled(sessions);
for (const o of outcomes) if (o.status === "rejected") problem("transportErrors", `session failed: ${o.reason?.message ?? o.reason}`);
const callSeconds = (Date.now() - t0) / 1000;
writing = false;
await Promise.allSettled(background);

// Wait for DELETEd sessions to go, and for the rest to expire idle.
const freedBy = Date.now() + IDLE_TIMEOUT_MS + 8_000;
while (Date.now() < freedBy) {
  readSessionLog();
  if (openSessions.size === 0) break;
  await new Promise((r) => setTimeout(r, 100));
}
readSessionLog();
const finalSessions = openSessions.size;
// Ask the server itself: a new definition makes it announce how many sessions it would notify.
const logMark = serverLog.length;
fs.writeFileSync(path.join(toolsDir, "soak", "soak_final.md"), newFile("final", 1).replace(/soak_new_final/g, "soak_final"));
let registryCount = "unknown";
for (let i = 0; i < 100 && registryCount === "unknown"; i++) {
  await new Promise((r) => setTimeout(r, 100));
  const m = /tools changed on disk: notifying (\d+) open session\(s\)/.exec(serverLog.slice(logMark));
  if (m) registryCount = Number(m[1]);
}
rss.end = rssMiB();
clearInterval(sessionWatch);

server.kill("SIGTERM");
const exitCode = await serverExit;
const projectOverridesAfter = hashOf(projectOverrides);

// ---------------------------------------------------------------- report

const sorted = [...stats.latencies].sort((a, b) => a - b);
const pct = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);
const warm = rss.samples[0]?.[1] ?? rss.start;
const rssStable = rss.end <= warm * 1.5 + 32;
const checks = [
  ["calls made", stats.calls >= CALLS, `${stats.calls} (${(stats.calls / callSeconds).toFixed(0)}/s over ${callSeconds.toFixed(1)} s)`],
  ["transport errors", stats.transportErrors === 0, String(stats.transportErrors)],
  ["torn or mixed responses", stats.torn === 0, String(stats.torn)],
  ["stale responses (older than a completed write)", stats.stale === 0, String(stats.stale)],
  ["final sessions (server log)", finalSessions === 0, String(finalSessions)],
  ["final sessions (server registry)", registryCount === 0, String(registryCount)],
  // A loose bound, not a leak test: V8 grows its heap under sustained load. The leak evidence is a
  // run with the server heap capped (SOAK_SERVER_NODE_OPTIONS=--max-old-space-size=40) passing.
  ["RSS bounded (end <= 1.5 x warm-up + 32 MiB)", rssStable, `${rss.start.toFixed(1)} MiB at start, ${warm.toFixed(1)} after warm-up, ${rss.samples.map(([c, m]) => `${m.toFixed(1)}@${c}`).join(", ")}, ${rss.end.toFixed(1)} MiB at the end`],
  ["server exit on SIGTERM", exitCode === 0, String(exitCode)],
  ["project .run/overrides.json untouched", projectOverridesBefore === projectOverridesAfter, projectOverridesBefore === projectOverridesAfter ? "yes" : "CHANGED"],
];
log("");
log(`calls made:        ${stats.calls} (validated ${stats.ok}, stateful counts ${stats.counted}, unknown tool while deleted ${stats.unknownTool}, named broken mid-write ${stats.brokenFile})`);
log(`errors:            ${stats.transportErrors} transport, ${stats.torn} torn/mixed, ${stats.stale} stale`);
log(`latency:           p50 ${pct(50).toFixed(2)} ms, p99 ${pct(99).toFixed(2)} ms, max ${pct(100).toFixed(2)} ms`);
log(`sessions:          peak ${peakSessions}, final ${finalSessions} (log), ${registryCount} (server registry)`);
log(`RSS:               before ${rss.start.toFixed(1)} MiB, after ${rss.end.toFixed(1)} MiB (peak samples ${rss.samples.map(([c, m]) => `${m.toFixed(1)}@${c}`).join(", ")})`);
log(`writer:            ${writerStats.atomicEdits} atomic edits, ${writerStats.inPlaceEdits} in-place edits, ${writerStats.adds} adds, ${writerStats.deletes} deletes, ${writerStats.flips} forced-scenario flips`);
log(`wall time:         ${((Date.now() - started) / 1000).toFixed(1)} s`);
log("");
for (const [name, ok, detail] of checks) log(`${ok ? "PASS" : "FAIL"}  ${name}: ${detail}`);
for (const p of stats.problems) log(`  ${p}`);
process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
if (process.exitCode === 0) fs.rmSync(dir, { recursive: true, force: true });
else {
  fs.writeFileSync(path.join(dir, "server.log"), serverLog);
  log(`server log kept in ${path.join(dir, "server.log")}`);
}
