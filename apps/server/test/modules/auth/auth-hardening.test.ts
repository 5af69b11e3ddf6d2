import { createHash } from 'node:crypto';
import { LOGIN_ERROR_MESSAGES, LOGIN_RATE_LIMITED_MESSAGE, type Me } from '@labshop/shared/auth';
import { CAPTCHA_NONCE_HEADER } from '@labshop/shared/schemas/checkout';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../../src/db/schema/index.ts';
import { tableFingerprints, type TableFingerprint } from '../../../src/db/backup.ts';
import { MESSAGES } from '../../../src/http/access.ts';
import { DEMO_ACCOUNTS } from '../../../src/integrations/identity/embedded/demo-accounts.ts';
import { tooManyFailuresMessage } from '../../../src/integrations/identity/embedded/login-throttle.ts';
import { ACCESS_TABLE } from '../../support/access-table.ts';
import { PRODUCTS, paymentBody, payOk, seedCheckoutData } from '../../support/checkout-fixtures.ts';
import type { IdTokenFault } from '../../fakes/oidc-issuer.ts';
import {
  startSignedInTestApp,
  startTestApp,
  type SignedInTestApp,
  type TestApp,
} from '../../support/helper.ts';
import { BrowserlessClient } from '../../support/http-client.ts';

/**
 * Issue 10 / HARDENING.md "Access": sessions, login and CSRF. Partner B against partner A's
 * data (IDOR), session fixation and logout, ID and access tokens the login must refuse,
 * cookie-authenticated writes another site could forge, GETs that must change nothing, bursts
 * on login (429 with Retry-After), and the identity provider down.
 */

const EVIL = 'https://evil.example';

function demoAccount(index: number) {
  const account = DEMO_ACCOUNTS[index];
  if (!account) throw new Error(`no demo account ${index}`);
  return account;
}
const admin = demoAccount(0);
const partnerA = demoAccount(1);
const partnerB = demoAccount(2);

/** A client whose every request says it comes from `ip` (the app trusts X-Forwarded-For). */
class ClientAt extends BrowserlessClient {
  constructor(
    origin: string,
    private readonly ip: string,
  ) {
    super(origin);
  }

  override request(target: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', this.ip);
    return super.request(target, { ...init, headers });
  }
}

/** The embedded provider's sign-in page for a new login, and the client holding its cookies. */
async function loginPage(client: BrowserlessClient) {
  const start = await client.follow('/auth/login');
  const pageUrl = start.visited.at(-1);
  if (!pageUrl) throw new Error('no login page');
  return { html: await start.response.text(), pageUrl, status: start.response.status };
}

/** Login through the embedded provider's real redirects and form. */
async function signIn(
  origin: string,
  account: { email: string; password: string },
  client = new BrowserlessClient(origin),
) {
  const { html, pageUrl } = await loginPage(client);
  const done = await client.submitForm(html, pageUrl, account);
  expect(client.cookies.has('labshop_session'), `signed in as ${account.email}`).toBe(true);
  return { client, done };
}

async function me(client: BrowserlessClient): Promise<Me> {
  const response = await client.request('/api/me');
  expect(response.status).toBe(200);
  return (await response.json()) as Me;
}

/** A fresh client holding only this session cookie value (another browser, an attacker). */
function withSessionCookie(origin: string, value: string): BrowserlessClient {
  const client = new BrowserlessClient(origin);
  client.cookies.set('labshop_session', value);
  return client;
}

/** Every table's row count and checksum (the backup manifest's fingerprint). */
async function fingerprint(shop: TestApp): Promise<Record<string, TableFingerprint>> {
  return tableFingerprints(async (text) => {
    // Both drivers answer { rows }.
    const result = (await shop.database.db.execute(sql.raw(text))) as unknown as {
      rows: Record<string, unknown>[];
    };
    return result.rows;
  });
}

/** The tables whose fingerprint differs. */
function changedTables(
  before: Record<string, TableFingerprint>,
  after: Record<string, TableFingerprint>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter(
    (name) =>
      before[name]?.rows !== after[name]?.rows || before[name]?.checksum !== after[name]?.checksum,
  );
}

async function errorOf(response: Response): Promise<string | undefined> {
  const text = await response.text();
  try {
    return (JSON.parse(text) as { error?: string }).error;
  } catch {
    return undefined;
  }
}

describe('the embedded shop', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await startTestApp({ LOGIN_RATE_LIMIT_MAX: '1000', OUTBOX_WORKER: 'false' });
    await seedCheckoutData(shop);
  });
  afterAll(() => shop?.close());

  describe("partner B and partner A's data (no IDOR)", () => {
    it("B's session cookie answers B, never A, and B cannot open A's orders", async () => {
      const a = await signIn(shop.origin, partnerA);
      const b = await signIn(shop.origin, partnerB);
      expect((await me(a.client)).user?.email).toBe(partnerA.email);
      expect((await me(b.client)).user?.email).toBe(partnerB.email);
      expect(a.client.cookies.get('labshop_session')).not.toBe(
        b.client.cookies.get('labshop_session'),
      );

      const paid = await payOk(
        shop,
        paymentBody([{ number: PRODUCTS.vibrator.number, quantity: 1 }], 25_000, {
          email: partnerA.email,
          fullName: 'Partner A',
        }),
      );
      const orderNumber = paid.orderNumber;
      expect(orderNumber).toBeTruthy();
      for (const path of [
        `/api/admin/orders/${orderNumber}`,
        `/api/order-history?search=${orderNumber}`,
        '/api/order-history/export',
        '/api/customers',
      ]) {
        const response = await b.client.request(path);
        expect(response.status, path).toBe(403);
        expect(await errorOf(response), path).toBe(MESSAGES.adminRequired);
      }
    });

    it("the checkout's follow-up calls for A's order need A's nonce: B's own nonce never reaches it", async () => {
      const a = await payOk(
        shop,
        paymentBody([{ number: PRODUCTS.vibrator.number, quantity: 1 }], 25_000, {
          email: 'a@lab-a.example',
          fullName: 'Ada Able',
        }),
      );
      const b = await payOk(
        shop,
        paymentBody([{ number: PRODUCTS.bur.number, quantity: 10 }], 4_100, {
          email: 'b@lab-b.example',
          fullName: 'Bob Baker',
        }),
      );
      const unusedNonce = await (async () => {
        const response = await fetch(`${shop.origin}/api/checkout/verify-captcha`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ captchaToken: '' }),
        });
        return ((await response.json()) as { nonce: string }).nonce;
      })();
      const followUp = (path: string, body: unknown, nonce?: string) =>
        fetch(`${shop.origin}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(nonce ? { [CAPTCHA_NONCE_HEADER]: nonce } : {}),
          },
          body: JSON.stringify(body),
        });
      const aOrder = a.orderNumber ?? '';
      const calls: [string, unknown][] = [
        ['/api/checkCustomer', { fullName: 'Ada Able', number: 'WEBAAA', paymentSuccessful: true }],
        [
          '/api/createSalesOrder',
          {
            customerType: 'Retail',
            newOrderNumber: aOrder,
            cart: [],
            phone: '',
            customerNumber: 'WEBAAA',
            fullName: 'Ada Able',
            customerEmail: 'a@lab-a.example',
            couponCode: '',
          },
        ],
        [
          '/api/createInvoice',
          { salesOrderId: aOrder, customerNumber: 'WEBAAA', fullName: 'Ada Able' },
        ],
        ['/api/recordPayment', { invoiceId: 'x', customerNumber: 'WEBAAA' }],
      ];

      const before = await fingerprint(shop);
      for (const [path, body] of calls) {
        const none = await followUp(path, body);
        expect(none.status, `${path} without a nonce`).toBe(400);
        const unused = await followUp(path, body, unusedNonce);
        expect(unused.status, `${path} with a nonce that paid nothing`).toBe(403);
      }
      expect(changedTables(before, await fingerprint(shop))).toEqual([]);

      // With B's own nonce, naming A's order: the answer is about B's order, never A's, and
      // A's order and invoice stay as they were.
      const aRows = async () =>
        (
          (await shop.database.db.execute(
            sql`select o.*, i.* from orders o left join invoices i on i.order_id = o.id
                 where o.number = ${aOrder}`,
          )) as unknown as { rows: unknown[] }
        ).rows;
      const aBefore = await aRows();
      expect(aBefore).toHaveLength(1);
      const invoice = await followUp('/api/createInvoice', calls[2]?.[1], b.nonce);
      expect(invoice.status).toBe(200);
      expect(((await invoice.json()) as { salesOrderId: string }).salesOrderId).toBe(b.orderNumber);
      const salesOrder = await followUp('/api/createSalesOrder', calls[1]?.[1], b.nonce);
      expect(((await salesOrder.json()) as { orderNumber: string }).orderNumber).toBe(
        b.orderNumber,
      );
      const customer = await followUp('/api/checkCustomer', calls[0]?.[1], b.nonce);
      expect(
        ((await customer.json()) as { customer: { fullName: string } }).customer.fullName,
      ).toBe('Bob Baker');
      expect(await aRows()).toEqual(aBefore);
    });

    it("B's cart is B's: A's cart cookie is not on the server to be read", async () => {
      const a = await signIn(shop.origin, partnerA);
      const b = await signIn(shop.origin, partnerB);
      a.client.cookies.set(
        '_cart__rf',
        encodeURIComponent(JSON.stringify([PRODUCTS.grinder.number])),
      );
      const cartOf = async (client: BrowserlessClient) =>
        (await (await client.request('/api/cart')).json()) as { items?: unknown[] };
      const aCart = JSON.stringify(await cartOf(a.client));
      expect(aCart).toContain(PRODUCTS.grinder.number);
      expect(JSON.stringify(await cartOf(b.client))).not.toContain(PRODUCTS.grinder.number);
    });
  });

  describe('session fixation and logout', () => {
    it('gives a new session id at login: a planted cookie is replaced and never becomes the user', async () => {
      const client = new BrowserlessClient(shop.origin);
      client.cookies.set('labshop_session', 'planted-by-an-attacker-0123456789abcdefghijklmn');
      await signIn(shop.origin, partnerA, client);
      const issued = client.cookies.get('labshop_session');
      expect(issued).not.toBe('planted-by-an-attacker-0123456789abcdefghijklmn');
      expect((await me(client)).user?.email).toBe(partnerA.email);
      const planted = withSessionCookie(
        shop.origin,
        'planted-by-an-attacker-0123456789abcdefghijklmn',
      );
      expect(await me(planted)).toEqual({ user: null, tier: 'retail', isAdmin: false });
    });

    it("an attacker's own valid session planted in a browser is replaced at login, and stays the attacker's", async () => {
      const attacker = await signIn(shop.origin, partnerB);
      const attackerCookie = attacker.client.cookies.get('labshop_session') ?? '';
      const victim = withSessionCookie(shop.origin, attackerCookie);
      await signIn(shop.origin, admin, victim);
      expect(victim.cookies.get('labshop_session')).not.toBe(attackerCookie);
      expect((await me(victim)).isAdmin).toBe(true);
      // The attacker's cookie never turns into the administrator's session.
      const replay = withSessionCookie(shop.origin, attackerCookie);
      expect((await me(replay)).user?.email).toBe(partnerB.email);
      expect((await replay.request('/api/admin/dashboard')).status).toBe(403);
    });

    it('after logout the old cookie no longer authenticates, from this client or another', async () => {
      const { client } = await signIn(shop.origin, admin);
      const old = client.cookies.get('labshop_session') ?? '';
      const idHash = createHash('sha256').update(old).digest('base64url');
      expect((await client.request('/api/admin/dashboard')).status).toBe(200);

      const logout = await client.request('/auth/logout', {
        method: 'POST',
        headers: { origin: shop.origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(logout.status).toBe(303);
      expect(client.cookies.has('labshop_session')).toBe(false);
      expect(
        await shop.database.db.select().from(sessions).where(eq(sessions.idHash, idHash)),
      ).toEqual([]);

      for (const replay of [client, withSessionCookie(shop.origin, old)]) {
        replay.cookies.set('labshop_session', old);
        expect(await me(replay)).toEqual({ user: null, tier: 'retail', isAdmin: false });
        const dashboard = await replay.request('/api/admin/dashboard');
        expect(dashboard.status).toBe(401);
        expect(await errorOf(dashboard)).toBe(MESSAGES.signInRequired);
        const write = await replay.request('/api/notifications', {
          method: 'POST',
          headers: { origin: shop.origin, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Replayed', body: 'Should not be stored.' }),
        });
        expect(write.status).toBe(401);
      }
    });

    it('a logout another site starts (form post or link) does not end the session', async () => {
      const { client } = await signIn(shop.origin, partnerA);
      const attempts: RequestInit[] = [
        {
          method: 'POST',
          headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
        },
        { method: 'GET', headers: { 'sec-fetch-site': 'cross-site' } },
        { method: 'GET', headers: { referer: `${EVIL}/page` } },
      ];
      for (const init of attempts) {
        const response = await client.request('/auth/logout', init);
        expect(response.status).toBe(303);
        expect(response.headers.get('location')).toBe('/');
        expect((await me(client)).user?.email).toBe(partnerA.email);
      }
    });
  });

  describe('CSRF: cookie-authenticated writes', () => {
    /** Every write route that needs a session or the administrator, from the route table. */
    const guardedWrites = Object.entries(ACCESS_TABLE)
      .filter(([route, level]) => level !== 'public' && !route.startsWith('GET '))
      .map(([route]) => route.split(' ') as [string, string]);
    const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*/g, 'x');
    const guardMessages = new Set<string>(Object.values(MESSAGES));

    let adminClient: BrowserlessClient;
    beforeAll(async () => {
      adminClient = (await signIn(shop.origin, admin)).client;
    });

    it('covers every guarded write of the route table', () => {
      expect(guardedWrites.length).toBeGreaterThanOrEqual(20);
      expect(guardedWrites.map(([method]) => method).sort()).toEqual(
        expect.arrayContaining(['DELETE', 'POST', 'PUT']),
      );
    });

    it('refuses a foreign Origin, Origin null, a foreign Referer, Sec-Fetch-Site cross-site or same-site, text/plain and form bodies, and nothing changes', async () => {
      const site = shop.origin;
      const json = { 'content-type': 'application/json' };
      const forged: [string, Record<string, string>, number, string][] = [
        ['foreign Origin', { ...json, origin: EVIL }, 403, MESSAGES.crossSite],
        ['Origin null', { ...json, origin: 'null' }, 403, MESSAGES.crossSite],
        ['foreign Referer, no Origin', { ...json, referer: `${EVIL}/x` }, 403, MESSAGES.crossSite],
        [
          'Sec-Fetch-Site cross-site',
          { ...json, 'sec-fetch-site': 'cross-site' },
          403,
          MESSAGES.crossSite,
        ],
        [
          'Sec-Fetch-Site same-site with the site Origin',
          { ...json, origin: site, 'sec-fetch-site': 'same-site' },
          403,
          MESSAGES.crossSite,
        ],
        [
          'text/plain from the site',
          { 'content-type': 'text/plain', origin: site },
          415,
          MESSAGES.formBody,
        ],
        [
          'a form body from the site',
          { 'content-type': 'application/x-www-form-urlencoded', origin: site },
          415,
          MESSAGES.formBody,
        ],
        [
          'text/plain without Origin',
          { 'content-type': 'text/plain;charset=UTF-8' },
          415,
          MESSAGES.formBody,
        ],
      ];
      const before = await fingerprint(shop);
      const wrong: string[] = [];
      for (const [method, url] of guardedWrites) {
        for (const [name, headers, status, message] of forged) {
          const response = await adminClient.request(concrete(url), {
            method,
            headers,
            body: headers['content-type']?.startsWith('application/json') ? '{}' : 'title=x',
          });
          const error = await errorOf(response);
          if (response.status !== status || error !== message) {
            wrong.push(`${method} ${url}, ${name}: ${response.status} ${error ?? ''}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(changedTables(before, await fingerprint(shop))).toEqual([]);
    });

    it('lets the same writes through from the site itself, and from a client that sends no Origin or Referer at all (no browser)', async () => {
      const wrong: string[] = [];
      for (const [method, url] of guardedWrites) {
        for (const headers of [
          {
            'content-type': 'application/json',
            origin: shop.origin,
            'sec-fetch-site': 'same-origin',
          },
          { 'content-type': 'application/json' },
        ] as Record<string, string>[]) {
          const response = await adminClient.request(concrete(url), {
            method,
            headers,
            body: '{}',
          });
          const error = await errorOf(response);
          if (response.status >= 500 || guardMessages.has(error ?? '')) {
            wrong.push(`${method} ${url} ${JSON.stringify(headers)}: ${response.status} ${error}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });

    it('changes no stored data on any GET route called as the administrator', async () => {
      const paid = await payOk(
        shop,
        paymentBody([{ number: PRODUCTS.vibrator.number, quantity: 1 }], 25_000),
      );
      const values: Record<string, string> = {
        '/api/products/:id': PRODUCTS.grinder.number,
        '/api/text_pages/:name': 'Support',
        '/api/coupons/:code': 'WELCOME2',
        '/api/admin/orders/:number': paid.orderNumber ?? '1',
      };
      // The GET route whose change is its purpose, proven elsewhere: logout (ends this
      // session; refused cross-site above). SPEC.md's GET /api/unsubscribe changes nothing.
      const changesByDesign = new Set(['/auth/logout']);
      // Bookkeeping a read must do: login starts and returns count against their rate limit,
      // and every CSV export of personal data is written to the audit log (issue 10, point 7).
      const bookkeeping = (url: string, table: string) =>
        table === 'public.rate_limit_counters' ||
        (table === 'public.audit_log' && url.endsWith('/export')) ||
        (table === 'public.audit_log' && url === '/api/export-subscribers');
      const getRoutes = [
        ...new Set(
          shop.app.accessTable
            .filter((route) => route.method === 'GET' && !changesByDesign.has(route.url))
            .map((route) => route.url),
        ),
      ];
      expect(getRoutes.length).toBeGreaterThanOrEqual(40);
      const before = await fingerprint(shop);
      const changed: string[] = [];
      for (const url of getRoutes) {
        const target = (values[url] ? url.replace(/:[^/]+/, values[url]) : concrete(url)).replace(
          /\*/g,
          'x',
        );
        const start = await fingerprint(shop);
        const response = await adminClient.request(target, {
          headers: { 'sec-fetch-site': 'same-origin' },
        });
        await response.arrayBuffer();
        expect(response.status, target).toBeLessThan(500);
        const tables = changedTables(start, await fingerprint(shop)).filter(
          (table) => !bookkeeping(url, table),
        );
        if (tables.length > 0) changed.push(`GET ${target}: ${tables.join(', ')}`);
      }
      expect(changed).toEqual([]);
      const after = await fingerprint(shop);
      expect(
        changedTables(before, after).filter(
          (table) => table !== 'public.rate_limit_counters' && table !== 'public.audit_log',
        ),
      ).toEqual([]);
      expect((await me(adminClient)).isAdmin).toBe(true);
    });
  });
});

describe('bursts on login', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await startTestApp({ LOGIN_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' });
  });
  afterAll(() => shop?.close());

  async function expectLimited(response: Response) {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.text()).toContain(LOGIN_RATE_LIMITED_MESSAGE);
  }

  it('answers the 4th login start from one IP in the window with 429 and Retry-After; another IP still logs in', async () => {
    const client = new ClientAt(shop.origin, '203.0.113.10');
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await client.request('/auth/login')).status).toBe(303);
    }
    const refused = await client.request('/auth/login');
    // A page a person can read, with a way back, not an API error.
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    await expectLimited(refused);

    const other = new ClientAt(shop.origin, '203.0.113.11');
    await signIn(shop.origin, partnerA, other);
    expect((await me(other)).user?.email).toBe(partnerA.email);
  });

  it('limits login returns (/auth/callback) per IP', async () => {
    const client = new ClientAt(shop.origin, '203.0.113.20');
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await client.request('/auth/callback?code=x&state=y');
      expect(response.headers.get('location')).toBe('/auth/error?reason=invalid_state');
    }
    await expectLimited(await client.request('/auth/callback?code=x&state=y'));
  });

  it("limits password tries on the provider's form per IP, with a page that says why", async () => {
    const client = new ClientAt(shop.origin, '203.0.113.30');
    const { html, pageUrl } = await loginPage(client);
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await client.submitForm(html, pageUrl, {
        email: `guess${attempt}@lab.example`,
        password: 'wrong',
      });
      expect(wrong.response.status).toBe(401);
    }
    const refused = await client.submitForm(html, pageUrl, {
      email: partnerB.email,
      password: partnerB.password,
    });
    await expectLimited(refused.response);
    expect(client.cookies.has('labshop_session')).toBe(false);
  });
});

describe('failed passwords on the sign-in form (issue 31)', () => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => shop?.close());

  /** Time stands still but for the waits the test chooses to sit out. */
  const freezeClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  const sitOut = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  async function tryPassword(
    client: BrowserlessClient,
    page: { html: string; pageUrl: URL },
    account: { email: string; password: string },
  ) {
    return (await client.submitForm(page.html, page.pageUrl, account)).response;
  }

  /**
   * `count` wrong passwords for the administrator from `client`, sitting out each wait the form
   * asks for (429 with Retry-After and the message); answers the waits in order.
   */
  async function guess(client: BrowserlessClient, count: number) {
    const page = await loginPage(client);
    const waits: number[] = [];
    for (let wrong = 0; wrong < count;) {
      const response = await tryPassword(client, page, {
        email: admin.email,
        password: `guess-${wrong}`,
      });
      if (response.status === 429) {
        const wait = Number(response.headers.get('retry-after'));
        expect(await response.text()).toContain(tooManyFailuresMessage(wait));
        waits.push(wait);
        sitOut(wait);
        continue;
      }
      expect(response.status).toBe(401);
      wrong++;
    }
    return { page, waits };
  }

  it('31 wrong passwords from two addresses slow those addresses with growing waits; the administrator signs in from a third at once', async () => {
    freezeClock();
    const first = new ClientAt(shop.origin, '203.0.113.60');
    const second = new ClientAt(shop.origin, '203.0.113.61');
    const fromFirst = await guess(first, 16);
    // Five free failures per account from an address, then 2^k seconds, up to 15 minutes.
    expect(fromFirst.waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
    // The guesser cannot use the right password while it waits: it is not even checked.
    const refused = await tryPassword(first, fromFirst.page, admin);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');
    expect(await refused.text()).toContain(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
    expect(first.cookies.has('labshop_session')).toBe(false);

    const fromSecond = await guess(second, 15);
    expect(fromSecond.waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);

    const rightful = new ClientAt(shop.origin, '198.51.100.70');
    await signIn(shop.origin, admin, rightful);
    expect((await me(rightful)).isAdmin).toBe(true);
  });

  it('lets a user who mistyped a few times in, and forgets those mistakes', async () => {
    const client = new ClientAt(shop.origin, '198.51.100.71');
    const page = await loginPage(client);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await tryPassword(client, page, { ...partnerA, password: `typo-${attempt}` });
      expect(wrong.status).toBe(401);
    }
    await signIn(shop.origin, partnerA, client);
    // Five more typos later in the day are free again.
    const later = new ClientAt(shop.origin, '198.51.100.71');
    const again = await loginPage(later);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await tryPassword(later, again, { ...partnerA, password: `typo-${attempt}` });
      expect(wrong.status).toBe(401);
    }
    await signIn(shop.origin, partnerA, later);
  });

  it('slows an address that tries many accounts, one wrong password each', async () => {
    freezeClock();
    const client = new ClientAt(shop.origin, '203.0.113.62');
    const page = await loginPage(client);
    for (let attempt = 0; attempt < 11; attempt++) {
      const wrong = await tryPassword(client, page, {
        email: `lab${attempt}@spray.example`,
        password: 'Summer2025!',
      });
      expect(wrong.status).toBe(401);
    }
    // Ten free failures per address, then the waits grow.
    const slowed = await tryPassword(client, page, partnerB);
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('retry-after')).toBe('1');
    sitOut(1);
    await signIn(shop.origin, partnerB, client);
    // Elsewhere nobody noticed.
    await signIn(shop.origin, partnerB, new ClientAt(shop.origin, '198.51.100.72'));
  });
});

describe('an external identity provider', () => {
  let shop: SignedInTestApp;

  beforeAll(async () => {
    shop = await startSignedInTestApp();
  });
  afterAll(() => shop?.close());

  const user = { sub: 'auth0|lab-7', email: 'lab7@partner.example', email_verified: true };

  /** Follows /auth/login through the fake issuer's /authorize back to the shop's callback. */
  async function login(client = new BrowserlessClient(shop.origin)) {
    const { response, visited } = await client.follow('/auth/login');
    return { client, response, visited };
  }

  it('signs a user in through the authorize and token endpoints (the fake works)', async () => {
    shop.issuer.login = { claims: user };
    const { client, visited } = await login();
    expect(visited.map((url) => url.pathname)).toEqual([
      '/auth/login',
      '/authorize',
      '/auth/callback',
      '/',
    ]);
    expect((await me(client)).user?.email).toBe(user.email);
  });

  it.each<[string, IdTokenFault]>([
    ['a nonce from another login', 'wrong-nonce'],
    ['another issuer', 'wrong-issuer'],
    ['another audience', 'wrong-audience'],
    ['an expiry an hour ago', 'expired'],
    ['alg none (unsigned)', 'alg-none'],
    ['a signature by a key the issuer does not publish', 'foreign-key'],
  ])('refuses an ID token with %s: error page, no session, never a 500', async (_case, fault) => {
    shop.issuer.login = { claims: { ...user, sub: `auth0|${fault}` }, idTokenFault: fault };
    const { client, visited, response } = await login();
    const callback = visited.findIndex((url) => url.pathname === '/auth/callback');
    expect(callback).toBeGreaterThan(0);
    expect(visited[callback + 1]?.pathname).toBe('/auth/error');
    expect(visited[callback + 1]?.searchParams.get('reason')).toBe('invalid_state');
    expect(response.status).toBeLessThan(500);
    expect(client.cookies.has('labshop_session')).toBe(false);
    const rows = await shop.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userSubject, `auth0|${fault}`));
    expect(rows).toEqual([]);
  });

  const adminClaims = { sub: 'auth0|boss', email: 'admin@lab.example', email_verified: true };

  it.each([
    ['alg none (unsigned)', () => Promise.resolve(shop.issuer.signUnsecured(adminClaims))],
    [
      'from another issuer',
      () => shop.issuer.sign(adminClaims, { issuer: 'https://evil.example/' }),
    ],
    [
      'HS256 signed with the public key (key confusion)',
      () => shop.issuer.signHs256WithPublicKey(adminClaims),
    ],
    ['expired beyond the leeway', () => shop.issuer.sign(adminClaims, { expiresIn: -3600 })],
  ])('refuses a Bearer access token %s with 401', async (_case, makeToken) => {
    const response = await fetch(`${shop.origin}/api/admin/dashboard`, {
      headers: { authorization: `Bearer ${await makeToken()}` },
    });
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe(MESSAGES.tokenInvalid);
    // The same claims, properly signed, are the administrator: the refusal is the token's.
    const good = await fetch(`${shop.origin}/api/admin/dashboard`, {
      headers: { authorization: `Bearer ${await shop.issuer.sign(adminClaims)}` },
    });
    expect(good.status).toBe(200);
  });

  describe('down', () => {
    it('a token endpoint answering 500: the error page says the sign-in service is unavailable; the next login works', async () => {
      shop.issuer.login = { claims: user, tokenEndpointFails: true };
      const failed = await login();
      expect(failed.visited.at(-1)?.pathname).toBe('/auth/error');
      expect(failed.visited.at(-1)?.searchParams.get('reason')).toBe('unavailable');
      expect(failed.client.cookies.has('labshop_session')).toBe(false);

      shop.issuer.login = { claims: user };
      const ok = await login();
      expect((await me(ok.client)).user?.email).toBe(user.email);
    });

    it('a refresh the provider cannot answer (500, unreachable) keeps the session; it refreshes once the provider is back', async () => {
      shop.issuer.login = { claims: user };
      const { client } = await login();
      const idHash = createHash('sha256')
        .update(client.cookies.get('labshop_session') ?? '')
        .digest('base64url');
      const expireSoon = () =>
        shop.database.db
          .update(sessions)
          .set({ accessTokenExpiresAt: new Date(Date.now() + 5_000) })
          .where(eq(sessions.idHash, idHash));
      const stored = async () =>
        (await shop.database.db.select().from(sessions).where(eq(sessions.idHash, idHash)))[0];
      await expireSoon();
      const before = await stored();

      shop.issuer.login = { claims: user, tokenEndpointFails: true };
      expect((await me(client)).user?.email).toBe(user.email);
      shop.issuer.down = true;
      try {
        expect((await me(client)).user?.email).toBe(user.email);
      } finally {
        shop.issuer.down = false;
      }
      // Kept as it was: same tokens, still about to expire.
      expect((await stored())?.accessTokenExpiresAt).toEqual(before?.accessTokenExpiresAt);

      shop.issuer.login = { claims: user };
      expect((await me(client)).user?.email).toBe(user.email);
      const after = await stored();
      expect(after?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 60_000);
    });

    it('unreachable during the login: the error page, no stack, and the login works when it is back', async () => {
      shop.issuer.login = { claims: user };
      const client = new BrowserlessClient(shop.origin);
      const start = await client.request('/auth/login');
      const authorize = start.headers.get('location') ?? '';
      const back = await client.request(authorize);
      const callback = back.headers.get('location') ?? '';
      shop.issuer.down = true;
      try {
        const answer = await client.request(callback);
        expect(answer.status).toBe(303);
        expect(answer.headers.get('location')).toBe('/auth/error?reason=unavailable');
        expect(client.cookies.has('labshop_session')).toBe(false);
      } finally {
        shop.issuer.down = false;
      }
      const again = await login();
      expect((await me(again.client)).user?.email).toBe(user.email);
    });
  });
});

describe('an identity provider down from the start', () => {
  let shop: SignedInTestApp;

  beforeAll(async () => {
    shop = await startSignedInTestApp();
    shop.issuer.down = true;
  });
  afterAll(() => shop?.close());

  it('login and Bearer calls get a clear retryable answer (303 to the error page, 503), never a 500, and work once it is back', async () => {
    const login = await fetch(`${shop.origin}/auth/login`, { redirect: 'manual' });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/auth/error?reason=unavailable');

    const bearer = await fetch(`${shop.origin}/api/admin/dashboard`, {
      headers: { authorization: `Bearer ${shop.adminToken}` },
    });
    expect(bearer.status).toBe(503);
    const body = await bearer.text();
    expect(JSON.parse(body)).toEqual({ error: LOGIN_ERROR_MESSAGES.unavailable });
    expect(body).not.toMatch(/at \w+ \(|ECONNRESET|fetch failed/);

    // Anonymous visitors are not held up by the provider.
    expect((await fetch(`${shop.origin}/api/products`)).status).toBe(200);

    shop.issuer.down = false;
    const back = await fetch(`${shop.origin}/auth/login`, { redirect: 'manual' });
    expect(back.headers.get('location')).toMatch(/\/authorize\?/);
    const dashboard = await fetch(`${shop.origin}/api/admin/dashboard`, {
      headers: { authorization: `Bearer ${shop.adminToken}` },
    });
    expect(dashboard.status).toBe(200);
  });
});
