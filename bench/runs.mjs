// npm run bench:runs: how long a run's diff (GET /_local/runs/<id>) and a verify answer take for a
// run of 200 calls, over HTTP as a CI job asks them, against a server of its own. Each figure is
// the median and the 95th percentile of many requests; a GET /health in the same run is the
// baseline, so the ratio says what the run's work adds to a plain round trip on this machine.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const projectRoot = path.resolve(import.meta.dirname, "..");
const CALLS = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const TARGET_MS = 50;

function start() {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-bench-runs-"));
  const proc = spawn(process.execPath, [path.join(projectRoot, "dist", "cli.js"), "--port", "0", "--delay-scale", "0", "--run-dir", runDir], { stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  proc.stderr.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    proc.stderr.on("data", (c) => {
      err += c;
      const m = /listening on (http:\/\/\S+)\/mcp/.exec(err);
      if (m) resolve({ origin: m[1], stop: () => (proc.kill("SIGTERM"), fs.rmSync(runDir, { recursive: true, force: true })) });
    });
    proc.once("exit", (code) => reject(new Error(`server exited (${code}):\n${err}`)));
  });
}

const json = { "content-type": "application/json" };
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

async function timed(fn) {
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

const server = await start();
try {
  const { run } = await (await fetch(`${server.origin}/_local/runs`, { method: "POST", headers: json, body: "{}" })).json();
  const client = new Client({ name: "bench-runs", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`), { requestInit: { headers: { "Careem-Mcp-Run": run } } }));
  // 50 food orders of four calls each: two lines, a look at the basket, the checkout.
  for (let i = 0; i < CALLS / 4; i++) {
    const first = (await client.callTool({ name: "add_to_basket", arguments: { restaurant_id: "rst_10231", item_id: "itm_50301", quantity: 2 } })).structuredContent;
    await client.callTool({ name: "add_to_basket", arguments: { restaurant_id: "rst_10231", item_id: "itm_50101", quantity: 1, basket_id: first.basket_id } });
    await client.callTool({ name: "get_basket", arguments: { basket_id: first.basket_id } });
    await client.callTool({ name: "cart_checkout", arguments: { basket_id: first.basket_id, payment_method_id: "pm_visa_4242", idempotency_key: `bench-key-${String(i).padStart(4, "0")}` } });
  }
  await client.close();
  const report = await (await fetch(`${server.origin}/_local/runs/${run}`)).json();
  if (report.calls.length !== CALLS || report.diff.orders.created.length !== CALLS / 4) throw new Error(`the run holds ${report.calls.length} calls and ${report.diff.orders?.created.length} orders, not ${CALLS} and ${CALLS / 4}`);
  const expectations = JSON.stringify({
    calls: [{ tool: "cart_checkout", arguments: { payment_method_id: "pm_visa_4242" }, min: 50, max: 50 }, { tool: "add_to_basket", min: 100 }],
    state: [
      { expression: "$count(diff.orders.created) = 50", says: "fifty orders" },
      { expression: "$sum(diff.orders.created.after.total.amount) = 50 * 60.5", says: "each AED 60.50" },
      { expression: "$count(calls[tool = 'get_basket' and structuredContent.total.amount = 60.5]) = 50", says: "each basket looked at" },
    ],
  });
  const baseline = await timed(() => fetch(`${server.origin}/health`).then((r) => r.text()));
  const diff = await timed(() => fetch(`${server.origin}/_local/runs/${run}`).then((r) => r.text()));
  const verify = await timed(async () => {
    const verdict = await (await fetch(`${server.origin}/_local/runs/${run}/verify`, { method: "POST", headers: json, body: expectations })).json();
    if (!verdict.passed) throw new Error(JSON.stringify(verdict));
  });
  // The same work in this process, without HTTP: the diff of the run's end state and the verdict.
  const { stateDiff } = await import("../dist/runs/stateDiff.js");
  const { verify: verdictOf, parseExpectations } = await import("../dist/runs/expectations.js");
  const end = { baskets: {}, orders: {}, checkouts: {} };
  for (const kind of Object.keys(report.diff)) {
    end[kind] = {};
    for (const e of report.diff[kind].created) end[kind][e.id] = e.after;
  }
  const parsed = parseExpectations(JSON.parse(expectations), "bench");
  const diffWork = await timed(async () => stateDiff({}, end));
  const verifyWork = await timed(async () => {
    if (!verdictOf(parsed, { calls: report.calls, diff: stateDiff({}, end), start: {}, end }).passed) throw new Error("in-process verdict failed");
  });
  const row = (name, m) => `| ${name} | ${m.median.toFixed(1)} | ${m.p95.toFixed(1)} | ${(m.median / baseline.median).toFixed(1)} | ${name === "baseline: GET /health" ? "" : m.median < TARGET_MS ? `met (median < ${TARGET_MS} ms)` : `MISSED (median < ${TARGET_MS} ms)`} |`;
  console.log(`runs: a run of ${CALLS} calls (${CALLS / 4} orders), ${ROUNDS} requests each\n`);
  console.log("| request | median ms | p95 ms | median / baseline | target |\n| --- | --- | --- | --- | --- |");
  console.log(row("baseline: GET /health", baseline));
  console.log(row("diff: GET /_local/runs/<id>", diff));
  console.log(row("verify: POST /_local/runs/<id>/verify", verify));
  console.log(`\nin process (no HTTP): diff ${diffWork.median.toFixed(2)} ms median (p95 ${diffWork.p95.toFixed(2)}), diff and verdict ${verifyWork.median.toFixed(2)} ms median (p95 ${verifyWork.p95.toFixed(2)})`);
  // The target holds the median: this machine's p95 moves with its neighbours (the baseline's own p95 shows how much).
  process.exitCode = diff.median < TARGET_MS && verify.median < TARGET_MS ? 0 : 1;
} finally {
  server.stop();
}
