// The floor ratio alone, quicker than the full benchmark (about 40 s): tools/call throughput of
// ours against node's bare `http` answering the same bytes, in the same run, rounds interleaved
// with the order rotated. Beside them "frame" (baseline/frame-http.mjs) does only what the wire
// asks of any server: the gap between it and bare is the protocol's, the rest is ours. BENCH_CLI_BEFORE=path/to/dist/cli.js adds an older build as a third
// target, so a change's effect is read against the same floor in the same run. Each server's own
// CPU time per call is reported too, and the floor by it: bare's req/s is bounded by the load
// generator sharing its cores, not by what bare spends, so the CPU ratio shows the gap the
// req/s ratio hides. It is no steadier: on this shared machine both move by about half between
// rounds, since a busy neighbour slows every instruction, not only the share a server gets.
//   node bench/floor.mjs [rounds]
// BENCH_TOOLS=DIR and BENCH_CALL='{"name":…,"arguments":…}' measure another call: the shipped
// get_ride_status spends most of its time in the engine (its world functions), which hides the
// wire; test/fixtures/catalog's track_ride costs the engine a fraction of a millisecond.
import fs from "node:fs";
import path from "node:path";
import { copyCatalog, listToolFiles, makeTempDir, removeDir } from "./catalog.mjs";
import { load, rpcBody } from "./load.mjs";
import { cpuSecondsOf, setLogDir, startHttpServer, stop } from "./procs.mjs";
import { openSession, rpc } from "./session.mjs";
import { median } from "./stats.mjs";

const here = import.meta.dirname;
const root = path.join(here, "..");
const rounds = Number(process.argv[2] ?? 6);
const CALL = process.env.BENCH_CALL ? JSON.parse(process.env.BENCH_CALL) : { name: "get_ride_status", arguments: { rideId: "ride_arrived" } };
const workDir = makeTempDir("floor");
setLogDir(workDir);
const toolsDir = copyCatalog(listToolFiles(path.resolve(process.env.BENCH_TOOLS ?? path.join(root, "tools"))), path.join(workDir, "tools"));
const serve = (cli) => [cli, "--port", "0", "--tools", toolsDir, "--run-dir", makeTempDir("floor-run")];
const servers = [];
try {
  const targets = [{ key: "ours", server: await startHttpServer("ours", serve(path.join(root, "dist", "cli.js"))) }];
  if (process.env.BENCH_CLI_BEFORE) targets.push({ key: "before", server: await startHttpServer("before", serve(path.resolve(process.env.BENCH_CLI_BEFORE))) });
  for (const t of targets) {
    servers.push(t.server);
    t.sessionId = await openSession(t.server.url);
  }
  const answer = await rpc(targets[0].server.url, targets[0].sessionId, "tools/call", CALL);
  const result = answer.message?.result;
  if (!result?.structuredContent || result.isError) throw new Error(`ours did not answer ${CALL.name} with a result: ${JSON.stringify(answer.message).slice(0, 300)}`);
  const bodyFile = path.join(workDir, "body.json");
  fs.writeFileSync(bodyFile, JSON.stringify(answer.message));
  // The wire's own floor: body read and parsed, go-sdk's headers, one SSE frame (baseline/frame-http.mjs).
  const frameFile = path.join(workDir, "frame.json");
  fs.writeFileSync(frameFile, JSON.stringify({ ...answer.message, id: 1 }));
  const frame = await startHttpServer("frame", [path.join(here, "baseline", "frame-http.mjs")], { env: { BENCH_BODY: frameFile } });
  servers.push(frame);
  frame.sessionId = await openSession(frame.url);
  targets.push({ key: "frame", server: frame, sessionId: frame.sessionId });
  const bare = await startHttpServer("bare", [path.join(here, "baseline", "bare-http.mjs")], { env: { BENCH_BODY: bodyFile } });
  servers.push(bare);
  targets.push({ key: "bare", server: bare });
  const body = rpcBody("tools/call", CALL);
  for (const t of targets) await load({ url: t.server.url, sessionId: t.sessionId, body, seconds: 2, maxSeconds: 10 });
  const runs = Object.fromEntries(targets.map((t) => [t.key, []]));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < targets.length; i++) {
      const t = targets[(i + r) % targets.length];
      const cpuBefore = cpuSecondsOf(t.server.child.pid);
      const run = await load({ url: t.server.url, sessionId: t.sessionId, body, seconds: 1.5, maxSeconds: 15 });
      run.cpuUsPerCall = ((cpuSecondsOf(t.server.child.pid) - cpuBefore) * 1e6) / run.requests;
      if (run.non2xx > 0 || run.errors > 0) throw new Error(`${t.key}: ${run.non2xx} non-2xx, ${run.errors} errors`);
      if (t.key !== "bare" && Math.abs(run.bytesPerResponse - runs.ours.concat(run)[0].bytesPerResponse) > 64) throw new Error(`${t.key}: ${run.bytesPerResponse} bytes per answer, not the call's answer`);
      runs[t.key].push(run);
    }
    process.stderr.write(`round ${r + 1}/${rounds}: ${targets.map((t) => `${t.key} ${runs[t.key].at(-1).rps.toFixed(0)}/s ${runs[t.key].at(-1).cpuUsPerCall.toFixed(1)} µs`).join(", ")}\n`);
  }
  const ratio = (key) => median(runs[key].map((run, i) => run.rps / runs.bare[i].rps)).toFixed(3);
  // The same floor by the servers' own CPU time per call: bare's over this one's, per round.
  const cpuRatio = (key) => median(runs[key].map((run, i) => runs.bare[i].cpuUsPerCall / run.cpuUsPerCall)).toFixed(3);
  console.log("| target | req/s (median) | p99 ms (median) | ratio to the bare floor (median of rounds) | server CPU µs per call (median) | CPU ratio: bare's µs / this one's |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const t of targets) {
    const one = t.key === "bare";
    console.log(`| ${t.key} | ${median(runs[t.key].map((x) => x.rps)).toFixed(0)} | ${median(runs[t.key].map((x) => x.p99))} | ${one ? "1" : ratio(t.key)} | ${median(runs[t.key].map((x) => x.cpuUsPerCall)).toFixed(1)} | ${one ? "1" : cpuRatio(t.key)} |`);
  }
} finally {
  for (const s of servers) await stop(s.child);
  removeDir(workDir);
}
