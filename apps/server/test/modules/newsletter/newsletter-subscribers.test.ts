import {
  NEWSLETTER_MESSAGES,
  SUBSCRIBER_CSV_COLUMNS,
  type SubscriberChange,
  type SubscribersAnswer,
} from '@labshop/shared/schemas/newsletter';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../../src/db/schema/index.ts';
import { MESSAGES } from '../../../src/http/access.ts';
import { DEMO_ACCOUNTS } from '../../../src/integrations/identity/embedded/demo-accounts.ts';
import { UNSUBSCRIBE_IS_POST } from '../../../src/modules/newsletter/subscribers-routes.ts';
import { call, errorOf } from '../../support/checkout-fixtures.ts';
import {
  startTestApp,
  type TestApp,
  startSignedInTestApp,
  type SignedInTestApp,
} from '../../support/helper.ts';
import { BrowserlessClient } from '../../support/http-client.ts';
import { parseCsv } from '../../support/csv-parse.ts';

/**
 * The admin's side of the newsletter subscribers (SPEC.md "Newsletter" screen and calls): the
 * list with paging and search, subscribers.csv, add-subscriber, unsubscribe and subscribe.
 */

let shop: SignedInTestApp;
let adminToken: string;
let partnerToken: string;

beforeAll(async () => {
  shop = await startSignedInTestApp({
    OUTBOX_WORKER: 'false',
  });
  ({ adminToken, partnerToken } = shop);
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;

async function json<T>(response: Response, status = 200): Promise<T> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

const list = (query = '') =>
  call(shop, 'GET', `/api/newsletter-subscribers${query}`, { token: adminToken });
const listOk = (query = '') => list(query).then((response) => json<SubscribersAnswer>(response));
const add = (displayName: string, email: string) =>
  call(shop, 'POST', '/api/add-subscriber', { token: adminToken, body: { displayName, email } });
const unsubscribe = (email: string, token = adminToken) =>
  call(shop, 'POST', '/api/unsubscribe', { token, body: { email } });
const subscribe = (email: string) =>
  call(shop, 'POST', '/api/subscribe', { token: adminToken, body: { email } });
const exportCsv = (query = '') =>
  call(shop, 'GET', `/api/export-subscribers${query}`, { token: adminToken });

/** Rows with known creation times: the first is the newest. */
async function insertSubscribers(
  rows: { displayName: string; email: string; subscribed?: boolean }[],
): Promise<void> {
  const start = Date.parse('2025-06-01T12:00:00Z');
  await db()
    .insert(newsletterSubscribers)
    .values(
      rows.map((row, index) => ({
        subscribed: true,
        ...row,
        createdAt: new Date(start - index * 60_000),
      })),
    );
}

const clear = () => db().delete(newsletterSubscribers);

describe('access', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/newsletter-subscribers'],
    ['GET', '/api/export-subscribers'],
    ['GET', '/api/unsubscribe?email=ann%40lab.example'],
    ['POST', '/api/unsubscribe', { email: 'ann@lab.example' }],
    ['POST', '/api/subscribe', { email: 'ann@lab.example' }],
    ['POST', '/api/add-subscriber', { displayName: 'Ann', email: 'ann@lab.example' }],
  ];

  it('answers 401 to anonymous callers and 403 to partners on every admin route', async () => {
    for (const [method, url, body] of routes) {
      const anonymous = await call(shop, method, url, { body });
      expect(anonymous.status, `${method} ${url} anonymous`).toBe(401);
      const partner = await call(shop, method, url, { token: partnerToken, body });
      expect(partner.status, `${method} ${url} partner`).toBe(403);
    }
    expect(await db().select().from(newsletterSubscribers)).toHaveLength(0);
  });
});

describe('the list', () => {
  beforeAll(async () => {
    await clear();
    await insertSubscribers(
      Array.from({ length: 25 }, (_, index) => ({
        displayName: `Reader ${String(index + 1).padStart(2, '0')}`,
        email: `reader${index + 1}@lab.example`,
        subscribed: index % 4 !== 0,
      })),
    );
  });

  const names = (answer: SubscribersAnswer) => answer.subscribers.map((row) => row.displayName);

  it('answers page 1 of 10, newest first, with the total of every match', async () => {
    const answer = await listOk();
    expect(answer.total).toBe(25);
    // The dashboard's number: of the 25 addresses, 7 unsubscribed.
    expect(answer.subscribed).toBe(18);
    expect(names(answer)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Reader ${String(index + 1).padStart(2, '0')}`),
    );
    expect(answer.subscribers[0]).toMatchObject({
      email: 'reader1@lab.example',
      subscribed: false,
      createdAt: '2025-06-01T12:00:00.000Z',
    });
    expect(answer.subscribers[1]?.subscribed).toBe(true);
    expect(answer.subscribers[0]?._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pages with page and limit', async () => {
    expect(names(await listOk('?page=2'))).toEqual(
      Array.from({ length: 10 }, (_, index) => `Reader ${index + 11}`),
    );
    const last = await listOk('?page=3');
    expect(names(last)).toEqual(['Reader 21', 'Reader 22', 'Reader 23', 'Reader 24', 'Reader 25']);
    expect(last.total).toBe(25);
    expect(last.subscribed).toBe(18);
    const small = await listOk('?page=2&limit=3');
    expect(names(small)).toEqual(['Reader 04', 'Reader 05', 'Reader 06']);
    expect(small.total).toBe(25);
    const all = await listOk('?limit=100');
    expect(all.subscribers).toHaveLength(25);
    expect(all.subscribed).toBe(18);
    expect(await listOk('?page=9')).toEqual({ subscribers: [], total: 25, subscribed: 18 });
  });

  it('refuses a bad page or limit with a clear 400', async () => {
    for (const query of ['?page=0', '?page=x', '?page=1.5', '?page=1&page=2']) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(await errorOf(response)).toBe('page must be a whole number from 1.');
    }
    for (const query of ['?limit=0', '?limit=101', '?limit=ten', '?limit=-1']) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(await errorOf(response)).toBe('limit must be a whole number from 1 to 100.');
    }
    const long = await list(`?search=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toBe('The search must be at most 200 characters.');
  });
});

describe('search', () => {
  beforeAll(async () => {
    await clear();
    await insertSubscribers([
      { displayName: 'Maria Delgado', email: 'maria@brightline.example' },
      { displayName: 'Tom Becker', email: 'TOM.BECKER@Northside.example' },
      { displayName: '100% Dental', email: 'percent@lab.example' },
      { displayName: 'Under_score Lab', email: 'underscore@lab.example' },
      { displayName: 'Back\\slash Studio', email: 'backslash@lab.example' },
      { displayName: 'Plain Lab', email: 'plain@lab.example' },
    ]);
  });

  const found = async (search: string) =>
    (await listOk(`?search=${encodeURIComponent(search)}`)).subscribers.map(
      (row) => row.displayName,
    );

  it('matches part of the name or the e-mail, ignoring case', async () => {
    expect(await found('DELGADO')).toEqual(['Maria Delgado']);
    expect(await found('northside')).toEqual(['Tom Becker']);
    expect(await found('Bright')).toEqual(['Maria Delgado']);
    expect(await found('  becker  ')).toEqual(['Tom Becker']);
    expect(await found('lab.example')).toEqual([
      '100% Dental',
      'Under_score Lab',
      'Back\\slash Studio',
      'Plain Lab',
    ]);
    const answer = await listOk('?search=lab&limit=2');
    expect(answer.total).toBe(4);
    expect(answer.subscribed).toBe(4);
    expect(answer.subscribers).toHaveLength(2);
    expect(await listOk('?search=nobody')).toEqual({ subscribers: [], total: 0, subscribed: 0 });
  });

  it('takes % _ and \\ as plain characters', async () => {
    expect(await found('%')).toEqual(['100% Dental']);
    expect(await found('0%')).toEqual(['100% Dental']);
    expect(await found('_')).toEqual(['Under_score Lab']);
    expect(await found('r_s')).toEqual(['Under_score Lab']);
    expect(await found('\\')).toEqual(['Back\\slash Studio']);
    expect(await found('%Lab')).toEqual([]);
  });
});

describe('subscribers.csv', () => {
  const TRICKY = [
    { displayName: 'Smith, John', email: 'smith@lab.example' },
    { displayName: 'The "Best" Lab', email: 'best@lab.example' },
    { displayName: 'Line one\nline two', email: 'lines@lab.example' },
    { displayName: '=HYPERLINK("http://evil.example","Click")', email: 'formula@lab.example' },
    { displayName: '+1 Dental', email: 'plus@lab.example' },
    { displayName: '-5 Lab', email: 'minus@lab.example' },
    { displayName: '@SUM(A1:A9)', email: 'at@lab.example' },
  ];

  beforeAll(async () => {
    await clear();
    // Through the admin form, as an admin would type them.
    for (const row of TRICKY) expect((await add(row.displayName, row.email)).status).toBe(201);
    await insertSubscribers(
      Array.from({ length: 12 }, (_, index) => ({
        displayName: `Bulk ${index + 1}`,
        email: `bulk${index + 1}@other.example`,
        subscribed: index !== 0,
      })),
    );
  });

  it('downloads every subscriber as subscribers.csv with the named columns', async () => {
    const response = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="subscribers.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(text.startsWith('displayName,email,subscribed,createdAt\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...SUBSCRIBER_CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + TRICKY.length + 12);
    const bulkOne = rows.find((row) => row[1] === 'bulk1@other.example');
    expect(bulkOne).toEqual(['Bulk 1', 'bulk1@other.example', 'false', '2025-06-01T12:00:00.000Z']);
  });

  it('quotes commas, quotes and line breaks, and defuses formulas', async () => {
    const text = await (await exportCsv('?search=%40lab.example')).text();
    expect(text).toContain('"Smith, John",smith@lab.example,true,');
    expect(text).toContain('"The ""Best"" Lab",best@lab.example,true,');
    expect(text).toContain('"Line one\nline two",lines@lab.example,true,');
    expect(text).toContain(
      `"'=HYPERLINK(""http://evil.example"",""Click"")",formula@lab.example,true,`,
    );
    expect(text).toContain("'+1 Dental,plus@lab.example,true,");
    expect(text).toContain("'-5 Lab,minus@lab.example,true,");
    expect(text).toContain("'@SUM(A1:A9),at@lab.example,true,");
    const rows = parseCsv(text);
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      [...TRICKY]
        .reverse()
        .map((row) => (/^[=+\-@]/.test(row.displayName) ? `'` : '') + row.displayName),
    );
  });

  it('exports every match of the search, not one page', async () => {
    const rows = parseCsv(await (await exportCsv('?search=BULK')).text());
    expect(rows).toHaveLength(13);
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      Array.from({ length: 12 }, (_, index) => `Bulk ${index + 1}`),
    );
    expect(parseCsv(await (await exportCsv('?search=nobody')).text())).toEqual([
      [...SUBSCRIBER_CSV_COLUMNS],
    ]);
  });
});

describe('add-subscriber', () => {
  beforeEach(clear);

  it('adds a subscriber (201) with the spec message', async () => {
    const change = await json<SubscriberChange>(
      await add('  Maria Delgado ', ' Maria@Brightline.example '),
      201,
    );
    expect(change.message).toBe(NEWSLETTER_MESSAGES.added);
    expect(change.subscriber).toMatchObject({
      displayName: 'Maria Delgado',
      email: 'Maria@Brightline.example',
      subscribed: true,
    });
    const [row] = await db().select().from(newsletterSubscribers);
    expect(row).toMatchObject({ source: 'admin', subscribed: true, unsubscribedAt: null });
    expect((await listOk()).subscribers[0]?._id).toBe(change.subscriber._id);
  });

  it('refuses an address already on the list (409), in any letter case, keeping one row', async () => {
    expect((await add('Maria', 'maria@brightline.example')).status).toBe(201);
    for (const email of ['maria@brightline.example', 'MARIA@BrightLine.Example']) {
      const again = await add('Maria again', email);
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toBe(NEWSLETTER_MESSAGES.duplicate(email));
    }
    expect((await unsubscribe('maria@brightline.example')).status).toBe(200);
    const unsubscribed = await add('Maria', 'Maria@brightline.example');
    expect(unsubscribed.status).toBe(409);
    expect(await errorOf(unsubscribed)).toBe(
      NEWSLETTER_MESSAGES.duplicateUnsubscribed('Maria@brightline.example'),
    );
    const rows = await db().select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ displayName: 'Maria', subscribed: false });
  });

  it('makes one row when the same address is added several times at once', async () => {
    const responses = await Promise.all(
      ['race@lab.example', 'RACE@lab.example', 'Race@Lab.example', 'race@LAB.EXAMPLE'].map(
        (email, index) => add(`Racer ${index}`, email),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    const [count] = await db()
      .select({ value: sql<number>`count(*)::int` })
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, 'race@lab.example'));
    expect(count?.value).toBe(1);
  });

  it('checks the name and the e-mail (400 with the message)', async () => {
    const cases: [unknown, string][] = [
      [{ displayName: 'Ann', email: 'not-an-address' }, NEWSLETTER_MESSAGES.emailInvalid],
      [{ displayName: 'Ann', email: 'ann@lab' }, NEWSLETTER_MESSAGES.emailInvalid],
      [{ displayName: 'Ann', email: '' }, NEWSLETTER_MESSAGES.emailRequired],
      [{ displayName: 'Ann' }, NEWSLETTER_MESSAGES.emailRequired],
      [{ displayName: '  ', email: 'ann@lab.example' }, NEWSLETTER_MESSAGES.displayNameRequired],
      [{ email: 'ann@lab.example' }, NEWSLETTER_MESSAGES.displayNameRequired],
      [
        { displayName: 'x'.repeat(101), email: 'ann@lab.example' },
        NEWSLETTER_MESSAGES.displayNameTooLong,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await call(shop, 'POST', '/api/add-subscriber', {
        token: adminToken,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(NEWSLETTER_MESSAGES.emailInvalid).toBe('Please enter a valid email address.');
    expect(await db().select().from(newsletterSubscribers)).toHaveLength(0);
  });
});

describe('unsubscribe and subscribe', () => {
  beforeEach(async () => {
    await clear();
    await insertSubscribers([{ displayName: 'Tom Becker', email: 'tom@northside.example' }]);
  });

  const row = async () => (await db().select().from(newsletterSubscribers))[0];

  it('unsubscribes (the spec message), and again changes nothing', async () => {
    const change = await json<SubscriberChange>(await unsubscribe('tom@northside.example'));
    expect(change.message).toBe('Successfully unsubscribed tom@northside.example');
    expect(change.subscriber).toMatchObject({ email: 'tom@northside.example', subscribed: false });
    const first = await row();
    expect(first?.subscribed).toBe(false);
    expect(first?.unsubscribedAt).toBeInstanceOf(Date);

    const again = await json<SubscriberChange>(await unsubscribe('TOM@northside.example'));
    expect(again.message).toBe(NEWSLETTER_MESSAGES.unsubscribed('TOM@northside.example'));
    expect(again.subscriber.subscribed).toBe(false);
    expect((await row())?.unsubscribedAt).toEqual(first?.unsubscribedAt);
    expect((await listOk()).subscribers[0]?.subscribed).toBe(false);
  });

  it('subscribes again (our message), and again changes nothing', async () => {
    await unsubscribe('tom@northside.example');
    const change = await json<SubscriberChange>(await subscribe('tom@northside.example'));
    expect(change.message).toBe(NEWSLETTER_MESSAGES.subscribed('tom@northside.example'));
    expect(change.subscriber.subscribed).toBe(true);
    expect(await row()).toMatchObject({ subscribed: true, unsubscribedAt: null });
    const again = await json<SubscriberChange>(await subscribe('tom@northside.example'));
    expect(again.subscriber.subscribed).toBe(true);
  });

  it('answers 404 for an address not on the list', async () => {
    const out = await unsubscribe('nobody@lab.example');
    expect(out.status).toBe(404);
    expect(await errorOf(out)).toBe(NEWSLETTER_MESSAGES.notFound('nobody@lab.example'));
    const back = await subscribe('nobody@lab.example');
    expect(back.status).toBe(404);
    expect(await errorOf(back)).toBe(NEWSLETTER_MESSAGES.notFound('nobody@lab.example'));
  });

  it('refuses an invalid or missing address (400)', async () => {
    const bad = await unsubscribe('tom at northside');
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe('Please enter a valid email address.');
    const missing = await call(shop, 'POST', '/api/unsubscribe', { token: adminToken, body: {} });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe(NEWSLETTER_MESSAGES.emailRequired);
    const badSubscribe = await subscribe('tom@');
    expect(badSubscribe.status).toBe(400);
    expect(await errorOf(badSubscribe)).toBe('Please enter a valid email address.');
    expect((await row())?.subscribed).toBe(true);
  });

  it('takes a bearer caller whatever Sec-Fetch-Site says (not a browser following a link)', async () => {
    const response = await call(shop, 'POST', '/api/unsubscribe', {
      token: adminToken,
      body: { email: 'tom@northside.example' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });
});

describe('unsubscribing with the session cookie (issue 31)', () => {
  let embedded: TestApp;
  let admin: BrowserlessClient;

  beforeAll(async () => {
    embedded = await startTestApp({ OUTBOX_WORKER: 'false' });
    const account = DEMO_ACCOUNTS[0]!;
    admin = new BrowserlessClient(embedded.origin);
    const start = await admin.follow('/auth/login?returnTo=/');
    const pageUrl = start.visited.at(-1);
    if (!pageUrl) throw new Error('no login page');
    await admin.submitForm(await start.response.text(), pageUrl, {
      email: account.email,
      password: account.password,
    });
    expect(admin.cookies.has('labshop_session')).toBe(true);
    await embedded.database.db
      .insert(newsletterSubscribers)
      .values({ displayName: 'Tom Becker', email: 'tom@northside.example' });
  });
  afterAll(() => embedded?.close());

  const subscribed = async () =>
    (await embedded.database.db.select().from(newsletterSubscribers))[0]?.subscribed;
  const EVIL = 'https://evil.example';

  it('GET /api/unsubscribe with the session cookie changes nothing, wherever the request says it came from: 405 naming POST', async () => {
    const sources: [string, Record<string, string>][] = [
      ['a foreign Referer without Sec-Fetch-Site', { referer: `${EVIL}/newsletter-tricks` }],
      ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['the site itself', { 'sec-fetch-site': 'same-origin', referer: `${embedded.origin}/admin` }],
      ['a typed address', { 'sec-fetch-site': 'none' }],
      ['no browser', {}],
    ];
    for (const [source, headers] of sources) {
      const response = await admin.request('/api/unsubscribe?email=tom%40northside.example', {
        headers,
      });
      expect(response.status, source).toBe(405);
      expect(response.headers.get('allow'), source).toBe('POST');
      expect(await errorOf(response), source).toBe(UNSUBSCRIBE_IS_POST);
    }
    expect(await subscribed()).toBe(true);
  });

  it('POST /api/unsubscribe with the session cookie unsubscribes from the site itself, and is refused when another site starts it', async () => {
    const post = (headers: Record<string, string>, body = '{"email":"tom@northside.example"}') =>
      admin.request('/api/unsubscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const foreign: [string, Record<string, string>][] = [
      ['a foreign Origin', { origin: EVIL }],
      ['a foreign Referer without Origin', { referer: `${EVIL}/x` }],
      ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ];
    for (const [source, headers] of foreign) {
      const response = await post(headers);
      expect(response.status, source).toBe(403);
      expect(await errorOf(response), source).toBe(MESSAGES.crossSite);
    }
    const form = await post(
      { origin: embedded.origin, 'content-type': 'application/x-www-form-urlencoded' },
      'email=tom%40northside.example',
    );
    expect(form.status).toBe(415);
    expect(await subscribed()).toBe(true);

    const own = await post({ origin: embedded.origin, 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(200);
    expect(await subscribed()).toBe(false);
  });
});

describe('API description', () => {
  it('documents every subscriber route under the newsletter tag, with its error answers', async () => {
    const document = (await (await call(shop, 'GET', '/api/docs/json')).json()) as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; summary?: string; responses?: Record<string, unknown> }>
      >;
    };
    const expected: [string, string, string[]][] = [
      ['/api/newsletter-subscribers', 'get', ['200', '400', '401', '403']],
      ['/api/export-subscribers', 'get', ['200', '400', '401', '403']],
      ['/api/unsubscribe', 'get', ['400', '401', '403', '405']],
      ['/api/unsubscribe', 'post', ['200', '400', '401', '403', '404']],
      ['/api/subscribe', 'post', ['200', '400', '401', '403', '404']],
      ['/api/add-subscriber', 'post', ['201', '400', '401', '403', '409']],
      ['/api/newsletter/signup', 'post', ['202', '400', '429']],
      ['/api/newsletter/confirm', 'post', ['200', '400', '403', '410', '429']],
      ['/api/newsletter/unsubscribe', 'post', ['200', '400', '403']],
    ];
    for (const [path, method, statuses] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation?.tags, `${method} ${path}`).toEqual(['newsletter']);
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(Object.keys(operation?.responses ?? {}).sort(), `${method} ${path}`).toEqual(statuses);
    }
  });
});
