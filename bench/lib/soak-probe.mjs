// Loaded into the shop's server process by the soak (bench/soak.ts) with
// `NODE_OPTIONS=--import <this file>`; the shop's code is not changed. On each SIGUSR2 it
// appends one JSON line to SOAK_PROBE_FILE with what only the process itself can see since
// the last line: its JavaScript heap, the event loop's delay and its active handles.
//
// The heap is sampled every second and after every mark-compact collection; the line keeps the
// lowest figure (the floor of the saw-tooth: what survived collection, the figure a leak
// raises) and the highest. The event-loop delay comes from perf_hooks.monitorEventLoopDelay,
// whose figures are a 10 ms timer's interval: the line gives their lateness (the figure less
// 10 ms), reset at every line.
import { appendFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;

if (file) {
  const RESOLUTION_MS = 10;
  const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const lateness = (nanoseconds) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);
  loop.enable();
  let sequence = 0;
  let period = fresh();

  function fresh() {
    return { heapMin: Infinity, heapMax: 0, majorGcs: 0, gcPauseMs: 0 };
  }

  function sampleHeap() {
    const { heapUsed } = process.memoryUsage();
    period.heapMin = Math.min(period.heapMin, heapUsed);
    period.heapMax = Math.max(period.heapMax, heapUsed);
  }

  setInterval(sampleHeap, 1000).unref();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      period.gcPauseMs += entry.duration;
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        period.majorGcs++;
        sampleHeap();
      }
    }
  }).observe({ entryTypes: ['gc'] });

  process.on('SIGUSR2', () => {
    sampleHeap();
    const memory = process.memoryUsage();
    const resources = process.getActiveResourcesInfo();
    const line = {
      sequence: ++sequence,
      heapUsedMin: period.heapMin,
      heapUsedMax: period.heapMax,
      heapTotal: memory.heapTotal,
      external: memory.external,
      rss: memory.rss,
      majorGcs: period.majorGcs,
      gcPauseMs: period.gcPauseMs,
      eventLoopDelayMs: {
        p50: lateness(loop.percentile(50)),
        p99: lateness(loop.percentile(99)),
        max: lateness(loop.max),
      },
      activeResources: resources.length,
      sockets: resources.filter((name) => name === 'TCPSocketWrap').length,
    };
    loop.reset();
    period = fresh();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
}
