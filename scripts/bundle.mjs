#!/usr/bin/env node
// The build's second step, after tsc: dist/cli.js (the entry every client, test and script
// starts) rewritten as one bundle of itself, src's other modules and the packages they import,
// with each dynamic import (the stdio host, the HTTP host, --auth, --store, the dashboard's notes
// renderer, the commands) a chunk of its own beside it, loaded when first used.
//
// Why: every start of the server loaded about 130 files of dist/ and several hundred of
// node_modules, resolved one by one. A test run starts about 220 servers and a desktop client
// starts one per conversation; bundled, a stdio start through tools/list measured 0.50-0.52 s
// of CPU instead of 0.66-0.71 s (docs/benchmark.md). tsc's other files in dist/ stay as they are (tests import some of them).
//
// The chunks sit in dist/ itself, not below it: config.ts finds the project one folder up from
// the file it was loaded from, and ajv.ts finds node_modules the same way.
//   node scripts/bundle.mjs        (./careem-mcp.sh and npm run build run it after tsc)
import fs from "node:fs";
import path from "node:path";
import { build } from "rolldown";

const dist = path.resolve(import.meta.dirname, "..", "dist");
// The bundle's first comment (after the shebang): how a bundle is told from tsc's output.
const banner = "// dist/cli.js: bundled by scripts/bundle.mjs from tsc's output; edit src/, not this.";
const entry = path.join(dist, "cli.js");
const text = fs.readFileSync(entry, "utf8");
// Bundling the bundle would work, but say plainly that the input must be tsc's output.
if (text.slice(0, 400).includes(banner)) {
  process.stderr.write(`bundle: ${entry} is already a bundle; run tsc first (npm run build does both)\n`);
  process.exit(1);
}

await build({
  input: entry,
  platform: "node",
  logLevel: "silent",
  output: {
    dir: dist,
    format: "esm",
    entryFileNames: "cli.js",
    // No hash: a rebuild overwrites the same files instead of leaving old ones behind.
    chunkFileNames: "cli-[name].js",
    sourcemap: true,
    banner,
  },
});


// The demo widget (dashboard/demo-widget/main.js, an MCP Apps view on ext-apps' `App`) as one
// browser module, dist/demo-widget.js: the dashboard inlines it into the preview's sandboxed
// frame when the production widget cannot load. Built here, never committed.
await build({
  input: path.resolve(import.meta.dirname, "..", "dashboard", "demo-widget", "main.js"),
  platform: "browser",
  logLevel: "silent",
  output: {
    file: path.join(dist, "demo-widget.js"),
    format: "esm",
    codeSplitting: false,
    minify: true,
  },
});
