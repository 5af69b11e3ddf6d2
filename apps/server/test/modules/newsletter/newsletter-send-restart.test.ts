import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NewsletterQueued, NewsletterSendDto } from '@labshop/shared/schemas/newsletter';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config/index.ts';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import {
  mailLog,
  newsletterDeliveries,
  newsletterSubscribers,
} from '../../../src/db/schema/index.ts';
import { createLocalDiskStorage } from '../../../src/integrations/storage/local-disk.ts';
import {
  externalIssuerEnv,
  signRoleTokens,
  startFakeIssuer,
  TEST_ADMIN_EMAIL,
  TEST_AUDIENCE,
  type FakeIssuer,
} from '../../fakes/oidc-issuer.ts';
import { startCountingSmtp, type CountingSmtp } from '../../fakes/counting-smtp.ts';
import { freePort, openTestDatabase } from '../../support/helper.ts';

/**
 * A newsletter to 2,000 subscribers through a real (local) SMTP server, sent by the app's own
 * job worker: every address receives exactly one mail. Then again with the server restarted
 * in the middle of the send: the first app closes gracefully while batches are running, a
 * second app on the same database finishes the send, and still every address has one mail.
 */

const TOTAL = 2000;
const RESTART_AFTER = 600;

let issuer: FakeIssuer;
let adminToken: string;
let database: DatabaseHandle;
let dataDir: string;
let smtp: CountingSmtp;
let appPort: number;

const addresses = Array.from(
  { length: TOTAL },
  (_, index) => `reader${String(index).padStart(4, '0')}@lab.example`,
);

beforeAll(async () => {
  issuer = await startFakeIssuer(TEST_AUDIENCE);
  ({ adminToken } = await signRoleTokens(issuer));
  appPort = await freePort();
  smtp = await startCountingSmtp();
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'labshop-test-'));
  for (let start = 0; start < TOTAL; start += 500) {
    await database.db.insert(newsletterSubscribers).values(
      addresses.slice(start, start + 500).map((email, index) => ({
        displayName: `Reader ${start + index}`,
        email,
        source: 'seed' as const,
      })),
    );
  }
});
afterAll(async () => {
  await database?.close();
  await smtp?.close();
  await issuer?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * One app instance on the shared database, as a deployment's process is: the same settings and
 * address each time, so a second instance is the first one restarted.
 */
async function startShop(): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: String(appPort),
    PUBLIC_URL: `http://127.0.0.1:${appPort}`,
    ...externalIssuerEnv(issuer),
    ADMIN_EMAILS: TEST_ADMIN_EMAIL,
    // Pooled connections (nodemailer reads pool from the URL): smtp-server waits 100 ms before
    // greeting each new connection, which would make one connection per mail the whole cost.
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}/?pool=true&maxConnections=5`,
    NEWSLETTER_BATCH_SIZE: '50',
    OUTBOX_POLL_SECONDS: '0.05',
    OUTBOX_RETRY_BASE_SECONDS: '0.05',
    OUTBOX_RETRY_MAX_SECONDS: '0.5',
  });
  const app = await buildApp(
    { config, database, storage: createLocalDiskStorage(config.uploadsDir) },
    { ssr: false },
  );
  await app.listen({ host: '127.0.0.1', port: appPort });
  return app;
}

function api(method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`http://127.0.0.1:${appPort}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function queue(subject: string): Promise<string> {
  const response = await api('POST', '/api/newsletter', {
    subject,
    content: `<p>${subject}: this month's news.</p>`,
  });
  const answer = (await response.json()) as NewsletterQueued;
  expect(response.status, JSON.stringify(answer)).toBe(202);
  expect(answer.newsletter.total).toBe(TOTAL);
  return answer.newsletter.id;
}

async function progress(id: string): Promise<NewsletterSendDto> {
  const response = await api('GET', `/api/newsletters/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as NewsletterSendDto;
}

async function waitUntilFinished(id: string, timeoutMs = 60_000): Promise<NewsletterSendDto> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const send = await progress(id);
    if (send.status === 'sent' || send.status === 'failed') return send;
    if (Date.now() > deadline) throw new Error(`the send did not finish: ${JSON.stringify(send)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function statusCounts(id: string): Promise<Record<string, number>> {
  const rows = await database.db
    .select({ status: newsletterDeliveries.status, count: count() })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.newsletterId, id))
    .groupBy(newsletterDeliveries.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

function expectEachAddressOnce(): void {
  expect(smtp.total()).toBe(TOTAL);
  expect(smtp.received.size).toBe(TOTAL);
  const wrong = [...smtp.received].filter(([, times]) => times !== 1);
  expect(wrong).toEqual([]);
  expect([...smtp.received.keys()].sort()).toEqual(addresses);
}

function resetReceived(): void {
  smtp.reset();
}

describe(`a newsletter to ${TOTAL.toLocaleString('en-US')} subscribers over SMTP`, () => {
  it('reaches every address exactly once', { timeout: 120_000 }, async () => {
    resetReceived();
    const app = await startShop();
    try {
      const id = await queue('June newsletter');
      const started = Date.now();
      const send = await waitUntilFinished(id);
      expect(send).toMatchObject({
        status: 'sent',
        total: TOTAL,
        sent: TOTAL,
        failed: 0,
        skipped: 0,
        unknown: 0,
        remaining: 0,
      });
      expectEachAddressOnce();
      console.info(`${TOTAL} newsletter mails sent in ${Date.now() - started} ms`);
    } finally {
      await app.close();
    }
  });

  it(
    'reaches every address exactly once across a restart in the middle',
    { timeout: 150_000 },
    async () => {
      resetReceived();
      const first = await startShop();
      const halfway = new Promise<void>((resolve) => {
        smtp.onReceived = (total) => {
          if (total >= RESTART_AFTER) resolve();
        };
      });
      let id: string;
      try {
        id = await queue('July newsletter');
        await halfway;
      } finally {
        smtp.onReceived = undefined;
        // Graceful: running batches finish the mails on their way and take no new ones.
        const closing = Date.now();
        await first.close();
        console.info(`first instance closed in ${Date.now() - closing} ms`);
      }

      // Stopped mid-send: part sent, the rest waiting; nothing half-done after a graceful close.
      const between = await statusCounts(id);
      console.info(`at the restart: ${JSON.stringify(between)}, ${smtp.total()} received`);
      expect(between.sent ?? 0).toBeGreaterThanOrEqual(RESTART_AFTER);
      expect(between.pending ?? 0).toBeGreaterThan(0);
      expect(between.sending ?? 0).toBe(0);
      expect(between.unknown ?? 0).toBe(0);
      expect(between.sent).toBe(smtp.total());
      const [logged] = await database.db
        .select({ total: count() })
        .from(mailLog)
        .where(eq(mailLog.newsletterId, id));
      expect(logged?.total).toBe(smtp.total());

      const second = await startShop();
      try {
        const send = await waitUntilFinished(id);
        expect(send).toMatchObject({
          status: 'sent',
          total: TOTAL,
          sent: TOTAL,
          failed: 0,
          skipped: 0,
          unknown: 0,
          remaining: 0,
        });
        expectEachAddressOnce();
      } finally {
        await second.close();
      }
    },
  );
});
