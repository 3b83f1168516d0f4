/**
 * Preloaded into the API child by the export bench (NODE_OPTIONS=--import <this file>): samples
 * the process's memory every 10 ms and, every 100 ms, writes the current figures and the highest
 * since the last write to BENCH_MEMORY_FILE (JSON). The bench reads that file while it streams,
 * so the peaks it reports are those of the export, not of the start-up. Plain JavaScript: it
 * loads before tsx is registered.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  let maxRss = 0;
  let maxHeapUsed = 0;
  let maxExternal = 0;
  const sample = () => {
    const m = process.memoryUsage();
    maxRss = Math.max(maxRss, m.rss);
    maxHeapUsed = Math.max(maxHeapUsed, m.heapUsed);
    maxExternal = Math.max(maxExternal, m.external + m.arrayBuffers);
    return m;
  };
  setInterval(sample, 10).unref();
  setInterval(() => {
    const m = sample();
    writeFileSync(
      file,
      JSON.stringify({
        at: Date.now(),
        rss: m.rss,
        heapUsed: m.heapUsed,
        maxRss,
        maxHeapUsed,
        maxExternal,
      }),
    );
    maxRss = 0;
    maxHeapUsed = 0;
    maxExternal = 0;
  }, 100).unref();
}
