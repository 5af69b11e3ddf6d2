import { loadConfig } from '../../config/index.ts';
import { createStorage } from '../../integrations/storage/index.ts';
import { openDatabase } from '../client.ts';
import { addBulkOrders } from './bulk-orders.ts';
import { addBulkProducts } from './bulk-products.ts';
import { seedDemoData, type SeedSummary } from './seed.ts';

/**
 * `npm run seed [-- --reset] [--bulk-products N [--bulk-categories M]] [--bulk-orders K]`: fills
 * an empty database with the demo shop, or with --reset empties every table and seeds again.
 * --bulk-products adds N synthetic products for load tests (bench/ uses it), spread over M live
 * categories in all when --bulk-categories is given (synthetic ones are added up to M).
 * --bulk-orders adds K paid orders for the demo partner lab and K for other labs (bulk-orders.ts).
 */

const USAGE = 'Usage: seed [--reset] [--bulk-products N [--bulk-categories M]] [--bulk-orders K]';
const MAX_BULK_ORDERS = 1_000_000;
const MAX_BULK_PRODUCTS = 1_000_000;
const MAX_BULK_CATEGORIES = 10_000;

function parseArgs(args: string[]): {
  reset: boolean;
  bulkProducts: number | null;
  bulkCategories: number | undefined;
  bulkOrders: number | null;
} {
  let reset = false;
  let bulkOrders: number | null = null;
  let bulkProducts: number | null = null;
  let bulkCategories: number | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--reset') {
      reset = true;
    } else if (arg === '--bulk-categories') {
      bulkCategories = Number(args[++index]);
      if (
        !Number.isInteger(bulkCategories) ||
        bulkCategories < 1 ||
        bulkCategories > MAX_BULK_CATEGORIES
      ) {
        throw new Error(
          `--bulk-categories needs a whole number from 1 to ${MAX_BULK_CATEGORIES}\n${USAGE}`,
        );
      }
    } else if (arg === '--bulk-products') {
      bulkProducts = Number(args[++index]);
      if (!Number.isInteger(bulkProducts) || bulkProducts < 0 || bulkProducts > MAX_BULK_PRODUCTS) {
        throw new Error(
          `--bulk-products needs a whole number from 0 to ${MAX_BULK_PRODUCTS}\n${USAGE}`,
        );
      }
    } else if (arg === '--bulk-orders') {
      bulkOrders = Number(args[++index]);
      if (!Number.isInteger(bulkOrders) || bulkOrders < 0 || bulkOrders > MAX_BULK_ORDERS) {
        throw new Error(
          `--bulk-orders needs a whole number from 0 to ${MAX_BULK_ORDERS}\n${USAGE}`,
        );
      }
    } else {
      throw new Error(`Unknown argument: ${arg}\n${USAGE}`);
    }
  }
  if (bulkCategories !== undefined && bulkProducts === null) {
    throw new Error(`--bulk-categories goes with --bulk-products\n${USAGE}`);
  }
  return { reset, bulkProducts, bulkCategories, bulkOrders };
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
  const { reset, bulkProducts, bulkCategories, bulkOrders } = parseArgs(process.argv.slice(2));
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
    if (bulkProducts !== null) {
      const bulkStarted = performance.now();
      const added = await addBulkProducts(handle.db, bulkProducts, {
        categories: bulkCategories,
      });
      const bulkSeconds = ((performance.now() - bulkStarted) / 1000).toFixed(1);
      console.log(`Added ${added} synthetic products in ${bulkSeconds} s.`);
    }
    if (bulkOrders !== null) {
      const bulkStarted = performance.now();
      const added = await addBulkOrders(handle.db, bulkOrders);
      const bulkSeconds = ((performance.now() - bulkStarted) / 1000).toFixed(1);
      console.log(`Added ${added} synthetic orders in ${bulkSeconds} s.`);
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
