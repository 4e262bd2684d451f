// The table as markdown, from the figures run.mjs computed.
const n = (x, digits = 0) => (Number.isFinite(x) ? x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "n/a");
// Ratios get three digits so a verdict is never hidden by rounding (0.7996 is not 0.80).
const range = (s, digits = 3) => (s && s.n > 1 ? ` (${n(s.min, digits)}–${n(s.max, digits)})` : "");
const mib = (bytes) => n(bytes / 2 ** 20, 1);
const pct = (x) => `${x >= 0 ? "+" : ""}${n(x * 100, 1)}%`;
const verdict = (met) => (met === undefined ? "" : met ? " ✅" : " ❌");

export function renderTable(f) {
  const rows = [
    ["figure", "ours", "baseline", "ratio", "target"],
    [
      "`tools/call` throughput over `/mcp` (one session, 16 in flight, placeholders + match)",
      `${n(f.throughput.ours.median)} req/s`,
      `${n(f.throughput.minimal.median)} req/s (minimal SDK + express server)`,
      `${n(f.throughput.ratio.median, 3)}${range(f.throughput.ratio)}`,
      `≥ 2.0${verdict(f.throughput.met)}`,
    ],
    [
      `the same with 2,000 tool files in the catalog (both loaded at once, ${f.catalog.connections} in flight each)`,
      `${n(f.catalog.ours2000.median)} req/s (2,000 files)`,
      `${n(f.catalog.ours.median)} req/s (shipped, ${f.shippedTools} files)`,
      `${n(f.catalog.ratio.median, 3)}${range(f.catalog.ratio)}`,
      `≥ 0.90${verdict(f.catalog.met)}`,
    ],
    [
      "`tools/call` p99 latency (same runs)",
      `${n(f.p99.ours.median, 1)} ms`,
      `${n(f.p99.minimal.median, 1)} ms (minimal)`,
      `${n(f.p99.ratio.median, 3)}×${range(f.p99.ratio)}`,
      `≤ 0.7×${verdict(f.p99.met)}`,
    ],
    [
      "`tools/list` with 2,000 tools, p50 (warm; 1 in flight)",
      f.list ? `${n(f.list.p50, 1)} ms (${n(f.list.bytes / 2 ** 20, 1)} MiB; first list ${n(f.list.firstMs, 0)} ms; server ready ${n(f.list.readyMs / 1000, 1)} s after spawn at this size, alongside the memory runs)` : "n/a",
      "—",
      "—",
      `≤ 40 ms${verdict(f.list.met)}`,
    ],
    [
      "RSS with 2,000 tool files, after the client listed and called tools",
      `${mib(f.bigRss.bytes)} MiB`,
      "—",
      "—",
      `≤ ${mib(f.bigRss.limit)} MiB${verdict(f.bigRss.met)}`,
    ],
    [
      "stdio cold start: spawn to `initialize` answered (median), ours through `./careem-mcp.sh`",
      `${n(f.coldStart.ours.median, 1)} ms`,
      `${n(f.coldStart.minimal.median, 1)} ms (minimal SDK server over stdio)`,
      `${n(f.coldStart.ratio, 3)}×`,
      `≤ 1.0×${verdict(f.coldStart.met)}`,
    ],
    [
      "`--check` over 2,000 tool files",
      f.check ? `${n(f.check.filesPerSecond, 1)} files/s (${n(f.check.seconds, 1)} s, ${f.check.problems} problems)` : "n/a",
      "—",
      "—",
      `≥ 200 files/s${verdict(f.check.met)}`,
    ],
    [
      "memory from 1,000 to 20,000 calls: live heap after a full GC (RSS beside it)",
      `live heap ${mib(f.rss.ours.after1k.heapAfterGc)} → ${mib(f.rss.ours.after20k.heapAfterGc)} MiB, ${pct(f.rss.ours.heapGrowth)} (RSS ${mib(f.rss.ours.after1k.rss)} → ${mib(f.rss.ours.after20k.rss)} MiB, ${pct(f.rss.ours.growth)}; V8 old space ${mib(f.rss.ours.after1k.oldSpace)} → ${mib(f.rss.ours.after20k.oldSpace)} MiB). Heap capped at ${f.rss.capMiB} MiB: live heap ${pct(f.rss.capped.heapGrowth)}, RSS ${mib(f.rss.capped.after1k.rss)} → ${mib(f.rss.capped.after20k.rss)} MiB, ${pct(f.rss.capped.growth)}`,
      `minimal: live heap ${pct(f.rss.minimal.heapGrowth)}, RSS ${mib(f.rss.minimal.after1k.rss)} → ${mib(f.rss.minimal.after20k.rss)} MiB, ${pct(f.rss.minimal.growth)}`,
      "—",
      `live heap ≤ +5% (both runs), capped RSS ≤ +${n(f.rss.cappedGrowthLimit * 100)}%${verdict(f.rss.met)}`,
    ],
    [
      "bare node `http` server answering fixed JSON (16 in flight)",
      "—",
      `${n(f.floor.rps.median)} req/s, p99 ${n(f.floor.p99.median, 1)} ms`,
      "—",
      "physical floor",
    ],
  ];
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(rows[0]), line(rows[0].map(() => "---")), ...rows.slice(1).map(line)].join("\n");
}
