import { createHash } from 'node:crypto';
import {
  CAPTCHA_NONCE_HEADER,
  CHECKOUT_MESSAGES,
  type CartAnswer,
  type PaymentAnswer,
} from '@labshop/shared/schemas/checkout';
import {
  ORDERS_MESSAGES,
  type OrderHistoryAnswer,
  type OrderHistoryEntry,
} from '@labshop/shared/schemas/orders';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutNonces,
  contactData,
  customers,
  invoices,
  orderLines,
  orders,
  outbox,
  payments,
} from '../../../src/db/schema/index.ts';
import { SANDBOX_TEST_TOKENS } from '../../../src/integrations/payments/sandbox.ts';
import {
  call,
  errorOf,
  newNonce,
  pay,
  payOk,
  paymentBody,
  PRODUCTS,
  sandboxOf,
  seedCheckoutData,
} from '../../support/checkout-fixtures.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../../support/helper.ts';

/**
 * The cart, coupons and the card checkout over real HTTP with the sandbox gateway and the
 * captcha off (SPEC.md sections 4, 5, 6, 7, 8, 9; ARCHITECTURE.md "Checkout, safely"). The
 * outbox worker is off, so the jobs a payment writes stay where the tests can count them.
 */

let shop: SignedInTestApp;
let adminToken: string;
let partnerToken: string;

const { grinder, vibrator, bur, unavailable, deleted } = PRODUCTS;

beforeAll(async () => {
  shop = await startSignedInTestApp({
    OUTBOX_WORKER: 'false',
    CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: '10000',
  });
  ({ adminToken, partnerToken } = shop);
  await seedCheckoutData(shop);
});
afterAll(async () => {
  await shop.close();
});

const cartCookie = (entries: unknown) => `_cart__rf=${encodeURIComponent(JSON.stringify(entries))}`;

async function cartOf(cookie: string | null, token?: string): Promise<CartAnswer> {
  const response = await call(shop, 'GET', '/api/cart', {
    ...(token ? { token } : {}),
    headers: cookie === null ? {} : { cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as CartAnswer;
}

async function storedOrder(number: string) {
  const [order] = await shop.database.db.select().from(orders).where(eq(orders.number, number));
  if (!order) throw new Error(`no order ${number}`);
  const lines = await shop.database.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.position);
  const paymentRows = await shop.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id));
  return { order, lines, payments: paymentRows };
}

async function orderCount(): Promise<number> {
  const [row] = await shop.database.db.select({ value: sql<number>`count(*)::int` }).from(orders);
  return row?.value ?? 0;
}

describe('GET /api/salesOrdersLastID', () => {
  it("answers WEB-100000 before any order, so the browser's next number is the first", async () => {
    const response = await call(shop, 'GET', '/api/salesOrdersLastID');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ lastSalesOrderId: 'WEB-100000' });
  });
});

describe('GET /api/cart', () => {
  it('resolves the cookie for anonymous visitors at retail, listing entries it cannot find', async () => {
    const cart = await cartOf(
      cartCookie([
        vibrator.number,
        { number: grinder.number, title: grinder.title, quantity: 3 },
        'NOPE-404',
        deleted.number,
        { title: bur.title, quantity: '2' },
        { title: 'A product nobody sells' },
        vibrator.number,
      ]),
    );
    expect(cart.tier).toBe('retail');
    expect(cart.items.map((item) => [item.product.number, item.quantity])).toEqual([
      [vibrator.number, 1],
      [grinder.number, 3],
      [bur.number, 2],
    ]);
    const [vibratorItem] = cart.items;
    expect(vibratorItem?.product).toMatchObject({
      title: vibrator.title,
      newPrice: 250,
      wholesalePrice: null,
      partnerPricex3: null,
    });
    expect(cart.removed).toEqual([
      { number: 'NOPE-404', title: null },
      { number: deleted.number, title: null },
      { number: null, title: 'A product nobody sells' },
    ]);
  });

  it('shows signed-in callers the wholesale tier and partner prices', async () => {
    const cart = await cartOf(
      cartCookie([{ number: grinder.number, title: grinder.title, quantity: 3 }]),
      partnerToken,
    );
    expect(cart.tier).toBe('wholesale');
    expect(cart.items[0]?.product).toMatchObject({
      newPrice: 1099.5,
      wholesalePrice: 899,
      partnerPricex3: 849.99,
    });
  });

  it('reads a malformed or missing cookie as an empty cart, never a server error', async () => {
    const empty = { tier: 'retail', items: [], removed: [] };
    expect(await cartOf(null)).toEqual(empty);
    expect(await cartOf('_cart__rf=%7Bnot-json')).toEqual(empty);
    expect(await cartOf('_cart__rf=%E0%A4%A')).toEqual(empty);
    expect(await cartOf(cartCookie({ number: vibrator.number }))).toEqual(empty);
    expect(await cartOf(cartCookie([42, null, ['x'], { number: 'VB-7' }]))).toEqual(empty);
    // A NUL byte cannot even be looked up: such entries are dropped, not a 400.
    expect(await cartOf(cartCookie(['VB\u000012', { title: 'Brush\u0000' }]))).toEqual(empty);
  });

  it('keeps quantities in 1..999 and a title with a percent sign', async () => {
    const cart = await cartOf(
      cartCookie([
        { number: vibrator.number, title: '100% vibrator', quantity: 5000 },
        { number: grinder.number, title: grinder.title, quantity: -2 },
      ]),
    );
    expect(cart.items.map((item) => item.quantity)).toEqual([999, 1]);
  });
});

describe('GET /api/coupons/{code}', () => {
  it('finds a coupon in any case', async () => {
    for (const code of ['Black10', 'BLACK10', 'black10']) {
      const response = await call(shop, 'GET', `/api/coupons/${code}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ code: 'Black10', percent: 10 });
    }
    const welcome = await call(shop, 'GET', '/api/coupons/welcome2');
    expect(await welcome.json()).toEqual({ code: 'WELCOME2', percent: 2 });
  });

  it("answers 404 'Invalid coupon code' for unknown, inactive and silly codes", async () => {
    for (const code of ['NOPE', 'spring5', 'x'.repeat(300), '%00', '%20']) {
      const response = await call(shop, 'GET', `/api/coupons/${code}`);
      expect(response.status, code).toBe(404);
      expect(await errorOf(response)).toBe(CHECKOUT_MESSAGES.invalidCoupon);
    }
  });
});

describe('POST /api/checkout/verify-captcha (captcha off)', () => {
  it('accepts and answers a nonce, of which only the hash is stored', async () => {
    const nonce = await newNonce(shop);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hash = createHash('sha256').update(nonce).digest('hex');
    const rows = await shop.database.db
      .select()
      .from(checkoutNonces)
      .where(inArray(checkoutNonces.nonceHash, [hash, nonce]));
    expect(rows.map((row) => row.nonceHash)).toEqual([hash]);
    const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(299_000);
    expect(ttl).toBeLessThan(301_000);
  });

  it('refuses a body that is not the right shape with 400', async () => {
    const response = await call(shop, 'POST', '/api/checkout/verify-captcha', {
      body: { captchaToken: 42 },
    });
    expect(response.status).toBe(400);
  });
});

describe('process-payment: the nonce', () => {
  const body = () => paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000);

  it("refuses a request without the nonce header: 400 'Missing captcha nonce'", async () => {
    const response = await pay(shop, body());
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(CHECKOUT_MESSAGES.missingNonce);
    const blank = await pay(shop, body(), { nonce: ' ' });
    expect(await errorOf(blank)).toBe(CHECKOUT_MESSAGES.missingNonce);
  });

  it("refuses an unknown or malformed nonce: 403 'Security verification failed'", async () => {
    for (const nonce of ['x'.repeat(43), 'short', (await newNonce(shop)).slice(1) + 'A']) {
      const response = await pay(shop, body(), { nonce });
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toBe(CHECKOUT_MESSAGES.securityFailed);
    }
  });

  it('refuses an expired nonce', async () => {
    const nonce = await newNonce(shop);
    await shop.database.db
      .update(checkoutNonces)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(checkoutNonces.nonceHash, createHash('sha256').update(nonce).digest('hex')));
    const before = await orderCount();
    const response = await pay(shop, body(), { nonce });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe(CHECKOUT_MESSAGES.securityFailed);
    expect(await orderCount()).toBe(before);
  });

  it('starts one payment only: the same nonce again answers that order and charges nothing', async () => {
    const first = await payOk(shop, body());
    const charged = sandboxOf(shop).authorizations().length;
    // Another cart, the same nonce: the first order's outcome, no new order, no charge.
    const again = await pay(shop, paymentBody([{ number: grinder.number, quantity: 1 }], 109_950), {
      nonce: first.nonce,
    });
    expect(again.status).toBe(200);
    const answer = (await again.json()) as PaymentAnswer;
    expect(answer).toEqual({
      ok: true,
      retref: first.retref,
      error: null,
      orderNumber: first.orderNumber,
      amount: 25_000,
      paymentDueOn: null,
    });
    expect(sandboxOf(shop).authorizations().length).toBe(charged);
  });

  it('is not used up by a request the checks refuse', async () => {
    const nonce = await newNonce(shop);
    const refused = await pay(shop, { ...body(), token: '' }, { nonce });
    expect(refused.status).toBe(400);
    const accepted = await pay(shop, body(), { nonce });
    expect(((await accepted.json()) as PaymentAnswer).ok).toBe(true);
  });
});

describe('process-payment: the spec rules (section 5) and other bad input', () => {
  let nonce: string;
  beforeAll(async () => {
    // Refused requests never use a nonce up, so one serves every case here.
    nonce = await newNonce(shop);
  });
  const valid = () => paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000);

  const cases: [string, (body: ReturnType<typeof valid>) => unknown, string][] = [
    [
      'a filled companyFax',
      (body) => ({ ...body, billing: { ...body.billing, companyFax: 'bot' } }),
      CHECKOUT_MESSAGES.companyFax,
    ],
    ['no card token', (body) => ({ ...body, token: '' }), CHECKOUT_MESSAGES.noCardToken],
    ['a blank card token', (body) => ({ ...body, token: '   ' }), CHECKOUT_MESSAGES.noCardToken],
    ['an empty cart', (body) => ({ ...body, cart: [] }), CHECKOUT_MESSAGES.emptyCart],
    ['amount zero', (body) => ({ ...body, amount: 0 }), CHECKOUT_MESSAGES.amountNotPositive],
    ['a negative amount', (body) => ({ ...body, amount: -5 }), CHECKOUT_MESSAGES.amountNotPositive],
    [
      'an amount that is not a number',
      (body) => ({ ...body, amount: 'lots' }),
      CHECKOUT_MESSAGES.amountNotPositive,
    ],
    ['amount 299', (body) => ({ ...body, amount: 299 }), CHECKOUT_MESSAGES.amountBelowMinimum],
    [
      'a behavioural score below 0.5',
      (body) => ({ ...body, behavioralScore: 0.49 }),
      CHECKOUT_MESSAGES.suspicious,
    ],
    ['no name', (body) => ({ ...body, fullName: ' ' }), CHECKOUT_MESSAGES.firstName],
    ['no e-mail', (body) => ({ ...body, email: '' }), CHECKOUT_MESSAGES.email],
    ['a bad e-mail', (body) => ({ ...body, email: 'maria@' }), CHECKOUT_MESSAGES.emailFormat],
    ['a bad phone', (body) => ({ ...body, phone: 'call me' }), CHECKOUT_MESSAGES.phoneFormat],
    [
      'no address',
      (body) => ({ ...body, billing: { ...body.billing, address: '' } }),
      CHECKOUT_MESSAGES.address,
    ],
    [
      'no city',
      (body) => ({ ...body, billing: { ...body.billing, city: '' } }),
      CHECKOUT_MESSAGES.city,
    ],
    [
      'no state',
      (body) => ({ ...body, billing: { ...body.billing, state: '' } }),
      CHECKOUT_MESSAGES.state,
    ],
    [
      'no zip',
      (body) => ({ ...body, billing: { ...body.billing, zip: '' } }),
      CHECKOUT_MESSAGES.zip,
    ],
    [
      'no country',
      (body) => ({ ...body, billing: { ...body.billing, country: '' } }),
      CHECKOUT_MESSAGES.country,
    ],
    [
      'a US ZIP code that is not 5 digits or ZIP+4',
      (body) => ({ ...body, billing: { ...body.billing, zip: 'abc!!' } }),
      CHECKOUT_MESSAGES.usZip,
    ],
    [
      'a US ZIP+4 without its hyphen',
      (body) => ({ ...body, billing: { ...body.billing, zip: '436121234' } }),
      CHECKOUT_MESSAGES.usZip,
    ],
    [
      'a US state that is not on the list',
      (body) => ({ ...body, billing: { ...body.billing, state: 'X' } }),
      CHECKOUT_MESSAGES.usState,
    ],
    [
      'a US state by its name instead of its code',
      (body) => ({ ...body, billing: { ...body.billing, state: 'Ohio' } }),
      CHECKOUT_MESSAGES.usState,
    ],
    [
      'a state abroad with symbols',
      (body) => ({ ...body, billing: { ...body.billing, country: 'CA', state: 'abc!!' } }),
      CHECKOUT_MESSAGES.region,
    ],
    [
      'a postal code abroad with symbols',
      (body) => ({
        ...body,
        billing: { ...body.billing, country: 'CA', state: 'Ontario', zip: 'K1A#0B6' },
      }),
      CHECKOUT_MESSAGES.postalCode,
    ],
    [
      'a state abroad that is too long',
      (body) => ({ ...body, billing: { ...body.billing, country: 'DE', state: 'B'.repeat(61) } }),
      CHECKOUT_MESSAGES.tooLong('State', 60),
    ],
    [
      'a postal code abroad that is too long',
      (body) => ({ ...body, billing: { ...body.billing, country: 'DE', zip: '1'.repeat(13) } }),
      CHECKOUT_MESSAGES.tooLong('ZIP code', 12),
    ],
    [
      'a country that is not an ISO code',
      (body) => ({ ...body, billing: { ...body.billing, country: 'XX' } }),
      CHECKOUT_MESSAGES.country,
    ],
    [
      'an unknown product',
      (body) => ({ ...body, cart: [{ number: 'NOPE-1', quantity: 1, newPrice: 250 }] }),
      CHECKOUT_MESSAGES.productUnavailable('NOPE-1'),
    ],
    [
      'an unknown product with the title the browser showed',
      (body) => ({
        ...body,
        cart: [{ number: 'NOPE-1', title: 'Ghost Lathe', quantity: 1, newPrice: 250 }],
      }),
      CHECKOUT_MESSAGES.productUnavailable('Ghost Lathe'),
    ],
    [
      'a deleted product',
      (body) => ({ ...body, cart: [{ number: deleted.number, quantity: 1, newPrice: 700 }] }),
      CHECKOUT_MESSAGES.productUnavailable(deleted.number),
    ],
    [
      'a product that is not available',
      (body) => ({ ...body, cart: [{ number: unavailable.number, quantity: 1, newPrice: 500 }] }),
      CHECKOUT_MESSAGES.productUnavailable(unavailable.title),
    ],
    [
      'an unknown coupon',
      (body) => ({ ...body, couponCode: 'FREE100' }),
      CHECKOUT_MESSAGES.invalidCoupon,
    ],
    [
      'an inactive coupon',
      (body) => ({ ...body, couponCode: 'spring5' }),
      CHECKOUT_MESSAGES.invalidCoupon,
    ],
  ];

  for (const [label, change, message] of cases) {
    it(`refuses ${label} with 400 '${message}'`, async () => {
      const response = await pay(shop, change(valid()), { nonce });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
    });
  }

  it('answers malformed bodies with 400 and an error, never 500', async () => {
    const bodies: unknown[] = [
      { ...valid(), cart: 'VB-7' },
      { ...valid(), cart: [{ number: vibrator.number, quantity: 0, newPrice: 250 }] },
      { ...valid(), cart: [{ number: vibrator.number, quantity: 1.5, newPrice: 250 }] },
      { ...valid(), cart: [{ number: vibrator.number, quantity: 1000, newPrice: 250 }] },
      { ...valid(), behavioralScore: 'human' },
      { ...valid(), billing: null },
      { ...valid(), fullName: 'x'.repeat(500) },
      { ...valid(), billing: { ...valid().billing, country: 'USA' } },
      [],
    ];
    for (const body of bodies) {
      const response = await pay(shop, body, { nonce });
      expect(response.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(typeof (await errorOf(response))).toBe('string');
    }
    const notJson = await fetch(`${shop.origin}/api/process-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CAPTCHA_NONCE_HEADER]: nonce },
      body: '{"amount":',
    });
    expect(notJson.status).toBe(400);
  });

  it('refuses with 400 and stores nothing for text PostgreSQL cannot store', async () => {
    const before = await orderCount();
    const response = await pay(shop, { ...valid(), fullName: 'Maria\u0000Delgado' }, { nonce });
    expect(response.status).toBe(400);
    expect(await orderCount()).toBe(before);
  });
});

describe('process-payment: state and ZIP by country (issue 34)', () => {
  const body = (billing: { state: string; zip: string; country: string }) => {
    const valid = paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000);
    return { ...valid, billing: { ...valid.billing, ...billing } };
  };

  it('pays with a US ZIP+4 and keeps state and ZIP on the order', async () => {
    const answer = await payOk(shop, body({ state: 'PR', zip: '00901-1234', country: 'US' }));
    const { order } = await storedOrder(answer.orderNumber!);
    expect([order.shipState, order.shipPostCode, order.shipCountry]).toEqual([
      'PR',
      '00901-1234',
      'US',
    ]);
  });

  it('pays with free text outside the US, in any script', async () => {
    for (const place of [
      { state: 'Ontario', zip: 'K1A 0B6', country: 'CA' },
      { state: 'São Paulo', zip: '01310-100', country: 'BR' },
    ]) {
      const answer = await payOk(shop, body(place));
      const { order } = await storedOrder(answer.orderNumber!);
      expect([order.shipState, order.shipPostCode, order.shipCountry]).toEqual([
        place.state,
        place.zip,
        place.country,
      ]);
    }
  });
});

describe("process-payment: the lab's PO number (issue 36)", () => {
  const body = (poNumber: string) =>
    paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, { poNumber });

  it('keeps a PO number on the order, trimmed; none is null', async () => {
    const withPo = await payOk(shop, body('  PO 4471/B-7  '));
    expect((await storedOrder(withPo.orderNumber!)).order.poNumber).toBe('PO 4471/B-7');
    const without = await payOk(shop, body(''));
    expect((await storedOrder(without.orderNumber!)).order.poNumber).toBeNull();
  });

  it('refuses a PO number over 35 characters or with other characters: 400, nothing stored', async () => {
    const before = await shop.database.db.select({ id: orders.id }).from(orders);
    for (const [poNumber, message] of [
      ['P'.repeat(36), 'PO number / reference must be at most 35 characters.'],
      ['PO<script>', CHECKOUT_MESSAGES.poNumberFormat],
      ['PO\u0000 1', CHECKOUT_MESSAGES.poNumberFormat],
    ] as const) {
      const nonce = await newNonce(shop);
      const response = await pay(shop, body(poNumber), { nonce });
      expect(response.status, poNumber).toBe(400);
      expect(await errorOf(response)).toContain(message);
    }
    expect(await shop.database.db.select({ id: orders.id }).from(orders)).toHaveLength(
      before.length,
    );
  });
});

describe('process-payment: the server prices the cart', () => {
  it('refuses a tampered amount with 409 and writes no order', async () => {
    const before = await orderCount();
    const nonce = await newNonce(shop);
    const response = await pay(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 2, newPrice: 1 }], 300),
      { nonce },
    );
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(CHECKOUT_MESSAGES.amountMismatch);
    const oneCentLess = await pay(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 2 }], 49_999),
      { nonce },
    );
    expect(oneCentLess.status).toBe(409);
    expect(await orderCount()).toBe(before);
  });

  it("ignores the browser's per-line price: the order holds the server's", async () => {
    const answer = await payOk(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 2, newPrice: 0.01 }], 50_000, {
        discountAmount: 999,
      }),
    );
    expect(answer.amount).toBe(50_000);
    const { order, lines, payments: paymentRows } = await storedOrder(answer.orderNumber!);
    expect(order).toMatchObject({
      status: 'paid',
      amountCents: 50_000,
      subtotalCents: 50_000,
      discountCents: 0,
      customerType: 'Retail',
      paymentRetref: answer.retref,
      erpSyncStatus: 'pending',
    });
    expect(lines.map((line) => [line.productNumber, line.quantity, line.unitPriceCents])).toEqual([
      [vibrator.number, 2, 25_000],
    ]);
    expect(paymentRows).toHaveLength(1);
    expect(paymentRows[0]).toMatchObject({
      status: 'approved',
      amountCents: 50_000,
      gateway: 'sandbox',
      gatewayOrderId: answer.orderNumber,
      retref: answer.retref,
    });
    const charge = sandboxOf(shop)
      .authorizations()
      .filter((authorization) => authorization.orderId === answer.orderNumber);
    expect(charge.map((authorization) => authorization.amountCents)).toEqual([50_000]);
  });

  it('charges retail to anonymous visitors, even at quantity 3', async () => {
    const answer = await payOk(
      shop,
      paymentBody([{ number: grinder.number, quantity: 3 }], 3 * grinder.newPriceCents),
    );
    expect(answer.amount).toBe(329_850);
    const wholesale = await pay(
      shop,
      paymentBody([{ number: grinder.number, quantity: 3 }], 3 * grinder.partnerPriceX3Cents),
      { nonce: await newNonce(shop) },
    );
    expect(wholesale.status).toBe(409);
  });

  it('charges signed-in users wholesale, and the partner price from quantity 3', async () => {
    const two = await payOk(
      shop,
      paymentBody([{ number: grinder.number, quantity: 2 }], 2 * grinder.wholesalePriceCents),
      { token: partnerToken },
    );
    expect(two.amount).toBe(179_800);
    const three = await payOk(
      shop,
      paymentBody([{ number: grinder.number, quantity: 3 }], 3 * grinder.partnerPriceX3Cents),
      { token: partnerToken },
    );
    expect(three.amount).toBe(254_997);
    const { order, lines } = await storedOrder(three.orderNumber!);
    expect(order.customerType).toBe('Wholesale');
    expect(order.userSubject).toBe('p');
    expect(lines[0]?.unitPriceCents).toBe(84_999);
  });

  it('falls back to wholesale at quantity 3 when a product has no partner price', async () => {
    const answer = await payOk(
      shop,
      paymentBody(
        [
          { number: vibrator.number, quantity: 3 },
          { number: bur.number, quantity: 4 },
        ],
        3 * vibrator.wholesalePriceCents + 4 * bur.partnerPriceX3Cents,
      ),
      { token: partnerToken },
    );
    expect(answer.amount).toBe(61_000);
    const { lines } = await storedOrder(answer.orderNumber!);
    expect(lines.map((line) => line.unitPriceCents)).toEqual([20_000, 250]);
  });

  it('applies Black10 and WELCOME2 in any case, from the coupons table', async () => {
    const black = await payOk(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 1 }], 22_500, { couponCode: 'BLACK10' }),
    );
    expect(black.amount).toBe(22_500);
    expect((await storedOrder(black.orderNumber!)).order).toMatchObject({
      subtotalCents: 25_000,
      discountCents: 2_500,
      amountCents: 22_500,
      couponCode: 'Black10',
    });
    // 2% of 1099.50 is 21.99: 1077.51.
    const welcome = await payOk(
      shop,
      paymentBody([{ number: grinder.number, quantity: 1 }], 107_751, { couponCode: 'welcome2' }),
    );
    expect((await storedOrder(welcome.orderNumber!)).order).toMatchObject({
      discountCents: 2_199,
      amountCents: 107_751,
      couponCode: 'WELCOME2',
    });
    const undiscounted = await pay(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, { couponCode: 'black10' }),
      { nonce: await newNonce(shop) },
    );
    expect(undiscounted.status).toBe(409);
  });

  it('prices a cart below the minimum as the minimum rule says, whatever the browser claims', async () => {
    // One bur is 4.10; the browser claims 3.00: the amounts differ, so 409.
    const response = await pay(shop, paymentBody([{ number: bur.number, quantity: 1 }], 300), {
      nonce: await newNonce(shop),
    });
    expect(response.status).toBe(409);
  });
});

describe('process-payment: cards that do not pay', () => {
  const SHOP_PHONE = '+1 (419) 555-0142';
  beforeAll(async () => {
    await shop.database.db
      .insert(contactData)
      .values({ address: '1 Main St, Toledo, OH', phone: SHOP_PHONE, email: 'shop@example.com' })
      .onConflictDoUpdate({ target: contactData.id, set: { phone: SHOP_PHONE } });
    // Written behind the app's back: its caches are emptied as an admin write would.
    shop.app.cacheInvalidation.invalidate();
  });
  afterAll(async () => {
    await shop.database.db.delete(contactData);
    shop.app.cacheInvalidation.invalidate();
  });

  it('leaves a declined card with a failed order, no charge and no jobs', async () => {
    const nonce = await newNonce(shop);
    const response = await pay(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, {
        token: SANDBOX_TEST_TOKENS.declines,
      }),
      { nonce },
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as PaymentAnswer;
    // The gateway's reason, that nothing was charged, and what to do, with the shop's phone.
    expect(answer).toMatchObject({
      ok: false,
      retref: null,
      error:
        'Your card was declined (Do not honor). You have not been charged. ' +
        `Please try another card, or call us at ${SHOP_PHONE}.`,
      amount: null,
    });
    const { order, payments: paymentRows } = await storedOrder(answer.orderNumber!);
    expect(order.status).toBe('failed');
    expect(order.paidAt).toBeNull();
    expect(paymentRows[0]?.status).toBe('declined');
    expect(
      sandboxOf(shop)
        .authorizations()
        .filter((authorization) => authorization.orderId === answer.orderNumber),
    ).toEqual([]);
    const jobs = await shop.database.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `%:${answer.orderNumber}`))
      .then(orderJobs);
    expect(jobs).toEqual([]);
    // The same nonce again: the same answer, still no charge.
    const again = await pay(shop, paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000), {
      nonce,
    });
    expect(await again.json()).toEqual(answer);
  });

  it('answers a token that is no card with the gateway text', async () => {
    const response = await pay(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, { token: 'not-a-token' }),
      { nonce: await newNonce(shop) },
    );
    expect(await response.json()).toMatchObject({
      ok: false,
      error: CHECKOUT_MESSAGES.cardDeclined('Invalid card', SHOP_PHONE),
    });
  });

  it('says "contact us" on a decline when the shop has no phone number stored', async () => {
    await shop.database.db.update(contactData).set({ phone: '' });
    shop.app.cacheInvalidation.invalidate();
    try {
      const response = await pay(
        shop,
        paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, {
          token: SANDBOX_TEST_TOKENS.declines,
        }),
        { nonce: await newNonce(shop) },
      );
      expect(await response.json()).toMatchObject({
        ok: false,
        error:
          'Your card was declined (Do not honor). You have not been charged. ' +
          'Please try another card, or contact us.',
      });
    } finally {
      await shop.database.db.update(contactData).set({ phone: SHOP_PHONE });
      shop.app.cacheInvalidation.invalidate();
    }
  });

  it('reconciles the time-out card: the inquiry finds no charge, the buyer hears so', async () => {
    const response = await pay(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, {
        token: SANDBOX_TEST_TOKENS.timesOut,
      }),
      { nonce: await newNonce(shop) },
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as PaymentAnswer;
    expect(answer).toMatchObject({ ok: false, error: CHECKOUT_MESSAGES.gatewayNoAnswer });
    const { order, payments: paymentRows } = await storedOrder(answer.orderNumber!);
    expect(order.status).toBe('failed');
    expect(paymentRows[0]?.status).toBe('declined');
  });
});

describe('after payment: invoice, jobs and the follow-up calls', () => {
  let paid: PaymentAnswer & { nonce: string };
  const followUp = (path: string, body: unknown, nonce?: string) =>
    call(shop, 'POST', path, {
      body,
      headers: nonce === undefined ? {} : { [CAPTCHA_NONCE_HEADER]: nonce },
    });

  beforeAll(async () => {
    paid = await payOk(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, {
        email: 'new.buyer@dentalcraft.example',
        fullName: 'Noor Haddad',
      }),
    );
  });

  it('writes the invoice and the ERP-sync and mail jobs exactly once', async () => {
    const jobs = await shop.database.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `%:${paid.orderNumber}`))
      .then(orderJobs);
    expect(jobs.map((job) => [job.kind, job.dedupeKey, job.payload, job.status]).sort()).toEqual([
      [
        'erp-order-sync',
        `erp-order-sync:${paid.orderNumber}`,
        { orderNumber: paid.orderNumber },
        'pending',
      ],
      [
        'order-confirmation-mail',
        `order-confirmation-mail:${paid.orderNumber}`,
        { orderNumber: paid.orderNumber },
        'pending',
      ],
    ]);
    const { order } = await storedOrder(paid.orderNumber!);
    const invoiceRows = await shop.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    expect(invoiceRows).toHaveLength(1);
    expect(invoiceRows[0]).toMatchObject({
      salesOrderId: paid.orderNumber,
      paymentRetref: paid.retref,
      cart: [{ number: vibrator.number, title: vibrator.title, quantity: 1, newPrice: 250 }],
    });
  });

  it('refuses follow-up calls without the nonce, with a wrong one, or for an unpaid order', async () => {
    const body = { fullName: 'Noor Haddad', number: 'WEBQRS', paymentSuccessful: true };
    const missing = await followUp('/api/checkCustomer', body);
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe(CHECKOUT_MESSAGES.missingNonce);
    const wrong = await followUp('/api/checkCustomer', body, 'A'.repeat(43));
    expect(wrong.status).toBe(403);
    expect(await errorOf(wrong)).toBe(CHECKOUT_MESSAGES.securityFailed);
    const unused = await followUp('/api/createSalesOrder', salesOrderBody(), await newNonce(shop));
    expect(unused.status).toBe(403);

    const declinedNonce = await newNonce(shop);
    await pay(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, {
        token: SANDBOX_TEST_TOKENS.declines,
      }),
      { nonce: declinedNonce },
    );
    for (const [path, payload] of [
      ['/api/checkCustomer', body],
      ['/api/createSalesOrder', salesOrderBody()],
      ['/api/createInvoice', { salesOrderId: 'WEB-1' }],
      ['/api/recordPayment', { invoiceId: 'x' }],
    ] as const) {
      const response = await followUp(path, payload, declinedNonce);
      expect(response.status, path).toBe(409);
      expect(await errorOf(response)).toBe(CHECKOUT_MESSAGES.orderNotPaid);
    }
  });

  it("checkCustomer keeps the browser's new number, once, and stores it on the order", async () => {
    const first = await followUp(
      '/api/checkCustomer',
      { fullName: 'Noor Haddad', number: 'WEBQRS', paymentSuccessful: true },
      paid.nonce,
    );
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ customer: { number: 'WEBQRS', fullName: 'Noor Haddad' } });
    const second = await followUp(
      '/api/checkCustomer',
      { fullName: 'Noor Haddad', number: 'WEBZZZ' },
      paid.nonce,
    );
    expect(((await second.json()) as { customer: { number: string } }).customer.number).toBe(
      'WEBQRS',
    );
    expect((await storedOrder(paid.orderNumber!)).order.customerNumber).toBe('WEBQRS');
  });

  it('checkCustomer finds a known customer by e-mail, and never hands out a taken number', async () => {
    await shop.database.db.insert(customers).values([
      { number: 'C-1001', displayName: 'Brightline Dental', email: 'Maria@Brightline.example' },
      { number: 'WEBTKN', displayName: 'Someone Else', email: 'someone@else.example' },
    ]);
    const known = await payOk(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000),
    );
    const byEmail = await followUp(
      '/api/checkCustomer',
      { fullName: 'Maria Delgado', number: 'WEBABC' },
      known.nonce,
    );
    expect(((await byEmail.json()) as { customer: { number: string } }).customer.number).toBe(
      'C-1001',
    );

    const stranger = await payOk(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, {
        email: 'fresh@newlab.example',
      }),
    );
    const taken = await followUp(
      '/api/checkCustomer',
      { fullName: 'Maria Delgado', number: 'WEBTKN' },
      stranger.nonce,
    );
    const number = ((await taken.json()) as { customer: { number: string } }).customer.number;
    expect(number).toMatch(/^WEB[A-Z]{3}$/);
    expect(number).not.toBe('WEBTKN');
  });

  function salesOrderBody() {
    return {
      customerType: 'Retail',
      newOrderNumber: 'WEB-999999',
      cart: [{ number: vibrator.number, title: vibrator.title, quantity: 1, newPrice: 0.01 }],
      phone: '+1 (419) 555-0199',
      customerNumber: 'WEBQRS',
      fullName: 'Noor Haddad',
      customerEmail: 'new.buyer@dentalcraft.example',
      billing: { fullName: 'Noor Haddad', addressLine1: '1250 Industrial Pkwy', country: 'US' },
      couponCode: '',
      discountAmount: 0,
    };
  }

  it('createSalesOrder is idempotent: one ERP-sync job, the server order number', async () => {
    for (let round = 0; round < 2; round++) {
      const response = await followUp('/api/createSalesOrder', salesOrderBody(), paid.nonce);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        ok: true,
        orderNumber: paid.orderNumber,
        erpSyncStatus: 'pending',
      });
    }
    const jobs = await shop.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'erp-order-sync'));
    expect(jobs.filter((job) => job.payload.orderNumber === paid.orderNumber)).toHaveLength(1);
  });

  it('createInvoice and recordPayment are idempotent and link the payment', async () => {
    const invoiceBody = {
      salesOrderId: paid.orderNumber,
      cart: [],
      customerNumber: 'WEBQRS',
      fullName: 'Noor Haddad',
      paymentRetref: paid.retref,
    };
    const first = await followUp('/api/createInvoice', invoiceBody, paid.nonce);
    expect(first.status).toBe(200);
    const invoice = (await first.json()) as { invoiceId: string; salesOrderId: string };
    expect(invoice.salesOrderId).toBe(paid.orderNumber);
    const second = await followUp('/api/createInvoice', invoiceBody, paid.nonce);
    expect(await second.json()).toEqual(invoice);
    const { order } = await storedOrder(paid.orderNumber!);
    const invoiceRows = await shop.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    expect(invoiceRows.map((row) => [row.id, row.customerNumber])).toEqual([
      [invoice.invoiceId, 'WEBQRS'],
    ]);

    const wrongInvoice = await followUp(
      '/api/recordPayment',
      { invoiceId: 'not-an-invoice', customerNumber: 'WEBQRS', paymentRetref: paid.retref },
      paid.nonce,
    );
    expect(wrongInvoice.status).toBe(400);
    const recordBody = {
      invoiceId: invoice.invoiceId,
      customerNumber: 'WEBQRS',
      paymentRetref: paid.retref,
    };
    const recorded = await followUp('/api/recordPayment', recordBody, paid.nonce);
    expect(recorded.status).toBe(200);
    const answer = (await recorded.json()) as { ok: true; paymentId: string };
    expect(await (await followUp('/api/recordPayment', recordBody, paid.nonce)).json()).toEqual(
      answer,
    );
    const [payment] = await shop.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, answer.paymentId));
    expect(payment).toMatchObject({
      orderId: order.id,
      invoiceId: invoice.invoiceId,
      customerNumber: 'WEBQRS',
      status: 'approved',
    });
  });

  it('salesOrdersLastID names the newest order number given out', async () => {
    const latest = await payOk(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000),
    );
    const response = await call(shop, 'GET', '/api/salesOrdersLastID');
    expect(await response.json()).toEqual({ lastSalesOrderId: latest.orderNumber });
  });
});

describe('admin orders', () => {
  it('refuses anonymous callers (401) and partners (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/order-history'],
      ['GET', '/api/admin/orders/WEB-100001'],
      ['POST', '/api/admin/orders/WEB-100001/retry-sync'],
    ] as const) {
      expect((await call(shop, method, url)).status, url).toBe(401);
      expect((await call(shop, method, url, { token: partnerToken })).status, url).toBe(403);
    }
  });

  it('shows a paid order newest first in the order history, with its lines, payment and sync job', async () => {
    const latest = await payOk(
      shop,
      paymentBody([{ number: grinder.number, quantity: 1 }], 98_955, { couponCode: 'black10' }),
    );
    const response = await call(shop, 'GET', '/api/order-history', { token: adminToken });
    expect(response.status).toBe(200);
    const page = (await response.json()) as OrderHistoryAnswer;
    expect(page.total).toBe(await orderCount());
    expect(page.orders[0]).toMatchObject({
      orderNumber: latest.orderNumber,
      status: 'paid',
      customerType: 'Retail',
      // Dollars.
      amount: 989.55,
      discount: 109.95,
      couponCode: 'Black10',
      paymentRetref: latest.retref,
      erpSyncStatus: 'pending',
      erpSyncAttempts: 0,
      canRetrySync: false,
      cart: [{ number: grinder.number, title: grinder.title, quantity: 1, newPrice: 1099.5 }],
    });

    const one = await call(shop, 'GET', `/api/admin/orders/${latest.orderNumber}`, {
      token: adminToken,
    });
    expect(await one.json()).toEqual(page.orders[0]);
    const missing = await call(shop, 'GET', '/api/admin/orders/WEB-1', { token: adminToken });
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toBe(ORDERS_MESSAGES.orderNotFound);
  });

  it('retries a dead ERP sync with fresh attempts; refuses unpaid orders', async () => {
    const order = await payOk(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000),
    );
    const key = `erp-order-sync:${order.orderNumber}`;
    await shop.database.db
      .update(outbox)
      .set({ status: 'dead', attempts: 25, lastError: 'ErpUnavailable: down' })
      .where(eq(outbox.dedupeKey, key));
    await shop.database.db
      .update(orders)
      .set({ erpSyncStatus: 'failed', erpSyncError: 'down' })
      .where(eq(orders.number, order.orderNumber!));
    const response = await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/retry-sync`, {
      token: adminToken,
    });
    expect(response.status).toBe(200);
    const entry = (await response.json()) as OrderHistoryEntry;
    expect(entry).toMatchObject({ erpSyncStatus: 'pending', erpSyncAttempts: 0 });
    const [job] = await shop.database.db.select().from(outbox).where(eq(outbox.dedupeKey, key));
    expect(job).toMatchObject({ status: 'pending', attempts: 0 });
    expect(job?.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const declined = await pay(
      shop,
      paymentBody([{ number: vibrator.number, quantity: 1 }], 25_000, {
        token: SANDBOX_TEST_TOKENS.declines,
      }),
      { nonce: await newNonce(shop) },
    );
    const { orderNumber } = (await declined.json()) as PaymentAnswer;
    const refused = await call(shop, 'POST', `/api/admin/orders/${orderNumber}/retry-sync`, {
      token: adminToken,
    });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(CHECKOUT_MESSAGES.orderNotPaid);
    const unknown = await call(shop, 'POST', '/api/admin/orders/WEB-1/retry-sync', {
      token: adminToken,
    });
    expect(unknown.status).toBe(404);
  });

  it('stores only what the server computed: no paid order has a price the server did not give', async () => {
    const paidOrders = await shop.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'paid')));
    for (const order of paidOrders) {
      const lines = await shop.database.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id));
      const subtotal = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
      expect(order.subtotalCents, order.number).toBe(subtotal);
      expect(order.amountCents, order.number).toBe(subtotal - order.discountCents);
      for (const line of lines) {
        const product = Object.values(PRODUCTS).find((p) => p.number === line.productNumber)!;
        expect(
          [product.newPriceCents, product.wholesalePriceCents, product.partnerPriceX3Cents],
          `${order.number} ${line.productNumber}`,
        ).toContain(line.unitPriceCents);
      }
    }
  });
});

/** The order's ERP-sync and mail jobs (not the payment-reconcile job every order gets). */
function orderJobs<T extends { kind: string }>(jobs: T[]): T[] {
  return jobs.filter((job) => job.kind !== 'payment-reconcile');
}
