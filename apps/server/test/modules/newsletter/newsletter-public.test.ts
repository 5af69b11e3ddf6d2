import { NEWSLETTER_MESSAGES, SIGNUP_LINK_TTL_MS } from '@labshop/shared/schemas/newsletter';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from '../../../src/db/app-secrets.ts';
import { mailLog, newsletterSubscribers, outbox } from '../../../src/db/schema/index.ts';
import {
  createNewsletterLinks,
  type NewsletterLinks,
} from '../../../src/modules/newsletter/links.ts';
import { SIGNUP_MAIL_SUBJECT } from '../../../src/modules/newsletter/signup-mail.ts';
import { SIGNUP_MAIL_JOB } from '../../../src/modules/newsletter/subscribers-repo.ts';
import {
  CONFIRM_TOO_MANY,
  SIGNUP_TOO_MANY,
} from '../../../src/modules/newsletter/subscribers-routes.ts';
import { call, errorOf } from '../../support/checkout-fixtures.ts';
import { startTestApp, type TestApp } from '../../support/helper.ts';

/**
 * The newsletter's public side: the footer sign-up with its confirmation mail (double opt-in),
 * the confirmation link, and the signed unsubscribe link of every newsletter, including mail
 * providers' one-click unsubscribe (RFC 8058). Mail is kept in the database (mail_log); the
 * outbox polls quickly; the shop trusts X-Forwarded-For so each test is its own client IP.
 */

let shop: TestApp;
/** The shop's own signer (same key, read from the database), to make and check links. */
let links: NewsletterLinks;
let nextIp = 1;

beforeAll(async () => {
  shop = await startTestApp({
    OUTBOX_POLL_SECONDS: '0.05',
    NEWSLETTER_SIGNUP_RATE_LIMIT_MAX: '3',
    NEWSLETTER_CONFIRM_RATE_LIMIT_MAX: '3',
    TRUST_PROXY: 'true',
  });
  links = createNewsletterLinks({
    secret: await loadOrCreateSecret(shop.database.db, 'newsletter-link-key', () => {
      throw new Error('the shop made no newsletter link key');
    }),
    siteOrigin: shop.origin,
  });
});
afterAll(() => shop?.close());

beforeEach(async () => {
  await db().delete(newsletterSubscribers);
  await db().delete(mailLog);
  await db().delete(outbox);
});

const db = () => shop.database.db;

/** A client IP no other test has used, so the sign-up limit counts only this test. */
const freshIp = () => `203.0.113.${nextIp++}`;

function signup(body: Record<string, unknown>, ip = freshIp()) {
  return call(shop, 'POST', '/api/newsletter/signup', {
    body: { companyFax: '', ...body },
    headers: { 'x-forwarded-for': ip },
  });
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const mailsTo = (address: string) =>
  db()
    .select()
    .from(mailLog)
    .where(eq(sql`lower(${mailLog.toAddress})`, address.toLowerCase()));

const mailTo = (address: string) =>
  waitFor(`the mail to ${address}`, async () => (await mailsTo(address))[0]);

/** Waits until every sign-up job has run (done), so "no mail" means none will come. */
const jobsDone = () =>
  waitFor('the sign-up jobs', async () => {
    const jobs = await db().select().from(outbox).where(eq(outbox.kind, SIGNUP_MAIL_JOB));
    return jobs.length > 0 && jobs.every((job) => job.status === 'done') ? jobs : undefined;
  });

const subscriber = async (email: string) =>
  (
    await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()))
  )[0];

/** The confirmation link of a mail, as the confirm page sends it on. */
function confirmLinkOf(text: string): URL {
  const match = /(http\S+\/newsletter\/confirm\?\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no confirmation link in:\n${text}`);
  return new URL(match[1]);
}

const confirmBodyOf = (link: URL) => ({
  email: link.searchParams.get('email'),
  name: link.searchParams.get('name'),
  expires: link.searchParams.get('expires'),
  sig: link.searchParams.get('sig'),
});

const confirm = (body: unknown, ip = freshIp()) =>
  call(shop, 'POST', '/api/newsletter/confirm', { body, headers: { 'x-forwarded-for': ip } });

describe('sign-up', () => {
  it('answers 202 and mails a confirmation link that subscribes the address', async () => {
    const before = Date.now();
    const response = await signup({ displayName: 'Maria Delgado', email: 'Maria@Lab.example' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: NEWSLETTER_MESSAGES.signupThanks });
    expect(await subscriber('maria@lab.example')).toBeUndefined();

    const mail = await mailTo('maria@lab.example');
    expect(mail).toMatchObject({
      toAddress: 'Maria@Lab.example',
      subject: 'Please confirm your labshop newsletter subscription',
      transport: 'database',
      status: 'kept',
    });
    expect(SIGNUP_MAIL_SUBJECT).toBe(mail.subject);
    expect(mail.textBody).toContain('Hello Maria Delgado,');
    const link = confirmLinkOf(mail.textBody);
    expect(link.origin).toBe(shop.origin);
    expect(link.pathname).toBe('/newsletter/confirm');
    expect(link.searchParams.get('email')).toBe('Maria@Lab.example');
    expect(link.searchParams.get('name')).toBe('Maria Delgado');
    const expires = Number(link.searchParams.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(before + SIGNUP_LINK_TTL_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + SIGNUP_LINK_TTL_MS);
    // The HTML version carries the same link, its & escaped.
    expect(mail.htmlBody).toContain(`href="${link.href.replaceAll('&', '&amp;')}"`);

    const confirmed = await confirm(confirmBodyOf(link));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ message: NEWSLETTER_MESSAGES.signupConfirmed });
    expect(await subscriber('maria@lab.example')).toMatchObject({
      displayName: 'Maria Delgado',
      email: 'Maria@Lab.example',
      subscribed: true,
      source: 'signup',
    });

    // The same link again changes nothing.
    expect((await confirm(confirmBodyOf(link))).status).toBe(200);
    expect(await db().select().from(newsletterSubscribers)).toHaveLength(1);
  });

  it('names a subscriber without a name after the address, and escapes names in the HTML', async () => {
    expect((await signup({ email: 'noname@lab.example' })).status).toBe(202);
    const plain = await mailTo('noname@lab.example');
    expect(plain.textBody).toContain('Hello,');
    expect((await confirm(confirmBodyOf(confirmLinkOf(plain.textBody)))).status).toBe(200);
    expect((await subscriber('noname@lab.example'))?.displayName).toBe('noname');

    await signup({ displayName: '<b>Bob</b> & "Co"', email: 'bob@lab.example' });
    const html = (await mailTo('bob@lab.example')).htmlBody ?? '';
    expect(html).toContain('Hello &lt;b&gt;Bob&lt;/b&gt; &amp; &quot;Co&quot;,');
    expect(html).not.toContain('<b>Bob');
  });

  it('mails one confirmation per address an hour, however often the form is sent', async () => {
    for (const email of ['flood@lab.example', 'FLOOD@lab.example', 'flood@lab.example']) {
      expect((await signup({ email })).status).toBe(202);
    }
    await jobsDone();
    expect(await mailsTo('flood@lab.example')).toHaveLength(1);
  });

  it('answers the same for an address already subscribed, and mails nothing', async () => {
    await db()
      .insert(newsletterSubscribers)
      .values({ displayName: 'Tom', email: 'tom@lab.example', source: 'admin' });
    const response = await signup({ displayName: 'Someone', email: 'TOM@lab.example' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: NEWSLETTER_MESSAGES.signupThanks });
    await jobsDone();
    expect(await mailsTo('tom@lab.example')).toHaveLength(0);
  });

  it('does nothing, with the same answer, when the trap field is filled', async () => {
    const response = await signup({ email: 'bot@lab.example', companyFax: '555-0100' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: NEWSLETTER_MESSAGES.signupThanks });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await db().select().from(outbox)).toHaveLength(0);
    expect(await mailsTo('bot@lab.example')).toHaveLength(0);
  });

  it('checks the address (400 with the message)', async () => {
    const bad = await signup({ email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe(NEWSLETTER_MESSAGES.emailInvalid);
    const missing = await signup({});
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe(NEWSLETTER_MESSAGES.emailRequired);
  });

  it('limits each client IP (429 with Retry-After)', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await signup({ email: `limit${attempt}@lab.example` }, ip)).status).toBe(202);
    }
    const limited = await signup({ email: 'limit3@lab.example' }, ip);
    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toBe(SIGNUP_TOO_MANY);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await signup({ email: 'limit3@lab.example' })).status).toBe(202);
  });
});

describe('the confirmation link', () => {
  const inAWeek = () => Date.now() + SIGNUP_LINK_TTL_MS;
  const signed = (email: string, name: string, expires: number) =>
    confirmBodyOf(new URL(links.confirmPageUrl(email, name, expires)));

  it('is refused (403) when forged or altered, and nobody is subscribed', async () => {
    const good = signed('ann@lab.example', 'Ann', inAWeek());
    const forged = [
      { ...good, sig: 'x'.repeat(good.sig?.length ?? 43) },
      { ...good, sig: 'short' },
      { ...good, email: 'eve@lab.example' },
      { ...good, name: 'Eve' },
      { ...good, expires: String(Number(good.expires) + 1000) },
    ];
    for (const body of forged) {
      const response = await confirm(body);
      expect(response.status, JSON.stringify(body)).toBe(403);
      expect(await errorOf(response)).toBe(NEWSLETTER_MESSAGES.linkInvalid);
    }
    expect(await db().select().from(newsletterSubscribers)).toHaveLength(0);
  });

  it('is refused (410) once expired', async () => {
    const response = await confirm(signed('late@lab.example', 'Late', Date.now() - 1000));
    expect(response.status).toBe(410);
    expect(await errorOf(response)).toBe(NEWSLETTER_MESSAGES.linkExpired);
    expect(await subscriber('late@lab.example')).toBeUndefined();
  });

  it('puts an unsubscribed address back on the list, keeping its row', async () => {
    await db().insert(newsletterSubscribers).values({
      displayName: 'Old Name',
      email: 'back@lab.example',
      subscribed: false,
      unsubscribedAt: new Date(),
      source: 'admin',
    });
    expect((await confirm(signed('BACK@lab.example', 'New Name', inAWeek()))).status).toBe(200);
    const rows = await db().select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      displayName: 'Old Name',
      subscribed: true,
      unsubscribedAt: null,
      source: 'admin',
    });
  });

  it('limits each client IP, forged tries included (429 with Retry-After)', async () => {
    const ip = freshIp();
    const good = signed('guess@lab.example', 'Guess', inAWeek());
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await confirm({ ...good, sig: `forged-${attempt}` }, ip)).status).toBe(403);
    }
    const limited = await confirm(good, ip);
    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toBe(CONFIRM_TOO_MANY);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await subscriber('guess@lab.example')).toBeUndefined();
    // Another visitor is not affected.
    expect((await confirm(good)).status).toBe(200);
    expect((await subscriber('guess@lab.example'))?.subscribed).toBe(true);
  });
});

describe('the signed unsubscribe link', () => {
  beforeEach(async () => {
    await db()
      .insert(newsletterSubscribers)
      .values([
        { displayName: 'Ann', email: 'Ann@Lab.example' },
        { displayName: 'Bob', email: 'bob@lab.example' },
      ]);
  });

  const isSubscribed = async (email: string) => (await subscriber(email))?.subscribed;
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };

  async function expectUnsubscribed(response: Response) {
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: NEWSLETTER_MESSAGES.unsubscribedPage });
  }

  it("unsubscribes with the page's button (no body, or a JSON body)", async () => {
    const url = pathOf(links.oneClickUnsubscribeUrl('ann@lab.example'));
    // The storefront page's link points at the same address with the same signature.
    expect(new URL(links.unsubscribePageUrl('ann@lab.example')).search).toBe(
      new URL(url, shop.origin).search,
    );
    await expectUnsubscribed(await call(shop, 'POST', url));
    expect(await isSubscribed('ann@lab.example')).toBe(false);
    expect((await subscriber('ann@lab.example'))?.unsubscribedAt).toBeInstanceOf(Date);
    // Again, now with JSON: still a success.
    await expectUnsubscribed(await call(shop, 'POST', url, { body: {} }));
    await expectUnsubscribed(
      await call(shop, 'POST', pathOf(links.oneClickUnsubscribeUrl('bob@lab.example')), {
        body: { email: 'ignored@lab.example' },
      }),
    );
    expect(await isSubscribed('bob@lab.example')).toBe(false);
  });

  it("takes mail providers' one-click POST (RFC 8058): a form body, no cookie, no Origin", async () => {
    const response = await fetch(links.oneClickUnsubscribeUrl('Ann@Lab.example'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    await expectUnsubscribed(response);
    expect(await isSubscribed('ann@lab.example')).toBe(false);
    expect(await isSubscribed('bob@lab.example')).toBe(true);

    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const multipart = await fetch(links.oneClickUnsubscribeUrl('bob@lab.example'), {
      method: 'POST',
      body: form,
    });
    await expectUnsubscribed(multipart);
    expect(await isSubscribed('bob@lab.example')).toBe(false);
  });

  it('answers success for an address not on the list (the link tells nothing)', async () => {
    await expectUnsubscribed(
      await call(shop, 'POST', pathOf(links.oneClickUnsubscribeUrl('gone@lab.example'))),
    );
    expect(await subscriber('gone@lab.example')).toBeUndefined();
  });

  it('refuses (403) a forged, missing or borrowed signature, and nobody leaves the list', async () => {
    const annSig = new URL(links.oneClickUnsubscribeUrl('ann@lab.example')).searchParams.get(
      'sig',
    )!;
    const attempts = [
      `/api/newsletter/unsubscribe?email=ann%40lab.example&sig=${'A'.repeat(annSig.length)}`,
      '/api/newsletter/unsubscribe?email=ann%40lab.example&sig=forged',
      '/api/newsletter/unsubscribe?email=ann%40lab.example',
      '/api/newsletter/unsubscribe?email=ann%40lab.example&sig=',
      '/api/newsletter/unsubscribe',
      // Ann's signature does not unsubscribe Bob.
      `/api/newsletter/unsubscribe?email=bob%40lab.example&sig=${encodeURIComponent(annSig)}`,
    ];
    for (const url of attempts) {
      const response = await call(shop, 'POST', url);
      expect(response.status, url).toBe(403);
      expect(await errorOf(response)).toBe(NEWSLETTER_MESSAGES.linkInvalid);
    }
    const oneClick = await fetch(`${shop.origin}${attempts[0]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(403);
    expect(await isSubscribed('ann@lab.example')).toBe(true);
    expect(await isSubscribed('bob@lab.example')).toBe(true);
  });

  it('reads no large form body', async () => {
    const response = await fetch(links.oneClickUnsubscribeUrl('ann@lab.example'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `List-Unsubscribe=One-Click&padding=${'x'.repeat(4096)}`,
    });
    expect(response.status).toBe(413);
    expect(await isSubscribed('ann@lab.example')).toBe(true);
  });
});

describe('only the one-click route reads forms', () => {
  it('leaves the other newsletter routes to JSON (415 for a form)', async () => {
    const response = await fetch(`${shop.origin}/api/newsletter/signup`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': freshIp(),
      },
      body: 'email=form%40lab.example&companyFax=',
    });
    expect(response.status).toBe(415);
    const jobs = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, SIGNUP_MAIL_JOB)));
    expect(jobs).toHaveLength(0);
  });
});
