// `node bench/refused-initialize.mjs [count] [cli]`: RSS of a fresh server before and after
// `count` (default 6,000) initialize POSTs that the SDK refuses with 406 (Accept without
// text/event-stream). A refused attempt must hold nothing (issue 10, item 3); before the fix each
// one kept its MCP server alive until the 30-minute idle timeout. `cli` picks another build.
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { makeTempDir, removeDir } from "./catalog.mjs";
import { heapAfterGc, HEAP_PROBE, rssOf, startHttpServer, stop } from "./procs.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const count = Number(process.argv[2] ?? 6000);
const cli = path.resolve(process.argv[3] ?? path.join(root, "dist", "cli.js"));
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "refused", version: "1" } } });

const runDir = makeTempDir("refused-run");
const server = await startHttpServer("server", [...HEAP_PROBE, cli, "--port", "0", "--tools", path.join(root, "tools"), "--run-dir", runDir]);
try {
  await new Promise((r) => setTimeout(r, 1000));
  const before = { rss: rssOf(server.child.pid), heap: (await heapAfterGc(server.child)).heapUsed };
  const result = await new Promise((resolve, reject) =>
    autocannon(
      { url: server.url, method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body, amount: count, connections: 8 },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
  const status406 = result.statusCodeStats?.["406"]?.count ?? 0;
  if (status406 !== count) throw new Error(`expected ${count} answers of 406, got ${JSON.stringify(result.statusCodeStats)}`);
  const after = { rss: rssOf(server.child.pid), heap: (await heapAfterGc(server.child)).heapUsed };
  console.log(`${count} refused initializes (406) against ${path.relative(root, cli)}`);
  console.log(`RSS:            ${mib(before.rss)} -> ${mib(after.rss)} (+${mib(after.rss - before.rss)})`);
  console.log(`live heap (GC): ${mib(before.heap)} -> ${mib(after.heap)} (+${mib(after.heap - before.heap)})`);
} finally {
  await stop(server.child);
  removeDir(runDir);
}
