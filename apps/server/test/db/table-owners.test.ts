import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index.ts';

/**
 * The catalogue's repository, one owner in files by topic: products (with their query builder)
 * and categories, which join each other (a product's category name, a category's count).
 */
const CATALOG_REPO = [
  'modules/catalog/products-repo.ts',
  'modules/catalog/products-sql.ts',
  'modules/catalog/categories-repo.ts',
] as const;

/**
 * Decision 017: every table has one owning file, and no other source file imports the table (so
 * none writes SQL on it). The few files that still read another's table are listed below with
 * why; a new one fails here. The demo seed, backups and the schema itself see every table.
 */
const OWNERS: Record<string, string | readonly string[]> = {
  appSecrets: 'db/app-secrets.ts',
  rateLimitCounters: 'db/rate-limit-counter.ts',
  orders: 'db/orders-repo.ts',
  orderLines: 'db/orders-repo.ts',
  outbox: 'jobs/outbox.ts',
  mailLog: 'integrations/mail/log.ts',
  geocodeCache: 'integrations/geocoder/cache.ts',
  oidcModels: 'integrations/identity/embedded/adapter.ts',
  erpItems: 'integrations/erp/built-in.ts',
  erpSalesOrders: 'integrations/erp/built-in.ts',
  auditLog: 'modules/audit/repo.ts',
  sessions: 'modules/auth/repo.ts',
  userAddresses: 'modules/account/addresses-repo.ts',
  quotes: 'modules/quotes/repo.ts',
  customerPaymentTerms: 'modules/terms/repo.ts',
  quoteLines: 'modules/quotes/repo.ts',
  freightTable: 'modules/freight/repo.ts',
  categories: CATALOG_REPO,
  products: CATALOG_REPO,
  liveProductCount: CATALOG_REPO,
  checkoutNonces: 'modules/checkout/repo.ts',
  coupons: 'modules/checkout/coupons-repo.ts',
  invoices: 'modules/checkout/invoices-repo.ts',
  payments: 'modules/checkout/payments-repo.ts',
  contactData: 'modules/contact/repo.ts',
  contactMessages: 'modules/contact/repo.ts',
  testimonials: 'modules/content/repo.ts',
  galleryImages: 'modules/content/repo.ts',
  textPages: 'modules/content/repo.ts',
  notifications: 'modules/content/repo.ts',
  customers: 'modules/erp/repo.ts',
  erpSyncs: 'modules/erp/repo.ts',
  erpSyncItems: 'modules/erp/repo.ts',
  newsletterSubscribers: 'modules/newsletter/subscribers-repo.ts',
  newsletters: 'modules/newsletter/sends-repo.ts',
  newsletterDeliveries: 'modules/newsletter/sends-repo.ts',
};

/** Reads of another file's table that remain (decision 017, "Not yet"). */
const NOT_YET: Record<string, readonly string[]> = {
  // The dashboard's counts of what is in the shop.
  'modules/admin/repo.ts': ['categories', 'products', 'newsletterSubscribers'],
  // The admin's Mail screen lists the log its writer keeps.
  'modules/mail/repo.ts': ['mailLog'],
  // A send's recipients and each delivery's mail are joins.
  'modules/newsletter/sends-repo.ts': ['mailLog', 'newsletterSubscribers'],
  // A quote's status (expired unless paid) and its order's number are a join on its paid order.
  'modules/quotes/repo.ts': ['orders'],
  // Embedded mode's ERP keeps its customers in the copy itself (decision 005).
  'integrations/erp/built-in.ts': ['customers'],
};

const SRC = path.resolve(import.meta.dirname, '../../src');
const SEES_EVERY_TABLE = [/^db\/schema\//, /^db\/seed\//, /^db\/backup/, /\.test\.ts$/];

const tableNames = Object.entries(schema)
  .filter(([, value]) => is(value, Table))
  .map(([name]) => name);

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(SRC, path.join(entry.parentPath, entry.name)))
    .filter((file) => !SEES_EVERY_TABLE.some((pattern) => pattern.test(file)));
}

/** The tables a file imports (as values) from the schema. */
async function tablesImportedBy(file: string): Promise<string[]> {
  const text = await readFile(path.join(SRC, file), 'utf8');
  const imports = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[^']*\/schema\/[^']*'/g)];
  return imports
    .flatMap((match) => (match[1] ?? '').split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0] ?? name)
    .filter((name) => tableNames.includes(name));
}

describe('one owner per table (decision 017)', () => {
  it('names an owner for every table', () => {
    expect(tableNames.filter((name) => !(name in OWNERS))).toEqual([]);
  });

  it('lets no other source file import a table, beyond the reads listed as not yet moved', async () => {
    const strays: string[] = [];
    const stillNeeded = new Set<string>();
    for (const file of await sourceFiles(SRC)) {
      for (const table of await tablesImportedBy(file)) {
        if ([OWNERS[table]].flat().includes(file)) continue;
        if (NOT_YET[file]?.includes(table)) stillNeeded.add(`${file} ${table}`);
        else strays.push(`${file} imports ${table} (owner: ${[OWNERS[table]].flat().join(', ')})`);
      }
    }
    expect(strays).toEqual([]);
    // An exception that is no longer used is taken off the list.
    const listed = Object.entries(NOT_YET).flatMap(([file, tables]) =>
      tables.map((table) => `${file} ${table}`),
    );
    expect(listed.filter((entry) => !stillNeeded.has(entry))).toEqual([]);
  });
});
