import { readdir, readFile, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { backup, MANIFEST_FILE, restore, type BackupManifest } from '../../src/db/backup.ts';
import { openDatabase } from '../../src/db/client.ts';
import { products as productsTable } from '../../src/db/schema/index.ts';
import { seedDemoData } from '../../src/db/seed/seed.ts';
import { createStorage } from '../../src/integrations/storage/index.ts';
import { createScratchDatabase } from '../support/helper.ts';

/**
 * `npm run backup` / `npm run restore` (issue 10): a round trip on a shop with the demo data.
 * After the backup, products are deleted and a stray picture is added; the restore brings back
 * exactly what was backed up (every table's rows and checksum, and the pictures).
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function roundTrip(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const countProducts = async () => {
    const database = await openDatabase(config.database);
    try {
      const [row] = await database.db.select({ products: count() }).from(productsTable);
      return row?.products ?? 0;
    } finally {
      await database.close();
    }
  };
  const seeded = await openDatabase(config.database);
  await seeded.migrate();
  await seedDemoData(seeded.db, createStorage(config.storage));
  await seeded.close();
  const products = await countProducts();
  expect(products).toBeGreaterThan(0);
  const uploadsDir = config.uploadsDir;
  const pictures = await listFiles(uploadsDir);
  expect(pictures.length).toBeGreaterThan(0);

  const backupDir = path.join(await tempDir('labshop-backup-'), 'backup');
  const manifest = await backup(config, backupDir);
  expect(manifest.uploads).toBe(true);
  expect(manifest.tables['public.products']?.rows).toBe(products);

  // Lost after the backup: every product, and a picture that was not there.
  const changed = await openDatabase(config.database);
  await changed.db.delete(productsTable);
  await changed.close();
  expect(await countProducts()).toBe(0);
  await writeFile(path.join(uploadsDir, 'stray.jpg'), 'not from the backup');

  const restored = await restore(config, backupDir);
  expect(restored.tables).toEqual(manifest.tables);
  expect(await countProducts()).toBe(products);
  expect(await listFiles(uploadsDir)).toEqual(pictures);

  // A backup whose contents do not match its manifest is refused, not silently restored.
  const tampered: BackupManifest = JSON.parse(
    await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8'),
  );
  tampered.tables['public.products'] = { rows: products + 1, checksum: 'x' };
  await writeFile(path.join(backupDir, MANIFEST_FILE), JSON.stringify(tampered));
  await expect(restore(config, backupDir)).rejects.toThrow(
    /The restored database differs from the backup in: public\.products\./,
  );
}

describe.runIf(process.env.LABSHOP_TEST_DB !== 'postgres')('backup and restore, PGlite', () => {
  it('brings back every table and picture as they were backed up', async () => {
    await roundTrip({ DATA_DIR: await tempDir('labshop-data-') });
  }, 120_000);

  it('refuses a backup of the other kind of database, saying which', async () => {
    const backupDir = await tempDir('labshop-backup-');
    await writeFile(
      path.join(backupDir, MANIFEST_FILE),
      JSON.stringify({ format: 1, driver: 'postgres', database: 'database.pgdump', tables: {} }),
    );
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: await tempDir('labshop-data-') });
    await expect(restore(config, backupDir)).rejects.toThrow(
      'This backup is of a postgres database; the shop is configured for pglite.',
    );
  });
});

describe.runIf(process.env.LABSHOP_TEST_DB === 'postgres')('backup and restore, PostgreSQL', () => {
  it('brings back every table and picture as they were backed up (pg_dump, pg_restore)', async () => {
    const scratch = await createScratchDatabase();
    cleanups.push(scratch.drop);
    await roundTrip({ DATA_DIR: await tempDir('labshop-data-'), DATABASE_URL: scratch.url });
  }, 120_000);
});
