import {
  NEWSLETTER_MESSAGES,
  type NewsletterQueued,
  type NewsletterSendDto,
  type NewsletterSendsAnswer,
} from '@labshop/shared/schemas/newsletter';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from '../../../src/db/app-secrets.ts';
import {
  mailLog,
  newsletterDeliveries,
  newsletters,
  newsletterSubscribers,
  outbox,
} from '../../../src/db/schema/index.ts';
import { createMailer } from '../../../src/integrations/mail/index.ts';
import { createOutboxWorker, type OutboxLog } from '../../../src/jobs/outbox.ts';
import { createNewsletterLinks } from '../../../src/modules/newsletter/links.ts';
import { htmlToText } from '../../../src/modules/newsletter/newsletter-mail.ts';
import {
  createSendsRepo,
  NEWSLETTER_BATCH_JOB,
} from '../../../src/modules/newsletter/sends-repo.ts';
import {
  createNewsletterSendsService,
  type NewsletterSendsDeps,
} from '../../../src/modules/newsletter/sends-service.ts';
import { call, errorOf } from '../../support/checkout-fixtures.ts';
import {
  externalIssuerEnv,
  signRoleTokens,
  startFakeIssuer,
  TEST_ADMIN_EMAIL,
  TEST_AUDIENCE,
  type FakeIssuer,
} from '../../fakes/oidc-issuer.ts';
import { freePort, startTestApp, type TestApp } from '../../support/helper.ts';

/**
 * Sending a newsletter (POST /api/newsletter) and its progress (GET /api/newsletters, /{id}):
 * access, validation, one mail per subscribed address with the unsubscribe headers and signed
 * link, unsubscribes before and during a send, and SMTP refusals (permanent and temporary).
 * The app's own worker is off: each test runs the batch jobs with a worker of its own, built as
 * app.ts builds it, so every step is deterministic.
 */

let issuer: FakeIssuer;
let adminToken: string;
let partnerToken: string;

const quietLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return quietLog;
  },
  level: 'silent',
  silent() {},
} as unknown as NewsletterSendsDeps['log'] & OutboxLog;

beforeAll(async () => {
  issuer = await startFakeIssuer(TEST_AUDIENCE);
  ({ adminToken, partnerToken } = await signRoleTokens(issuer));
});
afterAll(async () => {
  await issuer?.close();
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...externalIssuerEnv(issuer),
    ADMIN_EMAILS: TEST_ADMIN_EMAIL,
    OUTBOX_WORKER: 'false',
    NEWSLETTER_BATCH_SIZE: '2',
    ...extra,
  };
}

async function subscribe(shop: TestApp, emails: string[], subscribed = true): Promise<void> {
  await shop.database.db.insert(newsletterSubscribers).values(
    emails.map((email) => ({
      displayName: email.split('@')[0] ?? email,
      email,
      subscribed,
      ...(subscribed ? {} : { unsubscribedAt: new Date() }),
    })),
  );
}

async function unsubscribe(shop: TestApp, email: string): Promise<void> {
  await shop.database.db
    .update(newsletterSubscribers)
    .set({ subscribed: false, unsubscribedAt: new Date() })
    .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`);
}

async function clear(shop: TestApp): Promise<void> {
  const { db } = shop.database;
  await db.delete(newsletters);
  await db.delete(newsletterSubscribers);
  await db.delete(mailLog);
  await db.delete(outbox);
}

/** The app's newsletter wiring (as app.ts makes it), for a worker the test drives. */
async function sendsOf(shop: TestApp, extra: Partial<NewsletterSendsDeps> = {}) {
  const { db } = shop.database;
  const links = createNewsletterLinks({
    secret: await loadOrCreateSecret(db, 'newsletter-link-key', () => 'unused'),
    siteOrigin: shop.origin,
  });
  const mailer = createMailer(shop.config.mail, db);
  const sends = createNewsletterSendsService({
    repo: createSendsRepo(db),
    mailer,
    links,
    siteOrigin: shop.origin,
    batchSize: shop.config.newsletter.batchSize,
    log: quietLog,
    ...extra,
  });
  const worker = createOutboxWorker({
    db,
    handlers: { [NEWSLETTER_BATCH_JOB]: (payload, job) => sends.runBatchJob(payload, job) },
    config: { enabled: true, pollMs: 20, retryBaseMs: 10, retryMaxMs: 100 },
    log: quietLog,
    random: () => 0.5,
  });
  return { sends, worker, links, mailer };
}

/** Makes every waiting job due now, instead of sleeping through its backoff. */
async function makeDue(shop: TestApp): Promise<void> {
  await shop.database.db
    .update(outbox)
    .set({ runAt: sql`now()` })
    .where(eq(outbox.status, 'pending'));
}

async function queue(
  shop: TestApp,
  body: { subject: string; content: string },
): Promise<NewsletterQueued> {
  const response = await call(shop, 'POST', '/api/newsletter', { token: adminToken, body });
  const answer: unknown = await response.json();
  expect(response.status, JSON.stringify(answer)).toBe(202);
  return answer as NewsletterQueued;
}

async function detail(shop: TestApp, id: string): Promise<NewsletterSendDto> {
  const response = await call(shop, 'GET', `/api/newsletters/${id}`, { token: adminToken });
  const answer: unknown = await response.json();
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer as NewsletterSendDto;
}

async function deliveries(shop: TestApp, newsletterId: string) {
  const rows = await shop.database.db
    .select()
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.newsletterId, newsletterId))
    .orderBy(newsletterDeliveries.email);
  return Object.fromEntries(rows.map((row) => [row.email.toLowerCase(), row]));
}

async function mailsOf(shop: TestApp, newsletterId: string) {
  return shop.database.db
    .select()
    .from(mailLog)
    .where(eq(mailLog.relatedTo, `newsletter:${newsletterId}`))
    .orderBy(mailLog.createdAt);
}

describe('newsletter sends (embedded mail)', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await startTestApp(env());
  });
  afterAll(async () => {
    await shop?.close();
  });
  beforeEach(async () => {
    await clear(shop);
  });

  it('are for administrators only', async () => {
    const body = { subject: 'Hello', content: '<p>Hi</p>' };
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', '/api/newsletter'],
      ['GET', '/api/newsletters'],
      ['GET', `/api/newsletters/${id}`],
    ] as const) {
      const options = method === 'POST' ? { body } : {};
      expect((await call(shop, method, url, options)).status, `${method} ${url}`).toBe(401);
      expect(
        (await call(shop, method, url, { ...options, token: partnerToken })).status,
        `${method} ${url}`,
      ).toBe(403);
    }
    expect(await shop.database.db.select().from(newsletters)).toEqual([]);
  });

  it('refuses a missing subject or content, and content that is blank once sanitised', async () => {
    await subscribe(shop, ['ada@lab.example']);
    const cases: [unknown, string][] = [
      [{ content: '<p>Hi</p>' }, NEWSLETTER_MESSAGES.subjectRequired],
      [{ subject: '  ', content: '<p>Hi</p>' }, NEWSLETTER_MESSAGES.subjectRequired],
      [{ subject: 'x'.repeat(201), content: '<p>Hi</p>' }, NEWSLETTER_MESSAGES.subjectTooLong],
      [{ subject: 'Hello' }, NEWSLETTER_MESSAGES.contentRequired],
      [{ subject: 'Hello', content: '' }, NEWSLETTER_MESSAGES.contentRequired],
      [
        { subject: 'Hello', content: '<script>alert(1)</script><p>&nbsp;</p>' },
        NEWSLETTER_MESSAGES.contentRequired,
      ],
      [{ subject: 'Hello', content: 'x'.repeat(200_001) }, NEWSLETTER_MESSAGES.contentTooLong],
      [{ subject: 42, content: '<p>Hi</p>' }, NEWSLETTER_MESSAGES.subjectRequired],
    ];
    for (const [body, message] of cases) {
      const response = await call(shop, 'POST', '/api/newsletter', { token: adminToken, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await shop.database.db.select().from(newsletters)).toEqual([]);
  });

  it('refuses a send when nobody is subscribed', async () => {
    await subscribe(shop, ['gone@lab.example'], false);
    const response = await call(shop, 'POST', '/api/newsletter', {
      token: adminToken,
      body: { subject: 'Hello', content: '<p>Hi</p>' },
    });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(NEWSLETTER_MESSAGES.noRecipients);
    expect(await shop.database.db.select().from(newsletters)).toEqual([]);
    expect(await shop.database.db.select().from(outbox)).toEqual([]);
  });

  it('previews the mail as a recipient gets it, sanitised, storing and sending nothing', async () => {
    await subscribe(shop, ['ada@lab.example']);
    const body = {
      subject: 'Spring <news>',
      content:
        '<p>New <b>lathe</b><script>alert(1)</script> <img src="/uploads/a.jpg" alt="A"></p>',
    };
    for (const token of [undefined, partnerToken]) {
      const refused = await call(shop, 'POST', '/api/newsletter/preview', { token, body });
      expect(refused.status).toBe(token ? 403 : 401);
    }
    const response = await call(shop, 'POST', '/api/newsletter/preview', {
      token: adminToken,
      body,
    });
    const preview = (await response.json()) as { subject: string; html: string; text: string };
    expect(response.status, JSON.stringify(preview)).toBe(200);
    expect(preview.subject).toBe('Spring <news>');
    expect(preview.html).toContain('<title>Spring &lt;news&gt;</title>');
    expect(preview.html).toContain('New <b>lathe</b>');
    expect(preview.html).not.toContain('<script');
    // As in the mail: site links made absolute, the footer with the admin's unsubscribe link.
    expect(preview.html).toContain(`src="${shop.origin}/uploads/a.jpg"`);
    expect(preview.html).toContain('You receive this because you subscribed');
    expect(preview.html).toContain(encodeURIComponent(TEST_ADMIN_EMAIL));
    expect(preview.text).toContain('New lathe [A]');

    const blank = await call(shop, 'POST', '/api/newsletter/preview', {
      token: adminToken,
      body: { subject: 'Hello', content: '<script>x</script>' },
    });
    expect(blank.status).toBe(400);
    expect(await errorOf(blank)).toBe(NEWSLETTER_MESSAGES.contentRequired);
    expect(await shop.database.db.select().from(newsletters)).toEqual([]);
    expect(await shop.database.db.select().from(mailLog)).toEqual([]);
  });

  it('sends one test copy to the signed-in admin only, and sends no newsletter', async () => {
    await subscribe(shop, ['ada@lab.example', 'bob@lab.example']);
    const body = { subject: 'Spring news', content: '<p>New lathe</p>' };
    for (const token of [undefined, partnerToken]) {
      const refused = await call(shop, 'POST', '/api/newsletter/test', { token, body });
      expect(refused.status).toBe(token ? 403 : 401);
    }
    const response = await call(shop, 'POST', '/api/newsletter/test', {
      token: adminToken,
      body,
    });
    const answer = (await response.json()) as { message: string };
    expect(response.status, JSON.stringify(answer)).toBe(200);
    expect(answer.message).toBe(NEWSLETTER_MESSAGES.testSent(TEST_ADMIN_EMAIL));

    // Through the mailer (the embedded one keeps it in the log), to the admin alone.
    const mails = await shop.database.db.select().from(mailLog);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: TEST_ADMIN_EMAIL,
      subject: '[Test] Spring news',
      relatedTo: `newsletter-test:${TEST_ADMIN_EMAIL.toLowerCase()}`,
      newsletterId: null,
    });
    expect(mails[0]?.htmlBody).toContain('New lathe');
    // No send exists, so the real one is neither refused as a duplicate nor marked sent.
    expect(await shop.database.db.select().from(newsletters)).toEqual([]);
    const again = await call(shop, 'POST', '/api/newsletter/test', { token: adminToken, body });
    expect(again.status).toBe(200);
    const queued = await queue(shop, body);
    expect(queued.newsletter).toMatchObject({ status: 'queued', total: 2, sent: 0 });
  });

  it('mails every subscribed address once, with the signed unsubscribe link and headers', async () => {
    await subscribe(shop, ['Ada@Lab.example', 'bob@lab.example', 'cy@lab.example']);
    await subscribe(shop, ['out@lab.example'], false);
    const content =
      '<h1>Spring news</h1><p>New <strong>grinders</strong> &amp; burs. <a href="/products">See them</a>.</p>' +
      '<script>alert(1)</script><ul><li>AG-210</li><li>VB-7</li></ul><img src="/uploads/spring.jpg" alt="Spring">';
    const queued = await queue(shop, { subject: 'Spring news', content });
    expect(queued.message).toBe(NEWSLETTER_MESSAGES.sendQueued(3));
    expect(queued.newsletter).toMatchObject({
      subject: 'Spring news',
      status: 'queued',
      total: 3,
      sent: 0,
      remaining: 3,
      createdBy: TEST_ADMIN_EMAIL,
      finishedAt: null,
      failures: [],
    });
    const id = queued.newsletter.id;
    // Batches of 2 in address order: one job per batch.
    const jobs = await shop.database.db.select().from(outbox).orderBy(outbox.id);
    expect(jobs.map((job) => [job.kind, job.dedupeKey, job.payload])).toEqual([
      [NEWSLETTER_BATCH_JOB, `newsletter:${id}:0`, { newsletterId: id, batch: 0 }],
      [NEWSLETTER_BATCH_JOB, `newsletter:${id}:1`, { newsletterId: id, batch: 1 }],
    ]);
    const rows = await deliveries(shop, id);
    expect(Object.keys(rows)).toEqual(['ada@lab.example', 'bob@lab.example', 'cy@lab.example']);
    expect(Object.values(rows).map((row) => row.batch)).toEqual([0, 0, 1]);
    const [stored] = await shop.database.db.select().from(newsletters);
    expect(stored?.content).not.toContain('script');

    // The same newsletter again while it is queued: refused.
    const again = await call(shop, 'POST', '/api/newsletter', {
      token: adminToken,
      body: { subject: 'Spring news', content },
    });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(NEWSLETTER_MESSAGES.duplicateSend);

    const { worker, links } = await sendsOf(shop, {
      postalAddress: async () => '1250 Industrial Pkwy\nToledo, OH 43612',
    });
    expect(await worker.runDue()).toBe(2);

    const mails = await mailsOf(shop, id);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([
      'Ada@Lab.example',
      'bob@lab.example',
      'cy@lab.example',
    ]);
    for (const mail of mails) {
      expect(mail).toMatchObject({ status: 'kept', newsletterId: id, subject: 'Spring news' });
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const oneClick = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1];
      expect(oneClick).toBeDefined();
      const oneClickUrl = new URL(oneClick!);
      expect(oneClickUrl.origin + oneClickUrl.pathname).toBe(
        `${shop.origin}/api/newsletter/unsubscribe`,
      );
      expect(oneClickUrl.searchParams.get('email')).toBe(mail.toAddress);
      expect(
        links.verifyUnsubscribe(mail.toAddress, oneClickUrl.searchParams.get('sig') ?? ''),
      ).toBe(true);
      // The page link in the footer is signed the same way; a forged one does not verify.
      const page = links.unsubscribePageUrl(mail.toAddress);
      expect(page.startsWith(`${shop.origin}/newsletter/unsubscribe?`)).toBe(true);
      expect(mail.htmlBody).toContain(`href="${page.replaceAll('&', '&amp;')}"`);
      expect(mail.htmlBody).toContain(
        'You receive this because you subscribed to the labshop newsletter.',
      );
      expect(mail.textBody).toContain(`Unsubscribe: ${page}`);
      // The shop's postal address under it (CAN-SPAM).
      expect(mail.htmlBody).toContain('<br>1250 Industrial Pkwy<br>Toledo, OH 43612');
      expect(mail.textBody).toMatch(/\n\n1250 Industrial Pkwy\nToledo, OH 43612$/);
      expect(
        links.verifyUnsubscribe('someone@else.example', oneClickUrl.searchParams.get('sig')!),
      ).toBe(false);
      // Sanitised, with the site's links made absolute for the mail client.
      expect(mail.htmlBody).not.toContain('<script');
      expect(mail.htmlBody).toContain(`<a href="${shop.origin}/products">See them</a>`);
      expect(mail.htmlBody).toContain(
        `<img src="${shop.origin}/uploads/spring.jpg" alt="Spring" />`,
      );
      expect(mail.textBody).toContain('Spring news\n\nNew grinders & burs. See them');
      expect(mail.textBody).toContain(`See them (${shop.origin}/products)`);
      expect(mail.textBody).toContain('- AG-210\n- VB-7');
    }

    const sent = await detail(shop, id);
    expect(sent).toMatchObject({
      status: 'sent',
      total: 3,
      sent: 3,
      failed: 0,
      skipped: 0,
      unknown: 0,
      remaining: 0,
      failures: [],
    });
    expect(sent.finishedAt).not.toBeNull();
    expect(Object.values(await deliveries(shop, id)).map((row) => row.status)).toEqual([
      'sent',
      'sent',
      'sent',
    ]);
    const [finished] = await shop.database.db.select().from(newsletters);
    expect(finished?.recipientsSent).toBe(3);

    // Sent a moment ago: still a duplicate. Another subject is not.
    const duplicate = await call(shop, 'POST', '/api/newsletter', {
      token: adminToken,
      body: { subject: 'Spring news', content },
    });
    expect(duplicate.status).toBe(409);
    const other = await queue(shop, { subject: 'Spring news (corrected)', content });

    const list = await call(shop, 'GET', '/api/newsletters', { token: adminToken });
    expect(list.status).toBe(200);
    const answer = (await list.json()) as NewsletterSendsAnswer;
    expect(answer.total).toBe(2);
    expect(answer.newsletters.map((send) => [send.id, send.status, send.sent])).toEqual([
      [other.newsletter.id, 'queued', 0],
      [id, 'sent', 3],
    ]);
    const page2 = await call(shop, 'GET', '/api/newsletters?page=2', { token: adminToken });
    expect(((await page2.json()) as NewsletterSendsAnswer).newsletters).toEqual([]);
  });

  it('skips addresses unsubscribed after the send was queued', async () => {
    await subscribe(shop, ['ada@lab.example', 'bob@lab.example', 'cy@lab.example']);
    const queued = await queue(shop, { subject: 'Summer', content: '<p>Summer sale</p>' });
    await unsubscribe(shop, 'BOB@lab.example');
    const { worker } = await sendsOf(shop);
    await worker.runDue();
    const rows = await deliveries(shop, queued.newsletter.id);
    expect(
      Object.fromEntries(Object.entries(rows).map(([email, row]) => [email, row.status])),
    ).toEqual({
      'ada@lab.example': 'sent',
      'bob@lab.example': 'skipped',
      'cy@lab.example': 'sent',
    });
    expect(
      (await mailsOf(shop, queued.newsletter.id)).map((mail) => mail.toAddress).sort(),
    ).toEqual(['ada@lab.example', 'cy@lab.example']);
    expect(await detail(shop, queued.newsletter.id)).toMatchObject({
      status: 'sent',
      sent: 2,
      skipped: 1,
      remaining: 0,
    });
  });

  it('settles rows a stopped server left half-done from the mail log, never mailing twice', async () => {
    await subscribe(shop, [
      'ada@lab.example',
      'bob@lab.example',
      'cy@lab.example',
      'dee@lab.example',
    ]);
    const queued = await queue(shop, { subject: 'Autumn', content: '<p>Autumn</p>' });
    const id = queued.newsletter.id;
    const { db } = shop.database;
    // As a killed process leaves them: ada claimed, her mail never logged; bob's mail handed
    // to SMTP (logged 'queued'); cy's mail sent but not yet recorded on the row.
    const claimed = { status: 'sending' as const, attempts: 1, claimedAt: new Date() };
    const mark = (email: string) =>
      db
        .update(newsletterDeliveries)
        .set(claimed)
        .where(
          and(eq(newsletterDeliveries.newsletterId, id), eq(newsletterDeliveries.email, email)),
        );
    await mark('ada@lab.example');
    await mark('bob@lab.example');
    await mark('cy@lab.example');
    const logged = (to: string, status: 'queued' | 'sent') => ({
      toAddress: to,
      fromAddress: 'shop@labshop.example',
      subject: 'Autumn',
      textBody: 'Autumn',
      status,
      transport: 'smtp' as const,
      relatedTo: `newsletter:${id}`,
      newsletterId: id,
    });
    await db
      .insert(mailLog)
      .values([logged('bob@lab.example', 'queued'), logged('cy@lab.example', 'sent')]);

    const { worker } = await sendsOf(shop);
    await worker.runDue();
    const rows = await deliveries(shop, id);
    expect(rows['ada@lab.example']).toMatchObject({ status: 'sent', attempts: 2 });
    expect(rows['bob@lab.example']).toMatchObject({ status: 'unknown', attempts: 1 });
    expect(rows['bob@lab.example']?.error).toMatch(/not sent again/);
    expect(rows['cy@lab.example']).toMatchObject({ status: 'sent', attempts: 1 });
    expect(rows['dee@lab.example']).toMatchObject({ status: 'sent', attempts: 1 });
    const mails = await mailsOf(shop, id);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([
      'ada@lab.example',
      'bob@lab.example',
      'cy@lab.example',
      'dee@lab.example',
    ]);
    expect(await detail(shop, id)).toMatchObject({
      status: 'sent',
      sent: 3,
      unknown: 1,
      remaining: 0,
    });
  });

  it('goes on in a new job when a run stops for its time budget or for shutdown', async () => {
    await subscribe(shop, ['ada@lab.example', 'bob@lab.example', 'cy@lab.example']);
    const queued = await queue(shop, { subject: 'Winter', content: '<p>Winter</p>' });
    const id = queued.newsletter.id;

    // Shutting down: the run takes no row, and leaves the batch to a new job, not as a failure.
    const stopping = await sendsOf(shop);
    stopping.sends.stop();
    expect(await stopping.worker.runDue()).toBe(2);
    expect(Object.values(await deliveries(shop, id)).map((row) => row.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    let jobs = await shop.database.db.select().from(outbox).orderBy(outbox.id);
    expect(jobs.map((job) => [job.status, job.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
      ['pending', 0],
      ['pending', 0],
    ]);

    // The next process, with a budget that ends each run after its first mail.
    await makeDue(shop);
    const slow = await sendsOf(shop, { jobTimeBudgetMs: 0, concurrency: 1 });
    await slow.worker.runDue();
    expect(Object.values(await deliveries(shop, id)).map((row) => row.status)).toEqual([
      'sent',
      'sent',
      'sent',
    ]);
    expect(await mailsOf(shop, id)).toHaveLength(3);
    jobs = await shop.database.db.select().from(outbox).orderBy(outbox.id);
    expect(jobs.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
    // Batch 0 (two rows) needed one more job than batch 1 (the two ran side by side).
    expect(
      jobs.map((job) => job.dedupeKey?.replace(id, 'N').replace(/after-\d+/, 'after')).sort(),
    ).toEqual([
      'newsletter:N:0',
      'newsletter:N:0:after',
      'newsletter:N:0:after',
      'newsletter:N:1',
      'newsletter:N:1:after',
    ]);
    expect(await detail(shop, id)).toMatchObject({ status: 'sent', sent: 3 });
  });

  it('answers 404 for an unknown or malformed id and 400 for a bad page', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'; drop table x"]) {
      const response = await call(shop, 'GET', `/api/newsletters/${encodeURIComponent(id)}`, {
        token: adminToken,
      });
      expect(response.status, id).toBe(404);
      expect(await errorOf(response)).toBe(NEWSLETTER_MESSAGES.sendNotFound);
    }
    for (const page of ['0', 'x', '1.5']) {
      const response = await call(shop, 'GET', `/api/newsletters?page=${page}`, {
        token: adminToken,
      });
      expect(response.status, page).toBe(400);
    }
  });
});

describe('newsletter sends over SMTP', () => {
  let shop: TestApp;
  let smtp: SMTPServer;
  /** Each delivered mail's recipients. */
  const received: string[] = [];
  /** Per address, what RCPT TO answers: a code and message per attempt (then accepted). */
  const refusals = new Map<string, { code: number; message: string }[]>();
  let onMail: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address: SMTPServerAddress, _session, callback) {
        const planned = refusals.get(address.address.toLowerCase());
        const refusal = planned?.shift();
        if (!refusal) return callback();
        const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
        callback(error);
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          received.push(...to);
          void (onMail?.() ?? Promise.resolve()).then(() => callback());
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    shop = await startTestApp(
      env({ SMTP_URL: `smtp://127.0.0.1:${port}`, NEWSLETTER_BATCH_SIZE: '50' }),
    );
  });
  afterAll(async () => {
    await shop?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });
  beforeEach(async () => {
    await clear(shop);
    received.length = 0;
    refusals.clear();
    onMail = undefined;
  });

  it('fails an address the server refuses for good (5xx) at once, and sends the others', async () => {
    await subscribe(shop, ['ada@lab.example', 'nobody@lab.example', 'cy@lab.example']);
    refusals.set('nobody@lab.example', [{ code: 550, message: 'No such user here' }]);
    const queued = await queue(shop, { subject: 'Spring', content: '<p>Spring</p>' });
    const { worker, mailer } = await sendsOf(shop);
    try {
      await worker.runDue();
    } finally {
      mailer.close();
    }
    expect(received.sort()).toEqual(['ada@lab.example', 'cy@lab.example']);
    const sent = await detail(shop, queued.newsletter.id);
    expect(sent).toMatchObject({ status: 'sent', sent: 2, failed: 1, remaining: 0 });
    expect(sent.failures).toHaveLength(1);
    expect(sent.failures[0]?.email).toBe('nobody@lab.example');
    expect(sent.failures[0]?.error).toMatch(/550.*No such user here/);
    const rows = await deliveries(shop, queued.newsletter.id);
    expect(rows['nobody@lab.example']).toMatchObject({ status: 'failed', attempts: 1 });
    const [job] = await shop.database.db.select().from(outbox);
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('tries a temporary refusal (4xx) again later and then sends it once', async () => {
    await subscribe(shop, ['ada@lab.example', 'busy@lab.example', 'cy@lab.example']);
    refusals.set('busy@lab.example', [{ code: 451, message: 'Greylisted, try again later' }]);
    const queued = await queue(shop, { subject: 'Greylist', content: '<p>Hello</p>' });
    const id = queued.newsletter.id;
    const { worker, mailer } = await sendsOf(shop);
    try {
      await worker.runDue();
      expect(received.sort()).toEqual(['ada@lab.example', 'cy@lab.example']);
      let rows = await deliveries(shop, id);
      expect(rows['busy@lab.example']).toMatchObject({ status: 'pending', attempts: 1 });
      expect(rows['busy@lab.example']?.error).toMatch(/451/);
      expect(await detail(shop, id)).toMatchObject({ status: 'sending', sent: 2, remaining: 1 });
      let [job] = await shop.database.db.select().from(outbox);
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      expect(job?.lastError).toMatch(/1 newsletter mail of batch 0 failed for now/);

      await makeDue(shop);
      await worker.runDue();
      rows = await deliveries(shop, id);
      expect(rows['busy@lab.example']).toMatchObject({ status: 'sent', attempts: 2, error: null });
      expect(received.sort()).toEqual(['ada@lab.example', 'busy@lab.example', 'cy@lab.example']);
      [job] = await shop.database.db.select().from(outbox);
      expect(job).toMatchObject({ status: 'done', attempts: 2 });
      // Both tries are in the log; only the sent one holds the one-mail-per-address guard.
      const busy = (await mailsOf(shop, id)).filter(
        (mail) => mail.toAddress === 'busy@lab.example',
      );
      expect(busy.map((mail) => [mail.status, mail.newsletterId])).toEqual([
        ['failed', null],
        ['sent', id],
      ]);
      expect(await detail(shop, id)).toMatchObject({ status: 'sent', sent: 3, remaining: 0 });

      // Nothing more to do: running again sends nothing.
      await makeDue(shop);
      expect(await worker.runDue()).toBe(0);
      expect(received).toHaveLength(3);
    } finally {
      mailer.close();
    }
  });

  it(`fails an address after its fifth temporary refusal`, async () => {
    await subscribe(shop, ['full@lab.example']);
    refusals.set(
      'full@lab.example',
      Array.from({ length: 6 }, () => ({ code: 452, message: 'Mailbox full' })),
    );
    const queued = await queue(shop, { subject: 'Full', content: '<p>Hello</p>' });
    const { worker, mailer } = await sendsOf(shop);
    try {
      for (let run = 0; run < 6; run++) {
        await makeDue(shop);
        await worker.runDue();
      }
    } finally {
      mailer.close();
    }
    const rows = await deliveries(shop, queued.newsletter.id);
    expect(rows['full@lab.example']).toMatchObject({ status: 'failed', attempts: 5 });
    expect(rows['full@lab.example']?.error).toMatch(/452.*Mailbox full/);
    expect(received).toEqual([]);
    expect(await detail(shop, queued.newsletter.id)).toMatchObject({
      status: 'failed',
      sent: 0,
      failed: 1,
      remaining: 0,
    });
    const [job] = await shop.database.db.select().from(outbox);
    expect(job).toMatchObject({ status: 'done', attempts: 5 });
  });

  it('skips an address unsubscribed while the send runs', async () => {
    const emails = Array.from({ length: 8 }, (_, index) => `lab${index}@lab.example`);
    await subscribe(shop, emails);
    // While the first mails are on their way (none is answered before it is done), the last
    // address unsubscribes; it is taken only after one of them is answered.
    let unsubscribed: Promise<void> | undefined;
    onMail = () => (unsubscribed ??= unsubscribe(shop, 'lab7@lab.example'));
    const queued = await queue(shop, { subject: 'Mid-send', content: '<p>Hello</p>' });
    const { worker, mailer } = await sendsOf(shop);
    try {
      await worker.runDue();
    } finally {
      mailer.close();
    }
    expect(received.sort()).toEqual(emails.slice(0, 7));
    const rows = await deliveries(shop, queued.newsletter.id);
    expect(rows['lab7@lab.example']?.status).toBe('skipped');
    expect(await detail(shop, queued.newsletter.id)).toMatchObject({
      status: 'sent',
      sent: 7,
      skipped: 1,
    });
  });

  it('stops a batch when the SMTP server cannot be reached, and sends it all once it is back', async () => {
    const emails = Array.from(
      { length: 12 },
      (_, index) => `lab${String(index).padStart(2, '0')}@lab.example`,
    );
    await subscribe(shop, emails);
    const queued = await queue(shop, { subject: 'Outage', content: '<p>Hello</p>' });
    const id = queued.newsletter.id;
    // A mailer pointed at a port nobody listens on.
    const deadPort = await freePort();
    const down = await sendsOf({
      ...shop,
      config: {
        ...shop.config,
        mail: {
          ...shop.config.mail,
          transport: { kind: 'smtp', url: `smtp://127.0.0.1:${deadPort}` },
        },
      },
    });
    try {
      await down.worker.runDue();
    } finally {
      down.mailer.close();
    }
    let rows = Object.values(await deliveries(shop, id));
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    // Only the mails already on their way when the first failed were tried.
    const tried = rows.filter((row) => row.attempts > 0).length;
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThanOrEqual(5);
    const [job] = await shop.database.db.select().from(outbox);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });

    await makeDue(shop);
    const { worker, mailer } = await sendsOf(shop);
    try {
      await worker.runDue();
    } finally {
      mailer.close();
    }
    rows = Object.values(await deliveries(shop, id));
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(received.sort()).toEqual(emails);
    expect(await detail(shop, id)).toMatchObject({ status: 'sent', sent: 12 });
  });
});

it('converts sanitised HTML to readable text', () => {
  expect(
    htmlToText(
      '<h2>Title</h2><p>One &amp; two<br />three</p><blockquote><p>Quote</p></blockquote>' +
        '<p><a href="https://x.example/?a=1&amp;b=2">Shop</a> <a href="mailto:hi@x.example">hi@x.example</a> ' +
        '<a href="https://x.example">https://x.example</a></p>' +
        '<table><tbody><tr><td>A</td><td>B</td></tr><tr><td>C</td><td>D</td></tr></tbody></table>' +
        '<pre><code>line 1\nline 2</code></pre><hr /><ol><li>First</li><li>Second</li></ol>',
    ),
  ).toBe(
    [
      'Title',
      '',
      'One & two',
      'three',
      '',
      'Quote',
      '',
      'Shop (https://x.example/?a=1&b=2) hi@x.example https://x.example',
      '',
      'A | B',
      'C | D',
      '',
      'line 1',
      'line 2',
      '',
      '----------',
      '',
      '- First',
      '- Second',
    ].join('\n'),
  );
});
