import { COOKIES } from '@labshop/shared/constants';
import { CAPTCHA_NONCE_HEADER, CHECKOUT_MESSAGES } from '@labshop/shared/schemas/checkout';
import type { PaymentAnswer } from '@labshop/shared/schemas/checkout';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, outbox, payments } from '../../../src/db/schema/index.ts';
import { SANDBOX_TEST_TOKENS } from '../../../src/integrations/payments/sandbox.ts';
import { ORDER_JOB_KINDS, orderJobKey } from '../../../src/jobs/order-jobs.ts';
import {
  call,
  errorOf,
  newNonce,
  pay,
  paymentBody,
  PRODUCTS,
  sandboxOf,
  seedCheckoutData,
  type CartLine,
} from '../../support/checkout-fixtures.ts';
import {
  startSignedInTestApp,
  startTestApp,
  type SignedInTestApp,
  type TestApp,
} from '../../support/helper.ts';

/**
 * HARDENING.md "Payments and orders" rows the older checkout tests do not cover: two tabs
 * paying one cart (and a repeat order from a new checkout, which is never joined), 500
 * concurrent orders, a price changed between the cart and the payment, and a model of the
 * order's life (fast-check commands) that finds no illegal transition and never a second
 * charge. `shop` has the admin signed in through a fake provider and the outbox worker
 * off, so the jobs stay where they were written.
 */

const { vibrator, grinder } = PRODUCTS;

let shop: SignedInTestApp;

beforeAll(async () => {
  shop = await startSignedInTestApp({
    OUTBOX_WORKER: 'false',
    CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: '100000',
  });
  await seedCheckoutData(shop);
});
afterAll(async () => {
  await shop.close();
});
beforeEach(() => {
  sandboxOf(shop).reset();
});

let buyers = 0;
const newEmail = () => `tab-buyer-${++buyers}@lab.example`;

async function answerOf(response: Response): Promise<PaymentAnswer> {
  const answer = (await response.json()) as PaymentAnswer;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

/** A storefront browser: the checkout cookie every tab of it sends. */
let browsers = 0;
const newBrowser = () => `labshop_checkout=${`browser-${++browsers}`.padEnd(22, 'x')}`;

/** process-payment from a browser tab (its cookie) with its own nonce. */
function payFrom(browser: string, body: unknown, nonce: string): Promise<Response> {
  return call(shop, 'POST', '/api/process-payment', {
    body,
    headers: { cookie: browser, [CAPTCHA_NONCE_HEADER]: nonce },
  });
}

async function ordersOf(email: string) {
  return shop.database.db.select().from(orders).where(eq(orders.email, email));
}

/**
 * A storefront browser session as a test client: it keeps the checkout cookie the server sets
 * (the captcha check's, and the new one a paid answer brings), as a browser's cookie jar does.
 */
class BrowserSession {
  cookie: string | null = null;

  private keep(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(';')[0] ?? '';
      if (pair.startsWith(`${COOKIES.checkout}=`)) this.cookie = pair;
    }
  }

  private headers(): Record<string, string> {
    return this.cookie ? { cookie: this.cookie } : {};
  }

  /** verify-captcha from this browser: a fresh nonce (and the cookie, the first time). */
  async nonce(): Promise<string> {
    const response = await call(shop, 'POST', '/api/checkout/verify-captcha', {
      body: { captchaToken: '' },
      headers: this.headers(),
    });
    expect(response.status).toBe(200);
    this.keep(response);
    return ((await response.json()) as { nonce: string }).nonce;
  }

  /** Pay Now: a fresh nonce, then process-payment (or a repeat of `nonce`). */
  async pay(body: unknown, nonce?: string): Promise<PaymentAnswer & { nonce: string }> {
    const used = nonce ?? (await this.nonce());
    const response = await call(shop, 'POST', '/api/process-payment', {
      body,
      headers: { ...this.headers(), [CAPTCHA_NONCE_HEADER]: used },
    });
    const answer = await answerOf(response);
    this.keep(response);
    return { ...answer, nonce: used };
  }

  /** The spec's last call after a paid answer (the web's checkout flow makes it). */
  async createSalesOrder(paid: { orderNumber: string | null; nonce: string }): Promise<string> {
    const response = await call(shop, 'POST', '/api/createSalesOrder', {
      body: { customerType: 'Retail', newOrderNumber: paid.orderNumber, cart: [] },
      headers: { ...this.headers(), [CAPTCHA_NONCE_HEADER]: paid.nonce },
    });
    const answer = (await response.json()) as { orderNumber?: string };
    expect(response.status, JSON.stringify(answer)).toBe(200);
    return answer.orderNumber ?? '';
  }
}

/** The order numbers whose confirmation mail job was written. */
async function confirmationMailsFor(numbers: readonly (string | null)[]): Promise<string[]> {
  const keys = numbers.flatMap((number) =>
    number ? [orderJobKey(ORDER_JOB_KINDS.confirmationMail, number)] : [],
  );
  const jobs = await shop.database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(inArray(outbox.dedupeKey, keys));
  return jobs.map((job) => String(job.payload.orderNumber)).sort();
}

describe('two tabs, one cart', () => {
  const cart: CartLine[] = [{ number: vibrator.number, quantity: 1 }];

  it('charges once when both tabs press Pay at the same time, and both hear of the one order', async () => {
    const sandbox = sandboxOf(shop);
    sandbox.setAuthorizeDelay(300);
    const email = newEmail();
    const body = paymentBody(cart, 25_000, { email });
    const browser = newBrowser();
    const [first, second] = await Promise.all([newNonce(shop), newNonce(shop)]);
    const answers = await Promise.all([
      answerOf(await payFrom(browser, body, first)),
      answerOf(await payFrom(browser, body, second)),
    ]);
    expect(answers[0]).toMatchObject({ ok: true, amount: 25_000 });
    expect(answers[1]).toEqual(answers[0]);
    expect(sandbox.authorizations()).toHaveLength(1);
    expect(await ordersOf(email)).toHaveLength(1);
  });

  // The browser has not had the first tab's paid answer yet (in flight, or lost): it still holds
  // the checkout cookie the payment was made with, so this is the same checkout.
  it('answers the second tab, paying after the first but before its paid answer arrived, with the paid order; its follow-up calls work on it', async () => {
    const sandbox = sandboxOf(shop);
    const email = newEmail();
    const body = paymentBody(cart, 25_000, { email });
    const browser = newBrowser();
    const paid = await answerOf(await payFrom(browser, body, await newNonce(shop)));
    expect(paid.ok).toBe(true);
    const secondNonce = await newNonce(shop);
    expect(await answerOf(await payFrom(browser, body, secondNonce))).toEqual(paid);
    expect(sandbox.authorizations()).toHaveLength(1);
    expect(await ordersOf(email)).toHaveLength(1);
    const sales = await call(shop, 'POST', '/api/createSalesOrder', {
      body: { customerType: 'Retail', newOrderNumber: paid.orderNumber, cart: [] },
      headers: { [CAPTCHA_NONCE_HEADER]: secondNonce },
    });
    const salesAnswer = (await sales.json()) as { orderNumber?: string };
    expect(sales.status, JSON.stringify(salesAnswer)).toBe(200);
    expect(salesAnswer.orderNumber).toBe(paid.orderNumber);
  });

  it('charges the second tab as a new order once the first was answered paid (the renewed cookie: a new checkout)', async () => {
    const email = newEmail();
    const browser = new BrowserSession();
    const first = await browser.pay(paymentBody(cart, 25_000, { email }));
    expect(first.ok).toBe(true);
    const second = await browser.pay(paymentBody(cart, 25_000, { email }));
    expect(second.ok).toBe(true);
    expect(second.orderNumber).not.toBe(first.orderNumber);
    expect(sandboxOf(shop).authorizations()).toHaveLength(2);
  });

  it('charges the other tab after the first was declined (another card is a new try)', async () => {
    const sandbox = sandboxOf(shop);
    const email = newEmail();
    const browser = newBrowser();
    const declined = await answerOf(
      await payFrom(
        browser,
        paymentBody(cart, 25_000, { email, token: SANDBOX_TEST_TOKENS.declines }),
        await newNonce(shop),
      ),
    );
    expect(declined.ok).toBe(false);
    const paid = await answerOf(
      await payFrom(browser, paymentBody(cart, 25_000, { email }), await newNonce(shop)),
    );
    expect(paid.ok).toBe(true);
    expect(paid.orderNumber).not.toBe(declined.orderNumber);
    expect(sandbox.authorizations().map((entry) => entry.orderId)).toEqual([paid.orderNumber]);
  });

  it('charges another cart of the same buyer as a new order', async () => {
    const email = newEmail();
    const browser = newBrowser();
    const first = await answerOf(
      await payFrom(browser, paymentBody(cart, 25_000, { email }), await newNonce(shop)),
    );
    const second = await answerOf(
      await payFrom(
        browser,
        paymentBody([{ number: vibrator.number, quantity: 2 }], 50_000, { email }),
        await newNonce(shop),
      ),
    );
    expect(first.ok && second.ok).toBe(true);
    expect(second.orderNumber).not.toBe(first.orderNumber);
    expect(sandboxOf(shop).authorizations()).toHaveLength(2);
  });
});

describe('a repeat order from a new checkout', () => {
  const cart: CartLine[] = [{ number: vibrator.number, quantity: 1 }];
  /** 250.00 less Black10. */
  const amount = 22_500;
  const bodyFor = (email: string, token: string = SANDBOX_TEST_TOKENS.approves) =>
    paymentBody(cart, amount, { email, couponCode: 'Black10', token });
  const approvedCharges = () =>
    sandboxOf(shop)
      .authorizations()
      .map((entry) => entry.orderId);

  it('gives a second browser session with the e-mail, cart and coupon of a paid order, after a declined card, a new order, a second charge and its own mail', async () => {
    const email = newEmail();
    const first = await new BrowserSession().pay(bodyFor(email));
    expect(first).toMatchObject({ ok: true, amount });

    const colleague = new BrowserSession();
    const declined = await colleague.pay(bodyFor(email, SANDBOX_TEST_TOKENS.declines));
    expect(declined.ok).toBe(false);
    const repeat = await colleague.pay(bodyFor(email));
    expect(repeat).toMatchObject({ ok: true, amount });
    expect(repeat.orderNumber).not.toBe(first.orderNumber);
    expect(repeat.orderNumber).not.toBe(declined.orderNumber);
    expect(approvedCharges()).toEqual([first.orderNumber, repeat.orderNumber]);
    expect(await confirmationMailsFor([first.orderNumber, repeat.orderNumber])).toEqual(
      [first.orderNumber!, repeat.orderNumber!].sort(),
    );
    // The rest of the colleague's checkout works on the new order.
    expect(await colleague.createSalesOrder(repeat)).toBe(repeat.orderNumber);
    const statuses = (await ordersOf(email)).map((order) => order.status).sort();
    expect(statuses).toEqual(['failed', 'paid', 'paid']);
  });

  it('gives the same browser buying the same cart again, after its order was paid and completed, a new order', async () => {
    const email = newEmail();
    const browser = new BrowserSession();
    const first = await browser.pay(bodyFor(email));
    expect(first.ok).toBe(true);
    expect(await browser.createSalesOrder(first)).toBe(first.orderNumber);

    const again = await browser.pay(bodyFor(email));
    expect(again).toMatchObject({ ok: true, amount });
    expect(again.orderNumber).not.toBe(first.orderNumber);
    expect(approvedCharges()).toEqual([first.orderNumber, again.orderNumber]);
    expect(await confirmationMailsFor([first.orderNumber, again.orderNumber])).toHaveLength(2);
  });

  it('answers a retry with the same nonce with the same order and charges nothing more', async () => {
    const email = newEmail();
    const browser = new BrowserSession();
    const paid = await browser.pay(bodyFor(email));
    expect(paid.ok).toBe(true);
    // The browser holds the paid answer's new cookie by now: the nonce still names the order.
    const retried = await browser.pay(bodyFor(email), paid.nonce);
    expect(retried).toEqual(paid);
    expect(approvedCharges()).toEqual([paid.orderNumber]);
    expect(sandboxOf(shop).attempts()).toHaveLength(1);
    expect(await ordersOf(email)).toHaveLength(1);
  });

  it('answers a retry of the same checkout whose paid answer was lost (a new nonce, the cookie not renewed) with the paid order', async () => {
    const email = newEmail();
    const browser = new BrowserSession();
    await browser.nonce();
    const checkoutCookie = browser.cookie;
    const paid = await browser.pay(bodyFor(email));
    expect(paid.ok).toBe(true);
    // The answer, and the new cookie with it, never reached the browser.
    browser.cookie = checkoutCookie;
    const retried = await browser.pay(bodyFor(email));
    expect(retried).toEqual({ ...paid, nonce: retried.nonce });
    expect(approvedCharges()).toEqual([paid.orderNumber]);
    expect(await browser.createSalesOrder(retried)).toBe(paid.orderNumber);
  });
});

describe('the checkout cookie', () => {
  it('is set once by the captcha check: httpOnly, SameSite=Lax, random, no personal data', async () => {
    const response = await call(shop, 'POST', '/api/checkout/verify-captcha', {
      body: { captchaToken: '' },
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^labshop_checkout=[A-Za-z0-9_-]{22};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    const again = await call(shop, 'POST', '/api/checkout/verify-captcha', {
      body: { captchaToken: '' },
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it("is renewed by a paid answer (the browser's next payment is a new checkout), not by a declined one", async () => {
    const browser = new BrowserSession();
    const email = newEmail();
    await browser.nonce();
    const started = browser.cookie;
    expect(started).toMatch(/^labshop_checkout=[A-Za-z0-9_-]{22}$/);
    const declined = await browser.pay(
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, {
        email,
        token: SANDBOX_TEST_TOKENS.declines,
      }),
    );
    expect(declined.ok).toBe(false);
    expect(browser.cookie).toBe(started);
    const paid = await browser.pay(
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, { email }),
    );
    expect(paid.ok).toBe(true);
    expect(browser.cookie).toMatch(/^labshop_checkout=[A-Za-z0-9_-]{22}$/);
    expect(browser.cookie).not.toBe(started);
  });

  it('joins nothing for callers without it (API clients): each payment is its own order', async () => {
    const email = newEmail();
    const body = paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, { email });
    const first = await answerOf(await pay(shop, body, { nonce: await newNonce(shop) }));
    const second = await answerOf(await pay(shop, body, { nonce: await newNonce(shop) }));
    expect(first.ok && second.ok).toBe(true);
    expect(second.orderNumber).not.toBe(first.orderNumber);
    expect(sandboxOf(shop).authorizations()).toHaveLength(2);
  });
});

describe('concurrent orders', () => {
  // 500 is HARDENING.md's number; it takes about a minute on PGlite on a busy 2-core machine, so
  // it runs in the long suite (HARDENING_RUNS). The default run does 150 at once, which still
  // overlaps every step of many checkouts.
  const COUNT = process.env.HARDENING_RUNS ? 500 : 150;

  it(`gives ${COUNT} concurrent checkouts ${COUNT} distinct order numbers, each charged once`, async () => {
    const sandbox = sandboxOf(shop);
    const nonces = await Promise.all(Array.from({ length: COUNT }, () => newNonce(shop)));
    const answers = await Promise.all(
      nonces.map(async (nonce, index) =>
        answerOf(
          await pay(
            shop,
            paymentBody(
              [{ number: index % 2 ? vibrator.number : grinder.number, quantity: 1 }],
              index % 2 ? 25_000 : 109_950,
              {
                email: `crowd-${index}@lab.example`,
              },
            ),
            { nonce },
          ),
        ),
      ),
    );
    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
    const numbers = answers.map((answer) => answer.orderNumber!);
    expect(new Set(numbers).size).toBe(COUNT);
    const stored = await shop.database.db
      .select({ number: orders.number, status: orders.status })
      .from(orders)
      .where(inArray(orders.number, numbers));
    expect(stored).toHaveLength(COUNT);
    expect(stored.every((order) => order.status === 'paid')).toBe(true);
    const charged = sandbox.authorizations().map((entry) => entry.orderId);
    expect(charged).toHaveLength(COUNT);
    expect([...charged].sort()).toEqual([...numbers].sort());
    // The newest number given out is the highest of them.
    const highest = Math.max(...numbers.map((number) => Number(number.slice(4))));
    const last = (await (await call(shop, 'GET', '/api/salesOrdersLastID')).json()) as {
      lastSalesOrderId: string;
    };
    expect(Number(last.lastSalesOrderId.slice(4))).toBeGreaterThanOrEqual(highest);
  }, 120_000);
});

describe('a price changed between the cart and the payment', () => {
  /** The admin's product form (multipart), as the admin's product editor sends it. */
  function productForm(newPrice: string): FormData {
    const form = new FormData();
    const fields: Record<string, string> = {
      number: grinder.number,
      title: grinder.title,
      description: `${grinder.title} for the lab.`,
      category: 'Lab Machines',
      oldPrice: '',
      newPrice,
      wholesalePrice: '899',
      partnerPricex3: '849.99',
      brochure: '',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  }

  async function setPrice(app: TestApp, newPrice: string): Promise<void> {
    const response = await fetch(`${app.origin}/api/products/${grinder.number}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${shop.adminToken}` },
      body: productForm(newPrice),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }

  async function cartPrice(app: TestApp): Promise<number> {
    const response = await call(app, 'GET', '/api/cart', {
      headers: { cookie: `_cart__rf=${encodeURIComponent(JSON.stringify([grinder.number]))}` },
    });
    const cart = (await response.json()) as { items: { product: { newPrice: number } }[] };
    return cart.items[0]!.product.newPrice;
  }

  let other: TestApp;
  beforeAll(async () => {
    // A second instance on the same database, with its own read caches.
    other = await startTestApp(
      { CATALOG_CACHE_SECONDS: '300', CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: '100000' },
      undefined,
      {
        database: shop.database,
      },
    );
  });
  afterAll(async () => {
    await other.close();
    await setPrice(shop, '1099.5');
  });

  it('refuses the stale amount with 409 and charges nothing; the new price is charged', async () => {
    const sandbox = sandboxOf(shop);
    expect(await cartPrice(shop)).toBe(1099.5);
    const email = newEmail();
    const nonce = await newNonce(shop);
    // The admin raises the price while the buyer is on the payment form.
    await setPrice(shop, '1199');
    const stale = await pay(
      shop,
      paymentBody([{ number: grinder.number, quantity: 1 }], 109_950, { email }),
      { nonce },
    );
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toBe(CHECKOUT_MESSAGES.amountMismatch);
    expect(sandbox.attempts()).toHaveLength(0);
    expect(await ordersOf(email)).toHaveLength(0);
    // The cart shows the new price; paying it (the same nonce: the refusal did not use it up) works.
    expect(await cartPrice(shop)).toBe(1199);
    const paid = await answerOf(
      await pay(shop, paymentBody([{ number: grinder.number, quantity: 1 }], 119_900, { email }), {
        nonce,
      }),
    );
    expect(paid).toMatchObject({ ok: true, amount: 119_900 });
    expect(sandbox.authorizations().map((entry) => entry.amountCents)).toEqual([119_900]);
  });

  it('never charges a price another instance still has in its cache', async () => {
    await setPrice(shop, '1099.5');
    // The other instance reads (and caches) the cart at the old price...
    expect(await cartPrice(other)).toBe(1099.5);
    // ...then the admin changes it through this one.
    await setPrice(shop, '1249');
    const email = newEmail();
    const stale = await pay(
      other,
      paymentBody([{ number: grinder.number, quantity: 1 }], 109_950, { email }),
      {
        nonce: await newNonce(other),
      },
    );
    expect(stale.status).toBe(409);
    expect(sandboxOf(other).attempts()).toHaveLength(0);
    const paid = await answerOf(
      await pay(other, paymentBody([{ number: grinder.number, quantity: 1 }], 124_900, { email }), {
        nonce: await newNonce(other),
      }),
    );
    expect(paid).toMatchObject({ ok: true, amount: 124_900 });
    expect(
      sandboxOf(other)
        .authorizations()
        .map((entry) => entry.amountCents),
    ).toEqual([124_900]);
  });
});

// ---------------------------------------------------------------------------------------------
// The order state machine, model-based
// ---------------------------------------------------------------------------------------------

type Card = 'approves' | 'declines' | 'timesOut' | 'invalid';
/** A gateway fault set just before a checkout's first payment request. */
type Fault = 'none' | 'authorizeUnavailable' | 'authorizeAnswerLost' | 'inquireNoAnswer';

interface Checkout {
  nonce: string;
  /** The browser's checkout cookie. */
  browser: string;
  email: string;
  card: Card;
  fault: Fault;
  /** The first answer (status and body); every repeat must be the same. */
  first: { status: number; body: unknown } | null;
  orderNumber: string | null;
  paid: boolean;
}

interface Model {
  checkouts: Checkout[];
}

interface Real {
  /** Every status each order of this run was seen in, in order. */
  seen: Map<string, string[]>;
}

const TOKENS: Record<Card, string> = {
  approves: SANDBOX_TEST_TOKENS.approves,
  declines: SANDBOX_TEST_TOKENS.declines,
  timesOut: SANDBOX_TEST_TOKENS.timesOut,
  invalid: 'not-a-card-token',
};

/** What an order may become: pending settles once, and a settled order stays as it is. */
const LEGAL: Record<string, readonly string[]> = {
  pending: ['pending', 'paid', 'failed', 'voided', 'needs_attention'],
  paid: ['paid'],
  failed: ['failed'],
  voided: ['voided'],
  needs_attention: ['needs_attention'],
};

const modelCart: CartLine[] = [{ number: vibrator.number, quantity: 1 }];

/** The invariants after every command: legal transitions, one charge per order, paid <=> charged. */
async function checkInvariants(model: Model, real: Real): Promise<void> {
  const numbers = model.checkouts.flatMap((checkout) =>
    checkout.orderNumber ? [checkout.orderNumber] : [],
  );
  const rows = numbers.length
    ? await shop.database.db
        .select({ number: orders.number, status: orders.status, id: orders.id })
        .from(orders)
        .where(inArray(orders.number, [...new Set(numbers)]))
    : [];
  for (const row of rows) {
    const history = real.seen.get(row.number) ?? [];
    const previous = history.at(-1);
    if (previous !== undefined) {
      expect(LEGAL[previous], `${row.number}: ${previous} -> ${row.status}`).toContain(row.status);
    }
    if (previous !== row.status) real.seen.set(row.number, [...history, row.status]);
  }
  const authorizations = sandboxOf(shop).authorizations();
  const charged = authorizations
    .filter((entry) => entry.status === 'approved')
    .map((entry) => entry.orderId);
  // At most one authorization per order, ever.
  const all = authorizations.map((entry) => entry.orderId);
  expect(new Set(all).size, `authorizations: ${all.join(', ')}`).toBe(all.length);
  // A charge that stands belongs to a paid order, and a paid order has its charge and approved payment.
  const paid = rows.filter((row) => row.status === 'paid').map((row) => row.number);
  expect([...charged].sort()).toEqual([...paid].sort());
  if (rows.length) {
    const approvedPayments = await shop.database.db
      .select({ orderId: payments.orderId, n: sql<number>`count(*)::int` })
      .from(payments)
      .where(
        sql`${payments.orderId} in (${sql.join(
          rows.map((row) => sql`${row.id}`),
          sql`, `,
        )}) and ${payments.status} = 'approved'`,
      )
      .groupBy(payments.orderId);
    expect(approvedPayments.every((row) => Number(row.n) === 1)).toBe(true);
    expect(approvedPayments.length).toBe(paid.length);
  }
}

const at = (model: Model, index: number) => model.checkouts[index % model.checkouts.length]!;

/** How often each command ran, so the test knows the model did reach every action. */
const ran = new Map<string, number>();
const tally = (name: string) => ran.set(name, (ran.get(name) ?? 0) + 1);

class StartCheckout implements fc.AsyncCommand<Model, Real> {
  readonly card: Card;
  constructor(
    card: Card,
    readonly fault: Fault,
  ) {
    // Only the time-out card asks the gateway by order id, so only it can meet that fault.
    this.card = fault === 'inquireNoAnswer' ? 'timesOut' : card;
  }
  check = (model: Readonly<Model>) => model.checkouts.length < 6;
  async run(model: Model, real: Real): Promise<void> {
    tally('start');
    model.checkouts.push({
      nonce: await newNonce(shop),
      browser: newBrowser(),
      email: newEmail(),
      card: this.card,
      fault: this.fault,
      first: null,
      orderNumber: null,
      paid: false,
    });
    await checkInvariants(model, real);
  }
  toString = () => `start(${this.card}, ${this.fault})`;
}

class Pay implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.checkouts.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const checkout = at(model, this.index);
    tally(checkout.first ? 'payAgain' : 'pay');
    const sandbox = sandboxOf(shop);
    const attemptsBefore = sandbox.attempts().length;
    if (!checkout.first) {
      if (checkout.fault === 'authorizeUnavailable') sandbox.failNext('authorize', 'unavailable');
      if (checkout.fault === 'authorizeAnswerLost') sandbox.failNext('authorize', 'answerLost');
      if (checkout.fault === 'inquireNoAnswer') sandbox.failNext('inquireByOrderId', 'noAnswer');
    }
    const response = await payFrom(
      checkout.browser,
      paymentBody(modelCart, 25_000, { email: checkout.email, token: TOKENS[checkout.card] }),
      checkout.nonce,
    );
    const body = (await response.json()) as PaymentAnswer | { error: string };
    // Never a server error.
    expect([200, 503], JSON.stringify(body)).toContain(response.status);
    if (checkout.first) {
      // A repeat answers what the first answered, and charges nothing.
      expect({ status: response.status, body }).toEqual(checkout.first);
      expect(sandbox.attempts()).toHaveLength(attemptsBefore);
    } else {
      checkout.first = { status: response.status, body };
      const answer = body as PaymentAnswer;
      // A lost answer is found by the inquiry; the time-out card with no inquiry answer is voided.
      const expectPaid =
        checkout.card === 'approves' &&
        (checkout.fault === 'none' || checkout.fault === 'authorizeAnswerLost');
      if (checkout.fault === 'authorizeUnavailable') {
        expect(response.status).toBe(503);
      } else {
        expect(response.status).toBe(200);
        expect(answer.ok, JSON.stringify(answer)).toBe(expectPaid);
        checkout.orderNumber = answer.orderNumber;
        checkout.paid = answer.ok;
      }
      // One gateway authorization at most per payment request.
      expect(sandbox.attempts().length - attemptsBefore).toBeLessThanOrEqual(1);
    }
    if (!checkout.orderNumber) {
      const [nonceOrder] = await shop.database.db
        .select({ number: orders.number })
        .from(orders)
        .where(eq(orders.email, checkout.email));
      checkout.orderNumber = nonceOrder?.number ?? null;
    }
    await checkInvariants(model, real);
  }
  toString = () => `pay(${this.index})`;
}

class FollowUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly path: '/api/checkCustomer' | '/api/createSalesOrder' | '/api/createInvoice',
  ) {}
  check = (model: Readonly<Model>) => model.checkouts.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    // Half the follow-ups go to a paid checkout when there is one (the browser's usual path).
    const paid = model.checkouts.filter((checkout) => checkout.paid);
    const checkout =
      this.index % 2 === 0 && paid.length > 0
        ? paid[this.index % paid.length]!
        : at(model, this.index);
    tally(checkout.paid ? 'followUpPaid' : 'followUpUnpaid');
    const bodies = {
      '/api/checkCustomer': {
        fullName: 'Maria Delgado',
        number: '',
        paymentSuccessful: true,
        billing: {},
      },
      '/api/createSalesOrder': { customerType: 'Retail', newOrderNumber: 'WEB-1', cart: [] },
      '/api/createInvoice': { salesOrderId: 'WEB-1' },
    };
    const response = await call(shop, 'POST', this.path, {
      body: bodies[this.path],
      headers: { [CAPTCHA_NONCE_HEADER]: checkout.nonce },
    });
    const text = await response.text();
    // Paid: recorded; an order that is not paid: 409; a nonce that started nothing: 403.
    expect(response.status, text).toBe(checkout.paid ? 200 : checkout.orderNumber ? 409 : 403);
    await checkInvariants(model, real);
  }
  toString = () => `followUp(${this.index}, ${this.path})`;
}

class RetrySync implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.checkouts.some((checkout) => checkout.orderNumber);
  async run(model: Model, real: Real): Promise<void> {
    const started = model.checkouts.filter((checkout) => checkout.orderNumber);
    const checkout = started[this.index % started.length]!;
    tally('retrySync');
    const response = await call(
      shop,
      'POST',
      `/api/admin/orders/${checkout.orderNumber}/retry-sync`,
      {
        token: shop.adminToken,
      },
    );
    expect(response.status, await response.text()).toBe(checkout.paid ? 200 : 409);
    await checkInvariants(model, real);
  }
  toString = () => `retrySync(${this.index})`;
}

/** A second tab of a paid checkout's browser that has not had the paid answer (the old cookie). */
class SecondTab implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.checkouts.some((checkout) => checkout.paid);
  async run(model: Model, real: Real): Promise<void> {
    const paid = model.checkouts.filter((checkout) => checkout.paid);
    const checkout = paid[this.index % paid.length]!;
    tally('secondTab');
    const sandbox = sandboxOf(shop);
    const attemptsBefore = sandbox.attempts().length;
    const answer = await answerOf(
      await payFrom(
        checkout.browser,
        paymentBody(modelCart, 25_000, { email: checkout.email }),
        await newNonce(shop),
      ),
    );
    expect(answer).toMatchObject({ ok: true, orderNumber: checkout.orderNumber });
    expect(sandbox.attempts()).toHaveLength(attemptsBefore);
    await checkInvariants(model, real);
  }
  toString = () => `secondTab(${this.index})`;
}

describe('the order state machine (fast-check commands)', () => {
  it('makes no illegal transition and never charges an order twice', async () => {
    const index = fc.nat({ max: 5 });
    const commands = [
      fc
        .tuple(
          fc.constantFrom<Card>('approves', 'declines', 'timesOut', 'invalid'),
          fc.constantFrom<Fault>(
            'none',
            'authorizeUnavailable',
            'authorizeAnswerLost',
            'inquireNoAnswer',
          ),
        )
        .map(([card, fault]) => new StartCheckout(card, fault)),
      index.map((i) => new Pay(i)),
      index.map((i) => new Pay(i)),
      fc
        .tuple(
          index,
          fc.constantFrom(
            '/api/checkCustomer',
            '/api/createSalesOrder',
            '/api/createInvoice',
          ) as fc.Arbitrary<'/api/checkCustomer' | '/api/createSalesOrder' | '/api/createInvoice'>,
        )
        .map(([i, path]) => new FollowUp(i, path)),
      index.map((i) => new RetrySync(i)),
      index.map((i) => new SecondTab(i)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 20, size: 'max' }), async (cmds) => {
        sandboxOf(shop).reset();
        await fc.asyncModelRun(
          () => ({ model: { checkouts: [] }, real: { seen: new Map() } }),
          cmds,
        );
      }),
      // The long suite (HARDENING_RUNS) tries that many command sequences. A fixed seed (as
      // the hostile-input test's, HARDENING_SEED to try others) makes every run reach every
      // action below; a random one left the second tab out now and then.
      {
        numRuns: Math.max(30, Number(process.env.HARDENING_RUNS ?? 0)),
        seed: Number(process.env.HARDENING_SEED ?? 20261121),
      },
    );
    // The runs reached every action (a model that never pays proves nothing).
    for (const name of [
      'start',
      'pay',
      'payAgain',
      'followUpPaid',
      'followUpUnpaid',
      'retrySync',
      'secondTab',
    ]) {
      expect(ran.get(name) ?? 0, `${name} ran`).toBeGreaterThan(0);
    }
  }, 300_000);
});
