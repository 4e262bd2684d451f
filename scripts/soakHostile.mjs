#!/usr/bin/env node
// Issue 45's hostile cases at full scale, against the real built server on loopback: what a
// client sends must not take it down, grow it without bound or lose a user's data. Each case
// prints its figures (RSS before and after, whether the server survived, lost writes, double
// orders); the exit code is 0 when every bound held. The small-scale versions run in the test
// command (test/reliability/hostileLoad.test.ts, sharedRunDir.test.ts).
//
//   npm run soak:hostile                   every case
//   npm run soak:hostile -- item4 item5    some cases
//   CAREEM_SOAK_ROOT=/other/checkout npm run soak:hostile   measure another build (its dist/)
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = path.resolve(process.env.CAREEM_SOAK_ROOT ?? here);
const cli = path.join(root, "dist", "cli.js");
const shipped = path.join(root, "tools");
const hostile = path.join(here, "test", "fixtures", "hostile");
const log = (line) => process.stdout.write(`${line}\n`);
const failures = [];
const check = (ok, what) => {
  log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

function tempRun() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "careem-hostile-"));
}

async function serve(toolsDir, args = []) {
  const proc = spawn(process.execPath, [cli, "--port", "0", "--tools", toolsDir, "--run-dir", tempRun(), "--delay-scale", "0", ...args], { stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  proc.stderr.on("data", (d) => (err += d));
  const exited = new Promise((resolve) => proc.once("exit", (code, signal) => resolve(code ?? signal)));
  for (;;) {
    const m = /listening on (http:\S+)\/mcp/.exec(err);
    if (m) return { proc, base: m[1], mcp: `${m[1]}/mcp`, stderr: () => err, exited, alive: () => proc.exitCode === null && proc.signalCode === null, rss: () => rssOf(proc.pid), stop: () => (proc.kill("SIGKILL"), exited) };
    if (proc.exitCode !== null) throw new Error(`server exited: ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function rssOf(pid) {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024);
  } catch {
    return NaN;
  }
}

const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
async function session(mcp) {
  const init = await fetch(mcp, { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "hostile", version: "1" } } }) });
  const id = init.headers.get("mcp-session-id");
  await init.text();
  const headers = { ...HEADERS, "Mcp-Session-Id": id, "MCP-Protocol-Version": "2025-06-18" };
  await (await fetch(mcp, { method: "POST", headers, body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' })).text();
  let next = 1;
  return async (name, argsJson) => {
    const res = await fetch(mcp, { method: "POST", headers, body: `{"jsonrpc":"2.0","id":${next++},"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${argsJson}}}` });
    const text = await res.text();
    const data = /^data: (.*)$/m.exec(text);
    return { status: res.status, message: res.status === 200 ? JSON.parse(data ? data[1] : text) : undefined };
  };
}

/** Calls until `n` or the server dies; how many were answered. */
async function callsUntilDead(server, n, one) {
  let answered = 0;
  for (let i = 0; i < n && server.alive(); i++) {
    try {
      await one(i);
      answered++;
    } catch {
      break;
    }
  }
  return answered;
}

async function silentSocket(base, pathname, first) {
  const { port } = new URL(base);
  const socket = net.connect(Number(port), "127.0.0.1");
  socket.on("error", () => undefined);
  socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
  let text = "";
  return new Promise((resolve) => {
    const onData = (chunk) => {
      text += chunk.toString("latin1");
      const m = first.exec(text);
      if (m) {
        socket.off("data", onData);
        socket.pause();
        resolve({ socket, match: m });
      }
    };
    socket.on("data", onData);
  });
}

const cases = {
  async item1() {
    log("item 1: 30 offer_search calls with distinct 3.9 MB destination codes (shipped catalog), then 60 echo_note calls with 3.9 MB instants");
    const s = await serve(shipped);
    const call = await session(s.mcp);
    const before = s.rss();
    const answered = await callsUntilDead(s, 30, (i) => call("offer_search", JSON.stringify({ origin: { scheme: "IATA", code: "DXB" }, destination: { scheme: "IATA", code: String(i).padStart(6, "0") + "x".repeat(3_900_000) }, departureDate: "2027-01-20" })));
    log(`  offer_search: RSS ${before} -> ${s.rss()} MB, ${answered}/30 answered, alive: ${s.alive()}`);
    check(s.alive() && answered === 30, "offer_search x30: the server survives");
    check(s.rss() < before + 600, "offer_search x30: RSS grows by less than 600 MB (the world's answer memo is the world rewrite's to bound)");
    await s.stop();
    const e = await serve(hostile);
    const echo = await session(e.mcp);
    const b2 = e.rss();
    const n2 = await callsUntilDead(e, 60, (i) => echo("echo_note", JSON.stringify({ at: `2026-01-01T00:00:00Z${String(i).padStart(6, "0")}${"x".repeat(3_900_000)}` })));
    log(`  echo_note: RSS ${b2} -> ${e.rss()} MB, ${n2}/60 answered, alive: ${e.alive()}`);
    check(e.alive() && n2 === 60 && e.rss() < b2 + 400, "echo_note x60: survives, RSS grows by less than 400 MB");
    await e.stop();
  },

  async item2() {
    log("item 2: 1,000 calls of a 10 KB body nested 5,000 deep with the dashboard's feed open, then 100 of 2 MB nested 1,000,000 deep");
    const s = await serve(hostile);
    const feed = new AbortController();
    const events = await fetch(`${s.base}/_local/events`, { signal: feed.signal });
    void (async () => {
      for await (const _ of events.body) void _;
    })().catch(() => undefined);
    const call = await session(s.mcp);
    let errors = 0;
    let callsStatus500 = 0;
    for (let i = 0; i < 1000; i++) {
      const r = await call("echo_note", `{"note":"n","deep":${"[".repeat(5000)}0${"]".repeat(5000)}}`);
      if (r.message?.error) errors++;
      if (i % 100 === 99 && (await fetch(`${s.base}/_local/calls`)).status !== 200) callsStatus500++;
    }
    log(`  5,000 deep: ${errors}/1000 calls answered an error, /_local/calls failed ${callsStatus500}/10 times`);
    check(errors === 0 && callsStatus500 === 0, "deep arguments answer normally; /_local/calls answers 200");
    feed.abort();
    const before = s.rss();
    const answered = await callsUntilDead(s, 100, () => call("echo_note", `{"deep":${"[".repeat(1_000_000)}0${"]".repeat(1_000_000)}}`));
    log(`  1,000,000 deep: RSS ${before} -> ${s.rss()} MB, ${answered}/100 answered, alive: ${s.alive()}`);
    check(s.alive() && answered === 100 && s.rss() < before + 300, "1,000,000-deep bodies x100: survives, RSS grows by less than 300 MB");
    await s.stop();
  },

  async item3() {
    log("item 3 (--auth): 4,000 registrations of 95 KB, then 200 small ones, then one from another site");
    const s = await serve(hostile, ["--auth"]);
    const before = s.rss();
    const register = (body, headers = {}) => fetch(`${s.base}/register`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) }).then((r) => r.status);
    const meta = (i, pad = "") => ({ client_name: `c${i}`, redirect_uris: ["http://127.0.0.1:9/cb"], token_endpoint_auth_method: "none", client_uri: `https://example.com/${pad}` });
    const statuses = {};
    for (let i = 0; i < 4000 && s.alive(); i++) {
      const st = await register(meta(i, "x".repeat(95_000)));
      statuses[st] = (statuses[st] ?? 0) + 1;
    }
    const small = {};
    for (let i = 0; i < 200; i++) {
      const st = await register(meta(i));
      small[st] = (small[st] ?? 0) + 1;
    }
    const evil = await register(meta(0), { Origin: "https://evil.example" });
    log(`  95 KB: ${JSON.stringify(statuses)}; small: ${JSON.stringify(small)}; another site: ${evil}; RSS ${before} -> ${s.rss()} MB, alive: ${s.alive()}`);
    check(s.alive() && !statuses[201] && s.rss() < before + 100, "95 KB registrations are refused and RSS stays within 100 MB");
    check((small[201] ?? 0) <= 60 && (small[429] ?? 0) > 0, "at most 60 registrations a minute");
    check(evil === 403, "another site's page cannot register");
    await s.stop();
  },

  async item4() {
    log("item 4: two stdio processes on one run dir: 40 baskets at once, then 12 checkouts each retried in both with one key");
    const runDir = tempRun();
    const clients = await Promise.all(
      [0, 1].map(async (i) => {
        const c = new Client({ name: `conversation-${i}`, version: "1" });
        await c.connect(new StdioClientTransport({ command: process.execPath, args: [cli, "--stdio", "--tools", shipped, "--run-dir", runDir], stderr: "ignore" }));
        return c;
      }),
    );
    const call = async (c, name, args) => (await c.callTool({ name, arguments: args })).structuredContent;
    const taken = await Promise.all(clients.flatMap((c) => Array.from({ length: 20 }, () => call(c, "add_grocery_items", { items: [{ product_id: "prd_200113", quantity: 1 }] }))));
    const state = () => JSON.parse(fs.readFileSync(path.join(runDir, "state", "user_900000001.json"), "utf8"));
    const kept = Object.keys(state().baskets ?? {});
    const lost = taken.filter((t) => !kept.includes(t.basket_id)).length;
    const baskets = taken.map((t) => t.basket_id).filter((id) => kept.includes(id)).slice(0, 12);
    const answers = await Promise.all(baskets.flatMap((b, i) => clients.map((c) => call(c, "cart_checkout", { basket_id: b, payment_method_id: "pm_visa_4242", idempotency_key: `soak-key-${String(i).padStart(4, "0")}` }))));
    // A double order is one key confirmed to the clients as two orders (a lost write may then
    // erase one of them from the state file, so the file alone undercounts).
    const perKey = {};
    for (const a of answers) (perKey[a.idempotency_key] ??= new Set()).add(a.order_id);
    for (const o of Object.values(state().orders ?? {})) (perKey[o.idempotency_key] ??= new Set()).add(o.order_id);
    const doubles = Object.values(perKey).filter((ids) => ids.size > 1).length;
    log(`  lost baskets: ${lost} of 40; keys that ordered twice: ${doubles} of ${baskets.length}`);
    check(lost === 0, "no confirmed basket lost");
    check(doubles === 0, "one order per idempotency key");
    await Promise.all(clients.map((c) => c.close()));
  },

  async item5() {
    log("item 5: 60 feed subscribers that never read and 800 calls; one unread /sse stream and 400 one-MB answers");
    const s = await serve(hostile);
    const silent = [];
    for (let i = 0; i < 60; i++) silent.push(await silentSocket(s.base, "/_local/events", /careem-mcp journal/));
    const call = await session(s.mcp);
    const before = s.rss();
    const note = "n".repeat(15_000);
    for (let i = 0; i < 800; i++) await call("echo_note", JSON.stringify({ note, size: 15 }));
    log(`  feeds: RSS ${before} -> ${s.rss()} MB, alive: ${s.alive()}`);
    check(s.alive() && s.rss() < before + 200, "60 silent feeds and 800 calls: RSS grows by less than 200 MB");
    for (const f of silent) f.socket.destroy();
    const sse = await silentSocket(s.base, "/sse", /sessionId=([0-9a-f-]+)/);
    const post = (m) => fetch(`${s.base}/messages?sessionId=${sse.match[1]}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(m) }).then((r) => r.text());
    await post({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "silent", version: "1" } } });
    await post({ jsonrpc: "2.0", method: "notifications/initialized" });
    const b2 = s.rss();
    for (let i = 1; i <= 400 && s.alive(); i++) await post({ jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "echo_note", arguments: { size: 1024 } } });
    log(`  unread /sse: RSS ${b2} -> ${s.rss()} MB, alive: ${s.alive()}`);
    check(s.alive() && s.rss() < b2 + 200, "an unread /sse stream and 400 one-MB answers: RSS grows by less than 200 MB");
    sse.socket.destroy();
    await s.stop();
  },
};

const chosen = process.argv.slice(2).filter((a) => a in cases);
log(`soak:hostile against ${cli}`);
for (const name of chosen.length > 0 ? chosen : Object.keys(cases)) {
  const started = Date.now();
  try {
    await cases[name]();
  } catch (err) {
    check(false, `${name} threw: ${err instanceof Error ? err.message : String(err)}`);
  }
  log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
log(failures.length === 0 ? "every bound held" : `${failures.length} bound(s) broken`);
process.exit(failures.length === 0 ? 0 : 1);
