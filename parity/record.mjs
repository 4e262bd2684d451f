// npm run parity:record: builds the Go twin (parity/twin, the official Go MCP SDK), runs the
// corpus against it and writes the snapshots `npm run parity` holds the local build to.
//   --out DIR       write there instead of the profile's folder (the drift check uses a temp dir)
//   --sdk vX.Y.Z    record the profile of that go-sdk release (parity/twin/versions/)
//   --stateless     ... served as StreamableHTTPOptions.Stateless = true serves it
//   --all           record every profile, one after the other (each as its own run of this script)
//   --check         record to a temp dir and fail if any snapshot would change (drift)
//
// Without --sdk and --stateless: the pinned release, stateful, the corpus of cases.jsonl into
// test/parity/snapshots (what `npm run parity` and CI use). Any profile named with --sdk or
// --stateless records into test/parity/profiles/<release>[-stateless]/: cases-2026.jsonl (the
// 2026-07-28 era) always, and cases.jsonl too unless the profile is the pinned stateful one,
// whose cases.jsonl answers are test/parity/snapshots already. A stateless profile records only
// the HTTP cases: go-sdk's Stateless option is an HTTP handler's, and stdio answers as the same
// release's stateful profile does.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { profileCorpus, runCorpus, snapshotPath } from "./cases.mjs";
import { startTwin } from "./targets.mjs";
import { pinnedSdk, servedSdks } from "./twinBinary.mjs";

const argv = process.argv.slice(2);
const opt = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);

if (argv.includes("--all")) {
  // One process per profile: each builds its own twin and starts its own local build.
  for (const sdk of servedSdks())
    for (const stateless of [false, true]) execFileSync(process.execPath, [import.meta.filename, "--sdk", sdk, ...(stateless ? ["--stateless"] : [])], { stdio: "inherit" });
  process.exit(0);
}

const check = argv.includes("--check");
const stateless = argv.includes("--stateless");
const sdk = opt("--sdk") ?? pinnedSdk();
const profiled = argv.includes("--sdk") || stateless;
const corpus = profileCorpus({ sdk, pinned: pinnedSdk(), stateless, profiled });
const targetDir = corpus.dir;
const outDir = check ? fs.mkdtempSync(path.join(os.tmpdir(), "parity-drift-")) : path.resolve(opt("--out") ?? targetDir);
const label = `go-sdk ${sdk}${stateless ? " stateless" : ""}`;

const started = Date.now();
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "parity-record-"));
const server = await startTwin({ sdk, stateless, runDir });
try {
  const cases = corpus.cases;
  const results = await runCorpus(cases, server);
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const [name, text] of results) {
    const file = snapshotPath(outDir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  const mode = stateless ? " (StreamableHTTPOptions.Stateless = true)" : "";
  fs.writeFileSync(path.join(outDir, "RECORDED-WITH.txt"), `github.com/modelcontextprotocol/go-sdk ${sdk}${mode}\n${results.length} cases\n`);
  if (check) {
    // Every snapshot file on either side, compared byte for byte.
    const list = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith(".txt")) : []);
    const files = [...new Set([...list(outDir), ...list(targetDir)])].sort();
    const drifted = files.filter((f) => !fs.existsSync(path.join(targetDir, f)) || !fs.existsSync(path.join(outDir, f)) || !fs.readFileSync(path.join(targetDir, f)).equals(fs.readFileSync(path.join(outDir, f))));
    for (const f of drifted) console.log(`parity:drift: ${f} would change`);
    console.log(`parity:drift: ${files.length} snapshot files re-recorded against the ${label} twin, ${drifted.length} would change`);
    fs.rmSync(outDir, { recursive: true, force: true });
    process.exitCode = drifted.length > 0 ? 1 : 0;
  } else console.log(`parity:record: ${results.length} cases recorded against the ${label} twin into ${path.relative(process.cwd(), outDir) || "."} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await server.stop();
  fs.rmSync(runDir, { recursive: true, force: true });
}
