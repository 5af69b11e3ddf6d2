import { loadConfig } from '../../config.ts';
import { createStorage } from '../../integrations/storage/index.ts';
import { openDatabase } from '../client.ts';
import { seedDemoData, type SeedSummary } from './seed.ts';

/**
 * `npm run seed [-- --reset]`: fills an empty database with the demo shop, or with --reset
 * empties every table and seeds again.
 */

const USAGE = 'Usage: seed [--reset]';

function parseArgs(args: string[]): { reset: boolean } {
  const unknown = args.filter((arg) => arg !== '--reset');
  if (unknown.length > 0) throw new Error(`Unknown argument: ${unknown.join(' ')}\n${USAGE}`);
  return { reset: args.includes('--reset') };
}

function describe(summary: SeedSummary): string {
  return Object.entries(summary)
    .map(([table, count]) => `${count} ${table}`)
    .join(', ');
}

function isEmptySummary(summary: SeedSummary): boolean {
  return Object.values(summary).every((count) => count === 0);
}

async function main(): Promise<void> {
  const { reset } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const started = performance.now();
  const handle = await openDatabase(config.database);
  try {
    await handle.migrate();
    const storage = createStorage(config.storage);
    const summary = await seedDemoData(handle.db, storage, { reset });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (isEmptySummary(summary)) {
      console.log('The catalogue already has data; nothing seeded. Use --reset to replace it.');
    } else {
      console.log(`Seeded ${describe(summary)} in ${seconds} s.`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Seeding failed: ${message}`);
  process.exitCode = 1;
});
