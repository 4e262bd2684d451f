// `npm run bench:memory`: where RSS goes as calls accumulate, ours and the minimal SDK server
// side by side. The main benchmark compares RSS after 1,000 and 20,000 calls; this follows the
// same fresh processes further (to 40,000) and shows V8's old and new space sizes beside RSS and
// the live heap after a full GC, so warm-up growth that levels off can be told from a leak.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeTempDir, removeDir } from "./catalog.mjs";
import { load, rpcBody } from "./load.mjs";
import { HEAP_PROBE, heapAfterGc, rssOf, startHttpServer, stop } from "./procs.mjs";
import { openSession, rpc } from "./session.mjs";

// Declared latencies (json dynamics) are not what this measures.
process.env.CAREEM_MCP_DELAY_SCALE = "0";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const CALL = { name: "get_ride_status", arguments: { rideId: "ride_arrived" } };
const STEPS = [1_000, 2_000, 5_000, 10_000, 20_000, 40_000];
const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);

async function follow(label, args, env) {
  const server = await startHttpServer(label, [...HEAP_PROBE, ...args], { env });
  try {
    const sessionId = await openSession(server.url);
    const first = await rpc(server.url, sessionId, "tools/call", CALL);
    if (first.message.result?.structuredContent?.status !== "CAPTAIN_ARRIVED") throw new Error(`${label}: unexpected answer ${JSON.stringify(first.message).slice(0, 300)}`);
    let done = 1;
    const rows = [];
    for (const step of STEPS) {
      const run = await load({ url: server.url, sessionId, body: rpcBody("tools/call", CALL), amount: step - done, maxSeconds: 120 });
      if (run.non2xx || run.errors || run.timeouts) throw new Error(`${label}: ${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts`);
      done += run.ok;
      const rss = rssOf(server.child.pid);
      const heap = await heapAfterGc(server.child);
      rows.push({ calls: done, rss, oldSpace: heap.spaces.old_space, newSpace: heap.spaces.new_space, liveHeap: heap.heapUsed });
    }
    return { rows };
  } finally {
    await stop(server.child);
  }
}

const runDir = makeTempDir("memory");
try {
  const payloadFile = path.join(runDir, "payload.json");
  // The minimal server answers the very payload ours renders (see run.mjs).
  const probe = await startHttpServer("ours (payload)", [path.join(root, "dist", "cli.js"), "--port", "0", "--tools", path.join(root, "tools"), "--run-dir", runDir]);
  try {
    const sid = await openSession(probe.url);
    fs.writeFileSync(payloadFile, JSON.stringify((await rpc(probe.url, sid, "tools/call", CALL)).message.result.structuredContent));
  } finally {
    await stop(probe.child);
  }
  const [ours, minimal] = await Promise.all([
    follow("ours", [path.join(root, "dist", "cli.js"), "--port", "0", "--tools", path.join(root, "tools"), "--run-dir", runDir], {}),
    follow("minimal", [path.join(here, "baseline", "minimal-http.mjs")], { BENCH_PAYLOAD: payloadFile }),
  ]);
  const line = (cells) => `| ${cells.join(" | ")} |`;
  const out = [line(["calls", "ours RSS", "old space", "new space", "live heap", "minimal RSS", "old space", "new space", "live heap"]), line(Array(9).fill("---"))];
  ours.rows.forEach((o, i) => {
    const m = minimal.rows[i];
    const growth = (rows, key) => (i === 0 ? "" : ` (${((rows[i][key] / rows[0][key] - 1) * 100).toFixed(1)}%)`);
    out.push(line([o.calls.toLocaleString("en"), `${mib(o.rss)} MiB${growth(ours.rows, "rss")}`, mib(o.oldSpace), mib(o.newSpace), mib(o.liveHeap), `${mib(m.rss)} MiB${growth(minimal.rows, "rss")}`, mib(m.oldSpace), mib(m.newSpace), mib(m.liveHeap)]));
  });
  const last = (rows) => rows[rows.length - 1].rss / rows[rows.length - 2].rss - 1;
  console.log(out.join("\n"));
  console.log(`\nRSS from ${STEPS.at(-2).toLocaleString("en")} to ${STEPS.at(-1).toLocaleString("en")} calls: ours ${(last(ours.rows) * 100).toFixed(1)}%, minimal ${(last(minimal.rows) * 100).toFixed(1)}%. Percentages are against the first row. Sizes in MiB; space sizes are V8's, read before the full GC that gives the live heap.`);
} finally {
  removeDir(runDir);
}
