import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { expect, test } from '@playwright/test';
import { startBuiltServer } from '../../scripts/built-server.ts';

/**
 * Embedded mode keeps its data in PGlite files under DATA_DIR: a server killed without warning
 * and started again has everything it had, and does not load the demo data a second time.
 */
const port = Number(process.env.E2E_PERSISTENCE_PORT ?? 3918);

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let dataDir: string;

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-persist-'));
});

test.afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('data survives SIGKILL and a restart', async ({ request }) => {
  const first = await startBuiltServer({ port, dataDir });
  expect((await request.get(`${first.origin}/home`)).status()).toBe(200);
  await first.stop('SIGKILL');
  // PGlite is single-process: the files are read only while no server has them open.
  const firstCounts = await countRows();
  expect(firstCounts.products).toBeGreaterThanOrEqual(60);

  // A row written while the server was down (as an admin change would be) must survive too.
  await withDatabase((db) =>
    db.query(`insert into notifications (title, body) values ('Persistence check', 'kept')`),
  );

  const second = await startBuiltServer({ port, dataDir });
  expect((await request.get(`${second.origin}/readyz`)).status()).toBe(200);
  await second.stop('SIGKILL');

  const secondCounts = await countRows();
  expect(secondCounts.products).toBe(firstCounts.products);
  expect(secondCounts.categories).toBe(firstCounts.categories);
  const kept = await withDatabase((db) =>
    db.query<{ count: number }>(
      `select count(*)::int as count from notifications where title = 'Persistence check'`,
    ),
  );
  expect(kept.rows[0]?.count).toBe(1);
});

async function withDatabase<T>(use: (db: PGlite) => Promise<T>): Promise<T> {
  // The shop's migrations install pg_trgm, so the cluster opens with it loaded.
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

async function countRows(): Promise<{ products: number; categories: number }> {
  return withDatabase(async (db) => {
    const result = await db.query<{ products: number; categories: number }>(
      `select (select count(*)::int from products) as products,
              (select count(*)::int from categories) as categories`,
    );
    return result.rows[0]!;
  });
}
