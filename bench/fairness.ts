// `npm run bench:fairness [-- --seconds 30 --only alone,attack,stress,list]`: one client against
// everyone else (issue 31). Starts the built shop as `npm start` runs it (PGlite, demo data,
// default settings) and measures a victim who opens /shop every 250 ms from its own address:
//   1. alone (its unloaded p95);
//   2. beside an attacker on another address: 4 keep-alive connections asking for /home with a
//      random query string and 4 asking for /shop with a random search, back to back;
//   3. beside `stress-ng --cpu 4` (other processes keeping the host's cores busy), when
//      stress-ng is installed;
// then, on a shop with the catalogue cache off, 50 connections of one client on the product
// list API, alone and then beside a second client reading it 4 times a second. Each client has its own
// loopback address (127.0.0.2, 127.0.0.3), as visitors have their own, and each heavy client
// runs in a process of its own. Traffic goes to 127.0.0.0/8 only, bounded in time.
// BENCH_SHOP_ROOT runs another checkout's build (a before/after comparison on one machine).
import { fork, spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchDataDir, NO_CACHES, requireBuild, startApp } from './lib/app.ts';
import { BudgetLedger } from './lib/budget.ts';
import {
  API_ACCEPT,
  answered,
  count,
  PAGE_ACCEPT,
  refusals,
  runClient,
  statusText,
  type ClientSpec,
  type ClientTally,
} from './lib/clients.ts';
import { ms, summarize, type LatencySummary } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    only: { type: 'string' },
    // A shop setting for this run, e.g. --set LOAD_SHED_CLIENT_RATE=0 (repeatable).
    set: { type: 'string', multiple: true },
  },
});
const settings = Object.fromEntries(
  (values.set ?? []).map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--set wants NAME=VALUE, not ${pair}`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
const seconds = Math.min(Math.max(Number(values.seconds) || 30, 5), 120);
const only = values.only?.split(',');
const wanted = (phase: string) => !only || only.includes(phase);

const APP_PORT = 3992;
const VICTIM_ADDRESS = '127.0.0.2';
const ATTACKER_ADDRESS = '127.0.0.3';
const VICTIM_PERIOD_MS = 250;
/** The victim's p95 under attack may be at most this many times its p95 alone. */
const P95_FACTOR = 3;

requireBuild();

/** A heavy client in a process of its own (bench/lib/client-process.ts). */
function clientProcess(spec: ClientSpec): Promise<ClientTally> {
  const child = fork(
    path.join(import.meta.dirname, 'lib/client-process.ts'),
    [JSON.stringify(spec)],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', (tally) => resolve(tally as ClientTally));
    child.once('exit', (code) => reject(new Error(`a bench client exited (${code})`)));
  });
}

const victim = (origin: string, secondsToRun: number, paths: ClientSpec['paths'] = 'shop') =>
  runClient({
    origin,
    address: VICTIM_ADDRESS,
    connections: 1,
    periodMs: VICTIM_PERIOD_MS,
    paths,
    accept: paths === 'productList' ? API_ACCEPT : PAGE_ACCEPT,
    seconds: secondsToRun,
  });

function line(label: string, summary: LatencySummary, tallied: ClientTally): string {
  return (
    `  ${label.padEnd(46)} p50 ${ms(summary.p50).padStart(7)}  p95 ${ms(summary.p95).padStart(7)}` +
    `  max ${ms(summary.max).padStart(7)}  n ${String(summary.count).padStart(4)}  (${statusText(tallied)})`
  );
}

function stressNgAvailable(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = spawn('stress-ng', ['--version'], { stdio: 'ignore' });
    probe.once('error', () => resolve(false));
    probe.once('exit', (code) => resolve(code === 0));
  });
}

const ledger = new BudgetLedger();

async function withShop<T>(
  env: Record<string, string>,
  use: (origin: string) => Promise<T>,
): Promise<T> {
  const dataDir = await benchDataDir();
  const server = await startApp({
    port: APP_PORT,
    dataDir: dataDir.dir,
    database: { label: 'PGlite', env: {} },
    env: { ...env, ...settings },
  });
  try {
    return await use(server.origin);
  } finally {
    await server.stop();
    await dataDir.cleanup();
  }
}

console.log(
  `One client against everyone else: a victim opening /shop every ${VICTIM_PERIOD_MS} ms ` +
    `(${VICTIM_ADDRESS}), ${seconds} s a phase, the built shop on PGlite as npm start runs it` +
    (process.env.BENCH_SHOP_ROOT ? ` (the build in ${process.env.BENCH_SHOP_ROOT})` : '') +
    (values.set?.length ? `, with ${values.set.join(' ')}` : ''),
);

await withShop({}, async (origin) => {
  // Warm-up: the first renders compile and fill the page cache.
  await victim(origin, 3);

  let alone: LatencySummary | undefined;
  if (wanted('alone') || wanted('attack')) {
    const tallied = await victim(origin, seconds);
    alone = summarize(tallied.latencies);
    console.log(line('victim alone', alone, tallied));
  }

  if (wanted('attack')) {
    const heavy = (paths: ClientSpec['paths']) =>
      clientProcess({
        origin,
        address: ATTACKER_ADDRESS,
        connections: 4,
        paths,
        accept: PAGE_ACCEPT,
        seconds,
      });
    const [tallied, queries, searches] = await Promise.all([
      victim(origin, seconds),
      heavy('randomQuery'),
      heavy('randomSearch'),
    ]);
    const attacked = summarize(tallied.latencies);
    console.log(line('victim beside the attacker', attacked, tallied));
    console.log(
      `  attacker: /home?x=random ${Math.round(answered(queries) / seconds)} answers/s ` +
        `(${statusText(queries)}); /shop?q=random ${Math.round(answered(searches) / seconds)}/s ` +
        `(${statusText(searches)})`,
    );
    ledger.record(
      'victim beside the attacker: refusals',
      `${refusals(tallied)}`,
      refusals(tallied) + tallied.errors,
      { atMost: 0 },
      'answers',
    );
    ledger.record(
      `victim beside the attacker: p95 (alone ${ms(alone!.p95)})`,
      ms(attacked.p95),
      attacked.p95,
      { atMost: Number((alone!.p95 * P95_FACTOR).toFixed(1)) },
      `ms (${P95_FACTOR} x alone)`,
    );
  }

  if (wanted('stress')) {
    if (!(await stressNgAvailable())) {
      console.log('  stress-ng is not installed (apt-get install stress-ng): that phase skipped');
    } else {
      const stress = spawn('stress-ng', ['--cpu', '4', '--timeout', `${seconds + 5}s`, '--quiet'], {
        stdio: 'ignore',
      });
      const stressDone = new Promise((resolve) => stress.once('exit', resolve));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const tallied = await victim(origin, seconds);
      stress.kill('SIGTERM');
      await stressDone;
      console.log(line('victim beside stress-ng --cpu 4', summarize(tallied.latencies), tallied));
      ledger.record(
        'victim beside stress-ng --cpu 4: refusals',
        `${refusals(tallied)}`,
        refusals(tallied) + tallied.errors,
        { atMost: 0 },
        'answers',
      );
    }
  }
});

if (wanted('list')) {
  await withShop(NO_CACHES, async (origin) => {
    const heavy = (connections: number, secondsToRun: number) =>
      clientProcess({
        origin,
        address: ATTACKER_ADDRESS,
        connections,
        paths: 'productList',
        accept: API_ACCEPT,
        seconds: secondsToRun,
      });
    await heavy(4, 2); // warm-up
    const aloneCrowd = await heavy(50, seconds);
    console.log(
      line(
        '50 connections, one client alone, uncached list API',
        summarize(aloneCrowd.latencies),
        aloneCrowd,
      ) + `\n    its 200s: ${Math.round(count(aloneCrowd, 200) / seconds)}/s`,
    );
    const [crowd, reader] = await Promise.all([
      heavy(50, seconds),
      victim(origin, seconds, 'productList'),
    ]);
    console.log(
      line('the same beside a second client', summarize(crowd.latencies), crowd) +
        `\n    its 200s: ${Math.round(count(crowd, 200) / seconds)}/s`,
    );
    console.log(line('a second client beside it, 4 reads/s', summarize(reader.latencies), reader));
    ledger.record(
      'uncached list API: refusals of the client within its share',
      `${refusals(reader)}`,
      refusals(reader) + reader.errors,
      { atMost: 0 },
      'answers',
    );
  });
}

ledger.print('Budgets');
process.exit(ledger.rows.every((row) => row.ok) ? 0 : 1);
