import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { createScratchDatabase } from './postgres-scratch.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/index.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/client.ts';
import type { Erp } from '../../src/integrations/erp/port.ts';
import { createLocalDiskStorage } from '../../src/integrations/storage/local-disk.ts';
import {
  externalIssuerEnv,
  signRoleTokens,
  startFakeIssuer,
  TEST_ADMIN_EMAIL,
  TEST_AUDIENCE,
  type FakeIssuer,
} from '../fakes/oidc-issuer.ts';

/**
 * The database a test file runs on: in-memory PGlite, or (LABSHOP_TEST_DB=postgres) a new
 * database on the TEST_DATABASE_URL server, dropped when the test is done.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.LABSHOP_TEST_DB !== 'postgres') {
    const database = await openDatabase(
      { driver: 'pglite', dataDir: null },
      { pgliteDump: await pgliteTemplate() },
    );
    await database.migrate();
    return database;
  }
  // A copy of the database that global-setup.ts migrated once for the whole run.
  const scratch = await createScratchDatabase({ template: inject('postgresTemplate') });
  const database = await openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

let template: Promise<Blob> | undefined;

/** The migrated cluster made once per run by test/support/global-setup.ts, read once per test file. */
function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplatePath')).then((bytes) => new Blob([bytes]));
  return template;
}

export { createScratchDatabase };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** The listening server's origin, e.g. http://127.0.0.1:40123, for real HTTP calls. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Builds the whole app (no web pages) on a fresh database and a temporary DATA_DIR. `prepare`
 * may add routes before the server starts listening; `erp` replaces the configured ERP (made on
 * the app's database, so a test double can wrap the built-in one); `database` builds it on an
 * open database instead (several instances of one shop; the caller closes it).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  prepare?: (app: FastifyInstance) => void | Promise<void>,
  options: { erp?: (db: Database) => Erp; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  // The free port is chosen before the app listens (PUBLIC_URL names it); a parallel test file
  // may take it in between. Then the app is built again on another port.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startTestAppOnFreePort(env, prepare, options);
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
      if (!taken || attempt >= 5) throw error;
    }
  }
}

async function startTestAppOnFreePort(
  env: Record<string, string>,
  prepare: ((app: FastifyInstance) => void | Promise<void>) | undefined,
  options: { erp?: (db: Database) => Erp; database?: DatabaseHandle },
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-test-'));
  // The port is known before the app is built, so PUBLIC_URL (login redirects, the embedded
  // provider's issuer) names the address the tests call.
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The checkout tests pay dozens of times from 127.0.0.1 with one card and one e-mail; the
    // card-testing limits are tested with their own small values (card-testing.test.ts).
    PAYMENT_LIMIT_PER_IP: '100000',
    PAYMENT_LIMIT_PER_EMAIL: '100000',
    PAYMENT_LIMIT_PER_CARD: '100000',
    // The tests' server shares its event loop with the test and an in-process PGlite, which a
    // burst of concurrent requests keeps busy; shedding is tested on its own (load-shedding.test.ts).
    LOAD_SHED_CONCURRENCY: '0',
    ...env,
  });
  const database = options.database ?? (await openTestDatabase());
  const storage = createLocalDiskStorage(config.uploadsDir);
  const app = await buildApp(
    { config, database, storage, erp: options.erp?.(database.db) },
    { ssr: false },
  );
  await prepare?.(app);
  try {
    await app.listen({ host: '127.0.0.1', port });
  } catch (error) {
    await app.close();
    if (!options.database) await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    config,
    database,
    origin: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface SignedInTestApp extends TestApp {
  /** The external identity provider the shop trusts; `issuer.sign` makes more tokens. */
  issuer: FakeIssuer;
  /** A Bearer token for the administrator (TEST_ADMIN_EMAIL, verified). */
  adminToken: string;
  /** A Bearer token for a signed-in partner lab. */
  partnerToken: string;
}

/**
 * The shop of `startTestApp`, logging in through a fake external provider with TEST_ADMIN_EMAIL
 * as its administrator, and a token for each role. `close()` stops both. Several shops of one
 * test share a provider (and so its tokens) by passing the first one's `issuer`, which then
 * stays up until that first shop closes.
 */
export async function startSignedInTestApp(
  env: Record<string, string> = {},
  prepare?: (app: FastifyInstance) => void | Promise<void>,
  options: { erp?: (db: Database) => Erp; database?: DatabaseHandle; issuer?: FakeIssuer } = {},
): Promise<SignedInTestApp> {
  const { issuer: shared, ...appOptions } = options;
  const issuer = shared ?? (await startFakeIssuer(TEST_AUDIENCE));
  const shop = await startTestApp(
    { ...externalIssuerEnv(issuer), ADMIN_EMAILS: TEST_ADMIN_EMAIL, ...env },
    prepare,
    appOptions,
  );
  const tokens = await signRoleTokens(issuer);
  return {
    ...shop,
    issuer,
    ...tokens,
    async close() {
      await shop.close();
      if (!shared) await issuer.close();
    },
  };
}
