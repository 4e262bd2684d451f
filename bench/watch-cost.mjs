// `node bench/watch-cost.mjs [files]`: what the watcher's safety net costs, and how soon each
// form of save is announced. The safety net takes a stat fingerprint of the whole tools tree
// every second (src/server/host/statTree.ts); this times it on a catalog of `files` tool files
// (default 2,000), and times save -> tools/list_changed for every form of save on that catalog.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateCatalog, listToolFiles, makeTempDir, removeDir } from "./catalog.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { statTree } = await import(path.join(root, "dist/server/host/statTree.js"));
const { watchTools } = await import(path.join(root, "dist/server/host/watchTools.js"));
const { Engine } = await import(path.join(root, "dist/engine/engine.js"));
const total = Number(process.argv[2] ?? 2000);

const dir = makeTempDir("watch");
try {
  generateCatalog(listToolFiles(path.join(root, "tools")), dir, total);
  const runs = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    statTree(dir);
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  const median = runs[runs.length >> 1];
  console.log(`statTree over ${total} files: median ${median.toFixed(1)} ms, p90 ${runs[Math.floor(runs.length * 0.9)].toFixed(1)} ms`);
  console.log(`safety net every 2 s: ${(median / 20).toFixed(2)}% of one core`);

  const engine = new Engine({ toolsDir: dir });
  await engine.warm();
  let resolveChange;
  const watcher = watchTools({ toolsDir: dir, engine: () => engine, onToolsChanged: () => resolveChange?.(), log: () => {} });
  watcher.prime();
  const file = listToolFiles(dir).find((f) => f.name === "get_ride_status").file;
  const edit = (text, n) => text.replace(/("description": ")/, `$1v${n} `);
  const forms = [
    ["in place", (n) => fs.writeFileSync(file, edit(fs.readFileSync(file, "utf8"), n))],
    ["temp + rename", (n) => {
      const tmp = path.join(path.dirname(file), ".tmp.md");
      fs.writeFileSync(tmp, edit(fs.readFileSync(file, "utf8"), n));
      fs.renameSync(tmp, file);
    }],
    ["delete + create", (n) => {
      const text = edit(fs.readFileSync(file, "utf8"), n);
      fs.unlinkSync(file);
      fs.writeFileSync(file, text);
    }],
    ["sed -i", (n) => spawnSync("sed", ["-i", `0,/"description": "/s//"description": "s${n} /`, file])],
  ];
  let n = 0;
  for (const [name, save] of forms) {
    for (let k = 0; k < 3; k++) {
      const changed = new Promise((resolve) => (resolveChange = resolve));
      const t = performance.now();
      save(++n);
      const ok = await Promise.race([changed.then(() => true), new Promise((r) => setTimeout(() => r(false), 5000))]);
      console.log(`${name.padEnd(16)} save ${k + 1}: ${ok ? `announced after ${(performance.now() - t).toFixed(0)} ms` : "NOT announced within 5 s"}`);
    }
  }
  watcher.close();
} finally {
  removeDir(dir);
}
