import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';

/**
 * Embedded mode keeps its data in PGlite files under DATA_DIR: a server killed without warning
 * and started again has everything it had, and does not load the demo data a second time.
 */
const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PERSISTENCE_PORT ?? 3918);
const origin = `http://127.0.0.1:${port}`;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let dataDir: string;

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-persist-'));
});

test.afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('data survives SIGKILL and a restart', async ({ request }) => {
  const first = await startServer();
  const firstCounts = await countRows();
  expect(firstCounts.products).toBeGreaterThanOrEqual(60);
  expect((await request.get(`${origin}/home`)).status()).toBe(200);
  await killHard(first);

  // A row written while the server was down (as an admin change would be) must survive too.
  await withDatabase((db) =>
    db.query(`insert into notifications (title, body) values ('Persistence check', 'kept')`),
  );

  const second = await startServer();
  expect((await request.get(`${origin}/readyz`)).status()).toBe(200);
  await killHard(second);

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

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${stderr}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready:\n${stderr}`);
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function withDatabase<T>(use: (db: PGlite) => Promise<T>): Promise<T> {
  const db = new PGlite(path.join(dataDir, 'pglite'));
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
