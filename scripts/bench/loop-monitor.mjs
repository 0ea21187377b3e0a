// Loaded into the server under test with NODE_OPTIONS=--import, so the same measurement runs in
// any build (this one, or an older commit for comparison): how long the event loop is blocked,
// and the longest garbage-collection pause in the same time, which is one cause of it.
// On SIGUSR2 it prints one line with both since the last SIGUSR2, then starts over.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
let longestGcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longestGcMs = Math.max(longestGcMs, entry.duration);
}).observe({ entryTypes: ['gc'] });

process.on('SIGUSR2', () => {
  const figures = { pid: process.pid, maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, samples: histogram.count, longestGcMs };
  console.log(`[loop-monitor] ${JSON.stringify(figures)}`);
  histogram.reset();
  longestGcMs = 0;
});
