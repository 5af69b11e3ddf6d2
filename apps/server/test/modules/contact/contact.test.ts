import {
  CONTACT_DATA_MESSAGES,
  CONTACT_MESSAGES,
  MAIL_LOG_PAGE_SIZE,
  type ContactDataDto,
  type MailLogMessageDto,
  type MailLogPageDto,
} from '@labshop/shared/schemas/content';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contactData,
  contactMessages,
  geocodeCache,
  mailLog,
} from '../../../src/db/schema/index.ts';
import { startFakeNominatim, type FakeNominatim } from '../../fakes/nominatim.ts';
import { fakeCaptchaToken, startFakeRecaptcha, type FakeRecaptcha } from '../../fakes/recaptcha.ts';
import {
  freePort,
  startSignedInTestApp,
  type SignedInTestApp,
  type TestApp,
} from '../../support/helper.ts';

/**
 * Contact data, geolocation, the contact form and the admin mail log (SPEC.md sections 5, 7
 * and 8). `shop` runs with reCAPTCHA and Nominatim (both local fakes) and mail kept in the
 * database; `plain` is the embedded mode (no captcha, no geocoder) with SMTP pointing at a
 * server that is down and a small per-IP limit behind a trusted proxy.
 */
const SECRET = 'contact-test-secret';
const TOLEDO_ADDRESS = '1250 Industrial Pkwy, Toledo, OH 43612';
const TOLEDO = {
  lat: '41.6528052',
  lon: '-83.5378674',
  display_name: 'Industrial Pkwy, Toledo, Ohio, USA',
};
const DENVER_ADDRESS = '500 Market St, Denver, CO 80202';
const DENVER = {
  lat: '39.7508',
  lon: '-104.9966',
  display_name: 'Market Street, Denver, Colorado, USA',
};

let google: FakeRecaptcha;
let nominatim: FakeNominatim;
let shop: SignedInTestApp;
let plain: SignedInTestApp;
let adminToken: string;
let partnerToken: string;

beforeAll(async () => {
  google = await startFakeRecaptcha({ secret: SECRET, hostname: '127.0.0.1' });
  nominatim = await startFakeNominatim();
  nominatim.place(TOLEDO_ADDRESS, TOLEDO);
  nominatim.place(DENVER_ADDRESS, DENVER);
  shop = await startSignedInTestApp({
    RECAPTCHA_SECRET: SECRET,
    RECAPTCHA_SITE_KEY: 'test-site-key',
    RECAPTCHA_VERIFY_URL: google.verifyUrl,
    RECAPTCHA_SCRIPT_URL: google.scriptUrl,
    GEOCODER: 'nominatim',
    NOMINATIM_URL: nominatim.url,
    NOMINATIM_USER_AGENT: 'labshop-tests/1.0 (it@labshop.example)',
    MAP_TILE_URL: 'https://tiles.example.net/osm/{z}/{x}/{y}.png',
    CONTACT_RATE_LIMIT_MAX: '1000',
  });
  plain = await startSignedInTestApp(
    {
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      SHOP_MAIL_TO: 'inbox@labshop.example',
      CONTACT_RATE_LIMIT_MAX: '3',
      CONTACT_RATE_LIMIT_WINDOW_SECONDS: '120',
      TRUST_PROXY: 'true',
    },
    undefined,
    { issuer: shop.issuer },
  );
  ({ adminToken, partnerToken } = shop);
});
afterAll(async () => {
  await plain.close();
  await shop.close();
  await nominatim.close();
  await google.close();
});

function call(
  app: TestApp,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return fetch(`${app.origin}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
}

const putContactData = (app: TestApp, body: unknown, token = adminToken) =>
  call(app, 'PUT', '/api/contact-data', { token, body });

function contactForm(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Maria Delgado',
    email: 'maria@brightline.example',
    phone: '+1 (419) 555-0199',
    inquiryType: 'sales',
    message: 'Do you ship the AG-210 to Canada?',
    companyFax: '',
    recaptcha_token2: fakeCaptchaToken('contact_submit', 0.9),
    ...overrides,
  };
}

async function errorOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: string }).error;
}

describe('contact data', () => {
  beforeEach(async () => {
    nominatim.setMode('ok');
    nominatim.requests.length = 0;
    for (const app of [shop, plain]) {
      await app.database.db.delete(contactData);
      await app.database.db.delete(geocodeCache);
      app.app.cacheInvalidation.invalidate();
    }
  });

  it('answers empty fields until the admin saves them', async () => {
    const response = await call(shop, 'GET', '/api/contact-data');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      address: '',
      phone: '',
      email: '',
      latitude: null,
      longitude: null,
    });
  });

  it('may be changed by administrators only (401 anonymous, 403 other users)', async () => {
    const body = {
      address: TOLEDO_ADDRESS,
      phone: '+1 419 555 0142',
      email: 'sales@labshop.example',
    };
    const anonymous = await putContactData(shop, body, '');
    expect(anonymous.status).toBe(401);
    const partner = await putContactData(shop, body, partnerToken);
    expect(partner.status).toBe(403);
    expect(nominatim.requests).toHaveLength(0);
    expect(
      (await (await call(shop, 'GET', '/api/contact-data')).json()) as ContactDataDto,
    ).toMatchObject({
      address: '',
    });
  });

  it.each([
    [{ address: '' }, CONTACT_DATA_MESSAGES.address],
    [{ address: '   ' }, CONTACT_DATA_MESSAGES.address],
    [{ address: 'x'.repeat(301) }, CONTACT_DATA_MESSAGES.addressTooLong],
    [{ phone: '' }, CONTACT_DATA_MESSAGES.phone],
    [{ phone: '1'.repeat(41) }, CONTACT_DATA_MESSAGES.phoneTooLong],
    [{ email: '' }, CONTACT_DATA_MESSAGES.email],
    [{ email: 'sales.labshop.example' }, CONTACT_DATA_MESSAGES.emailFormat],
    [{ latitude: '91', longitude: '0' }, CONTACT_DATA_MESSAGES.latitude],
    [{ latitude: '10', longitude: 'east' }, CONTACT_DATA_MESSAGES.longitude],
    [{ latitude: '10' }, CONTACT_DATA_MESSAGES.coordinatesTogether],
    [{ address: '', phone: '', email: 'bad' }, CONTACT_DATA_MESSAGES.address],
  ])('refuses %j with its message', async (change, message) => {
    const response = await putContactData(shop, {
      address: TOLEDO_ADDRESS,
      phone: '+1 419 555 0142',
      email: 'sales@labshop.example',
      ...change,
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
    expect(nominatim.requests).toHaveLength(0);
  });

  it('with Nominatim: geocodes a changed address once; an unchanged one never', async () => {
    const saved = await putContactData(shop, {
      address: TOLEDO_ADDRESS,
      phone: '+1 (419) 555-0142',
      email: 'sales@labshop.example',
      // The form's old position: the geocoder's answer wins for a new address.
      latitude: '1',
      longitude: '2',
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      address: TOLEDO_ADDRESS,
      phone: '+1 (419) 555-0142',
      email: 'sales@labshop.example',
      latitude: 41.6528052,
      longitude: -83.5378674,
    });
    expect(nominatim.requests.map((request) => request.q)).toEqual([TOLEDO_ADDRESS]);

    const phoneOnly = await putContactData(shop, {
      address: `  ${TOLEDO_ADDRESS.toUpperCase()} `,
      phone: '+1 (419) 555-0100',
      email: 'sales@labshop.example',
      latitude: '41.6528052',
      longitude: '-83.5378674',
    });
    expect(phoneOnly.status).toBe(200);
    expect(await phoneOnly.json()).toMatchObject({
      phone: '+1 (419) 555-0100',
      latitude: 41.6528052,
    });
    expect(nominatim.requests).toHaveLength(1);

    // Back to an address looked up before: from the cache, not from Nominatim.
    await putContactData(shop, { address: DENVER_ADDRESS, phone: '1234567', email: 'a@b.example' });
    await putContactData(shop, { address: TOLEDO_ADDRESS, phone: '1234567', email: 'a@b.example' });
    expect(nominatim.requests.map((request) => request.q)).toEqual([
      TOLEDO_ADDRESS,
      DENVER_ADDRESS,
    ]);
    const [row] = await shop.database.db.select().from(contactData);
    expect(row).toMatchObject({ latitude: 41.6528052, geocodedAddress: TOLEDO_ADDRESS });
  });

  it('with Nominatim: keeps the form coordinates, or none, when the address is not found', async () => {
    const withCoordinates = await putContactData(shop, {
      address: '1 Nowhere Lane, Atlantis',
      phone: '1234567',
      email: 'a@b.example',
      latitude: '12.5',
      longitude: '-45.25',
    });
    expect(await withCoordinates.json()).toMatchObject({ latitude: 12.5, longitude: -45.25 });

    const without = await putContactData(shop, {
      address: '2 Nowhere Lane, Atlantis',
      phone: '1234567',
      email: 'a@b.example',
    });
    expect(await without.json()).toMatchObject({ latitude: null, longitude: null });
    expect(nominatim.requests).toHaveLength(2);
  });

  it('with Nominatim refusing (429): still saves, with the form coordinates', async () => {
    nominatim.setMode('too-many-requests');
    const response = await putContactData(shop, {
      address: DENVER_ADDRESS,
      phone: '1234567',
      email: 'a@b.example',
      latitude: 39.7,
      longitude: -105,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      address: DENVER_ADDRESS,
      latitude: 39.7,
      longitude: -105,
    });
    expect(nominatim.requests).toHaveLength(1);
    // A failure is not cached: the next change to this address asks again.
    expect(await shop.database.db.select().from(geocodeCache)).toHaveLength(0);
  });

  it('without a geocoder: stores the coordinates the form gives', async () => {
    const first = await putContactData(plain, {
      address: TOLEDO_ADDRESS,
      phone: '1234567',
      email: 'sales@labshop.example',
      latitude: '41.65',
      longitude: '-83.54',
    });
    expect(await first.json()).toMatchObject({ latitude: 41.65, longitude: -83.54 });

    const unchangedWithout = await putContactData(plain, {
      address: TOLEDO_ADDRESS,
      phone: '7654321',
      email: 'sales@labshop.example',
    });
    expect(await unchangedWithout.json()).toMatchObject({ phone: '7654321', latitude: 41.65 });

    const moved = await putContactData(plain, {
      address: DENVER_ADDRESS,
      phone: '7654321',
      email: 'sales@labshop.example',
    });
    expect(await moved.json()).toMatchObject({ latitude: null, longitude: null });
    expect(nominatim.requests).toHaveLength(0);
  });
});

describe('geolocation', () => {
  beforeAll(async () => {
    await shop.database.db.delete(contactData);
    shop.app.cacheInvalidation.invalidate();
    nominatim.setMode('ok');
    await putContactData(shop, { address: DENVER_ADDRESS, phone: '1234567', email: 'a@b.example' });
    await putContactData(shop, { address: TOLEDO_ADDRESS, phone: '1234567', email: 'a@b.example' });
  });

  it("answers the spec's list for the contact address, with lat and lon as strings", async () => {
    const response = await call(
      shop,
      'GET',
      `/api/geolocation?address=${encodeURIComponent(TOLEDO_ADDRESS)}`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { lat: '41.6528052', lon: '-83.5378674', display_name: TOLEDO_ADDRESS },
    ]);
  });

  it('answers from the cache for an address looked up before, [] for any other', async () => {
    const cached = await call(
      shop,
      'GET',
      `/api/geolocation?address=${encodeURIComponent(DENVER_ADDRESS)}`,
    );
    expect(await cached.json()).toEqual([
      { lat: '39.7508', lon: '-104.9966', display_name: DENVER.display_name },
    ]);
    const unknown = await call(
      shop,
      'GET',
      '/api/geolocation?address=10%20Downing%20St%2C%20London',
    );
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual([]);
  });

  it('never calls the geocoder, however many visitors ask', async () => {
    nominatim.requests.length = 0;
    nominatim.place('10 Downing St, London', { lat: '51.5', lon: '-0.12', display_name: 'London' });
    for (let visit = 0; visit < 5; visit++) {
      await call(shop, 'GET', '/api/geolocation?address=10%20Downing%20St%2C%20London');
      await call(shop, 'GET', `/api/geolocation?address=${encodeURIComponent(TOLEDO_ADDRESS)}`);
    }
    expect(nominatim.requests).toHaveLength(0);
  });

  it('needs an address of at most 300 characters', async () => {
    for (const query of ['', '?address=', '?address=%20%20', `?address=${'x'.repeat(301)}`]) {
      const response = await call(shop, 'GET', `/api/geolocation${query}`);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatch(
        /^address (is required|must be at most 300 characters)\.$/,
      );
    }
  });
});

describe('contact form', () => {
  beforeEach(async () => {
    google.setMode('ok');
    google.hostname = '127.0.0.1';
    google.verifications.length = 0;
    for (const app of [shop, plain]) {
      await app.database.db.delete(contactMessages);
      await app.database.db.delete(mailLog);
    }
  });

  const send = (body: unknown, app = shop, headers: Record<string, string> = {}) =>
    call(app, 'POST', '/api/contact', { body, headers });

  it.each([
    [{ name: '' }, CONTACT_MESSAGES.name],
    [{ name: '   ' }, CONTACT_MESSAGES.name],
    [{ name: undefined }, CONTACT_MESSAGES.name],
    [{ name: 'n'.repeat(101) }, CONTACT_MESSAGES.nameTooLong],
    [{ email: '' }, CONTACT_MESSAGES.email],
    [{ email: 'maria@' }, CONTACT_MESSAGES.emailFormat],
    [{ email: 'maria brightline.example' }, CONTACT_MESSAGES.emailFormat],
    [{ phone: '' }, CONTACT_MESSAGES.phone],
    [{ phone: '555-01' }, CONTACT_MESSAGES.phoneTooShort],
    [{ phone: '555-0199 ext 4' }, CONTACT_MESSAGES.phoneFormat],
    [{ phone: '1'.repeat(21) }, CONTACT_MESSAGES.phoneFormat],
    [{ inquiryType: '' }, CONTACT_MESSAGES.inquiryType],
    [{ inquiryType: 'complaint' }, CONTACT_MESSAGES.inquiryType],
    [{ inquiryType: undefined }, CONTACT_MESSAGES.inquiryType],
    [{ message: '' }, CONTACT_MESSAGES.message],
    [{ message: ' \n ' }, CONTACT_MESSAGES.message],
    [{ message: 'm'.repeat(5001) }, CONTACT_MESSAGES.messageTooLong],
    // The first failing field in form order is the one named.
    [{ name: '', email: 'bad', phone: '1', inquiryType: 'x', message: '' }, CONTACT_MESSAGES.name],
    [{ email: 'bad', phone: '1', message: '' }, CONTACT_MESSAGES.emailFormat],
    [{ phone: '12', message: '' }, CONTACT_MESSAGES.phoneTooShort],
  ])('refuses %j with its message', async (change, message) => {
    const response = await send(contactForm(change));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
    expect(google.verifications).toHaveLength(0);
    expect(await shop.database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('sends a valid message: stored, mailed to the shop with reply-to the sender, and thanked', async () => {
    await shop.database.db.delete(contactData);
    shop.app.cacheInvalidation.invalidate();
    await putContactData(shop, {
      address: TOLEDO_ADDRESS,
      phone: '1234567',
      email: 'sales@labshop.example',
    });

    const response = await send(contactForm());

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: CONTACT_MESSAGES.sent });
    expect(CONTACT_MESSAGES.sent).toBe('Your message has been sent—thank you!');
    const [stored] = await shop.database.db.select().from(contactMessages);
    expect(stored).toMatchObject({
      name: 'Maria Delgado',
      email: 'maria@brightline.example',
      phone: '+1 (419) 555-0199',
      inquiryType: 'sales',
      message: 'Do you ship the AG-210 to Canada?',
    });
    const [mail] = await shop.database.db.select().from(mailLog);
    expect(mail).toMatchObject({
      toAddress: 'sales@labshop.example',
      fromAddress: `labshop <no-reply@127.0.0.1>`,
      subject: 'Contact form: Sales from Maria Delgado',
      status: 'kept',
      transport: 'database',
      relatedTo: `contact:${stored?.id}`,
    });
    expect(mail?.headers).toEqual({ 'Reply-To': '"Maria Delgado" <maria@brightline.example>' });
    expect(mail?.textBody).toContain('Email: maria@brightline.example');
    expect(mail?.textBody).toContain('Do you ship the AG-210 to Canada?');
    // The captcha was asked with the contact action and the visitor's IP.
    expect(google.verifications).toHaveLength(1);
    expect(google.verifications[0]).toMatchObject({ secret: SECRET, remoteip: '127.0.0.1' });
  });

  it('keeps line breaks out of the mail subject (header injection)', async () => {
    const response = await send(contactForm({ name: 'Eve\r\nBcc: victim@elsewhere.example' }));
    expect(response.status).toBe(200);
    const [mail] = await shop.database.db.select().from(mailLog);
    expect(mail?.subject).toBe('Contact form: Sales from Eve Bcc: victim@elsewhere.example');
    expect(mail?.headers['Reply-To']).toBe(
      '"Eve Bcc: victim@elsewhere.example" <maria@brightline.example>',
    );
  });

  it("refuses a filled companyFax (the bots' trap) with 'Invalid request.'", async () => {
    const response = await send(contactForm({ companyFax: '+1 555 0100' }));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('Invalid request.');
    expect(google.verifications).toHaveLength(0);
    expect(await shop.database.db.select().from(contactMessages)).toHaveLength(0);
    expect(await shop.database.db.select().from(mailLog)).toHaveLength(0);
  });

  it.each([
    ['no token', { recaptcha_token2: undefined }],
    ['an empty token', { recaptcha_token2: '' }],
    ['a token for another action', { recaptcha_token2: fakeCaptchaToken('payment', 0.9) }],
    ['a low score', { recaptcha_token2: fakeCaptchaToken('contact_submit', 0.3) }],
    ['a forged token', { recaptcha_token2: 'not-from-google' }],
  ])('refuses %s with the captcha message', async (_case, change) => {
    const response = await send(contactForm(change));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('Captcha failed. Please refresh and try again.');
    expect(await shop.database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('refuses a token made on another site, and a replayed token', async () => {
    const token = fakeCaptchaToken('contact_submit', 0.9);
    expect((await send(contactForm({ recaptcha_token2: token }))).status).toBe(200);
    const replay = await send(contactForm({ recaptcha_token2: token }));
    expect(replay.status).toBe(400);
    expect(await errorOf(replay)).toBe(CONTACT_MESSAGES.captchaFailed);

    google.hostname = 'phishing.example';
    const elsewhere = await send(contactForm());
    expect(elsewhere.status).toBe(400);
    expect(await errorOf(elsewhere)).toBe(CONTACT_MESSAGES.captchaFailed);
    expect(await shop.database.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('answers 503 when the captcha cannot be verified, and stores nothing (fail closed)', async () => {
    google.setMode('error');
    const response = await send(contactForm());
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toBe('Captcha not available. Please refresh and try again.');
    expect(await shop.database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('without a captcha: needs no token; a mail that fails is logged and the visitor still hears it was sent', async () => {
    const response = await send(contactForm({ recaptcha_token2: undefined }), plain, {
      'x-forwarded-for': '198.51.100.20',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: CONTACT_MESSAGES.sent });
    expect(await plain.database.db.select().from(contactMessages)).toHaveLength(1);
    const [mail] = await plain.database.db.select().from(mailLog);
    expect(mail).toMatchObject({
      toAddress: 'inbox@labshop.example',
      transport: 'smtp',
      status: 'failed',
    });
    expect(mail?.error).toMatch(/ECONNREFUSED/);
    expect(google.verifications).toHaveLength(0);
  });

  it('limits each client IP (429 with Retry-After), counting every attempt', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await send(
        contactForm({ message: attempt === 1 ? '' : 'Hi' }),
        plain,
        from('203.0.113.7'),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 400, 200]);

    const limited = await send(contactForm(), plain, from('203.0.113.7'));
    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toBe(CONTACT_MESSAGES.tooMany);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(await plain.database.db.select().from(contactMessages)).toHaveLength(2);

    // Another visitor is not affected, nor are other routes.
    expect((await send(contactForm(), plain, from('203.0.113.8'))).status).toBe(200);
    expect(
      (await call(plain, 'GET', '/api/contact-data', { headers: from('203.0.113.7') })).status,
    ).toBe(200);
  });
});

describe('admin mail log', () => {
  let ids: string[] = [];

  beforeAll(async () => {
    await shop.database.db.delete(mailLog);
    const base = Date.parse('2026-03-01T12:00:00Z');
    const rows = await shop.database.db
      .insert(mailLog)
      .values(
        Array.from({ length: MAIL_LOG_PAGE_SIZE + 5 }, (_, index) => ({
          toAddress: `lab${index}@example.com`,
          fromAddress: 'labshop <no-reply@127.0.0.1>',
          subject: `Mail ${index}`,
          textBody: `Body ${index}`,
          htmlBody: index === 0 ? '<p>Body 0</p>' : null,
          status: index === 1 ? ('failed' as const) : ('kept' as const),
          transport: 'database' as const,
          error: index === 1 ? 'SMTP down' : null,
          relatedTo: `contact:${index}`,
          createdAt: new Date(base + index * 60_000),
        })),
      )
      .returning({ id: mailLog.id });
    ids = rows.map((row) => row.id);
  });

  it('is for administrators only', async () => {
    expect((await call(shop, 'GET', '/api/admin/mail')).status).toBe(401);
    expect((await call(shop, 'GET', '/api/admin/mail', { token: partnerToken })).status).toBe(403);
    expect((await call(shop, 'GET', `/api/admin/mail/${ids[0]}`)).status).toBe(401);
    expect(
      (await call(shop, 'GET', `/api/admin/mail/${ids[0]}`, { token: partnerToken })).status,
    ).toBe(403);
  });

  it(`lists newest first, ${MAIL_LOG_PAGE_SIZE} per page, with the total`, async () => {
    const first = (await (
      await call(shop, 'GET', '/api/admin/mail', { token: adminToken })
    ).json()) as MailLogPageDto;
    expect(first.total).toBe(MAIL_LOG_PAGE_SIZE + 5);
    expect(first.mails).toHaveLength(MAIL_LOG_PAGE_SIZE);
    expect(first.mails[0]).toEqual({
      _id: ids[MAIL_LOG_PAGE_SIZE + 4],
      to: `lab${MAIL_LOG_PAGE_SIZE + 4}@example.com`,
      subject: `Mail ${MAIL_LOG_PAGE_SIZE + 4}`,
      status: 'kept',
      transport: 'database',
      createdAt: new Date(
        Date.parse('2026-03-01T12:00:00Z') + (MAIL_LOG_PAGE_SIZE + 4) * 60_000,
      ).toISOString(),
      sentAt: null,
      error: null,
      relatedTo: `contact:${MAIL_LOG_PAGE_SIZE + 4}`,
    });

    const second = (await (
      await call(shop, 'GET', '/api/admin/mail?page=2', { token: adminToken })
    ).json()) as MailLogPageDto;
    expect(second.mails.map((mail) => mail.subject)).toEqual([
      'Mail 4',
      'Mail 3',
      'Mail 2',
      'Mail 1',
      'Mail 0',
    ]);
    expect(second.mails[3]).toMatchObject({ status: 'failed', error: 'SMTP down' });
    const beyond = (await (
      await call(shop, 'GET', '/api/admin/mail?page=3', { token: adminToken })
    ).json()) as MailLogPageDto;
    expect(beyond).toEqual({ mails: [], total: MAIL_LOG_PAGE_SIZE + 5 });
  });

  it('searches the recipient or subject and filters by status and kind, paged', async () => {
    const extra = await shop.database.db
      .insert(mailLog)
      .values(
        [
          ['newsletter:00000000-0000-4000-8000-000000000001', 'Spring 100% news', 'kept'],
          ['newsletter-test:admin@lab.example', '[Test] Spring 100% news', 'kept'],
          ['order:WEB-100001', 'Your order WEB-100001', 'failed'],
        ].map(([relatedTo, subject, status]) => ({
          toAddress: 'Reader@Lab.example',
          fromAddress: 'labshop <no-reply@127.0.0.1>',
          subject: subject!,
          textBody: 'x',
          status: status as 'kept' | 'failed',
          transport: 'database' as const,
          relatedTo: relatedTo!,
          createdAt: new Date('2026-04-01T12:00:00Z'),
        })),
      )
      .returning({ id: mailLog.id });
    const list = async (query: string) => {
      const response = await call(shop, 'GET', `/api/admin/mail?${query}`, { token: adminToken });
      const body = (await response.json()) as MailLogPageDto;
      expect(response.status, JSON.stringify(body)).toBe(200);
      return { total: body.total, subjects: body.mails.map((mail) => mail.subject) };
    };
    try {
      // The recipient or the subject, ignoring case; % is a plain character.
      expect((await list('search=reader%40lab')).total).toBe(3);
      // Both were written at the same moment: their order between them is not the point.
      const percent = await list('search=100%25');
      expect({ ...percent, subjects: percent.subjects.sort() }).toEqual({
        total: 2,
        subjects: ['Spring 100% news', '[Test] Spring 100% news'].sort(),
      });
      expect((await list('search=Mail%201')).total).toBe(11);
      // 'newsletter' is the sends only, not the test copies.
      expect(await list('kind=newsletter')).toEqual({ total: 1, subjects: ['Spring 100% news'] });
      expect((await list('kind=newsletter-test')).subjects).toEqual(['[Test] Spring 100% news']);
      expect((await list('kind=contact')).total).toBe(MAIL_LOG_PAGE_SIZE + 5);
      expect(await list('status=failed')).toEqual({
        total: 2,
        subjects: ['Your order WEB-100001', 'Mail 1'],
      });
      expect(await list('status=failed&kind=contact&search=mail')).toEqual({
        total: 1,
        subjects: ['Mail 1'],
      });
      // Paged within the matches.
      expect(await list('kind=contact&page=2')).toMatchObject({ total: MAIL_LOG_PAGE_SIZE + 5 });
      expect((await list('kind=contact&page=2')).subjects).toHaveLength(5);

      for (const [query, message] of [
        ['status=lost', 'status must be one of kept, queued, sent, failed.'],
        [
          'kind=spam',
          'kind must be one of newsletter, newsletter-test, newsletter-signup, order, contact, payments.',
        ],
        [`search=${'a'.repeat(201)}`, 'The search must be at most 200 characters.'],
      ] as const) {
        const response = await call(shop, 'GET', `/api/admin/mail?${query}`, {
          token: adminToken,
        });
        expect(response.status, query).toBe(400);
        expect(await errorOf(response)).toBe(message);
      }
    } finally {
      await shop.database.db.delete(mailLog).where(
        inArray(
          mailLog.id,
          extra.map((row) => row.id),
        ),
      );
    }
  });

  it('refuses a page that is not a whole number from 1', async () => {
    for (const page of ['0', '-1', '1.5', 'two']) {
      const response = await call(shop, 'GET', `/api/admin/mail?page=${page}`, {
        token: adminToken,
      });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe('page must be a whole number from 1.');
    }
  });

  it('shows one mail with its text; an unknown or malformed id is 404', async () => {
    const response = await call(shop, 'GET', `/api/admin/mail/${ids[0]}`, { token: adminToken });
    expect(response.status).toBe(200);
    const mail = (await response.json()) as MailLogMessageDto;
    expect(mail).toMatchObject({
      _id: ids[0],
      to: 'lab0@example.com',
      from: 'labshop <no-reply@127.0.0.1>',
      subject: 'Mail 0',
      textBody: 'Body 0',
      htmlBody: '<p>Body 0</p>',
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', 'x'.repeat(300)]) {
      const missing = await call(shop, 'GET', `/api/admin/mail/${id}`, { token: adminToken });
      expect(missing.status).toBe(404);
      expect(await errorOf(missing)).toBe('There is no mail with this id.');
    }
  });

  it('shows a mail the contact form kept', async () => {
    await shop.database.db.delete(mailLog);
    await call(shop, 'POST', '/api/contact', { body: contactForm() });
    const list = (await (
      await call(shop, 'GET', '/api/admin/mail', { token: adminToken })
    ).json()) as MailLogPageDto;
    expect(list.total).toBe(1);
    expect(list.mails[0]).toMatchObject({
      status: 'kept',
      subject: 'Contact form: Sales from Maria Delgado',
    });
    const [row] = await shop.database.db.select().from(mailLog).orderBy(asc(mailLog.createdAt));
    expect(row?.id).toBe(list.mails[0]?._id);
  });
});

describe('API description', () => {
  it('documents the contact, geolocation and mail log routes in the OpenAPI document', async () => {
    const document = (await (await call(shop, 'GET', '/api/docs/json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/api/contact-data'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'put']),
    );
    expect(document.paths['/api/contact']).toHaveProperty('post');
    expect(document.paths['/api/geolocation']).toHaveProperty('get');
    expect(document.paths['/api/admin/mail']).toHaveProperty('get');
    expect(document.paths['/api/admin/mail/{id}']).toHaveProperty('get');
  });
});

describe('content security policy', () => {
  it('allows the map tiles, and the reCAPTCHA script and frames when the captcha is on', async () => {
    const csp =
      (await call(shop, 'GET', '/api/contact-data')).headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('img-src')).toContain('https://tiles.example.net');
    expect(directive('script-src')).toContain(google.origin);
    expect(directive('script-src')).toContain('https://www.gstatic.com');
    expect(directive('frame-src')).toContain('https://www.google.com');
    expect(directive('frame-src')).toContain(google.origin);
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('script-src')).toMatch(/'nonce-[^']+'/);
  });

  it('adds no captcha origins when the captcha is off, and allows the OpenStreetMap tiles by default', async () => {
    const csp =
      (await call(plain, 'GET', '/api/contact-data')).headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('gstatic');
    expect(csp).not.toContain('www.google.com');
    expect(csp).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
    // Pictures an admin links from another https host (text pages, testimonials) may load;
    // scripts may not.
    expect(csp).toMatch(/img-src [^;]*https:[ ;]/);
    expect(csp).not.toMatch(/script-src [^;]*https:[ ;]/);
  });
});
