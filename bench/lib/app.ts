import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, startBuiltServer, type BuiltServer } from '../../scripts/built-server.ts';

/** Where a bench runs the shop: PGlite in its DATA_DIR, or a PostgreSQL database. */
export interface BenchDatabase {
  label: string;
  env: Record<string, string>;
}

export const POSTGRES_HINT =
  'Set BENCH_DATABASE_URL to a PostgreSQL database the bench may fill, e.g.\n' +
  '  createdb -h 127.0.0.1 -U postgres labshop_bench\n' +
  '  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/labshop_bench npm run bench ...';

/**
 * PostgreSQL from BENCH_DATABASE_URL, or null when it is not set. One server process unless
 * BENCH_WEB_CONCURRENCY says more (WEB_CONCURRENCY): on a two-core machine that also runs
 * PostgreSQL and the load generator, two server processes measured worse than one.
 */
export function postgresDatabase(): BenchDatabase | null {
  const url = process.env.BENCH_DATABASE_URL;
  const processes = process.env.BENCH_WEB_CONCURRENCY ?? '1';
  return url
    ? {
        label: processes === '1' ? 'PostgreSQL' : `PostgreSQL, ${processes} server processes`,
        env: { DATABASE_URL: url, WEB_CONCURRENCY: processes },
      }
    : null;
}

export function requireBuild(): void {
  const root = process.env.BENCH_SHOP_ROOT ?? repoRoot;
  if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
}

/**
 * Runs the seed CLI against the bench database: the demo shop when the database is empty, then
 * `products` synthetic products (replacing earlier ones) over `categories` categories in all.
 */
export async function seedDatabase(
  database: BenchDatabase,
  dataDir: string,
  catalog: { products: number; categories?: number; orders?: number },
): Promise<void> {
  const args = ['--import', 'tsx', 'apps/server/src/db/seed/cli.ts'];
  args.push('--bulk-products', String(catalog.products));
  if (catalog.orders) args.push('--bulk-orders', String(catalog.orders));
  if (catalog.products > 0 && catalog.categories !== undefined) {
    args.push('--bulk-categories', String(catalog.categories));
  }
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, ...database.env },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding the bench database failed (exit ${code})`);
}

/** A temporary DATA_DIR for one bench run, removed by `cleanup`. */
export async function benchDataDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'labshop-bench-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The built shop on `port`, with the bench database and any extra settings. */
export function startApp(options: {
  port: number;
  dataDir: string;
  database: BenchDatabase;
  env?: Record<string, string>;
}): Promise<BuiltServer> {
  return startBuiltServer({
    port: options.port,
    dataDir: options.dataDir,
    env: { ...options.database.env, ...options.env },
    // Another checkout's build, for a before/after comparison on one machine.
    root: process.env.BENCH_SHOP_ROOT,
  });
}

/**
 * A bench's shop: a fresh DATA_DIR, the bench database seeded (the demo shop, plus `products`
 * synthetic ones), and the built server started on it with `env(dataDir)`. `stop` stops the
 * server and removes the DATA_DIR; Ctrl-C does too.
 */
export async function startSeededShop(options: {
  port: number;
  database: BenchDatabase;
  catalog: { products: number; categories?: number };
  env?: (dataDir: string) => Record<string, string>;
}): Promise<{ server: BuiltServer; dataDir: string; stop: () => Promise<void> }> {
  const dataDir = await benchDataDir();
  try {
    await seedDatabase(options.database, dataDir.dir, options.catalog);
    const server = await startApp({
      port: options.port,
      dataDir: dataDir.dir,
      database: options.database,
      env: options.env?.(dataDir.dir),
    });
    const stop = async () => {
      await server.stop();
      await dataDir.cleanup();
    };
    stopOnInterrupt(stop);
    return { server, dataDir: dataDir.dir, stop };
  } catch (error) {
    await dataDir.cleanup();
    throw error;
  }
}

/** Settings that turn off the in-process read caches: every request reaches the database. */
export const NO_CACHES = { CATALOG_CACHE_SECONDS: '0', PAGE_CACHE_SECONDS: '0' };

/** Stops the child processes on Ctrl-C too, so no server outlives the bench. */
export function stopOnInterrupt(stop: () => Promise<void>): void {
  process.once('SIGINT', () => {
    void stop().finally(() => process.exit(130));
  });
}
