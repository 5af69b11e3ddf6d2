// `npm run bench [-- --duration 10 --connections 50]`: load figures of the built app, each
// printed next to its budget. Traffic goes to 127.0.0.1 only, bounded in time.
// Runs on PGlite, and also on PostgreSQL when BENCH_DATABASE_URL is set.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { repoRoot, startBuiltServer } from '../scripts/built-server.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const duration = Math.min(Math.max(Number(values.duration), 1), 60);
const connections = Math.min(Math.max(Number(values.connections), 1), 200);

interface Target {
  name: string;
  path: string;
  /** Budget on p99 latency in ms; absent for the ceiling. */
  p99BudgetMs?: number;
}

const targets: Target[] = [
  // The cheapest route the app has: what the process and socket can do at all.
  { name: 'ceiling: GET /healthz', path: '/healthz' },
  { name: 'SSR: GET /home', path: '/home', p99BudgetMs: 60 },
];

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

for (const database of databases) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-bench-'));
  const server = await startBuiltServer({ port: 3990, dataDir, env: database.env });
  try {
    console.log(`\n${database.label}: ${connections} connections, ${duration} s per target`);
    let ceiling = 0;
    for (const target of targets) {
      // Unrecorded warm-up: the first seconds measure the JIT, not the shop.
      await autocannon({ url: `${server.origin}${target.path}`, connections, duration: 2 });
      const result = await autocannon({
        url: `${server.origin}${target.path}`,
        connections,
        duration,
      });
      const rps = result.requests.average;
      if (!target.p99BudgetMs) ceiling = rps;
      const p99 = result.latency.p99;
      const errors = result.errors + result.non2xx;
      const verdict =
        target.p99BudgetMs === undefined
          ? ''
          : `  budget p99 < ${target.p99BudgetMs} ms: ${p99 < target.p99BudgetMs ? 'met' : 'MISSED'}`;
      const ratio =
        ceiling > 0 && target.p99BudgetMs
          ? ` (${((rps / ceiling) * 100).toFixed(0)}% of ceiling)`
          : '';
      console.log(
        `${target.name.padEnd(24)} ${rps.toFixed(0).padStart(7)} req/s${ratio}  p99 ${p99} ms  errors ${errors}${verdict}`,
      );
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
