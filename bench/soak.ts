// `npm run soak -w @labshop/bench [-- --rate 1200 --duration 600 --warmup 300 --window 10]`:
// the soak (issue 10, point 6). The load bench's mixed traffic (lib/mixed-traffic.ts) against
// the built shop on PostgreSQL (BENCH_DATABASE_URL) at one fixed rate: 80% of the 1,500 req/s
// the speed benchmark held (RESULTS.md), for 10 minutes after a slow start (10 s at 10% and
// 10 s at 40% of the rate) and 5 minutes of warm-up at the same rate: the bounded caches (pages,
// catalogue answers, the gzip of API answers) fill in those minutes, so what grows after them is
// a leak, not a cache filling. Every `--window` seconds it samples the server process: RSS and
// open file descriptors (/proc/<pid>/status and /proc/<pid>/fd), its JavaScript heap,
// event-loop delay and active handles (lib/soak-probe.mjs, loaded into it with NODE_OPTIONS),
// the database's connections (pg_stat_activity), and the window's achieved rate, p50/p99 and
// errors. At the end it compares the last minutes with the first minutes after the warm-up, and
// the idle server after the run with the idle server after the warm-up; prints every figure
// next to its bound, writes reports/soak.json, and exits 1 when something is not flat or misses
// the SLO.
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { repoRoot } from '../scripts/built-server.ts';
import { POSTGRES_HINT, postgresDatabase, requireBuild, startSeededShop } from './lib/app.ts';
import { verdict } from './lib/budget.ts';
import { MIX_DESCRIPTION, MIXED_TRAFFIC_ENV, shopFacts, trafficMix } from './lib/mixed-traffic.ts';
import { runOpenLoop, type StepResult, type WindowFigures } from './lib/open-loop.ts';
import { ms, summarize } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '1200' },
    duration: { type: 'string', default: '600' },
    warmup: { type: 'string', default: '300' },
    window: { type: 'string', default: '10' },
    out: { type: 'string', default: 'reports/soak.json' },
  },
});
const bounded = (text: string, fallback: number, min: number, max: number) =>
  Math.min(Math.max(Math.trunc(Number(text)) || fallback, min), max);
const rate = bounded(values.rate, 1200, 1, 20_000);
const windowSeconds = bounded(values.window, 10, 2, 60);
const seconds = bounded(values.duration, 600, windowSeconds * 2, 3600);
const warmupSeconds = Math.min(Math.max(Math.trunc(Number(values.warmup)), 0) || 0, 600);
/** The spans compared: the first and the last minutes after the warm-up (2 min of 10). */
const compareSeconds = Math.min(
  120,
  Math.max(windowSeconds, Math.floor((seconds * 0.25) / windowSeconds) * windowSeconds),
);
const outFile = path.resolve(repoRoot, values.out);

const APP_PORT = 3994;
/** In the shop's DATA_DIR: the probe's samples, a JSON line each. */
const PROBE_FILE = 'soak-probe.jsonl';
/** The SLO of the load bench: p99 <= 100 ms, no errors, at >= 95% of the rate asked. */
const P99_SLO_MS = 100;
const RATE_SHARE = 0.95;
/** RSS and heap may grow this much from the first minutes to the last (caches fill up). */
const MEMORY_GROWTH = 0.1;
/** Counts (descriptors, handles) may grow this share, or by this many, whichever is more. */
const COUNT_GROWTH = 0.1;
const COUNT_SLACK = 5;
/** Event-loop delay p99 of the last minutes: at most this factor of the first, plus 5 ms. */
const DELAY_FACTOR = 1.5;
const DELAY_SLACK_MS = 5;
/** Before the warm-up: this long at each of these shares of the rate (slow start). */
const SLOW_START_STEP_SECONDS = 10;
const SLOW_START_SHARES = [0.1, 0.4] as const;
/** After the run, the server idles this long before its idle figures are taken. */
const IDLE_SECONDS = 5;
/** Open handles of the idle server after the run: at most this many more than after warm-up. */
const IDLE_SLACK = 2;

requireBuild();
const postgres = postgresDatabase();
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!postgres || !databaseUrl) {
  console.error(`The soak runs on PostgreSQL.\n${POSTGRES_HINT}`);
  process.exit(1);
}
// One server process: the one whose figures are sampled.
const database = { label: 'PostgreSQL', env: { ...postgres.env, WEB_CONCURRENCY: '1' } };

// ---------------------------------------------------------------------------------------------
// Sampling the server process.

/** What the probe in the server process reports (lib/soak-probe.mjs). */
interface ProbeLine {
  sequence: number;
  heapUsedMin: number;
  heapUsedMax: number;
  external: number;
  majorGcs: number;
  gcPauseMs: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  activeResources: number;
  sockets: number;
}

interface ProcessSample {
  rssBytes: number | null;
  fds: number | null;
  pgConnections: number | null;
  probe: ProbeLine | null;
}

class Sampler {
  private sequence = 0;

  constructor(
    private readonly pid: number,
    private readonly probeFile: string,
    private readonly client: pg.Client,
  ) {}

  async sample(): Promise<ProcessSample> {
    const [rssBytes, fds, pgConnections, probe] = await Promise.all([
      this.rss(),
      this.openFiles(),
      this.connections(),
      this.probe(),
    ]);
    return { rssBytes, fds, pgConnections, probe };
  }

  private async rss(): Promise<number | null> {
    const status = await readFile(`/proc/${this.pid}/status`, 'utf8').catch(() => '');
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kib ? Number(kib) * 1024 : null;
  }

  private async openFiles(): Promise<number | null> {
    return readdir(`/proc/${this.pid}/fd`).then(
      (entries) => entries.length,
      () => null,
    );
  }

  /** The database's connections, other than this one. */
  private async connections(): Promise<number | null> {
    try {
      const result = await this.client.query<{ count: number }>(
        'select count(*)::int as count from pg_stat_activity ' +
          'where datname = current_database() and pid <> pg_backend_pid()',
      );
      return result.rows[0]?.count ?? null;
    } catch {
      return null;
    }
  }

  /** Asks the probe for its line (SIGUSR2) and waits up to 2 s for it. */
  private async probe(): Promise<ProbeLine | null> {
    const wanted = ++this.sequence;
    try {
      process.kill(this.pid, 'SIGUSR2');
    } catch {
      return null;
    }
    for (let waited = 0; waited < 2000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const text = await readFile(this.probeFile, 'utf8').catch(() => '');
      const line = text
        .split('\n')
        .filter(Boolean)
        .map((json) => JSON.parse(json) as ProbeLine)
        .find((entry) => entry.sequence === wanted);
      if (line) return line;
    }
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Windows and their figures.

interface WindowRow {
  phase: 'warm-up' | 'soak';
  /** Seconds since the phase started. */
  from: number;
  to: number;
  /**
   * Printed, not compared: 'partial' when shorter than half a window, 'drain' when it began
   * after the run had sent its last request (only answers still on their way).
   */
  excluded: 'partial' | 'drain' | null;
  achievedRate: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  rssBytes: number | null;
  heapFloorBytes: number | null;
  heapMaxBytes: number | null;
  /** Memory outside the JavaScript heap that JavaScript objects hold (Buffers: cached pages). */
  externalBytes: number | null;
  majorGcs: number | null;
  eventLoopDelayP99Ms: number | null;
  eventLoopDelayMaxMs: number | null;
  fds: number | null;
  activeResources: number | null;
  pgConnections: number | null;
}

const MIB = 1024 * 1024;
const mib = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined || !Number.isFinite(bytes)
    ? '—'
    : `${(bytes / MIB).toFixed(1)} MiB`;
const count = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : String(value);
const delay = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : ms(value);

function printHeader(): void {
  console.log(
    `${'phase'.padEnd(8)}${'s'.padStart(6)}${'req/s'.padStart(7)}${'p50'.padStart(9)}${'p99'.padStart(9)}` +
      `${'errors'.padStart(7)}${'RSS'.padStart(12)}${'heap floor'.padStart(12)}${'heap max'.padStart(12)}${'external'.padStart(12)}` +
      `${'loop p99'.padStart(10)}${'fds'.padStart(6)}${'handles'.padStart(8)}${'pg'.padStart(4)}`,
  );
}

function printRow(row: WindowRow): void {
  console.log(
    `${row.phase.padEnd(8)}${row.to.toFixed(1).padStart(6)}${row.achievedRate.toFixed(0).padStart(7)}` +
      `${ms(row.p50Ms).padStart(9)}${ms(row.p99Ms).padStart(9)}` +
      `${String(row.errors + row.non2xx).padStart(7)}${mib(row.rssBytes).padStart(12)}` +
      `${mib(row.heapFloorBytes).padStart(12)}${mib(row.heapMaxBytes).padStart(12)}${mib(row.externalBytes).padStart(12)}` +
      `${delay(row.eventLoopDelayP99Ms).padStart(10)}${count(row.fds).padStart(6)}` +
      `${count(row.activeResources).padStart(8)}${count(row.pgConnections).padStart(4)}` +
      `${row.excluded ? `  (${row.excluded}, not compared)` : ''}`,
  );
}

/**
 * Runs the mix at the rate for `runSeconds`, sampling the server at every window's end. Answers
 * the run's figures, its window rows and every latency of each window.
 */
async function runPhase(
  phase: WindowRow['phase'],
  runSeconds: number,
  origin: string,
  next: Parameters<typeof runOpenLoop>[0]['next'],
  sampler: Sampler,
): Promise<{ step: StepResult; rows: WindowRow[]; latencies: (readonly number[])[] }> {
  const rows: WindowRow[] = [];
  const latencies: (readonly number[])[] = [];
  let sampled = Promise.resolve();
  const onWindow = (window: WindowFigures) => {
    sampled = sampled.then(async () => {
      const sample = await sampler.sample();
      const row: WindowRow = {
        phase,
        from: window.from,
        to: window.to,
        excluded:
          window.from >= runSeconds - windowSeconds / 2
            ? 'drain'
            : window.to - window.from < windowSeconds / 2
              ? 'partial'
              : null,
        achievedRate: window.achievedRate,
        p50Ms: window.latency.p50,
        p99Ms: window.latency.p99,
        errors: window.errors,
        non2xx: window.non2xx,
        rssBytes: sample.rssBytes,
        heapFloorBytes: sample.probe?.heapUsedMin ?? null,
        heapMaxBytes: sample.probe?.heapUsedMax ?? null,
        externalBytes: sample.probe?.external ?? null,
        majorGcs: sample.probe?.majorGcs ?? null,
        eventLoopDelayP99Ms: sample.probe?.eventLoopDelayMs.p99 ?? null,
        eventLoopDelayMaxMs: sample.probe?.eventLoopDelayMs.max ?? null,
        fds: sample.fds,
        activeResources: sample.probe?.activeResources ?? null,
        pgConnections: sample.pgConnections,
      };
      rows.push(row);
      latencies.push(window.latencies);
      printRow(row);
    });
  };
  const step = await runOpenLoop({
    origin,
    rate,
    seconds: runSeconds,
    next,
    windowSeconds,
    onWindow,
  });
  await sampled;
  return { step, rows, latencies };
}

// ---------------------------------------------------------------------------------------------
// The checks.

interface Check {
  name: string;
  /** The figure as printed, e.g. "+3.1% (212.4 -> 219.0 MiB)". */
  figure: string;
  value: number | null;
  /** The bound as printed, e.g. "<= +10%". */
  bound: string;
  met: boolean;
}

const checks: Check[] = [];

function check(name: string, figure: string, value: number | null, bound: string, ok: boolean) {
  checks.push({ name, figure, value, bound, met: value !== null && Number.isFinite(value) && ok });
}

const present = (list: (number | null)[]): number[] =>
  list.filter((value): value is number => value !== null && Number.isFinite(value));
const mean = (list: number[]) =>
  list.length > 0 ? list.reduce((sum, value) => sum + value, 0) / list.length : null;
const lowest = (list: number[]) => (list.length > 0 ? Math.min(...list) : null);
const highest = (list: number[]) => (list.length > 0 ? Math.max(...list) : null);
const percent = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)}%`;

/** A figure of the last minutes that may exceed the first minutes' by `share` at most. */
function growthCheck(
  name: string,
  early: number | null,
  late: number | null,
  share: number,
  format: (value: number) => string,
) {
  if (early === null || late === null || early <= 0) {
    check(name, 'no data', null, `<= +${share * 100}%`, false);
    return;
  }
  const growth = (late - early) / early;
  check(
    name,
    `${percent(growth)} (${format(early)} -> ${format(late)})`,
    growth,
    `<= +${share * 100}%`,
    growth <= share,
  );
}

/** A count of the last minutes: at most the first minutes' plus 10% or plus 5. */
function countCheck(name: string, early: number | null, late: number | null) {
  if (early === null || late === null) {
    check(name, 'no data', null, 'no data', false);
    return;
  }
  const bound = early + Math.max(early * COUNT_GROWTH, COUNT_SLACK);
  check(
    name,
    `${late.toFixed(1)} (first: ${early.toFixed(1)})`,
    late,
    `<= ${bound.toFixed(1)}`,
    late <= bound,
  );
}

function decide(
  warmup: StepResult | null,
  soak: StepResult,
  rows: WindowRow[],
  latencies: (readonly number[])[],
  idle: { afterWarmup: ProcessSample; afterRun: ProcessSample },
) {
  const full = rows.map((row, index) => ({ row, index })).filter(({ row }) => !row.excluded);
  const span = Math.max(1, Math.round(compareSeconds / windowSeconds));
  const early = full.slice(0, span);
  const late = full.slice(-span);
  const figures = (take: (row: WindowRow) => number | null, of: typeof early) =>
    present(of.map(({ row }) => take(row)));
  const spanText = compareSeconds % 60 === 0 ? `${compareSeconds / 60} min` : `${compareSeconds} s`;

  check(
    'achieved rate',
    `${soak.achievedRate.toFixed(0)} req/s`,
    soak.achievedRate,
    `>= ${(rate * RATE_SHARE).toFixed(0)} req/s (${RATE_SHARE * 100}% of ${rate})`,
    soak.achievedRate >= rate * RATE_SHARE,
  );
  check(
    `p99, the ${seconds} s after warm-up`,
    ms(soak.latency.p99),
    soak.latency.p99,
    `<= ${P99_SLO_MS} ms`,
    soak.latency.p99 <= P99_SLO_MS,
  );
  const lateP99 = summarize(late.flatMap(({ index }) => latencies[index] ?? [])).p99;
  check(
    `p99, last ${spanText}`,
    ms(lateP99),
    lateP99,
    `<= ${P99_SLO_MS} ms`,
    lateP99 <= P99_SLO_MS,
  );
  const failed = (warmup ? warmup.errors + warmup.non2xx : 0) + soak.errors + soak.non2xx;
  check(
    'errors and non-2xx answers, warm-up included',
    String(failed),
    failed,
    '= 0',
    failed === 0,
  );

  const label = `last ${spanText} vs first ${spanText}`;
  growthCheck(
    `RSS, mean, ${label}`,
    mean(figures((row) => row.rssBytes, early)),
    mean(figures((row) => row.rssBytes, late)),
    MEMORY_GROWTH,
    mib,
  );
  growthCheck(
    `heap after collection (floor), ${label}`,
    lowest(figures((row) => row.heapFloorBytes, early)),
    lowest(figures((row) => row.heapFloorBytes, late)),
    MEMORY_GROWTH,
    mib,
  );
  const earlyDelay = mean(figures((row) => row.eventLoopDelayP99Ms, early));
  const lateDelay = mean(figures((row) => row.eventLoopDelayP99Ms, late));
  const delayBound = earlyDelay === null ? null : earlyDelay * DELAY_FACTOR + DELAY_SLACK_MS;
  check(
    `event-loop delay p99, mean, ${label}`,
    lateDelay === null ? 'no data' : `${ms(lateDelay)} (first: ${delay(earlyDelay)})`,
    lateDelay,
    delayBound === null
      ? 'no data'
      : `<= ${ms(delayBound)} (${DELAY_FACTOR} x first + ${DELAY_SLACK_MS} ms)`,
    lateDelay !== null && delayBound !== null && lateDelay <= delayBound,
  );
  countCheck(
    `open file descriptors, mean, ${label}`,
    mean(figures((row) => row.fds, early)),
    mean(figures((row) => row.fds, late)),
  );
  countCheck(
    `active handles, mean, ${label}`,
    mean(figures((row) => row.activeResources, early)),
    mean(figures((row) => row.activeResources, late)),
  );
  const earlyConnections = highest(figures((row) => row.pgConnections, early));
  const lateConnections = highest(figures((row) => row.pgConnections, late));
  check(
    `PostgreSQL connections, most, ${label}`,
    lateConnections === null ? 'no data' : `${lateConnections} (first: ${count(earlyConnections)})`,
    lateConnections,
    `<= ${count(earlyConnections)}`,
    lateConnections !== null && earlyConnections !== null && lateConnections <= earlyConnections,
  );

  const idleCheck = (name: string, before: number | null, after: number | null, slack: number) =>
    check(
      `${name}, idle ${IDLE_SECONDS} s after the run vs after warm-up`,
      after === null ? 'no data' : `${after} (after warm-up ${count(before)})`,
      after,
      before === null ? 'no data' : `<= ${before + slack}`,
      after !== null && before !== null && after <= before + slack,
    );
  idleCheck('open file descriptors', idle.afterWarmup.fds, idle.afterRun.fds, IDLE_SLACK);
  idleCheck(
    'active handles',
    idle.afterWarmup.probe?.activeResources ?? null,
    idle.afterRun.probe?.activeResources ?? null,
    IDLE_SLACK,
  );
  idleCheck(
    'PostgreSQL connections',
    idle.afterWarmup.pgConnections,
    idle.afterRun.pgConnections,
    0,
  );
}

function printChecks(): void {
  console.log('\nFlat and within the SLO');
  const width = Math.max(...checks.map((entry) => entry.name.length));
  const figureWidth = Math.max(...checks.map((entry) => entry.figure.length));
  for (const entry of checks) {
    console.log(
      `  ${entry.name.padEnd(width)}  ${entry.figure.padStart(figureWidth)}  bound ${entry.bound}: ${verdict(entry.met)}`,
    );
  }
  const missed = checks.filter((entry) => !entry.met).length;
  console.log(`  ${checks.length - missed} of ${checks.length} checks met`);
}

function printFailures(step: StepResult | null): void {
  for (const failure of step?.failures.slice(0, 5) ?? []) console.log(`  failure: ${failure}`);
}

function commit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------

const startedAt = new Date();
const client = new pg.Client({ connectionString: databaseUrl });
// A lost connection shows as missing figures (a check without data is not met), not a crash.
client.on('error', () => undefined);
let exitCode = 1;
try {
  await client.connect();
  const probeModule = pathToFileURL(path.join(import.meta.dirname, 'lib/soak-probe.mjs')).href;
  const shop = await startSeededShop({
    port: APP_PORT,
    database,
    catalog: { products: 0 },
    env: (dataDir) => ({
      ...MIXED_TRAFFIC_ENV,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${probeModule}`.trim(),
      SOAK_PROBE_FILE: path.join(dataDir, PROBE_FILE),
    }),
  });
  const { server } = shop;
  const probeFile = path.join(shop.dataDir, PROBE_FILE);
  try {
    const pid = server.child.pid;
    if (pid === undefined) throw new Error('the server has no process id');
    const sampler = new Sampler(pid, probeFile, client);
    const next = trafficMix(await shopFacts(server.origin));
    console.log(
      `\n${database.label}, demo shop: the soak, mixed traffic (${MIX_DESCRIPTION}) at ${rate} req/s, ` +
        `${warmupSeconds} s of warm-up then ${seconds} s; a row every ${windowSeconds} s; ` +
        `the first and last ${compareSeconds} s after warm-up compared\n`,
    );
    // Slow start, as a load balancer gives a new instance: a freshly started server (cold JIT,
    // empty caches and pools) first gets a share of the rate, then the warm-up at the full
    // rate. Its errors count like any others.
    const slowStart: StepResult[] = [];
    for (const share of warmupSeconds > 0 ? SLOW_START_SHARES : []) {
      const step = await runOpenLoop({
        origin: server.origin,
        rate: Math.max(1, Math.round(rate * share)),
        seconds: SLOW_START_STEP_SECONDS,
        next,
      });
      console.log(
        `slow start: ${SLOW_START_STEP_SECONDS} s at ${Math.round(share * 100)}% of the rate, ` +
          `p99 ${ms(step.latency.p99)}, ${step.errors + step.non2xx} errors`,
      );
      slowStart.push(step);
    }
    printHeader();
    const warmupPhase =
      warmupSeconds > 0
        ? await runPhase('warm-up', warmupSeconds, server.origin, next, sampler)
        : null;
    const warmup = warmupPhase && {
      ...warmupPhase,
      step: {
        ...warmupPhase.step,
        errors: warmupPhase.step.errors + slowStart.reduce((sum, step) => sum + step.errors, 0),
        non2xx: warmupPhase.step.non2xx + slowStart.reduce((sum, step) => sum + step.non2xx, 0),
        failures: [...slowStart.flatMap((step) => step.failures), ...warmupPhase.step.failures],
      },
    };
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const afterWarmup = await sampler.sample();
    const soak = await runPhase('soak', seconds, server.origin, next, sampler);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const afterRun = await sampler.sample();

    printFailures(warmup?.step ?? null);
    printFailures(soak.step);
    decide(warmup?.step ?? null, soak.step, soak.rows, soak.latencies, { afterWarmup, afterRun });
    printChecks();
    const ok = checks.every((entry) => entry.met);
    await mkdir(path.dirname(outFile), { recursive: true });
    await writeFile(
      outFile,
      `${JSON.stringify(
        {
          name: 'soak',
          startedAt: startedAt.toISOString(),
          finishedAt: new Date().toISOString(),
          commit: commit(),
          database: database.label,
          settings: {
            rate,
            durationSeconds: seconds,
            warmupSeconds,
            windowSeconds,
            compareSeconds,
            mix: MIX_DESCRIPTION,
          },
          totals: {
            requests: (warmup?.step.requests ?? 0) + soak.step.requests,
            achievedRate: soak.step.achievedRate,
            p50Ms: soak.step.latency.p50,
            p99Ms: soak.step.latency.p99,
            errors: (warmup?.step.errors ?? 0) + soak.step.errors,
            non2xx: (warmup?.step.non2xx ?? 0) + soak.step.non2xx,
            failures: [...(warmup?.step.failures ?? []), ...soak.step.failures].slice(0, 10),
          },
          windows: [...(warmup?.rows ?? []), ...soak.rows],
          idle: { afterWarmup, afterRun },
          checks,
          ok,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\n${ok ? 'flat' : 'NOT flat'}: ${path.relative(repoRoot, outFile)} written`);
    exitCode = ok ? 0 : 1;
  } finally {
    await shop.stop();
  }
} finally {
  await client.end().catch(() => undefined);
}
process.exit(exitCode);
