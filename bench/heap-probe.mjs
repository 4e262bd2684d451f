// Preloaded (node --expose-gc --import) into the processes whose memory the benchmark follows:
// on SIGUSR2, a full GC, then one stderr line with the live heap, so growth in RSS can be told
// apart from a leak. RSS is read from /proc before the signal, so the GC never flatters it.
process.on("SIGUSR2", () => {
  globalThis.gc?.();
  const m = process.memoryUsage();
  process.stderr.write(`bench-heap ${JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external })}\n`);
});
