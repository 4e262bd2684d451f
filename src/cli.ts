#!/usr/bin/env node
// Command line: serve over HTTP (default) or stdio, run the honesty check, or force scenarios.
// The commands live in cli/runCli.ts, so tests can run them without spawning a process.
// First, before any other module allocates: the process's heap policy.
import "./server/host/heapPolicy.js";
import { runCli } from "./cli/runCli.js";

runCli(process.argv.slice(2), { out: process.stdout, err: process.stderr }).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`careem-mcp: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
