// npm run bench:replicas: tools/call throughput through nginx with 1, 2 and 3 replicas
// (`--stateless --store`, deploy/local/topology.mjs), and the cost of the Redis store over memory
// on one replica without nginx, all measured in this one run and given as ratios to its own
// baseline (1 replica through nginx; one replica with memory state). Each figure is the median of
// several rounds, targets rotated per round, so the shared machine's noise spreads over all.
import { spawn } from "node:child_process";
import path from "node:path";
import { startTopology } from "../deploy/local/topology.mjs";
import { load, rpcBody } from "./load.mjs";
import { openSession } from "./session.mjs";

const projectRoot = path.resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
// The benchmark's usual call (bench/README.md). With --store each call first reads its user's state
// from Redis (one HMGET); it writes nothing, so no compare-and-set follows.
const body = rpcBody("tools/call", { name: "get_ride_status", arguments: { rideId: "ride_arrived" } });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function single(extra) {
  const proc = spawn(process.execPath, [path.join(projectRoot, "dist", "cli.js"), "--port", "0", "--delay-scale", "0", "--run-dir", path.join(projectRoot, ".run", `bench-${process.pid}-${extra.length}`), ...extra], { stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  proc.stderr.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    proc.stderr.on("data", (c) => {
      err += c;
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(err);
      if (m) resolve({ url: m[1], stop: () => proc.kill("SIGTERM") });
    });
    proc.once("exit", (code) => reject(new Error(`server exited (${code}):\n${err}`)));
  });
}

async function measure(url) {
  const sessionId = await openSession(url);
  const r = await load({ url, sessionId, body, connections: 16, seconds: SECONDS });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
}

const teams = [];
try {
  for (const n of [1, 2, 3]) teams.push({ name: `nginx, ${n} replica${n > 1 ? "s" : ""}`, ...(await startTopology({ replicas: n })) });
  const topo1 = teams[0];
  const memory = await single(["--stateless"]);
  const redis = await single(["--stateless", "--store", topo1.store]);
  const targets = [...teams.map((t) => ({ name: t.name, url: t.url })), { name: "1 replica direct, memory state", url: memory.url }, { name: "1 replica direct, Redis state", url: redis.url }];
  const rps = new Map(targets.map((t) => [t.name, []]));
  const p99 = new Map(targets.map((t) => [t.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length]);
    for (const t of order) {
      const r = await measure(t.url);
      rps.get(t.name).push(r.rps);
      p99.get(t.name).push(r.p99);
    }
  }
  const base = median(rps.get(teams[0].name));
  const memBase = median(rps.get("1 replica direct, memory state"));
  console.log(`\n${ROUNDS} rounds of ${SECONDS} s, 16 connections, tools/call get_ride_status; medians\n`);
  console.log("| target | calls/s | p99 ms | ratio |");
  console.log("| --- | --- | --- | --- |");
  for (const t of targets) {
    const r = median(rps.get(t.name));
    const ratio = t.name.includes("direct") ? `${(r / memBase).toFixed(2)}× memory direct` : `${(r / base).toFixed(2)}× 1 replica`;
    console.log(`| ${t.name} | ${r.toFixed(0)} | ${median(p99.get(t.name)).toFixed(1)} | ${ratio} |`);
  }
  memory.stop();
  redis.stop();
} finally {
  await Promise.all(teams.map((t) => t.stop()));
}
