import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config/index.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { isCatalogEmpty, seedDemoData } from './db/seed/seed.ts';
import { backfillLocalImageVariants } from './integrations/storage/image-variant-backfill.ts';
import { createStorage } from './integrations/storage/index.ts';
import type { FileStorage } from './integrations/storage/port.ts';

/** Load balancers usually wait 30 s after SIGTERM before killing; finish well within that. */
const SHUTDOWN_GRACE_MS = 20_000;

/** How the start-up work reports: the app's logger, or a JSON line in a cluster's primary. */
interface StartLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Process entry: read config, migrate, seed an empty shop, serve, close gracefully. With
 * WEB_CONCURRENCY above 1 this process does the one-off work and then runs that many servers
 * on the same port (node:cluster), each an instance as the scale-out in docs/OPERATIONS.md
 * describes: they share the database, and every cache is emptied on all of them through NOTIFY
 * (decision 007).
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (cluster.isWorker) {
    await (await startServer(config)).listen();
    return;
  }
  if (config.serverProcesses > 1) return runServerProcesses(config);

  const server = await startServer(config);
  await seedIfEmpty(config, server.database, server.storage, server.app.log);
  await server.listen();
  backfillImageVariants(config, server.app.log);
}

/** The demo data, loaded into an empty shop (unless SEED_DEMO_DATA=false). */
async function seedIfEmpty(
  config: Config,
  database: DatabaseHandle,
  storage: FileStorage,
  log: StartLog,
) {
  if (!config.seedDemoData || !(await isCatalogEmpty(database.db))) return;
  log.info({}, 'empty shop: loading the demo data');
  const summary = await seedDemoData(database.db, storage);
  log.info({ summary }, 'demo data loaded');
}

/** Images stored before a variant width or format existed get it now, in the background. */
function backfillImageVariants(config: Config, log: StartLog): void {
  if (config.storage.kind !== 'local') return;
  void backfillLocalImageVariants(config.storage.dir, {
    onError: (key, error) => log.warn({ key, err: error }, 'image variants not written'),
  }).then(
    (summary) => {
      if (summary.written > 0) log.info({ summary }, 'image variants backfilled');
    },
    (error: unknown) => log.error({ err: error }, 'image variant backfill failed'),
  );
}

/**
 * One server on a migrated database, not yet listening; SIGTERM closes it after the requests
 * in flight, then its database pool.
 */
async function startServer(config: Config) {
  const database = await openDatabase(config.database);
  await database.migrate();
  const storage = createStorage(config.storage);
  const app = await buildApp(
    { config, database, storage },
    { ssr: config.env === 'development' ? 'development' : 'production' },
  );

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Requests in flight finish; new ones get 503 until the listener is gone. A request that
    // is still running after the grace period is cut off rather than holding the process.
    const deadline = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    deadline.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));
  // A cluster's server outlives no primary (one killed with SIGKILL leaves it running).
  if (cluster.isWorker) process.once('disconnect', () => void close('disconnect'));

  return {
    app,
    database,
    storage,
    async listen() {
      await app.listen({ host: config.host, port: config.port });
      app.log.info(`labshop is serving ${config.publicUrl.origin} (database: ${database.driver})`);
    },
  };
}

/**
 * Server processes that die before they listen, one after another, before the primary gives
 * up: a setting every server trips on (a port taken) would otherwise restart them forever,
 * while one killed during its start (the OOM killer, an operator) is simply replaced.
 */
const SERVER_START_ATTEMPTS = 3;

/**
 * The cluster's primary: migrates and seeds once, starts `serverProcesses` servers, starts
 * another when one dies, and passes SIGTERM on, exiting once they have. It stops (exit code 1)
 * when SERVER_START_ATTEMPTS servers in a row died before listening.
 */
async function runServerProcesses(config: Config): Promise<void> {
  const log = consoleLog(config.logLevel);
  const database = await openDatabase(config.database);
  await database.migrate();
  await seedIfEmpty(config, database, createStorage(config.storage), log);
  await database.close();
  backfillImageVariants(config, log);

  let stopping = false;
  let exitCode = 0;
  let failedStartsInARow = 0;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  const start = () => {
    const worker = cluster.fork();
    let served = false;
    worker.once('listening', () => {
      served = true;
      failedStartsInARow = 0;
    });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      if (served) {
        log.warn({ code, signal }, 'a server process exited; starting another');
      } else if (++failedStartsInARow >= SERVER_START_ATTEMPTS) {
        log.error(
          { code, signal, attempts: failedStartsInARow },
          'server processes keep failing to start; stopping',
        );
        exitCode = 1;
        stop();
        return;
      } else {
        log.warn({ code, signal }, 'a server process died before it listened; starting another');
      }
      start();
    });
  };
  cluster.on('exit', () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  });
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  for (let n = 0; n < config.serverProcesses; n++) start();
  log.info({}, `labshop: ${config.serverProcesses} server processes on port ${config.port}`);
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

/** JSON lines like the app's logger writes, at LOG_LEVEL and above. */
function consoleLog(level: Config['logLevel']): StartLog {
  const threshold = level === 'silent' ? Infinity : LOG_LEVELS.indexOf(level);
  const write = (at: string, details: object, message: string) => {
    if (LOG_LEVELS.indexOf(at) < threshold) return;
    const line = { level: at, time: Date.now(), pid: process.pid, ...details, msg: message };
    (at === 'info' ? console.log : console.error)(JSON.stringify(line));
  };
  return {
    info: (details, message) => write('info', details, message),
    warn: (details, message) => write('warn', details, message),
    error: (details, message) => write('error', details, message),
  };
}

main().catch((error: unknown) => {
  console.error('labshop failed to start:', error);
  process.exit(1);
});
