// Summarises a .cpuprofile: self time and inclusive time per function, heaviest first.
// Usage: node bench/profile.mjs FILE.cpuprofile [rows] [focus]
import fs from "node:fs";

/** focus: only samples with a frame whose label contains this text (e.g. "callTool"). */
export function summarise(profile, rows = 25, focus) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
  const label = (n) => {
    const f = n.callFrame;
    const url = f.url.replace(/^file:\/\//, "").replace(/^.*\/node_modules\//, "~/").replace(/^.*\/(dist|src)\//, "$1/");
    return `${f.functionName || "(anonymous)"} ${url}:${f.lineNumber + 1}`;
  };
  const selfBy = new Map();
  const totalBy = new Map();
  let all = 0;
  for (const [id, us] of self) {
    if (focus) {
      let hit = false;
      for (let cur = id; cur !== undefined && !hit; cur = parent.get(cur)) hit = label(byId.get(cur)).includes(focus);
      if (!hit) continue;
    }
    all += us;
    const key = label(byId.get(id));
    selfBy.set(key, (selfBy.get(key) ?? 0) + us);
    // Inclusive time: credit every distinct frame on the stack once.
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const k = label(byId.get(cur));
      if (seen.has(k)) continue;
      seen.add(k);
      totalBy.set(k, (totalBy.get(k) ?? 0) + us);
    }
  }
  const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, rows).map(([k, us]) => `${((100 * us) / all).toFixed(1).padStart(5)}%  ${k}`);
  return { totalMs: all / 1000, self: top(selfBy), inclusive: top(totalBy) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const s = summarise(JSON.parse(fs.readFileSync(process.argv[2], "utf8")), Number(process.argv[3] ?? 25), process.argv[4]);
  console.log(`sampled ${s.totalMs.toFixed(0)} ms\n-- self --\n${s.self.join("\n")}\n-- inclusive --\n${s.inclusive.join("\n")}`);
}
