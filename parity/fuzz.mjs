// npm run parity:fuzz: a differential fuzzer. Generated MCP traffic (parity/fuzz/grammar.mjs) goes
// to the local build and to the Go twin (go-sdk at the profile's release) alike, and every answer
// is compared byte for byte as the corpus replay compares them (parity/runner.mjs: session ids
// masked, nothing else). A difference is shrunk to its smallest form and printed as a corpus
// line for parity/corpus/fuzzFound.mjs; the run fails on any difference that is not allowed.
//   --n N            cases per profile (default 2000), split over its transports
//   --n-others M     cases for each profile but the default one (default: N); the test command
//                    runs the default deep and the others lighter, to fit its time
//   --seed S         fast-check's seed (default 46); the same seed draws the same cases
//   --profile P      one profile (v1.6.1, v1.8.0-stateless, ...; default every one)
//   --transport T    http, sse or stdio (default every one the profile serves)
//   --shrink K       shrink at most K differences per profile (default 3)
//   --json FILE      also write the table as JSON
//   --show T:I       print case I of transport T (as drawn with this seed and --n) and both answers in full
// Stateless profiles run HTTP only: Stateless is an option of go-sdk's streamable HTTP handler,
// and over SSE and stdio a release answers as its stateful profile does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { freezeEnv, projectRoot } from "./cases.mjs";
import { pool, runHttpCase, runSseCase } from "./runner.mjs";
import { startLocal, startTwin } from "./targets.mjs";
import { pinnedSdk, servedSdks } from "./twinBinary.mjs";
import { httpCase, sseCase, stdioCase } from "./fuzz/grammar.mjs";
import { StdioSession } from "./fuzz/stdioSession.mjs";
import { allowedDifference } from "./fuzz/allowed.mjs";

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const n = Number(opt("--n", "2000"));
const nOthers = Number(opt("--n-others", String(n)));
const seed = Number(opt("--seed", "46"));
const shrinkLimit = Number(opt("--shrink", "3"));
const onlyTransport = opt("--transport");
const profiles = servedSdks().flatMap((sdk) => [{ sdk, stateless: false }, { sdk, stateless: true }]);
const profileName = (p) => `${p.sdk}${p.stateless ? "-stateless" : ""}`;
const chosen = opt("--profile") ? profiles.filter((p) => profileName(p) === opt("--profile")) : profiles;
if (chosen.length === 0) {
  console.error(`parity:fuzz: no profile ${opt("--profile")}; one of ${profiles.map(profileName).join(", ")}`);
  process.exit(2);
}

/** The catalog's definitions as the tool files write them: the grammar draws arguments from each inputSchema. */
async function loadTools() {
  const { Engine } = await import(pathToFileURL(path.join(projectRoot, "dist", "engine", "engine.js")).href);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "parity-fuzz-catalog-"));
  try {
    return new Engine({ toolsDir: path.join(projectRoot, "tools"), runDir }).listTools();
  } finally {
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}

/** The first line where two answers part, each cut to 300 characters. */
function firstDifference(want, got) {
  const a = want.split("\n");
  const b = got.split("\n");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      const cut = (s) => (s === undefined ? "<nothing>" : s.length <= 300 ? s : `${s.slice(0, 300)}…`);
      return { line: i + 1, twin: cut(a[i]), local: cut(b[i]) };
    }
  }
  return undefined;
}

/**
 * Where the twin's answer is not fixed, it is asked again. jsonschema-go walks an object's
 * `properties` in Go's map order, random per call: with several failing properties the twin names
 * any of them (an array's items it checks in order and names the first failing one); the local
 * build names the first in the definition's order, the likeliest of Go's. And the go-sdk answers a
 * batch's requests concurrently, in whatever order they finish. So a difference in a validation
 * text is asked again up to 24 times, any other up to 4, and counts as identical once the twin
 * gives the local build's answer.
 */
const triesFor = (d) => (d === undefined ? 0 : d.twin.includes("validating") && d.local.includes("validating") ? 24 : 4);
/** Runs the cases of one transport against both servers; resolves each case's verdict. */
async function runTransport(transport, cases, pair, tools) {
  const verdicts = new Array(cases.length);
  const judge = async (kase, twinText, localText, askTwinAgain) => {
    if (twinText === localText) return { verdict: "identical" };
    const tries = triesFor(firstDifference(twinText, localText));
    for (let t = 0; t < tries; t++) if ((await askTwinAgain()) === localText) return { verdict: "identical", retried: t + 1 };
    const allowed = allowedDifference(kase, twinText, localText, pair.profile);
    if (allowed) return { verdict: "allowed", why: allowed };
    return { verdict: "unexplained", difference: firstDifference(twinText, localText) };
  };
  if (transport === "stdio") {
    // One process a side for every case; a case that ends a process starts both again.
    let sessions;
    const open = async () => (sessions = await Promise.all([StdioSession.open(pair.twin.stdio.command, pair.twin.stdio.args, freezeEnv), StdioSession.open(pair.local.stdio.command, pair.local.stdio.args, freezeEnv)]));
    await open();
    try {
      for (let i = 0; i < cases.length; i++) {
        const [twin, local] = sessions;
        const [a, b] = await Promise.all([twin.run(cases[i].messages), local.run(cases[i].messages)]);
        verdicts[i] = await judge(cases[i], a, b, () => twin.run(cases[i].messages));
        if (twin.exited || local.exited) {
          for (const s of sessions) s.close();
          await open();
        }
      }
    } finally {
      for (const s of sessions) s.close();
    }
    return verdicts;
  }
  const run = transport === "sse" ? runSseCase : runHttpCase;
  await pool(cases, 4, async (kase, i) => {
    const [a, b] = await Promise.all([run(pair.twin.baseUrl, kase), run(pair.local.baseUrl, kase)]);
    verdicts[i] = await judge(kase, a, b, () => run(pair.twin.baseUrl, kase));
  });
  return verdicts;
}

/** One case again, on fresh stdio processes when it is a stdio case: whether the two servers still differ (and not in an allowed way). */
async function differs(kase, pair) {
  let a;
  let b;
  if (kase.transport === "stdio") {
    const [twin, local] = await Promise.all([StdioSession.open(pair.twin.stdio.command, pair.twin.stdio.args, freezeEnv), StdioSession.open(pair.local.stdio.command, pair.local.stdio.args, freezeEnv)]);
    try {
      [a, b] = await Promise.all([twin.run(kase.messages), local.run(kase.messages)]);
    } finally {
      twin.close();
      local.close();
    }
  } else {
    const run = kase.transport === "sse" ? runSseCase : runHttpCase;
    [a, b] = await Promise.all([run(pair.twin.baseUrl, kase), run(pair.local.baseUrl, kase)]);
  }
  if (a === b || allowedDifference(kase, a, b, pair.profile)) return false;
  // Shrinking keeps a case only while the twin never gives the local build's answer.
  const tries = triesFor(firstDifference(a, b));
  for (let t = 0; t < tries; t++) {
    if (kase.transport === "stdio") return true;
    const run = kase.transport === "sse" ? runSseCase : runHttpCase;
    if ((await run(pair.twin.baseUrl, kase)) === b) return false;
  }
  return true;
}

/** The smallest case fast-check's shrinking finds from the `index`-th drawn case that still differs. */
async function shrink(arbitrary, drawSeed, index, count, pair, drawn) {
  let first = true;
  const property = fc.asyncProperty(arbitrary, async (kase) => {
    // The replay starts at the drawn case itself; if it does not, the draw is not what was run.
    if (first && JSON.stringify(kase) !== JSON.stringify(drawn)) throw new Error("the replayed draw is not the case that differed");
    first = false;
    return !(await differs(kase, pair));
  });
  const result = await fc.check(property, { seed: drawSeed, path: String(index), numRuns: count, interruptAfterTimeLimit: 60_000, endOnFailure: false });
  return result.failed && result.counterexample ? result.counterexample[0] : drawn;
}

/** A shrunk case as a line parity/corpus/fuzzFound.mjs can take. */
function corpusLine(kase) {
  const { transport, name, ...rest } = kase;
  return JSON.stringify({ transport, name, ...rest });
}

const tools = await loadTools();
const table = [];
let unexplainedTotal = 0;
const started = Date.now();
for (const profile of chosen) {
  const name = profileName(profile);
  const profiled = !(profile.sdk === pinnedSdk() && !profile.stateless);
  const twinDir = fs.mkdtempSync(path.join(os.tmpdir(), "parity-fuzz-twin-"));
  const localDir = fs.mkdtempSync(path.join(os.tmpdir(), "parity-fuzz-local-"));
  const [twin, local] = await Promise.all([startTwin({ ...profile, runDir: twinDir }), startLocal({ ...profile, profiled, runDir: localDir })]);
  const pair = { twin, local, profile };
  // A stateless v1.7.0+ server serves the 2026-07-28 era: its requests are drawn there.
  const eraRequests = profile.stateless;
  const transports = (profile.stateless ? ["http"] : ["http", "sse", "stdio"]).filter((t) => !onlyTransport || t === onlyTransport);
  // HTTP carries the most variation (bytes and headers as well as messages): half the cases.
  const shares = { http: transports.length === 1 ? 1 : 0.5, sse: 0.25, stdio: 0.25 };
  try {
    for (const transport of transports) {
      const count = Math.round((profiled ? nOthers : n) * shares[transport]);
      const arbitrary = transport === "http" ? httpCase(tools, { eraRequests }) : transport === "sse" ? sseCase(tools) : stdioCase(tools);
      // Each transport draws from its own seed, so changing one transport's share moves no other's cases.
      const drawSeed = seed + transport.length;
      const cases = fc.sample(arbitrary, { seed: drawSeed, numRuns: count });
      const t0 = Date.now();
      if (opt("--show")) {
        const [t, i] = opt("--show").split(":");
        if (t !== transport) continue;
        const kase = cases[Number(i)];
        console.log(`case: ${corpusLine(kase)}`);
        if (transport === "stdio") {
          const [a, b] = await Promise.all([StdioSession.open(twin.stdio.command, twin.stdio.args, freezeEnv), StdioSession.open(local.stdio.command, local.stdio.args, freezeEnv)]);
          console.log(`--- go-sdk\n${await a.run(kase.messages)}\n--- local\n${await b.run(kase.messages)}`);
          a.close();
          b.close();
        } else {
          const run = transport === "sse" ? runSseCase : runHttpCase;
          console.log(`--- go-sdk\n${await run(twin.baseUrl, kase)}\n--- local\n${await run(local.baseUrl, kase)}`);
        }
        continue;
      }
      const verdicts = await runTransport(transport, cases, pair, tools);
      const seconds = (Date.now() - t0) / 1000;
      const count_ = (v) => verdicts.filter((x) => x.verdict === v).length;
      const row = { profile: name, transport, cases: cases.length, identical: count_("identical"), retried: verdicts.filter((x) => x.retried).length, allowed: count_("allowed"), unexplained: count_("unexplained"), seconds };
      table.push(row);
      unexplainedTotal += row.unexplained;
      // Each kind of difference once (its first differing line, ids and numbers blurred), shrunk.
      const kinds = new Map();
      verdicts.forEach((v, i) => {
        if (v.verdict !== "unexplained") return;
        const key = `${v.difference.twin.replace(/\d+/g, "N").slice(0, 120)}|${v.difference.local.replace(/\d+/g, "N").slice(0, 120)}`;
        if (!kinds.has(key)) kinds.set(key, { index: i, difference: v.difference, count: 0 });
        kinds.get(key).count++;
      });
      let shrunk = 0;
      for (const kind of kinds.values()) {
        console.log(`\nparity:fuzz: ${name} ${transport}: ${kind.count} case(s) differ like case ${kind.index} (line ${kind.difference.line})\n  go-sdk: ${kind.difference.twin}\n  local:  ${kind.difference.local}`);
        if (shrunk++ >= shrinkLimit) continue;
        const arbitrary2 = transport === "http" ? httpCase(tools, { eraRequests }) : transport === "sse" ? sseCase(tools) : stdioCase(tools);
        let small;
        try {
          small = await shrink(arbitrary2, drawSeed, kind.index, count, pair, cases[kind.index]);
        } catch (err) {
          console.log(`  (not shrunk: ${err.message})`);
          small = cases[kind.index];
        }
        console.log(`  as a corpus case: ${corpusLine(small)}`);
      }
    }
  } finally {
    await Promise.all([twin.stop(), local.stop()]);
    fs.rmSync(twinDir, { recursive: true, force: true });
    fs.rmSync(localDir, { recursive: true, force: true });
  }
}

const pad = (s, w) => String(s).padEnd(w);
console.log(`\n${pad("profile", 18)}${pad("transport", 10)}${pad("cases", 7)}${pad("identical", 11)}${pad("(retried)", 10)}${pad("allowed", 9)}${pad("unexplained", 12)}seconds`);
for (const r of table) console.log(`${pad(r.profile, 18)}${pad(r.transport, 10)}${pad(r.cases, 7)}${pad(r.identical, 11)}${pad(r.retried, 10)}${pad(r.allowed, 9)}${pad(r.unexplained, 12)}${r.seconds.toFixed(1)}`);
const total = table.reduce((s, r) => s + r.cases, 0);
console.log(`parity:fuzz: seed ${seed}, ${total} cases, ${unexplainedTotal} unexplained (${((Date.now() - started) / 1000).toFixed(1)} s)`);
if (opt("--json")) fs.writeFileSync(opt("--json"), JSON.stringify({ seed, n, table }, null, 2) + "\n");
process.exitCode = unexplainedTotal > 0 ? 1 : 0;
