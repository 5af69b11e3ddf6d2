import { EventEmitter } from 'node:events';
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
import type { Config } from '../config/index.ts';
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
  /** Messages between the processes that share this database (PostgreSQL NOTIFY/LISTEN). */
  notifications: DatabaseNotifications;
  close(): Promise<void>;
}

export interface DatabaseNotifications {
  /** Sends `payload` to every listener of `channel` in every process on this database. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `onMessage` with each payload sent on `channel` (its own sends too), from the moment
   * the returned promise resolves; until stop() is called. `onGap` is called when messages may
   * have been missed: the connection was lost and is back. A first connection that fails is
   * retried in the background (reported through `onError`), as is a lost one.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<{ stop(): Promise<void> }>;
}

export interface NotificationHandlers {
  onMessage(payload: string): void;
  onGap(): void;
  onError(error: unknown, retryInMs: number): void;
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
    // One process holds an embedded database: its messages never need to leave it.
    notifications: inProcessNotifications(),
    close: () => client.close(),
  };
}

function inProcessNotifications(): DatabaseNotifications {
  const channels = new EventEmitter();
  channels.setMaxListeners(0);
  return {
    async notify(channel, payload) {
      channels.emit(channel, payload);
    },
    async listen(channel, { onMessage }) {
      channels.on(channel, onMessage);
      return {
        async stop() {
          channels.off(channel, onMessage);
        },
      };
    },
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
  // The pool listens for errors only on idle clients. One checked out (a transaction between
  // two of its queries) that loses its connection, e.g. the server shutting down (57P01),
  // emits 'error' with no listener, which would end the process: the caller's next query
  // fails instead, and the pool drops the client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePostgres({ client: pool, schema });
  const listeners = new Set<{ stop(): Promise<void> }>();
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
    notifications: {
      async notify(channel, payload) {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      async listen(channel, handlers) {
        const listener = await listenOnOwnConnection(config.url, channel, handlers);
        listeners.add(listener);
        return {
          async stop() {
            listeners.delete(listener);
            await listener.stop();
          },
        };
      },
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

const LISTEN_RETRY_FIRST_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * LISTEN needs a connection of its own for as long as it listens (a pooled one goes back to the
 * pool between queries). Lost connections are made again, waiting twice as long after each
 * failure up to 30 s; the caller hears of the gap once it is back.
 */
async function listenOnOwnConnection(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<{ stop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let everConnected = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleRetry = (error: unknown) => {
    if (stopped || retryTimer) return;
    const delay = Math.min(LISTEN_RETRY_FIRST_MS * 2 ** failures, LISTEN_RETRY_MAX_MS);
    failures++;
    handlers.onError(error, delay);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
  };
  const lost = (lostClient: pg.Client, error: unknown) => {
    if (client !== lostClient) return;
    client = null;
    lostClient.end().catch(() => {});
    scheduleRetry(error);
  };
  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      application_name: 'labshop-cache-listener',
    });
    candidate.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    candidate.on('error', (error) => lost(candidate, error));
    candidate.on('end', () => lost(candidate, new Error('the listening connection closed')));
    try {
      await candidate.connect();
      await candidate.query(`listen ${channel}`);
    } catch (error) {
      candidate.end().catch(() => {});
      scheduleRetry(error);
      return;
    }
    if (stopped) {
      await candidate.end().catch(() => {});
      return;
    }
    // Anything sent while nobody listened here is lost: the caller must assume the worst.
    const missedSome = everConnected || failures > 0;
    client = candidate;
    failures = 0;
    everConnected = true;
    if (missedSome) handlers.onGap();
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
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

/** PostgreSQL's codes for a server that is gone, going or not taking connections yet. */
const UNAVAILABLE_CODE = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** node-postgres' own errors for a lost or unobtainable connection. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout)/;

/** The PostgreSQL error code behind an error, from either driver, through wrappers. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Whether `error` (or an error it wraps) says the database server cannot be reached right now,
 * rather than that the query was wrong: the request may succeed in a moment (503, not 500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 10; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_CODE.test(code) || UNAVAILABLE_NETWORK_CODES.has(code))
    ) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
