// `npm run bench [-- --duration 10 --connections 50 --catalog 100000]`: load figures of the
// built app, each printed next to its budget. Traffic goes to 127.0.0.1 only, bounded in time.
// Runs on PGlite, and also on PostgreSQL when BENCH_DATABASE_URL is set (the budgets are
// stated for PostgreSQL). --catalog adds that many synthetic products before measuring.
import { fork, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { repoRoot, startBuiltServer } from '../scripts/built-server.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    catalog: { type: 'string', default: '0' },
  },
});
const duration = Math.min(Math.max(Number(values.duration), 1), 60);
const connections = Math.min(Math.max(Number(values.connections), 1), 200);
const catalog = Math.min(Math.max(Math.trunc(Number(values.catalog)) || 0, 0), 1_000_000);

const APP_PORT = 3990;
const CEILING_PORT = 3991;

interface Budget {
  /** p99 (or, for search, p97.5 as an upper bound of p95) below this many ms. */
  latencyMs?: number;
  latencyPercentile?: 'p99' | 'p97_5';
  /** Requests per second at least this share of the ceiling's. */
  ceilingShare?: number;
}

interface Target {
  name: string;
  origin: 'app' | 'ceiling';
  path: string;
  /** A cookie makes the visitor personal: the page is rendered for them, not reused. */
  cookie?: string;
  /** Each request asks another path (so no cache can answer): overrides `path`. */
  nextPath?: () => string;
  /** Overrides --connections: 1 measures one visitor's wait on an otherwise idle server. */
  connections?: number;
  budget?: Budget;
}

if (!existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const databases: { label: string; env: Record<string, string> }[] = [
  { label: 'PGlite', env: {} },
  ...(process.env.BENCH_DATABASE_URL
    ? [{ label: 'PostgreSQL', env: { DATABASE_URL: process.env.BENCH_DATABASE_URL } }]
    : []),
];

/** Runs the seed CLI against the bench database: demo data, then the synthetic products. */
async function seedCatalog(env: Record<string, string>, dataDir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/db/seed/cli.ts', '--bulk-products', String(catalog)],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, ...env }, stdio: 'inherit' },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding the bench catalogue failed (exit ${code})`);
}

async function startCeiling(body: string, dir: string) {
  const file = path.join(dir, 'ceiling-body.json');
  await writeFile(file, body);
  const child = fork(
    path.join(import.meta.dirname, 'ceiling-server.mjs'),
    [String(CEILING_PORT), file],
    {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the ceiling server exited (${code})`)));
  });
  return {
    origin: `http://127.0.0.1:${CEILING_PORT}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const SEARCH_WORDS = [
  'grinder',
  'vibrator',
  'lathe',
  'trimmer',
  'motor',
  'mixer',
  'brush',
  'pro',
  'bulk-0',
];
let searchCount = 0;

/** A search the catalogue cache has not seen: a word and a number, as a visitor might type. */
function uncachedSearchPath(): string {
  searchCount++;
  const word = SEARCH_WORDS[searchCount % SEARCH_WORDS.length];
  const query = `${word} ${Math.floor(searchCount / SEARCH_WORDS.length) % 100_000}`;
  return `/api/products?q=${encodeURIComponent(query)}`;
}

function verdict(ok: boolean): string {
  return ok ? 'met' : 'MISSED';
}

for (const database of databases) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-bench-'));
  await seedCatalog(database.env, dataDir);
  const server = await startBuiltServer({ port: APP_PORT, dataDir, env: database.env });
  const productsBody = await (await fetch(`${server.origin}/api/products`)).text();
  const [firstProduct] = JSON.parse(productsBody) as { number: string }[];
  const ceiling = await startCeiling(productsBody, dataDir);
  const targets: Target[] = [
    { name: 'ceiling: bare Fastify JSON', origin: 'ceiling', path: '/api/products' },
    {
      name: 'GET /api/products',
      origin: 'app',
      path: '/api/products',
      budget: { ceilingShare: 0.4, latencyMs: 25, latencyPercentile: 'p99' },
    },
    { name: 'GET /api/products?q=grinder', origin: 'app', path: '/api/products?q=grinder' },
    {
      name: '  search, a new query each time',
      origin: 'app',
      path: '/api/products?q=grinder',
      nextPath: uncachedSearchPath,
      budget: catalog >= 100_000 ? { latencyMs: 30, latencyPercentile: 'p97_5' } : undefined,
    },
    {
      name: '  same, one visitor at a time',
      origin: 'app',
      path: '/api/products?q=grinder',
      nextPath: uncachedSearchPath,
      connections: 1,
      budget: catalog >= 100_000 ? { latencyMs: 30, latencyPercentile: 'p97_5' } : undefined,
    },
    {
      name: 'SSR GET /product-details/{n}',
      origin: 'app',
      path: `/product-details/${encodeURIComponent(firstProduct?.number ?? 'none')}`,
      budget: { latencyMs: 60, latencyPercentile: 'p99' },
    },
    {
      name: '  same, rendered (cart cookie)',
      origin: 'app',
      path: `/product-details/${encodeURIComponent(firstProduct?.number ?? 'none')}`,
      cookie: '_cart__rf=%5B%5D',
    },
    { name: 'SSR GET /shop', origin: 'app', path: '/shop' },
    {
      name: 'SSR GET /home',
      origin: 'app',
      path: '/home',
      budget: { latencyMs: 60, latencyPercentile: 'p99' },
    },
  ];
  try {
    const catalogNote = catalog > 0 ? ` + ${catalog} synthetic products` : '';
    console.log(
      `\n${database.label}${catalogNote}: ${connections} connections, ${duration} s per target`,
    );
    let ceilingRps = 0;
    for (const target of targets) {
      const url = `${target.origin === 'app' ? server.origin : ceiling.origin}${target.path}`;
      // Unrecorded warm-up: the first seconds measure the JIT, not the shop.
      const headers = target.cookie ? { cookie: target.cookie } : {};
      const nextPath = target.nextPath;
      const requests = nextPath
        ? [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: nextPath() }) }]
        : undefined;
      const load = { url, connections: target.connections ?? connections, headers, requests };
      await autocannon({ ...load, duration: 2 });
      const result = await autocannon({ ...load, duration });
      const rps = result.requests.average;
      if (target.origin === 'ceiling') ceilingRps = rps;
      const share = ceilingRps > 0 && target.origin === 'app' ? rps / ceilingRps : null;
      const errors = result.errors + result.non2xx;
      const notes: string[] = [];
      const budget = target.budget;
      if (budget?.ceilingShare !== undefined && share !== null) {
        notes.push(
          `budget >= ${budget.ceilingShare * 100}% of ceiling: ${verdict(share >= budget.ceilingShare)}`,
        );
      }
      if (budget?.latencyMs !== undefined) {
        const percentile = budget.latencyPercentile ?? 'p99';
        const value = result.latency[percentile];
        const label = percentile === 'p99' ? 'p99' : 'p97.5 (bounds p95)';
        notes.push(
          `budget ${label} < ${budget.latencyMs} ms: ${verdict(value < budget.latencyMs)}`,
        );
      }
      console.log(
        `${target.name.padEnd(30)} ${rps.toFixed(0).padStart(7)} req/s` +
          `${share === null ? '' : ` (${(share * 100).toFixed(0)}% of ceiling)`}` +
          `  p97.5 ${result.latency.p97_5} ms  p99 ${result.latency.p99} ms  errors ${errors}` +
          (notes.length > 0 ? `  ${notes.join('; ')}` : ''),
      );
    }
  } finally {
    await ceiling.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
