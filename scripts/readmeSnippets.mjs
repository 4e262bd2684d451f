// The snippets of the README and of docs/*.md, run as written, so a command a reader pastes
// cannot silently stop working. A fenced `sh` block right after a
// `<!-- snippet: NAME -->` comment is run by bash from the project root, as a reader would paste
// it, against a server this run started: `http://127.0.0.1:8080` in the text becomes that
// server's URL (and CAREEM_MCP_PORT its port, for `./careem-mcp.sh` commands). `npx` is a shim
// that runs the clients this run installed at the versions the text names, and fails the
// snippet as npx would in a script without `-y`. What each snippet must show is below, by name;
// a marked snippet without an expectation, an expectation without its snippet, or a name marked
// twice, fails.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** name -> which server it needs, the exit code, and what its output must contain. */
export const expectations = {
  "inspector-cli": { server: "plain", exit: 0, stdout: ['"name": "get_ride_status"', "RIDE_NOT_FOUND: Ride ride_missing_1 not found", '"uri": "ui://careem-mcp-app"'] },
  // Inspector 2.12.0 prints an isError result, then exits 5 (tool_is_error on stderr).
  "inspector-forcing": { server: "plain", exit: 5, stdout: ["upstream timeout: rides-service did not answer within 10s"], log: ['tool="get_ride_status" scenario=forced-by-call:upstream-timeout'] },
  "inspector-objects": { server: "plain", exit: 0, stdout: ['\\"restaurants\\":[', '\\"products\\":['] },
  "inspector-token": { server: "auth", exit: 0, stdout: ['\\"userId\\":\\"900000002\\"'] },
};

/** The fenced sh blocks marked `<!-- snippet: NAME -->`, `\` continuations kept. */
export function markedSnippets(readme, file = "README.md") {
  const found = [];
  const re = /<!-- snippet: ([a-z0-9-]+) -->\n```sh\n([\s\S]*?)\n```/g;
  for (let m = re.exec(readme); m; m = re.exec(readme)) found.push({ name: m[1], text: m[2], file });
  return found;
}

/** The files whose snippets are run: the README, then every page of docs/, in name order. */
export function snippetFiles(root) {
  const docs = fs.readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).sort();
  return ["README.md", ...docs.map((f) => path.join("docs", f))];
}

/** Every marked snippet of the README and docs/, each with the file it is in. */
export function allMarkedSnippets(root) {
  return snippetFiles(root).flatMap((file) => markedSnippets(fs.readFileSync(path.join(root, file), "utf8"), file));
}

function npxShim(dir, bins) {
  const major = Number(process.versions.node.split(".")[0]);
  // What `npx @modelcontextprotocol/inspector` resolves to on this Node: 0.15.0 on Node 20, since
  // later releases declare Node 22.
  const unpinned = major >= 22 ? bins["2.12.0"] : bins["0.15.0"];
  const shim = path.join(dir, "npx");
  fs.writeFileSync(
    shim,
    `#!/usr/bin/env bash
if [ "\${1:-}" != "-y" ]; then echo "readme snippet: npx without -y cannot ask to install without a terminal, and refuses" >&2; exit 97; fi
shift
case "$1" in
  @modelcontextprotocol/inspector@0.15.0) shift; exec "${process.execPath}" "${bins["0.15.0"]}" "$@" ;;
  @modelcontextprotocol/inspector@2.12.0) shift; exec "${process.execPath}" "${bins["2.12.0"]}" "$@" ;;
  @modelcontextprotocol/inspector) shift; exec "${process.execPath}" "${unpinned}" "$@" ;;
  *) echo "readme snippet: npx $1 is not a client this run installed" >&2; exit 98 ;;
esac
`,
  );
  fs.chmodSync(shim, 0o755);
}

function bash(script, cwd, env) {
  return new Promise((resolve) => {
    const child = spawn("bash", ["-euo", "pipefail", "-c", script], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export async function runReadmeSnippets({ root, record, startServer, inspectorBins, runDir }) {
  const snippets = allMarkedSnippets(root);
  const names = new Set(snippets.map((s) => s.name));
  for (const name of Object.keys(expectations)) if (!names.has(name)) record(`doc snippet ${name}`, false, "neither README.md nor docs/ has a <!-- snippet: " + name + " --> block");
  for (const name of names) {
    const files = snippets.filter((s) => s.name === name).map((s) => s.file);
    if (files.length > 1) record(`doc snippet ${name}`, false, `marked more than once: ${files.join(", ")}`);
  }
  const shimDir = fs.mkdtempSync(path.join(os.tmpdir(), "careem-readme-npx-"));
  npxShim(shimDir, Object.fromEntries(inspectorBins.map(({ pkg, bin }) => [pkg.version, bin])));
  const servers = {};
  try {
    for (const { name, text, file } of snippets) {
      const want = expectations[name];
      if (!want) {
        record(`doc snippet ${name} (${file})`, false, "no expectation for this snippet in scripts/readmeSnippets.mjs");
        continue;
      }
      servers[want.server] ??= await startServer(path.join(root, "tools"), runDir, want.server === "auth" ? ["--auth"] : []);
      const server = servers[want.server];
      const script = text.replaceAll("http://127.0.0.1:8080", server.base);
      const env = { ...process.env, PATH: `${shimDir}:${process.env.PATH}`, CAREEM_MCP_PORT: new URL(server.base).port };
      const before = server.log().length;
      const { code, stdout, stderr } = await bash(script, root, env);
      const log = server.log().slice(before);
      const missing = [...want.stdout.filter((s) => !stdout.includes(s)), ...(want.log ?? []).filter((s) => !log.includes(s)).map((s) => `server log: ${s}`)];
      record(`doc snippet ${name} (${file}, exit ${code})`, code === want.exit && missing.length === 0, `expected exit ${want.exit}; missing: ${missing.join(" | ") || "none"}\n${stdout}${stderr}`.slice(0, 3000));
    }
  } finally {
    for (const server of Object.values(servers)) await server.stop();
    fs.rmSync(shimDir, { recursive: true, force: true });
  }
}
