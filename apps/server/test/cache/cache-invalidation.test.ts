import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCacheInvalidation } from '../../src/cache/invalidation.ts';
import { createReadCache } from '../../src/cache/read-cache.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { serveFakeWebBuild, writeFakeWebBuild } from '../support/fake-web-build.ts';
import { openTestDatabase, startSignedInTestApp, type SignedInTestApp } from '../support/helper.ts';

/**
 * Two instances of the shop on one database (decision 007): an administrator's write on one
 * empties the other's cached anonymous pages and API answers at once, through a database
 * notification, though both keep them for a minute otherwise.
 */
let database: DatabaseHandle;
let webBuild: { dir: string };
let adminToken: string;
const instances: SignedInTestApp[] = [];
/** Both caches keep answers this long: only the notification can explain a fresh page. */
const CACHE_SECONDS = 60;

/** An instance on the shared database; later ones trust the first one's provider and tokens. */
async function startInstance(): Promise<SignedInTestApp> {
  const instance = await startSignedInTestApp(
    {
      PAGE_CACHE_SECONDS: String(CACHE_SECONDS),
      CATALOG_CACHE_SECONDS: String(CACHE_SECONDS),
    },
    (app) => serveFakeWebBuild(app, webBuild.dir, CACHE_SECONDS * 1000),
    { database, issuer: instances[0]?.issuer },
  );
  instances.push(instance);
  adminToken = instances[0]!.adminToken;
  return instance;
}

beforeAll(async () => {
  database = await openTestDatabase();
  webBuild = await writeFakeWebBuild();
});

afterAll(async () => {
  for (const instance of instances) await instance.close();
  await database?.close();
  if (webBuild) await rm(webBuild.dir, { recursive: true, force: true });
});

async function saveAboutPage(origin: string, text: string): Promise<void> {
  const response = await fetch(`${origin}/api/text_pages/About`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: `<p>${text}</p>` }),
  });
  expect(response.status).toBe(200);
}

/** The About text as an anonymous visitor's page shows it. */
async function aboutOnPage(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/about`)).text();
  return /Version \w+/.exec(html)?.[0] ?? '';
}

/** What `read` gives once it gives `wanted`, or after `withinMs` (far below the caches' 60 s). */
async function eventually(read: () => Promise<string>, wanted: string, withinMs = 5000) {
  const deadline = Date.now() + withinMs;
  let seen = await read();
  while (seen !== wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await read();
  }
  return seen;
}

describe('cache invalidation across instances', () => {
  it("shows an admin's change on another instance's cached pages at once", async () => {
    const a = await startInstance();
    const b = await startInstance();
    await saveAboutPage(a.origin, 'Version one');
    expect(await aboutOnPage(b.origin)).toBe('Version one');
    // Cached on B now: the page and the API answer behind it.
    expect(await aboutOnPage(b.origin)).toBe('Version one');

    await saveAboutPage(a.origin, 'Version two');
    expect(await eventually(() => aboutOnPage(b.origin), 'Version two')).toBe('Version two');
    expect(await aboutOnPage(a.origin)).toBe('Version two');

    // And the other way round.
    await saveAboutPage(b.origin, 'Version three');
    expect(await eventually(() => aboutOnPage(a.origin), 'Version three')).toBe('Version three');
  });

  it.runIf(process.env.LABSHOP_TEST_DB === 'postgres')(
    'listens again after losing its connection, and empties its caches then',
    async () => {
      const [a, b] = instances;
      expect(await aboutOnPage(b!.origin)).toBe('Version three');
      // Every listening connection of this database is cut; writes go on meanwhile.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = 'labshop-cache-listener'`,
      );
      await saveAboutPage(a!.origin, 'Version four');
      expect(await eventually(() => aboutOnPage(b!.origin), 'Version four')).toBe('Version four');
      // Listening again: the next write arrives as before.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await aboutOnPage(b!.origin)).toBe('Version four');
      await saveAboutPage(a!.origin, 'Version five');
      expect(await eventually(() => aboutOnPage(b!.origin), 'Version five')).toBe('Version five');
    },
  );
});

describe('the cache invalidation', () => {
  it('empties every tracked cache, tells the others once per burst, and ignores its own news', async () => {
    const sent: string[] = [];
    const listeners: ((payload: string) => void)[] = [];
    const invalidation = createCacheInvalidation({
      notifications: {
        async notify(_channel, payload) {
          sent.push(payload);
          for (const listener of listeners) listener(payload);
        },
        async listen(_channel, { onMessage }) {
          listeners.push(onMessage);
          return { stop: async () => {} };
        },
      },
      log: { warn() {}, info() {} },
    });
    await invalidation.start();
    const cache = invalidation.shared(createReadCache({ ttlMs: 60_000, maxEntries: 10 }));
    let loads = 0;
    const read = () => cache.get('k', async () => ++loads);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);

    // A burst of writes (a price sync) empties the cache each time, and sends two messages.
    for (let i = 0; i < 50; i++) cache.clear();
    expect(await read()).toBe(2);
    await invalidation.stop();
    expect(sent).toHaveLength(2);
    // Its own messages did not empty the cache again.
    expect(await read()).toBe(2);

    // Another instance's message does.
    listeners[0]!('another-instance');
    expect(await read()).toBe(3);
  });
});
