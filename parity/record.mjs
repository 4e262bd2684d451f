// npm run parity:record: builds the Go twin (parity/twin, the official Go MCP SDK), runs the
// corpus against it and writes the snapshots `npm run parity` holds the local build to.
//   --out DIR       write there instead of test/parity/snapshots (the drift check uses a temp dir)
//   --sdk vX.Y.Z    build the twin against another go-sdk release (the upgrade report)
//   --check         record to a temp dir and fail if any snapshot would change (drift)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freezeEnv, loadCases, parityDir, projectRoot, runCorpus, snapshotPath, snapshotsDir } from "./cases.mjs";
import { startHttpServer } from "./runner.mjs";
import { buildTwin } from "./twinBinary.mjs";

const argv = process.argv.slice(2);
const opt = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const check = argv.includes("--check");
const outDir = check ? fs.mkdtempSync(path.join(os.tmpdir(), "parity-drift-")) : path.resolve(opt("--out") ?? snapshotsDir);
const sdk = opt("--sdk");

function goSdkVersion() {
  if (sdk) return sdk;
  const mod = fs.readFileSync(path.join(parityDir, "twin", "go.mod"), "utf8");
  return /github\.com\/modelcontextprotocol\/go-sdk (v\S+)/.exec(mod)?.[1] ?? "unknown";
}

const started = Date.now();
const bin = buildTwin(sdk);
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "parity-record-"));
// The business answers come from one frozen local build over HTTP, shared by the HTTP twin and
// every short-lived stdio twin.
const answers = await startHttpServer(process.execPath, [path.join(projectRoot, "dist", "cli.js"), "--port", "0", "--tools", path.join(projectRoot, "tools"), "--run-dir", runDir, "--state-scope", "session"], freezeEnv);
// The definitions verbatim from the tool files (the engine's catalog), not the local build's
// tools/list, which is already shaped the Go way.
const { Engine } = await import(pathToFileURL(path.join(projectRoot, "dist", "engine", "engine.js")).href);
const catalog = new Engine({ toolsDir: path.join(projectRoot, "tools"), runDir });
const definitions = path.join(runDir, "definitions.json");
fs.writeFileSync(definitions, JSON.stringify({ tools: catalog.listTools() }));
const twinArgs = ["-local-url", `${answers.baseUrl}/mcp`, "-definitions", definitions];
const server = await startHttpServer(bin, [...twinArgs, "-port", "0"], freezeEnv);
try {
  const cases = loadCases();
  const results = await runCorpus(cases, { baseUrl: server.baseUrl, stdio: { command: bin, args: [...twinArgs, "-stdio"] } });
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const [name, text] of results) {
    const file = snapshotPath(outDir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  fs.writeFileSync(path.join(outDir, "RECORDED-WITH.txt"), `github.com/modelcontextprotocol/go-sdk ${goSdkVersion()}\n${results.length} cases\n`);
  if (check) {
    // Every snapshot file on either side, compared byte for byte.
    const list = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith(".txt")) : []);
    const files = [...new Set([...list(outDir), ...list(snapshotsDir)])].sort();
    const drifted = files.filter((f) => !fs.existsSync(path.join(snapshotsDir, f)) || !fs.existsSync(path.join(outDir, f)) || !fs.readFileSync(path.join(snapshotsDir, f)).equals(fs.readFileSync(path.join(outDir, f))));
    for (const f of drifted) console.log(`parity:drift: ${f} would change`);
    console.log(`parity:drift: ${files.length} snapshot files re-recorded against the go-sdk ${goSdkVersion()} twin, ${drifted.length} would change`);
    fs.rmSync(outDir, { recursive: true, force: true });
    process.exitCode = drifted.length > 0 ? 1 : 0;
  } else console.log(`parity:record: ${results.length} cases recorded against the go-sdk ${goSdkVersion()} twin into ${path.relative(process.cwd(), outDir) || "."} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await server.stop();
  await answers.stop();
  fs.rmSync(runDir, { recursive: true, force: true });
}
