import { CHECKOUT_MESSAGES, type PaymentAnswer } from '@labshop/shared/schemas/checkout';
import {
  QUOTE_MESSAGES,
  type AdminQuotesAnswer,
  type Quote,
  type QuotesAnswer,
} from '@labshop/shared/schemas/quotes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, orderLines, orders, quotes } from '../../../src/db/schema/index.ts';
import { dayIn, plusDays } from '../../../src/core/shop-days.ts';
import {
  call,
  errorOf,
  mailsAbout as mailsAboutIn,
  newNonce,
  pay,
  paymentBody,
  PRODUCTS,
  seedCheckoutData,
} from '../../support/checkout-fixtures.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../../support/helper.ts';
import {
  OTHER_LAB,
  otherLabToken as otherLabTokenOf,
  PARTNER_LAB,
} from '../../support/lab-fixtures.ts';

/**
 * Quotes (issue 37) over HTTP: the lab's request (priced at wholesale, mailed to the staff),
 * the staff's prices, freight, validity and note (audited) and sending (mailed to the lab), the
 * lab's answer while the quote is valid, and paying it: at the quote's stored prices and freight
 * only, once, and only by its own lab. Another lab's quote is a 404, as if it did not exist.
 */

let shop: SignedInTestApp;
let partnerToken: string;
let otherLabToken: string;

const TIME_ZONE = 'America/New_York';
const today = () => dayIn(TIME_ZONE);
const inDays = (days: number) => plusDays(today(), days);

const SHIP_TO = {
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '+1 212 555 0199',
  address: '2 Loading Dock Rd',
  city: 'Arlington',
  state: 'VA',
  zip: '22201',
  country: 'US',
};

const REQUEST = {
  lines: [
    { number: PRODUCTS.grinder.number, quantity: 3 },
    { number: PRODUCTS.vibrator.number, quantity: 1 },
  ],
  message: 'Three grinders for the new bench: can you do better, with freight to Arlington?',
  shipTo: SHIP_TO,
  poNumber: 'PO-7781',
};

beforeAll(async () => {
  shop = await startSignedInTestApp({
    OUTBOX_POLL_SECONDS: '0.05',
    SHOP_TIME_ZONE: TIME_ZONE,
    SHOP_MAIL_TO: 'shop@labshop.example',
    QUOTE_REQUEST_RATE_LIMIT_MAX: '1000',
  });
  partnerToken = shop.partnerToken;
  otherLabToken = await otherLabTokenOf(shop);
  await seedCheckoutData(shop);
  await shop.database.db.insert(customers).values([PARTNER_LAB, OTHER_LAB]);
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const requestQuote = async (body: object = REQUEST, token = partnerToken) =>
  json<Quote>(await call(shop, 'POST', '/api/account/quotes', { token, body }), 201);

/** The staff's version: the grinders at $800, the vibrator removed, a bur added, freight. */
const PRICED = {
  lines: [
    { number: PRODUCTS.grinder.number, quantity: 3, unitPrice: 800 },
    { number: PRODUCTS.bur.number, quantity: 10, unitPrice: 2.5 },
  ],
  freight: 145.5,
  validUntil: '',
  note: 'Freight by LTL carrier.',
};
const PRICED_TOTAL_CENTS = 3 * 80_000 + 10 * 250 + 14_550;

async function sentQuote(): Promise<Quote> {
  const requested = await requestQuote();
  const adminToken = shop.adminToken;
  await json<Quote>(
    await call(shop, 'PUT', `/api/admin/quotes/${requested.number}`, {
      token: adminToken,
      body: { ...PRICED, validUntil: inDays(14) },
    }),
  );
  return json<Quote>(
    await call(shop, 'POST', `/api/admin/quotes/${requested.number}/send`, { token: adminToken }),
  );
}

async function acceptedQuote(): Promise<Quote> {
  const sent = await sentQuote();
  return json<Quote>(
    await call(shop, 'POST', `/api/account/quotes/${sent.number}/accept`, { token: partnerToken }),
  );
}

const mailsAbout = (topic: string, to: string) => mailsAboutIn(shop, topic, to);

/** Pays a quote with a new nonce: the quote's lines as the cart, `amount` cents. */
function payQuote(number: string, amount: number, token = partnerToken, overrides = {}) {
  return newNonce(shop).then((nonce) =>
    pay(
      shop,
      paymentBody([{ number: PRODUCTS.grinder.number, quantity: 3 }], amount, {
        quoteNumber: number,
        email: PARTNER_LAB.email,
        ...overrides,
      }),
      { nonce, token },
    ),
  );
}

describe('requesting a quote', () => {
  it('prices the lines at wholesale, keeps the ship-to, PO and message, and mails the staff', async () => {
    const quote = await requestQuote();
    expect(quote).toMatchObject({
      number: expect.stringMatching(/^Q-\d{6}$/),
      status: 'requested',
      email: PARTNER_LAB.email,
      customerNumber: PARTNER_LAB.number,
      poNumber: 'PO-7781',
      message: REQUEST.message,
      shipTo: SHIP_TO,
      freight: null,
      validUntil: null,
      canAccept: false,
      canPay: false,
      subtotal: 2749.97,
      total: 2749.97,
    });
    expect(quote.lines.map((line) => [line.number, line.quantity, line.unitPrice])).toEqual([
      // Three grinders: the partner price for three or more.
      [PRODUCTS.grinder.number, 3, 849.99],
      [PRODUCTS.vibrator.number, 1, 200],
    ]);
    const [mail] = await mailsAbout(`quote:${quote.number}`, 'shop@labshop.example');
    expect(mail?.subject).toBe(`Quote request ${quote.number} from ${quote.customerName}`);
    expect(mail?.textBody).toContain(REQUEST.message);
    expect(mail?.textBody).toContain(`/admin/quotes/${quote.number}`);
  });

  it('refuses an empty request, an unknown or unavailable product, and a visitor', async () => {
    const refused = async (body: object, message: string) => {
      const response = await call(shop, 'POST', '/api/account/quotes', {
        token: partnerToken,
        body,
      });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
    };
    await refused({ ...REQUEST, lines: [] }, QUOTE_MESSAGES.noLines);
    await refused(
      { ...REQUEST, lines: [{ number: 'NOPE-1', quantity: 1 }] },
      QUOTE_MESSAGES.unknownProduct('NOPE-1'),
    );
    await refused(
      { ...REQUEST, lines: [{ number: PRODUCTS.unavailable.number, quantity: 1 }] },
      QUOTE_MESSAGES.productUnavailable(PRODUCTS.unavailable.title),
    );
    await refused({ ...REQUEST, shipTo: { ...SHIP_TO, zip: 'nope' } }, CHECKOUT_MESSAGES.usZip);
    const visitor = await call(shop, 'POST', '/api/account/quotes', { body: REQUEST });
    expect(visitor.status).toBe(401);
  });
});

describe("another lab's quote", () => {
  it('is not found, listed, answered or paid by another lab', async () => {
    const quote = await sentQuote();
    const path = `/api/account/quotes/${quote.number}`;
    for (const [method, url] of [
      ['GET', path],
      ['POST', `${path}/accept`],
      ['POST', `${path}/decline`],
    ] as const) {
      const response = await call(shop, method, url, { token: otherLabToken });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(await errorOf(response)).toBe(QUOTE_MESSAGES.notFound);
    }
    const theirs = await json<QuotesAnswer>(
      await call(shop, 'GET', '/api/account/quotes', { token: otherLabToken }),
    );
    expect(theirs.quotes.map((row) => row.number)).not.toContain(quote.number);
    const ours = await json<QuotesAnswer>(
      await call(shop, 'GET', '/api/account/quotes', { token: partnerToken }),
    );
    expect(ours.quotes.map((row) => row.number)).toContain(quote.number);

    // Accepted by its lab, it still cannot be paid by another.
    await json<Quote>(await call(shop, 'POST', `${path}/accept`, { token: partnerToken }));
    const paid = await payQuote(quote.number, PRICED_TOTAL_CENTS, otherLabToken, {
      email: OTHER_LAB.email,
    });
    expect(paid.status).toBe(404);
    expect(await errorOf(paid)).toBe(QUOTE_MESSAGES.notFound);
    const [order] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.email, OTHER_LAB.email));
    expect(order).toBeUndefined();
  });

  it('is the staff only: a lab cannot list, change or send quotes', async () => {
    const quote = await requestQuote();
    for (const [method, url] of [
      ['GET', '/api/admin/quotes'],
      ['PUT', `/api/admin/quotes/${quote.number}`],
      ['POST', `/api/admin/quotes/${quote.number}/send`],
    ] as const) {
      const body = method === 'PUT' ? { ...PRICED, validUntil: inDays(3) } : undefined;
      expect((await call(shop, method, url, { token: partnerToken, body })).status).toBe(403);
      expect((await call(shop, method, url, { body })).status).toBe(401);
    }
  });
});

describe('the staff price and send a quote', () => {
  it('changes prices, lines and freight, audits each change, and mails the lab a link', async () => {
    const requested = await requestQuote();
    const updated = await json<Quote>(
      await call(shop, 'PUT', `/api/admin/quotes/${requested.number}`, {
        token: shop.adminToken,
        body: { ...PRICED, validUntil: inDays(14) },
      }),
    );
    expect(updated.status).toBe('requested');
    expect(
      updated.lines.map((line) => [line.number, line.quantity, line.unitPrice, line.listPrice]),
    ).toEqual([
      [PRODUCTS.grinder.number, 3, 800, 849.99],
      [PRODUCTS.bur.number, 10, 2.5, 2.5],
    ]);
    expect(updated).toMatchObject({
      freight: 145.5,
      total: PRICED_TOTAL_CENTS / 100,
      validUntil: inDays(14),
      note: PRICED.note,
    });

    const sent = await json<Quote>(
      await call(shop, 'POST', `/api/admin/quotes/${requested.number}/send`, {
        token: shop.adminToken,
      }),
    );
    expect(sent).toMatchObject({ status: 'sent', canAccept: true, canPay: false });
    const [mail] = await mailsAbout(`quote:${requested.number}`, PARTNER_LAB.email);
    expect(mail?.subject).toBe(`Your labshop quote ${requested.number}`);
    expect(mail?.textBody).toContain('Freight: $145.50');
    expect(mail?.textBody).toContain(`/account/quotes/${requested.number}`);

    const entries = await shop.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, requested.number));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['quote.send', 'quote.update']);
    const update = entries.find((entry) => entry.action === 'quote.update');
    expect(update?.after).toMatchObject({ freight: 145.5, note: PRICED.note });
  });

  it('refuses a validity day in the past, sending without one, and changing an accepted quote', async () => {
    const requested = await requestQuote();
    const url = `/api/admin/quotes/${requested.number}`;
    const past = await call(shop, 'PUT', url, {
      token: shop.adminToken,
      body: { ...PRICED, validUntil: inDays(-1) },
    });
    expect(past.status).toBe(400);
    expect(await errorOf(past)).toBe(QUOTE_MESSAGES.validUntilPast);
    const unsent = await call(shop, 'POST', `${url}/send`, { token: shop.adminToken });
    expect(unsent.status).toBe(409);
    expect(await errorOf(unsent)).toBe(QUOTE_MESSAGES.validUntilMissing);

    const accepted = await acceptedQuote();
    const closed = await call(shop, 'PUT', `/api/admin/quotes/${accepted.number}`, {
      token: shop.adminToken,
      body: { ...PRICED, validUntil: inDays(3) },
    });
    expect(closed.status).toBe(409);
    expect(await errorOf(closed)).toBe(QUOTE_MESSAGES.closed);
  });

  it('lists and counts quotes by what they are now, and finds them by PO number', async () => {
    const sent = await sentQuote();
    const answer = await json<AdminQuotesAnswer>(
      await call(shop, 'GET', `/api/admin/quotes?status=sent&search=PO-7781`, {
        token: shop.adminToken,
      }),
    );
    expect(answer.quotes.map((row) => row.number)).toContain(sent.number);
    expect(answer.quotes.every((row) => row.status === 'sent')).toBe(true);
    expect(answer.counts.sent).toBe(answer.total);
  });
});

describe('paying an accepted quote', () => {
  it('charges the quoted prices and freight, once, and the order carries them', async () => {
    const quote = await acceptedQuote();
    expect(quote).toMatchObject({ status: 'accepted', canAccept: false, canPay: true });

    // Tampered: the cart's list price, or the quote without its freight.
    for (const amount of [3 * 89_900, PRICED_TOTAL_CENTS - 14_550]) {
      const tampered = await payQuote(quote.number, amount);
      expect(tampered.status).toBe(409);
      expect(await errorOf(tampered)).toBe(CHECKOUT_MESSAGES.amountMismatch);
    }
    const coupon = await payQuote(quote.number, PRICED_TOTAL_CENTS, partnerToken, {
      couponCode: 'Black10',
    });
    expect(coupon.status).toBe(400);
    expect(await errorOf(coupon)).toBe(QUOTE_MESSAGES.couponOnQuote);

    const paid = await json<PaymentAnswer>(await payQuote(quote.number, PRICED_TOTAL_CENTS));
    expect(paid.ok).toBe(true);
    // Paid again (a double click, another tab): the same order, no second charge.
    const again = await json<PaymentAnswer>(await payQuote(quote.number, PRICED_TOTAL_CENTS));
    expect(again.orderNumber).toBe(paid.orderNumber);

    const { db } = shop.database;
    const [order] = await db.select().from(orders).where(eq(orders.number, paid.orderNumber!));
    expect(order).toMatchObject({
      amountCents: PRICED_TOTAL_CENTS,
      freightCents: 14_550,
      subtotalCents: PRICED_TOTAL_CENTS - 14_550,
      discountCents: 0,
      status: 'paid',
    });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((line) => [line.productNumber, line.quantity, line.unitPriceCents])).toEqual([
      [PRODUCTS.grinder.number, 3, 80_000],
      [PRODUCTS.bur.number, 10, 250],
    ]);
    const accountOrder = await json<{ freight: number; amount: number }>(
      await call(shop, 'GET', `/api/account/orders/${paid.orderNumber}`, { token: partnerToken }),
    );
    expect(accountOrder).toMatchObject({ freight: 145.5, amount: PRICED_TOTAL_CENTS / 100 });
    // The confirmation goes out from the outbox, moments after the payment's answer.
    const [confirmation] = await mailsAbout(`order:${paid.orderNumber}`, PARTNER_LAB.email);
    expect(confirmation?.textBody).toContain('Freight: $145.50');
    const after = await json<Quote>(
      await call(shop, 'GET', `/api/account/quotes/${quote.number}`, { token: partnerToken }),
    );
    expect(after).toMatchObject({
      status: 'accepted',
      orderNumber: paid.orderNumber,
      canPay: false,
    });
  });

  it('refuses a quote that was only sent, and a visitor', async () => {
    const sent = await sentQuote();
    const unaccepted = await payQuote(sent.number, PRICED_TOTAL_CENTS);
    expect(unaccepted.status).toBe(409);
    expect(await errorOf(unaccepted)).toBe(QUOTE_MESSAGES.notPayable);
    const nonce = await newNonce(shop);
    const visitor = await pay(
      shop,
      paymentBody([{ number: PRODUCTS.grinder.number, quantity: 3 }], PRICED_TOTAL_CENTS, {
        quoteNumber: sent.number,
      }),
      { nonce },
    );
    expect(visitor.status).toBe(401);
  });
});

describe('an expired quote', () => {
  it('can no longer be accepted or paid, and lists as expired', async () => {
    const sent = await sentQuote();
    const accepted = await acceptedQuote();
    const { db } = shop.database;
    const yesterday = inDays(-1);
    for (const number of [sent.number, accepted.number]) {
      await db.update(quotes).set({ validUntil: yesterday }).where(eq(quotes.number, number));
    }
    const expired = QUOTE_MESSAGES.expired(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${yesterday}T00:00:00Z`),
      ),
    );
    const accept = await call(shop, 'POST', `/api/account/quotes/${sent.number}/accept`, {
      token: partnerToken,
    });
    expect(accept.status).toBe(409);
    expect(await errorOf(accept)).toBe(expired);
    const paid = await payQuote(accepted.number, PRICED_TOTAL_CENTS);
    expect(paid.status).toBe(409);
    expect(await errorOf(paid)).toBe(expired);

    const answer = await json<AdminQuotesAnswer>(
      await call(shop, 'GET', '/api/admin/quotes?status=expired', { token: shop.adminToken }),
    );
    expect(answer.quotes.map((row) => row.number).sort()).toEqual(
      [sent.number, accepted.number].sort(),
    );
    expect(answer.counts.expired).toBe(2);
  });
});
