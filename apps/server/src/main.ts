import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isCatalogEmpty, seedDemoData } from './db/seed/seed.ts';
import { backfillLocalImageVariants } from './integrations/storage/image-variant-backfill.ts';
import { createStorage } from './integrations/storage/index.ts';

/** Load balancers usually wait 30 s after SIGTERM before killing; finish well within that. */
const SHUTDOWN_GRACE_MS = 20_000;

/** Process entry: read config, migrate, seed an empty shop, serve, close gracefully. */
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

  const database = await openDatabase(config.database);
  await database.migrate();
  const storage = createStorage(config.storage);
  const app = await buildApp(
    { config, database, storage },
    { ssr: config.env === 'development' ? 'development' : 'production' },
  );

  if (config.seedDemoData && (await isCatalogEmpty(database.db))) {
    app.log.info('empty shop: loading the demo data');
    const summary = await seedDemoData(database.db, storage);
    app.log.info({ summary }, 'demo data loaded');
  }

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

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`labshop is serving ${config.publicUrl.origin} (database: ${database.driver})`);

  if (config.storage.kind === 'local') {
    // Images stored before a variant width or format existed get it now, in the background.
    void backfillLocalImageVariants(config.storage.dir, {
      onError: (key, error) => app.log.warn({ key, err: error }, 'image variants not written'),
    }).then(
      (summary) => {
        if (summary.written > 0) app.log.info({ summary }, 'image variants backfilled');
      },
      (error: unknown) => app.log.error({ err: error }, 'image variant backfill failed'),
    );
  }
}

main().catch((error: unknown) => {
  console.error('labshop failed to start:', error);
  process.exit(1);
});
