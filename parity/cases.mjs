// The committed corpus and how to run one case of it against a target.
import fs from "node:fs";
import path from "node:path";
import { messagesToHttp, pool, runHttpCase, runStdioCase } from "./runner.mjs";

export const parityDir = import.meta.dirname;
export const projectRoot = path.resolve(parityDir, "..");
export const snapshotsDir = path.join(projectRoot, "test", "parity", "snapshots");
/**
 * The instant every time placeholder renders as, on both sides (see src/engine/frozenClockAndIds.ts).
 * Declared latencies (`json dynamics`) are switched off: the corpus compares bytes, not timing,
 * and an 8 s upstream-timeout scenario would otherwise outlast a stdio case's wait.
 */
export const freezeEnv = { CAREEM_MCP_FREEZE: "2026-10-05T12:00:00Z", CAREEM_MCP_DELAY_SCALE: "0" };

export const profilesSnapshotsDir = path.join(projectRoot, "test", "parity", "profiles");

/** The corpus: cases.jsonl, or with `file` another generated corpus beside it (cases-2026.jsonl). */
export function loadCases(file = "cases.jsonl") {
  return fs
    .readFileSync(path.join(parityDir, "corpus", file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/**
 * One profile's corpus and snapshot folder (see record.mjs): the pinned stateful profile without
 * `profiled` is cases.jsonl against test/parity/snapshots; any named profile adds cases-2026.jsonl
 * (and for the pinned stateful one has only it), HTTP cases only when stateless.
 */
export function profileCorpus({ sdk, pinned, stateless, profiled }) {
  if (!profiled) return { cases: loadCases(), dir: snapshotsDir, name: `${sdk}` };
  const base = sdk === pinned && !stateless ? [] : loadCases();
  const cases = [...base, ...loadCases("cases-2026.jsonl")].filter((c) => !stateless || c.transport === "http");
  const name = `${sdk}${stateless ? "-stateless" : ""}`;
  return { cases, dir: path.join(profilesSnapshotsDir, name), name };
}

export function snapshotPath(dir, name) {
  return path.join(dir, ...name.split("/")) + ".txt";
}

/**
 * Runs every case: HTTP ones against `target.baseUrl`, stdio ones in a fresh process each from
 * `target.stdio` ({ command, args }). Resolves with [name, text] pairs in corpus order.
 */
export async function runCorpus(cases, target) {
  const http = cases.filter((c) => c.transport === "http");
  const stdio = cases.filter((c) => c.transport === "stdio");
  const [h, s] = await Promise.all([
    pool(http, 8, (c) => runHttpCase(target.baseUrl, c.steps ? c : messagesToHttp(c))),
    pool(stdio, 3, (c) => runStdioCase(target.stdio.command, target.stdio.args, freezeEnv, c)),
  ]);
  const texts = new Map();
  http.forEach((c, i) => texts.set(c.name, `# ${c.name}\n${h[i]}\n`));
  stdio.forEach((c, i) => texts.set(c.name, `# ${c.name}\n${s[i]}\n`));
  return cases.map((c) => [c.name, texts.get(c.name)]);
}
