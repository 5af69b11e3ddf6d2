import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit, API and component tests. The server suite runs on PGlite, and its driver-dependent files
 * once more on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 */
/**
 * Server test files whose outcome cannot depend on the database driver: they run on PGlite only.
 * The PostgreSQL run keeps every file that reads or writes through the app's repositories
 * (transactions, locks, LISTEN/NOTIFY, SKIP LOCKED, sequences, backups, the rate-limit counters).
 */
const DRIVER_INDEPENDENT = [
  // Never open a database.
  'src/http/**/*.test.ts',
  'src/cache/**/*.test.ts',
  'src/integrations/**/*.test.ts',
  'src/db/seed/file-cache.test.ts',
  'src/modules/content/sanitize-html.test.ts',
  'test/config/**/*.test.ts',
  'test/db/table-owners.test.ts',
  'test/integrations/captcha/captcha-recaptcha.test.ts',
  'test/integrations/payments/payments-cardpointe.test.ts',
  'test/integrations/payments/payments-sandbox.test.ts',
  'test/integrations/storage/storage-s3.test.ts',
  // The HTTP layer: the database only hosts the app; what these check is decided before the
  // first query (hosts, cookies, compression, body limits, shedding, who may call a route) or
  // after the last (the page cache, Cache-Control).
  'test/http/access-table.test.ts',
  'test/http/canonical-host.test.ts',
  'test/http/cookies-https.test.ts',
  'test/http/http-compression.test.ts',
  'test/core/in-process-fetch.test.ts',
  'test/http/load-shedding.test.ts',
  'test/http/oversized-input.test.ts',
  'test/http/page-cache.test.ts',
  'test/http/signed-in-caching.test.ts',
];

const serverProject = (driver: 'pglite' | 'postgres') => ({
  test: {
    name: `server:${driver}`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(driver === 'postgres' ? DRIVER_INDEPENDENT : [])],
    globalSetup: ['./test/support/global-setup.ts'],
    environment: 'node',
    env: { LABSHOP_TEST_DB: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The app's modules load once per worker, not once per file: that cost about 150 s of CPU a
    // run, a third of the server suite. The files share no state: each builds its own app,
    // database, ports and directories, and puts back fake timers and mocks it sets.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // A file per core: Vitest's default leaves one core of two idle. Server test files share
    // nothing (each has its own ports, temporary directories and database).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
