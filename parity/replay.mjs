// npm run parity: replays the corpus against the local build (dist/) and compares every answer
// byte for byte with the snapshots recorded against the Go twin. No Go needed.
//   --write DIR   also write the local build's answers there, laid out as the snapshots are
//   --verbose     show every difference in full, not only its first line
//   --sdk vX.Y.Z, --stateless   replay a go-sdk profile instead (the local build started with
//                 `--go-sdk X.Y.Z` and `--stateless`, compared with test/parity/profiles/<profile>/;
//                 record.mjs describes which cases a profile holds).
//   --http-only   only the HTTP cases (a stdio case spawns a process: about 1 s of CPU each)
//   --all-profiles   every profile but the default one, one after another (the test command runs
//                 this with --http-only; the default profile is its own check)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { profileCorpus, projectRoot, runCorpus, snapshotPath } from "./cases.mjs";
import { startLocal } from "./targets.mjs";
import { pinnedSdk, servedSdks } from "./twinBinary.mjs";

const argv = process.argv.slice(2);
if (argv.includes("--all-profiles")) await replayEveryProfile(argv.filter((a) => a !== "--all-profiles"));

const writeDir = argv.includes("--write") ? path.resolve(argv[argv.indexOf("--write") + 1]) : undefined;
const verbose = argv.includes("--verbose");
const stateless = argv.includes("--stateless");
const profiled = argv.includes("--sdk") || stateless;
const sdk = argv.includes("--sdk") ? argv[argv.indexOf("--sdk") + 1] : pinnedSdk();
const corpus = profileCorpus({ sdk, pinned: pinnedSdk(), stateless, profiled });
const snapshotsDir = corpus.dir;
const allowedFile = path.join(projectRoot, "test", "parity", "allowed-differences.md");

/** Case patterns from the first column of allowed-differences.md's tables (`*` matches anything). */
function allowedPatterns() {
  if (!fs.existsSync(allowedFile)) return [];
  const patterns = [];
  for (const line of fs.readFileSync(allowedFile, "utf8").split("\n")) {
    if (!line.startsWith("|")) continue;
    const first = line.split("|")[1] ?? "";
    for (const m of first.matchAll(/`((?:http|stdio)\/[^`]+)`/g)) {
      const source = m[1].replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
      patterns.push({ text: m[1], re: new RegExp(`^${source}$`), used: 0 });
    }
  }
  return patterns;
}

function firstDifference(want, got) {
  const a = want.split("\n");
  const b = got.split("\n");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      const cut = (s) => (s === undefined ? "<nothing>" : verbose || s.length <= 300 ? s : `${s.slice(0, 300)}…`);
      return `  line ${i + 1}\n  go-sdk: ${cut(a[i])}\n  local:  ${cut(b[i])}`;
    }
  }
  return "  (identical)";
}

const started = Date.now();
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "parity-replay-"));
// Each corpus case is its own session, as each was recorded: the recording's stdio twins all take
// their answers from one HTTP server, where per-user state would leak from case to case.
const server = await startLocal({ sdk, stateless, profiled, runDir });
let unexplained = 0;
try {
  const cases = argv.includes("--http-only") ? corpus.cases.filter((c) => c.transport === "http") : corpus.cases;
  const results = await runCorpus(cases, server);
  const patterns = allowedPatterns();
  let identical = 0;
  let allowed = 0;
  const report = [];
  for (const [name, got] of results) {
    if (writeDir) {
      const file = snapshotPath(writeDir, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, got);
    }
    const file = snapshotPath(snapshotsDir, name);
    const want = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
    if (want === got) {
      identical++;
      continue;
    }
    const pattern = want === undefined ? undefined : patterns.find((p) => p.re.test(name));
    if (pattern) {
      pattern.used++;
      allowed++;
      continue;
    }
    unexplained++;
    report.push(want === undefined ? `${name}: no snapshot (npm run parity:record)` : `${name}\n${firstDifference(want, got)}`);
  }
  if (report.length > 0) console.log(report.join("\n"));
  // Judged only where this run replayed a case the entry names: a profile or --http-only runs a
  // part of the corpora, and an entry for the rest says nothing here.
  const unused = patterns.filter((p) => p.used === 0 && results.some(([name]) => p.re.test(name)));
  if (unused.length > 0) console.log(`parity: allowed-differences.md entries no case needs any more: ${unused.map((p) => p.text).join(", ")}`);
  console.log(`parity${profiled ? ` (${corpus.name})` : ""}: ${results.length} cases, ${identical} identical, ${allowed} allowed, ${unexplained} unexplained (${((Date.now() - started) / 1000).toFixed(1)} s)`);
} finally {
  await server.stop();
  fs.rmSync(runDir, { recursive: true, force: true });
}
process.exitCode = unexplained > 0 ? 1 : 0;

/** Each served profile but the pinned default, in its own process (a profile is per process); exits 1 if any failed. */
async function replayEveryProfile(rest) {
  const { spawnSync } = await import("node:child_process");
  // Every twin release, stateful and stateless, as record.mjs --all records them; the pinned
  // release stateful is the default replay, its own check.
  const profiles = servedSdks()
    .flatMap((sdk) => [["--sdk", sdk], ["--sdk", sdk, "--stateless"]])
    .filter((p) => !(p[1] === pinnedSdk() && p.length === 2));
  let failed = 0;
  for (const profile of profiles) {
    const run = spawnSync(process.execPath, [import.meta.filename, ...profile, ...rest], { stdio: "inherit" });
    if (run.status !== 0) failed++;
  }
  process.exit(failed > 0 ? 1 : 0);
}
