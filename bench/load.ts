// `npm run bench:load [-- --duration 60 --rates 250,500,1000,1500,2000,2500 --catalog 100000]`:
// mixed traffic (browse, search, product pages, carts and a few checkouts) against the built
// shop on PostgreSQL (BENCH_DATABASE_URL), at rising fixed rates, `--duration` seconds each.
// Reports each step's achieved rate, p50/p95/p99 and failures, and the highest rate held with
// p99 <= 100 ms and no errors, next to its budget. Traffic goes to 127.0.0.1 only, bounded in
// time (at most 2 minutes a step, 12 steps).
import { parseArgs } from 'node:util';
import { POSTGRES_HINT, postgresDatabase, requireBuild, startSeededShop } from './lib/app.ts';
import { BudgetLedger } from './lib/budget.ts';
import { MIX_DESCRIPTION, MIXED_TRAFFIC_ENV, shopFacts, trafficMix } from './lib/mixed-traffic.ts';
import { runOpenLoop, type StepResult } from './lib/open-loop.ts';
import { ms } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    rates: { type: 'string', default: '250,500,1000,1500,2000,2500' },
    catalog: { type: 'string', default: '0' },
    categories: { type: 'string', default: '500' },
    'keep-going': { type: 'boolean', default: false },
  },
});
const seconds = Math.min(Math.max(Number(values.duration) || 60, 5), 120);
const rates = values.rates
  .split(',')
  .map((rate) => Math.trunc(Number(rate)))
  .filter((rate) => rate > 0 && rate <= 20_000)
  .slice(0, 12);
const catalog = Math.min(Math.max(Math.trunc(Number(values.catalog)) || 0, 0), 1_000_000);
const categoryCount = Math.min(Math.max(Math.trunc(Number(values.categories)) || 500, 1), 10_000);

const APP_PORT = 3990;
const P99_BUDGET_MS = 100;
const RATE_BUDGET = 1500;

requireBuild();
const database = postgresDatabase();
if (!database) {
  console.error(`bench:load measures PostgreSQL.\n${POSTGRES_HINT}`);
  process.exit(1);
}
if (rates.length === 0) {
  console.error('--rates needs one or more request rates, e.g. 250,500,1000');
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------

function held(step: StepResult): boolean {
  return (
    step.errors === 0 &&
    step.non2xx === 0 &&
    step.latency.p99 <= P99_BUDGET_MS &&
    step.achievedRate >= step.targetRate * 0.95
  );
}

function printStep(step: StepResult): void {
  const { latency } = step;
  console.log(
    `${String(step.targetRate).padStart(6)} req/s target  ${step.achievedRate.toFixed(0).padStart(6)} achieved` +
      `  p50 ${ms(latency.p50).padStart(6)}  p95 ${ms(latency.p95).padStart(6)}  p99 ${ms(latency.p99).padStart(7)}` +
      `  errors ${step.errors}  non-2xx ${step.non2xx}  ${held(step) ? 'held' : 'NOT held'}`,
  );
  const kinds = [...step.byKind]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([kind, figures]) =>
        `${kind} ${figures.requests} p99 ${ms(figures.latency.p99)}${figures.failed ? ` (${figures.failed} failed)` : ''}`,
    );
  console.log(`         ${kinds.join('; ')}`);
  for (const failure of step.failures.slice(0, 5)) console.log(`         failure: ${failure}`);
}

const shop = await startSeededShop({
  port: APP_PORT,
  database,
  catalog: { products: catalog, categories: categoryCount },
  env: () => MIXED_TRAFFIC_ENV,
});
try {
  const { server } = shop;
  const facts = await shopFacts(server.origin);
  const next = trafficMix(facts, catalog);
  console.log(
    `\nPostgreSQL, ${catalog > 0 ? `demo shop + ${catalog} products` : 'demo shop'}: mixed traffic ` +
      `at fixed rates, ${seconds} s a step (${MIX_DESCRIPTION})`,
  );
  // Unrecorded warm-up: the JIT, the database's cache and the pools.
  await runOpenLoop({ origin: server.origin, rate: Math.min(rates[0]!, 200), seconds: 10, next });
  let highest = 0;
  for (const rate of rates) {
    const step = await runOpenLoop({ origin: server.origin, rate, seconds, next });
    printStep(step);
    if (held(step)) highest = Math.max(highest, rate);
    // Far past what the server holds: the rising steps would only measure a queue.
    if (!values['keep-going'] && (step.latency.p99 > 2000 || step.achievedRate < rate * 0.8)) {
      console.log('         (stopping: the server is far behind at this rate)');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  const ledger = new BudgetLedger();
  ledger.record(
    `highest rate held (p99 <= ${P99_BUDGET_MS} ms, no errors)`,
    `${highest} req/s`,
    highest,
    { atLeast: RATE_BUDGET },
    'req/s',
  );
  ledger.print('Budget');
} finally {
  await shop.stop();
}
