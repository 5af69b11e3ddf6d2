import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { paths } from '../paths.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/** The one database type the repos see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: Config['database']['driver'];
  /** Applies pending migrations; safe to run from several instances at once. */
  migrate(): Promise<void>;
  /** Answers whether the database takes queries now (for /readyz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite only: start from this dump (`PGlite.dumpDataDir`) instead of an empty cluster. */
  pgliteDump?: Blob;
}

export async function openDatabase(
  config: Config['database'],
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  return config.driver === 'pglite'
    ? openPglite(config.dataDir, options.pgliteDump)
    : openPostgres(config);
}

/** The extensions the migrations create; PGlite must load them when it opens a cluster. */
export const pgliteExtensions = { pg_trgm };

/** PGlite: PostgreSQL compiled to WebAssembly, in-process; `dataDir` null keeps it in memory. */
async function openPglite(dataDir: string | null, dump?: Blob): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = new PGlite({
    extensions: pgliteExtensions,
    ...(dataDir ? { dataDir } : {}),
    ...(dump ? { loadDataDir: dump } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: paths.migrations }),
    ping: () => pingWith(db),
    close: () => client.close(),
  };
}

async function openPostgres(config: { url: string; poolSize: number }): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    driver: 'postgres',
    async migrate() {
      // Several instances may start together: one applies the migrations, the others wait.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock(727274)');
        await migratePostgres(db, { migrationsFolder: paths.migrations });
      } finally {
        await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {});
        lockClient.release();
      }
    },
    ping: () => pingWith(db),
    close: () => pool.end(),
  };
}

async function pingWith(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
