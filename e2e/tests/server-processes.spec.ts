import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startBuiltServer } from '../../scripts/built-server.ts';

/**
 * WEB_CONCURRENCY=2 on PostgreSQL: one primary prepares the database and runs two servers on
 * one port, starts another when one dies (also one killed while it starts), takes them all down
 * on SIGTERM, and gives up with an error when servers keep dying before they listen. PGlite belongs to
 * one process, so this needs the PostgreSQL server CI provides (TEST_DATABASE_URL); each run
 * makes a database of its own and drops it.
 */
const port = Number(process.env.E2E_SERVER_PROCESSES_PORT ?? 3922);
const serverUrl = process.env.TEST_DATABASE_URL;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.skip(!serverUrl, 'several server processes need PostgreSQL: set TEST_DATABASE_URL');

const database = `labshop_processes_${process.pid}`;
let dataDir: string;

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-processes-'));
  await onServer(`create database ${database}`);
});

test.afterAll(async () => {
  await onServer(`drop database if exists ${database} with (force)`);
  await rm(dataDir, { recursive: true, force: true });
});

/** The ids of the processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

test('two server processes share the port, one that dies is replaced, SIGTERM ends them all', async ({
  request,
}) => {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  const server = await startBuiltServer({
    port,
    dataDir,
    env: { DATABASE_URL: url.href, WEB_CONCURRENCY: '2' },
  });
  const primary = server.child.pid!;
  try {
    await expect.poll(() => childrenOf(primary).length).toBe(2);
    // The primary loaded the demo data once, before the servers started.
    const products = await request.get(`${server.origin}/api/products?limit=100`);
    expect(products.status()).toBe(200);
    expect(((await products.json()) as unknown[]).length).toBeGreaterThanOrEqual(60);
    for (let visit = 0; visit < 6; visit++) {
      expect((await request.get(`${server.origin}/shop`)).status()).toBe(200);
    }

    // Either may still be starting (the other served the visits above): one killed then is
    // replaced all the same.
    const [first] = childrenOf(primary);
    process.kill(first!, 'SIGKILL');
    await expect
      .poll(() => childrenOf(primary).filter((pid) => pid !== first).length, { timeout: 30_000 })
      .toBe(2);
    // The port may refuse connections meanwhile: when the killed process was the only one
    // listening yet (the other still starting), none listens until one of them has started.
    // A connection the primary handed to the killed process just before it died is never
    // answered, so each try gives up after a few seconds and the next opens a new one.
    await expect
      .poll(
        async () =>
          (
            await request.get(`${server.origin}/readyz`, { timeout: 3_000 }).catch(() => null)
          )?.status() ?? 'no answer',
        { timeout: 30_000 },
      )
      .toBe(200);
  } finally {
    await server.stop('SIGTERM');
  }
  expect(server.child.exitCode).toBe(0);
  await expect.poll(() => childrenOf(primary)).toEqual([]);
});

test('servers that cannot listen (the port is taken) stop the primary with exit code 1', async () => {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  const squatter = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
  try {
    const started = startBuiltServer({
      port,
      dataDir,
      env: { DATABASE_URL: url.href, WEB_CONCURRENCY: '2' },
      portMayBeTaken: true,
    });
    // Two servers fail, the one started in place of the first fails too: three in a row.
    const error = await started.then(
      () => null,
      (reason: unknown) => reason as Error,
    );
    expect(error?.message).toContain('exit code 1');
    expect(error?.message).toContain('server processes keep failing to start; stopping');
    expect(error?.message.match(/died before it listened; starting another/g)).toHaveLength(2);
  } finally {
    await new Promise((resolve) => squatter.close(resolve));
  }
});
