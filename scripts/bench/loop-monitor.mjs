// Loaded into the server under test with NODE_OPTIONS=--import, so the same measurement runs in
// any build (this one, or an older commit for comparison): how long the event loop is blocked.
// On SIGUSR2 it prints one line with the longest block since the last SIGUSR2, then starts over.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();

process.on('SIGUSR2', () => {
  const figures = { pid: process.pid, maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, samples: histogram.count };
  console.log(`[loop-monitor] ${JSON.stringify(figures)}`);
  histogram.reset();
});
