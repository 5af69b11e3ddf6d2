import type {
  AccountAnswer,
  AccountOrder,
  AccountOrdersAnswer,
  ReorderAnswer,
} from '@labshop/shared/schemas/account';
import { ACCOUNT_MESSAGES } from '@labshop/shared/schemas/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../src/db/schema/index.ts';
import {
  call,
  errorOf,
  insertPaidOrder,
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
 * The lab's account (issue 36) over HTTP: whose orders a user sees (their own, their verified
 * e-mail's, their lab's), that another lab's orders are never shown (404, as if missing), and
 * what 'Buy again' adds and leaves out. The partner token's user is lab@partner.example.
 */

let shop: SignedInTestApp;
let partnerToken: string;
let otherLabToken: string;
let unverifiedToken: string;

/** A time `minutes` after a fixed point, so that the orders' order is known. */
const at = (minutes: number) => new Date(Date.UTC(2026, 9, 1, 12, 0) + minutes * 60_000);

/** The partner's lab, its e-mail in another case: the lookup ignores case. */
const LAB = { ...PARTNER_LAB, email: 'LAB@partner.example' };

beforeAll(async () => {
  shop = await startSignedInTestApp({ OUTBOX_WORKER: 'false' });
  partnerToken = shop.partnerToken;
  otherLabToken = await otherLabTokenOf(shop);
  // The partner's e-mail, but not vouched for by the provider: it links to no lab.
  unverifiedToken = await shop.issuer.sign({
    sub: 'unverified',
    email: 'lab@partner.example',
    email_verified: false,
  });
  await seedCheckoutData(shop);
  const { db } = shop.database;
  await db.insert(customers).values([LAB, OTHER_LAB]);
  const line = (product: { number: string; title: string }, quantity: number) => ({
    productNumber: product.number,
    title: product.title,
    quantity,
    unitPriceCents: 10_000,
  });
  // The partner's own order, with every kind of product for 'Buy again'.
  await insertPaidOrder(db, {
    number: 'WEB-200001',
    email: 'lab@partner.example',
    order: { createdAt: at(1), paidAt: at(1), customerNumber: LAB.number },
    lines: [
      line(PRODUCTS.grinder, 2),
      line(PRODUCTS.unavailable, 1),
      line(PRODUCTS.deleted, 3),
      line(PRODUCTS.vibrator, 1),
    ],
  });
  // A colleague's, under the lab's customer number.
  await insertPaidOrder(db, {
    number: 'WEB-200002',
    email: 'colleague@partner.example',
    order: { createdAt: at(2), paidAt: at(2), customerNumber: LAB.number, poNumber: 'PO-55/A' },
    lines: [line(PRODUCTS.bur, 10)],
  });
  // Placed while signed in, with another e-mail typed at checkout.
  await insertPaidOrder(db, {
    number: 'WEB-200003',
    email: 'typed@elsewhere.example',
    order: { createdAt: at(3), paidAt: at(3), userSubject: 'p', customerNumber: null },
  });
  // Never paid: not an order the lab placed.
  await insertPaidOrder(db, {
    number: 'WEB-200004',
    email: 'lab@partner.example',
    order: { createdAt: at(4), status: 'failed', paidAt: null, customerNumber: LAB.number },
  });
  // Another lab's.
  await insertPaidOrder(db, {
    number: 'WEB-200005',
    email: 'buyer@other-lab.example',
    order: { createdAt: at(5), paidAt: at(5), customerNumber: 'C-OTHER' },
  });
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

async function json<T>(url: string, token: string): Promise<T> {
  const response = await call(shop, 'GET', url, { token });
  expect(response.status, `${url}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

const numbersOf = (answer: AccountOrdersAnswer) => answer.orders.map((order) => order.number);

describe('GET /api/account', () => {
  it("answers the user and their lab: the customer with the user's verified e-mail, any case", async () => {
    const answer = await json<AccountAnswer>('/api/account', partnerToken);
    expect(answer.user.email).toBe('lab@partner.example');
    expect(answer.emailVerified).toBe(true);
    expect(answer.lab).toMatchObject({
      number: 'C-LAB1',
      displayName: 'Partner Dental Lab',
      city: 'Dayton',
      phoneNumber: '+1 (937) 555-0100',
    });
  });

  it('links no lab to an e-mail the provider does not vouch for', async () => {
    const answer = await json<AccountAnswer>('/api/account', unverifiedToken);
    expect(answer).toMatchObject({ emailVerified: false, lab: null });
  });
});

describe('GET /api/account/orders', () => {
  it("lists the user's own, their e-mail's and their lab's placed orders, newest first", async () => {
    const answer = await json<AccountOrdersAnswer>('/api/account/orders', partnerToken);
    expect(numbersOf(answer)).toEqual(['WEB-200003', 'WEB-200002', 'WEB-200001']);
    expect(answer.total).toBe(3);
    expect(answer.orders[2]).toMatchObject({
      email: 'lab@partner.example',
      status: 'paid',
      itemCount: 7,
      titles: [PRODUCTS.grinder.title, PRODUCTS.unavailable.title, PRODUCTS.deleted.title],
    });
  });

  it("never lists another lab's orders, nor a lab's to an unverified e-mail", async () => {
    expect(numbersOf(await json('/api/account/orders', otherLabToken))).toEqual(['WEB-200005']);
    // Only what the unverified user placed themselves: nothing.
    expect(numbersOf(await json('/api/account/orders', unverifiedToken))).toEqual([]);
  });

  it('searches by order number, PO number and product number, ignoring case', async () => {
    const search = (text: string) =>
      json<AccountOrdersAnswer>(
        `/api/account/orders?search=${encodeURIComponent(text)}`,
        partnerToken,
      );
    expect(numbersOf(await search('200002'))).toEqual(['WEB-200002']);
    expect(numbersOf(await search('bur-1'))).toEqual(['WEB-200002']);
    expect(numbersOf(await search('ag-210'))).toEqual(['WEB-200001']);
    const byPo = await search('po-55');
    expect(byPo.orders.map((order) => [order.number, order.poNumber])).toEqual([
      ['WEB-200002', 'PO-55/A'],
    ]);
    // Another lab's order number finds nothing.
    expect(await search('WEB-200005')).toMatchObject({ orders: [], total: 0 });
    // LIKE's own characters are text.
    expect(numbersOf(await search('%'))).toEqual([]);
  });

  it('pages: a page past the end is empty, a bad page a 400 with the reason', async () => {
    expect(await json('/api/account/orders?page=2', partnerToken)).toMatchObject({
      orders: [],
      total: 3,
      page: 2,
    });
    const bad = await call(shop, 'GET', '/api/account/orders?page=zero', { token: partnerToken });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatch(/page/);
  });
});

describe('GET /api/account/orders/{number}', () => {
  it("answers one of the lab's orders: lines, totals, ship-to and its timeline", async () => {
    const order = await json<AccountOrder>('/api/account/orders/WEB-200001', partnerToken);
    expect(order).toMatchObject({
      number: 'WEB-200001',
      subtotal: 50,
      discount: 5,
      amount: 45,
      couponCode: 'Black10',
      shipTo: { name: 'Ada Lovelace', city: 'London', country: 'GB' },
    });
    expect(order.lines[0]).toEqual({
      number: PRODUCTS.grinder.number,
      title: PRODUCTS.grinder.title,
      quantity: 2,
      unitPrice: 100,
      lineTotal: 200,
    });
    expect(order.timeline.map((step) => [step.step, step.state])).toEqual([
      ['placed', 'done'],
      ['sent', 'waiting'],
      // Not in the ERP yet: it cannot have shipped.
      ['shipped', 'waiting'],
      ['invoiced', 'waiting'],
    ]);
    expect(order.timeline[0]!.at).toBe(at(1).toISOString());
  });

  it("answers 404 for another lab's order, an unpaid one and one that does not exist", async () => {
    for (const [number, token] of [
      ['WEB-200005', partnerToken],
      ['WEB-200001', otherLabToken],
      ['WEB-200001', unverifiedToken],
      ['WEB-200004', partnerToken],
      ['WEB-999999', partnerToken],
    ] as const) {
      for (const url of [
        `/api/account/orders/${number}`,
        `/api/account/orders/${number}/reorder`,
      ]) {
        const response = await call(shop, 'GET', url, { token });
        expect(response.status, url).toBe(404);
        expect(await errorOf(response)).toBe(ACCOUNT_MESSAGES.orderNotFound);
      }
    }
  });
});

describe('GET /api/account/orders/{number}/reorder', () => {
  it('adds the products still for sale with their quantities and lists the others with why', async () => {
    const answer = await json<ReorderAnswer>(
      '/api/account/orders/WEB-200001/reorder',
      partnerToken,
    );
    expect(answer).toEqual({
      add: [
        { number: PRODUCTS.grinder.number, title: PRODUCTS.grinder.title, quantity: 2 },
        { number: PRODUCTS.vibrator.number, title: PRODUCTS.vibrator.title, quantity: 1 },
      ],
      leftOut: [
        {
          number: PRODUCTS.unavailable.number,
          title: PRODUCTS.unavailable.title,
          reason: 'not_available',
        },
        { number: PRODUCTS.deleted.number, title: PRODUCTS.deleted.title, reason: 'deleted' },
      ],
    });
  });
});

describe('the account calls without a user', () => {
  it('answer 401 and keep no copy anywhere', async () => {
    for (const url of [
      '/api/account',
      '/api/account/orders',
      '/api/account/orders/WEB-200001',
      '/api/account/orders/WEB-200001/reorder',
    ]) {
      const response = await call(shop, 'GET', url);
      expect(response.status, url).toBe(401);
    }
    const signedIn = await call(shop, 'GET', '/api/account', { token: partnerToken });
    expect(signedIn.headers.get('cache-control')).toContain('no-store');
  });
});
