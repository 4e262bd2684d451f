// Preloaded (node --expose-gc --import) into the processes whose memory the benchmark follows:
// on SIGUSR2, one stderr line with V8's space sizes, then a full GC and the live heap after it,
// so growth in RSS can be told apart from a leak. RSS is read from /proc before the signal, and
// the space sizes before the GC, so the GC never flatters either.
import v8 from "node:v8";

process.on("SIGUSR2", () => {
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  globalThis.gc?.();
  const m = process.memoryUsage();
  process.stderr.write(`bench-heap ${JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, spaces })}\n`);
});
