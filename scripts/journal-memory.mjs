#!/usr/bin/env node
// The call journal's memory at its cap: heap held by a full ring of realistic calls
// (every FIXTURES.md row of the real catalog, round robin), measured after a forced GC as the
// difference between a full journal and the same work with the journal dropped.
// Run: node --expose-gc scripts/journal-memory.mjs [capacity] [--worst]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

if (typeof globalThis.gc !== "function") {
  process.stderr.write("run with node --expose-gc scripts/journal-memory.mjs\n");
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { Engine } = await import(path.join(root, "dist/engine/engine.js"));
const { Journal, journalDefaults } = await import(path.join(root, "dist/journal/journal.js"));

const rows = [];
for (const line of fs.readFileSync(path.join(root, "FIXTURES.md"), "utf8").split("\n")) {
  const m = /^\|\s*`([a-z_0-9]+)`\s*\|\s*`(.*)`\s*\|\s*`([a-z0-9-]+)`\s*\|\s*$/.exec(line);
  if (m) rows.push({ tool: m[1], args: JSON.parse(m[2]) });
}
const worst = process.argv.includes("--worst");
const capacity = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? journalDefaults.capacity);
const engine = new Engine({ toolsDir: path.join(root, "tools") });
await engine.warm();

function heap() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

// --worst: every call's arguments and output just under the cap, each a distinct string.
function fillWorst(journal) {
  const size = journalDefaults.maxValueChars - 20;
  for (let i = 0; i < capacity * 2; i++) {
    const text = String(i).padStart(size, "x");
    const out = { echo: text.replace(/^x/, "y") };
    const outcome = { kind: "result", tool: "echo", scenario: "s", selectedBy: "matched", warnings: [], result: { content: [{ type: "text", text: JSON.stringify(out) }], structuredContent: out, isError: false } };
    journal.record({ transport: "http", session: "s", tool: "echo", args: { q: text }, outcome, durationMs: 0.2 });
  }
}

function fill(journal) {
  if (worst) return fillWorst(journal);
  // Twice the cap, so the ring has wrapped and holds exactly `capacity` entries.
  for (let i = 0; i < capacity * 2; i++) {
    const row = rows[i % rows.length];
    // A fresh copy per call, as a parsed request would be.
    const args = JSON.parse(JSON.stringify(row.args));
    const outcome = engine.callTool(row.tool, args, { transport: "http", sessionId: `s${i % 8}` });
    journal.record({ transport: "http", session: `s${i % 8}`, tool: row.tool, args, outcome, durationMs: 0.2 });
  }
}

fill(new Journal({ capacity: 1 })); // warm every code path first
const before = heap();
const journal = new Journal({ capacity });
fill(journal);
const after = heap();
const entries = journal.list();
const json = JSON.stringify(entries).length;
process.stdout.write(
  `${entries.length} calls at cap (${worst ? "worst case: arguments and output each just under the cap" : `${rows.length} FIXTURES rows round robin`}): ${((after - before) / 1024 / 1024).toFixed(2)} MiB heap, ` +
    `${Math.round((after - before) / entries.length)} bytes per call; GET /_local/calls body ${(json / 1024 / 1024).toFixed(2)} MiB\n`,
);
