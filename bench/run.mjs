// `npm run bench`: our server side by side with baselines, in one run, on loopback only.
// Prints the issue's table and writes bench/results.json. Progress goes to stderr.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { copyCatalog, generateCatalog, listToolFiles, makeTempDir, removeDir } from "./catalog.mjs";
import { timeCheck } from "./check.mjs";
import { coldStart } from "./coldstart.mjs";
import { load, rpcBody } from "./load.mjs";
import { rssOf, startHttpServer, stop } from "./procs.mjs";
import { checkHotReload } from "./reload.mjs";
import { openSession, rpc } from "./session.mjs";
import { median, spread } from "./stats.mjs";
import { renderTable } from "./table.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
// BENCH_CLI points the harness at another build of the same command line (e.g. a profiling copy).
const cli = process.env.BENCH_CLI ? path.resolve(process.env.BENCH_CLI) : path.join(root, "dist", "cli.js");

/** The measured call: a scenario tried after three non-matching ones, with argument and time placeholders. */
const CALL = { name: "get_ride_status", arguments: { rideId: "ride_arrived" } };
const isExpected = (sc) => sc?.status === "CAPTAIN_ARRIVED" && sc?.rideId === "ride_arrived" && typeof sc?.arrivedAt === "string";

const CATALOG_SIZE = 2000;
const ROUNDS = 5;
const RUN_SECONDS = 2;
const WARMUP_SECONDS = 1;
const COLD_STARTS = 7;

// BENCH_PROFILE=DIR runs our server processes under --cpu-prof (figures then carry its overhead).
const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : undefined;
const ourNode = (args) => (profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir, "--import", path.join(here, "exit-on-term.mjs"), ...args] : args);

const t0 = performance.now();
const log = (msg) => process.stderr.write(`bench [${((performance.now() - t0) / 1000).toFixed(0).padStart(3)}s] ${msg}\n`);

function preflight() {
  if (process.env.BENCH_CLI) {
    if (!fs.existsSync(cli)) throw new Error(`BENCH_CLI ${cli} does not exist`);
    return;
  }
  for (const f of ["dist/cli.js", "dist/server/http.js", "dist/server/stdio.js"]) {
    if (!fs.existsSync(path.join(root, f))) {
      throw new Error(`${f} is missing: build first (./careem-mcp.sh bench or npm run build)`);
    }
  }
}

/** Shipped tool files that load cleanly; broken ones would only measure error paths. */
async function usableSources() {
  const { Catalog } = await import(path.join(root, "dist", "engine", "catalog.js"));
  const all = listToolFiles(path.join(root, "tools"));
  const entries = new Catalog(path.join(root, "tools")).all();
  const ok = new Set(entries.filter((e) => e.kind === "ok").map((e) => e.path));
  return { usable: all.filter((s) => ok.has(s.file)), skipped: all.filter((s) => !ok.has(s.file)).map((s) => s.name) };
}

async function callOnce(server, sessionId) {
  const r = await rpc(server.url, sessionId, "tools/call", CALL);
  const result = r.message.result;
  if (!result || result.isError || !isExpected(result.structuredContent)) {
    throw new Error(`${server.label}: tools/call did not answer the expected scenario: ${JSON.stringify(r.message).slice(0, 400)}`);
  }
  return r;
}

/** Fails a load run that was not all full, successful answers. */
function assertClean(label, run, refBytes) {
  const problems = [];
  if (run.non2xx || run.errors || run.timeouts) problems.push(`${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts`);
  if (run.requests === 0) problems.push("no requests completed");
  // Headers add a few hundred bytes; an error answer would be far shorter than the checked result.
  if (refBytes && (run.bytesPerResponse < refBytes || run.bytesPerResponse > refBytes + 1500)) {
    problems.push(`${run.bytesPerResponse.toFixed(0)} bytes per response, the checked answer has ${refBytes} in its body`);
  }
  if (problems.length) throw new Error(`${label}: load run was not clean: ${problems.join("; ")}`);
}

async function main() {
  preflight();
  const results = {
    startedAt: new Date().toISOString(),
    machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, loadavgBefore: os.loadavg() },
    call: CALL,
    phases: {},
  };
  const servers = [];
  const dirs = [];
  try {
    // Catalogs, in temp dirs: a snapshot of the shipped tools, and 2,000 files of renamed copies.
    const { usable, skipped } = await usableSources();
    if (skipped.length) log(`skipping broken shipped files: ${skipped.join(", ")}`);
    const shippedDir = makeTempDir("shipped");
    const bigDir = makeTempDir("catalog");
    const workDir = makeTempDir("work");
    dirs.push(shippedDir, bigDir, workDir);
    copyCatalog(usable, shippedDir);
    generateCatalog(usable, bigDir, CATALOG_SIZE);
    results.catalog = { shipped: usable.length, skipped, generated: CATALOG_SIZE };
    log(`catalogs: ${usable.length} shipped files, ${CATALOG_SIZE} generated`);
    const probeSource = usable.find((s) => s.name === CALL.name);
    if (!probeSource) throw new Error(`the shipped catalog has no usable ${CALL.name}`);

    // Ours on the shipped catalog: check the answer, then 1,000 calls and the first RSS reading.
    const ours = await startHttpServer("ours", ourNode([cli, "--port", "0", "--tools", shippedDir]));
    servers.push(ours);
    results.pids = { ours: ours.child.pid };
    const oursSession = await openSession(ours.url);
    const checked = await callOnce(ours, oursSession);
    const refOurs = checked.bytes;
    log(`ours answers ${CALL.name} with the expected scenario (${checked.contentType}, ${refOurs} bytes)`);
    const callBody = rpcBody("tools/call", CALL);
    const first1k = await load({ url: ours.url, sessionId: oursSession, body: callBody, amount: 1000, maxSeconds: 40 });
    assertClean("ours, first 1,000 calls", first1k, refOurs);
    const rss1k = rssOf(ours.child.pid);

    // Baselines get the very payload ours rendered, so both answer the same number of bytes.
    const payloadFile = path.join(workDir, "payload.json");
    fs.writeFileSync(payloadFile, JSON.stringify(checked.message.result.structuredContent));
    const bodyFile = path.join(workDir, "body.json");
    fs.writeFileSync(bodyFile, JSON.stringify(checked.message));
    const [big, minimal, bare] = await Promise.all([
      startHttpServer("ours-2000", ourNode([cli, "--port", "0", "--tools", bigDir]), { timeoutMs: 60_000 }),
      startHttpServer("minimal", [path.join(here, "baseline", "minimal-http.mjs")], { env: { BENCH_PAYLOAD: payloadFile } }),
      startHttpServer("bare", [path.join(here, "baseline", "bare-http.mjs")], { env: { BENCH_BODY: bodyFile } }),
    ]);
    servers.push(big, minimal, bare);
    Object.assign(results.pids, { ours2000: big.child.pid, minimal: minimal.child.pid, bare: bare.child.pid });
    const bigSession = await openSession(big.url);
    const minimalSession = await openSession(minimal.url);

    // The first tools/list at 2,000 files loads every file; it runs while ours takes 19,000 more calls.
    log(`cold tools/list over ${CATALOG_SIZE} files, alongside 19,000 more calls to ours`);
    const coldList = (async () => {
      const start = performance.now();
      const r = await rpc(big.url, bigSession, "tools/list", {}, 150_000);
      return { ms: performance.now() - start, bytes: r.bytes, tools: r.message.result.tools };
    })();
    const more19k = load({ url: ours.url, sessionId: oursSession, body: callBody, amount: 19_000, maxSeconds: 90 });
    const [cold, rest] = await Promise.all([coldList, more19k]);
    assertClean("ours, calls 1,001 to 20,000", rest, refOurs);
    const rss20k = rssOf(ours.child.pid);
    const names = cold.tools.map((t) => t.name);
    const sorted = names.every((n, i) => i === 0 || names[i - 1] < n);
    if (cold.tools.length !== CATALOG_SIZE || !sorted) {
      throw new Error(`tools/list at ${CATALOG_SIZE} files returned ${cold.tools.length} tools${sorted ? "" : ", not sorted by name"}`);
    }
    const calls = first1k.ok + rest.ok;
    results.phases.rss = { after1k: rss1k, after20k: rss20k, calls };
    log(`RSS ${(rss1k / 2 ** 20).toFixed(1)} MiB after 1,000 calls, ${(rss20k / 2 ** 20).toFixed(1)} MiB after ${calls}`);

    const firstBigCall = performance.now();
    const checkedBig = await callOnce(big, bigSession);
    results.phases.bigFirstCallMs = performance.now() - firstBigCall;
    const checkedMinimal = await callOnce(minimal, minimalSession);
    const refs = { ours: refOurs, big: checkedBig.bytes, minimal: checkedMinimal.bytes, bare: fs.statSync(bodyFile).size };

    // Throughput and latency: every target in every round, the order rotated each round.
    const targets = [
      { key: "minimal", server: minimal, sessionId: minimalSession },
      { key: "ours", server: ours, sessionId: oursSession },
      { key: "big", server: big, sessionId: bigSession },
      { key: "bare", server: bare, sessionId: undefined },
    ];
    for (const t of targets) {
      const w = await load({ url: t.server.url, sessionId: t.sessionId, body: callBody, seconds: WARMUP_SECONDS, maxSeconds: 10 });
      assertClean(`${t.key} warm-up`, w, refs[t.key]);
    }
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) {
      const round = {};
      for (let i = 0; i < targets.length; i++) {
        const t = targets[(i + r) % targets.length];
        const run = await load({ url: t.server.url, sessionId: t.sessionId, body: callBody, seconds: RUN_SECONDS, maxSeconds: 15 });
        assertClean(`${t.key}, round ${r + 1}`, run, refs[t.key]);
        round[t.key] = run;
      }
      rounds.push(round);
      log(`round ${r + 1}/${ROUNDS}: ${targets.map((t) => `${t.key} ${round[t.key].rps.toFixed(0)}/s p99 ${round[t.key].p99}ms`).join(", ")}`);
    }
    results.phases.rounds = rounds;

    // Hot reload at 2,000 files: the next call sees each edit.
    const reload = await checkHotReload({
      url: big.url,
      sessionId: bigSession,
      file: path.join(bigDir, probeSource.domain, `${CALL.name}.md`),
      tool: CALL.name,
      argKey: Object.keys(CALL.arguments)[0],
    });
    results.phases.hotReload = reload;
    log(`hot reload at ${CATALOG_SIZE} files: ${reload.ok ? "every edit seen on the next call" : "FAILED"}`);

    // Warm tools/list at 2,000 tools, one at a time.
    const listRun = await load({ url: big.url, sessionId: bigSession, body: rpcBody("tools/list", {}), connections: 1, amount: 10, maxSeconds: 30 });
    assertClean("tools/list", listRun, cold.bytes);
    results.phases.toolsList = { coldMs: cold.ms, coldBytes: cold.bytes, warm: listRun };

    for (const s of servers.splice(0)) await stop(s.child);

    // Stdio cold start, ours and the minimal server alternating (one unmeasured start each first).
    const oursStdio = [cli, "--stdio", "--tools", shippedDir];
    const minimalStdio = [path.join(here, "baseline", "minimal-stdio.mjs")];
    await coldStart(oursStdio);
    await coldStart(minimalStdio, { env: { BENCH_PAYLOAD: payloadFile } });
    const starts = { ours: [], minimal: [] };
    for (let i = 0; i < COLD_STARTS; i++) {
      const pair = [
        ["ours", oursStdio, {}],
        ["minimal", minimalStdio, { env: { BENCH_PAYLOAD: payloadFile } }],
      ];
      if (i % 2) pair.reverse();
      for (const [key, args, opts] of pair) starts[key].push(await coldStart(args, opts));
    }
    results.phases.coldStart = starts;
    log(`cold start: ours ${median(starts.ours).toFixed(0)} ms, minimal ${median(starts.minimal).toFixed(0)} ms (medians of ${COLD_STARTS})`);

    // --check over the 2,000 files.
    log(`--check over ${CATALOG_SIZE} files`);
    const check = await timeCheck(cli, bigDir);
    results.phases.check = check;
    const checkOk = check.tools === CATALOG_SIZE && check.problems === 0;
    if (!checkOk) log(`--check saw ${check.tools} tools and ${check.problems} problems, e.g. ${JSON.stringify(check.firstProblems)}`);

    const per = (key, field) => rounds.map((r) => r[key][field]);
    const ratios = (a, b, field) => rounds.map((r) => r[a][field] / r[b][field]);
    const figures = {
      shippedTools: usable.length,
      throughput: { ours: spread(per("ours", "rps")), minimal: spread(per("minimal", "rps")), ratio: spread(ratios("ours", "minimal", "rps")) },
      catalog: { ours2000: spread(per("big", "rps")), ours: spread(per("ours", "rps")), ratio: spread(ratios("big", "ours", "rps")) },
      p99: { ours: spread(per("ours", "p99")), minimal: spread(per("minimal", "p99")), ratio: spread(ratios("ours", "minimal", "p99")) },
      list: { p50: listRun.p50, coldMs: cold.ms, coldNote: "while ours took 19,000 calls", bytes: cold.bytes },
      coldStart: { ours: spread(starts.ours), minimal: spread(starts.minimal), ratio: median(starts.ours) / median(starts.minimal) },
      check: { ...check, filesPerSecond: CATALOG_SIZE / check.seconds },
      rss: { after1k: rss1k, after20k: rss20k, growth: rss20k / rss1k - 1 },
      floor: { rps: spread(per("bare", "rps")), p99: spread(per("bare", "p99")) },
      hotReload: reload.ok,
    };
    figures.throughput.met = figures.throughput.ratio.median >= 0.8;
    figures.catalog.met = figures.catalog.ratio.median >= 0.9;
    figures.p99.met = figures.p99.ratio.median <= 1.5;
    figures.coldStart.met = figures.coldStart.ratio <= 1.3;
    figures.rss.met = figures.rss.growth <= 0.1;
    results.figures = figures;
    results.elapsedSeconds = (performance.now() - t0) / 1000;
    results.machine.loadavgAfter = os.loadavg();

    const table = renderTable(figures);
    fs.writeFileSync(path.join(here, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`${table}\n\n`);
    process.stdout.write(
      `Ratios are medians of ${ROUNDS} interleaved rounds of ${RUN_SECONDS} s each (range in brackets); every run was checked ` +
        `to be full ${CALL.name} results. Hot reload at ${CATALOG_SIZE} files: ${reload.ok ? "ok" : "FAILED"}. ` +
        `--check of the generated catalog: ${checkOk ? `all ${CATALOG_SIZE} files clean` : `${check.tools} tools, ${check.problems} problems`}. ` +
        `Load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")} on ${os.cpus().length} cores; ${results.elapsedSeconds.toFixed(0)} s in all. ` +
        `Details: bench/results.json${profileDir ? `; CPU profiles (figures include profiler overhead) in ${profileDir}` : ""}\n`,
    );
    if (!reload.ok) process.exitCode = 1;
  } finally {
    for (const s of servers) await stop(s.child);
    for (const d of dirs) removeDir(d);
  }
}

main().catch((err) => {
  process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
