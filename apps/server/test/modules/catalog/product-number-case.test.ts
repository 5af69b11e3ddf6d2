import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/db/client.ts';
import { paths } from '../../../src/paths.ts';
import { createScratchDatabase } from '../../support/helper.ts';

/**
 * Migration 0012 (issue 34): product numbers unique without regard to case. A database that
 * already holds live products whose numbers differ only in case must migrate, keep every
 * product, and log what it renamed.
 */

const BEFORE_0012 = 12;

let handle: DatabaseHandle;
let dropDatabase: () => Promise<void> = async () => {};
let olderMigrations: string;

/** The migrations folder as it was before 0012: its files, and a journal that stops there. */
async function migrationsBefore(idx: number): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'labshop-migrations-'));
  await cp(paths.migrations, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

/** Both drivers answer execute() with `{ rows }`; the shared Database type does not say so. */
async function rowsOf<T>(statement: SQL): Promise<T[]> {
  const result = (await handle.db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

async function migrateWith(migrationsFolder: string): Promise<void> {
  // The drizzle instance of each driver goes to that driver's migrator.
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePostgres(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}

beforeAll(async () => {
  if (process.env.LABSHOP_TEST_DB === 'postgres') {
    const scratch = await createScratchDatabase();
    dropDatabase = scratch.drop;
    handle = await openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 2 });
  } else {
    handle = await openDatabase({ driver: 'pglite', dataDir: null });
  }
  olderMigrations = await migrationsBefore(BEFORE_0012);
  await migrateWith(olderMigrations);
});

afterAll(async () => {
  await handle?.close();
  await dropDatabase();
  await rm(olderMigrations, { recursive: true, force: true });
});

describe('migration 0012: product numbers unique without regard to case', () => {
  it('keeps the oldest of a case clash, renames the later ones and logs it; deleted ones stay', async () => {
    const { db } = handle;
    const [category] = await rowsOf<{ id: string }>(
      sql`insert into categories (name) values ('Grinders') returning id`,
    );
    const insert = (number: string, createdAt: string, deleted = false) =>
      db.execute(sql`
        insert into products (number, title, description, category_id, new_price_cents,
          wholesale_price_cents, created_at, deleted_at)
        values (${number}, ${`Product ${number}`}, 'x', ${category!.id}, 1000, 900,
          ${createdAt}::timestamptz, ${deleted ? sql`now()` : sql`null`})`);
    await insert('QA-100', '2025-01-01T00:00:00Z');
    await insert('qa-100', '2025-02-01T00:00:00Z');
    await insert('Qa-100', '2025-03-01T00:00:00Z');
    await insert('qa-100', '2024-01-01T00:00:00Z', true);
    await insert('VB-7', '2025-01-01T00:00:00Z');

    await migrateWith(paths.migrations);

    const live = await rowsOf<{ id: string; number: string; title: string }>(
      sql`select id, number, title from products where deleted_at is null order by created_at`,
    );
    expect(live.map((row) => row.title)).toEqual([
      'Product QA-100',
      'Product VB-7',
      'Product qa-100',
      'Product Qa-100',
    ]);
    const renamed = live.filter(
      (row) => row.title !== 'Product QA-100' && row.title !== 'Product VB-7',
    );
    expect(live.map((row) => row.number).slice(0, 2)).toEqual(['QA-100', 'VB-7']);
    for (const row of renamed) {
      expect(row.number).toBe(`${row.title.slice('Product '.length)}-${row.id.slice(0, 8)}`);
    }
    const deleted = await rowsOf<{ number: string }>(
      sql`select number from products where deleted_at is not null`,
    );
    expect(deleted).toEqual([{ number: 'qa-100' }]);

    const logged = await rowsOf<{
      actor_subject: string;
      entity_id: string;
      before: unknown;
      after: unknown;
    }>(
      sql`select actor_subject, entity_id, before, after from audit_log where action = 'product.update' order by entity_id`,
    );
    expect(logged).toEqual(
      renamed
        .map((row) => ({
          actor_subject: 'migration:0012',
          entity_id: row.number,
          before: { number: row.title.slice('Product '.length) },
          after: { number: row.number },
        }))
        .sort((a, b) => (a.entity_id < b.entity_id ? -1 : 1)),
    );

    // From now on the database itself refuses a number that differs only in case.
    await expect(insert('vb-7', '2025-04-01T00:00:00Z')).rejects.toThrow();
  });
});
