import { CHECKOUT_MESSAGES } from '@labshop/shared/schemas/checkout';
import {
  ORDER_HISTORY_CSV_COLUMNS,
  ORDER_HISTORY_DEFAULT_LIMIT,
  ORDER_HISTORY_SEARCH_MAX_LENGTH,
  ORDERS_MESSAGES,
  type OrderHistoryAnswer,
  type OrderHistoryEntry,
} from '@labshop/shared/schemas/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox } from '../../../src/db/schema/index.ts';
import { ORDER_JOB_KINDS } from '../../../src/jobs/order-jobs.ts';
import { call, errorOf, insertPaidOrder } from '../../support/checkout-fixtures.ts';
import { startSignedInTestApp, type SignedInTestApp, type TestApp } from '../../support/helper.ts';
import { parseCsv } from '../../support/csv-parse.ts';

/**
 * SPEC.md "Orders History": GET /api/order-history (paging, search, every field of an order),
 * orders_history.csv, and the admin's one-order view and ERP sync retry (moved here from the
 * checkout). The outbox worker is off, so the jobs stay as the tests leave them.
 */

let shop: SignedInTestApp;
let adminToken: string;
let partnerToken: string;

const { erpSync, confirmationMail } = ORDER_JOB_KINDS;

/** A shop with the outbox worker off, trusting the first shop's provider (and so its tokens). */
const startShop = () =>
  startSignedInTestApp({ OUTBOX_WORKER: 'false' }, undefined, { issuer: shop?.issuer });

/** A time `minutes` before a fixed point, so that the orders' order is known. */
const at = (minutes: number) => new Date(Date.UTC(2025, 5, 1, 12, 0) - minutes * 60_000);

/**
 * The orders: the known one (newest, tricky text for the CSV), others with distinct customers
 * for the search, and an unpaid one (every status is listed).
 */
beforeAll(async () => {
  shop = await startShop();
  ({ adminToken, partnerToken } = shop);
  const { db } = shop.database;
  await insertPaidOrder(db, {
    number: 'WEB-100010',
    email: 'Office@Brightline.example',
    order: {
      createdAt: at(0),
      paidAt: at(-1),
      customerNumber: 'C-0042',
      customerName: 'Brightline Dental Lab, Inc.',
      customerType: 'Wholesale',
      phone: '+1 (419) 555-0199',
      subtotalCents: 121_950,
      discountCents: 12_195,
      amountCents: 109_755,
      couponCode: 'Black10',
      poNumber: 'PO 7781/B',
      shipName: 'The "Smile" Studio',
      shipAddress1: '12 Elm St\nBuilding B',
      shipCity: 'Toledo',
      shipState: 'OH',
      shipPostCode: '43612',
      shipCountry: 'US',
      shipPhone: '-5550100',
      paymentRetref: '987654321098',
      erpSyncStatus: 'synced',
      erpSalesOrderId: 'SO-000007',
    },
    lines: [
      {
        productNumber: 'AG-210',
        title: 'Alloy Grinder, Pro',
        quantity: 1,
        unitPriceCents: 109_950,
      },
      { productNumber: 'EQ-1', title: '=SUM(A1:A9)', quantity: 2, unitPriceCents: 6_000 },
    ],
    jobs: [erpSync, confirmationMail],
  });
  await insertPaidOrder(db, {
    number: 'WEB-100009',
    email: 'ada@analytical.example',
    order: { createdAt: at(10), customerNumber: 'C-0001', erpSyncStatus: 'pending' },
    jobs: [erpSync],
  });
  await insertPaidOrder(db, {
    number: 'WEB-100008',
    email: 'grace@navy.example',
    order: {
      createdAt: at(20),
      customerName: 'Grace 100% Hopper_Lab',
      customerNumber: null,
      erpSyncStatus: 'failed',
      erpSyncError: 'ErpUnavailable: connection refused',
    },
    jobs: [erpSync],
  });
  await insertPaidOrder(db, {
    number: 'WEB-100007',
    email: 'unpaid@lab.example',
    order: {
      createdAt: at(30),
      status: 'failed',
      paidAt: null,
      paymentRetref: null,
      erpSyncStatus: 'not_started',
      customerName: 'Declined Card',
    },
  });
  // Ten more, older, for the paging.
  for (let index = 0; index < 10; index += 1) {
    await insertPaidOrder(db, {
      number: `WEB-2000${String(index).padStart(2, '0')}`,
      email: `buyer${index}@lab.example`,
      order: { createdAt: at(100 + index), customerName: `Buyer ${index}` },
    });
  }
});
afterAll(async () => {
  await shop?.close();
});

const ORDER_COUNT = 14;

async function ok<T>(response: Response): Promise<T> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as T;
}

const history = (query = '') =>
  call(shop, 'GET', `/api/order-history${query}`, { token: adminToken });
const historyOk = (query = '') => history(query).then(ok<OrderHistoryAnswer>);
const exportCsv = (query = '') =>
  call(shop, 'GET', `/api/order-history/export${query}`, { token: adminToken });
const numbers = (answer: OrderHistoryAnswer) => answer.orders.map((order) => order.orderNumber);

describe('who may call', () => {
  for (const [method, url] of [
    ['GET', '/api/order-history'],
    ['GET', '/api/order-history/export'],
    ['GET', '/api/admin/orders/WEB-100010'],
    ['POST', '/api/admin/orders/WEB-100008/retry-sync'],
  ] as const) {
    it(`${method} ${url}: 401 anonymous, 403 for a partner`, async () => {
      expect((await call(shop, method, url)).status).toBe(401);
      expect((await call(shop, method, url, { token: partnerToken })).status).toBe(403);
    });
  }

  it('no longer serves the paged admin list (GET /api/admin/orders): order-history replaced it', async () => {
    expect((await call(shop, 'GET', '/api/admin/orders', { token: adminToken })).status).toBe(404);
  });
});

describe('GET /api/order-history', () => {
  it('lists orders of every status newest first, not cached', async () => {
    const response = await history();
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const answer = await ok<OrderHistoryAnswer>(response);
    expect(answer.total).toBe(ORDER_COUNT);
    expect(answer.orders).toHaveLength(ORDER_COUNT);
    expect(numbers(answer).slice(0, 4)).toEqual([
      'WEB-100010',
      'WEB-100009',
      'WEB-100008',
      'WEB-100007',
    ]);
    expect(answer.orders[3]).toMatchObject({ status: 'failed', paidAt: null, canRetrySync: false });
    const times = answer.orders.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("answers every field of the spec's order, in dollars, with the payment and the sync", async () => {
    const [order] = (await historyOk('?limit=1')).orders;
    expect(order).toEqual({
      orderNumber: 'WEB-100010',
      customerNumber: 'C-0042',
      customerName: 'Brightline Dental Lab, Inc.',
      customerType: 'Wholesale',
      email: 'Office@Brightline.example',
      phone: '+1 (419) 555-0199',
      // 1219.50 less the 10% coupon: as charged.
      amount: 1097.55,
      cart: [
        { number: 'AG-210', title: 'Alloy Grinder, Pro', quantity: 1, newPrice: 1099.5 },
        { number: 'EQ-1', title: '=SUM(A1:A9)', quantity: 2, newPrice: 60 },
      ],
      shipping: {
        name: 'The "Smile" Studio',
        address1: '12 Elm St\nBuilding B',
        city: 'Toledo',
        state: 'OH',
        postCode: '43612',
        country: 'US',
        phone: '-5550100',
      },
      createdAt: at(0).toISOString(),
      status: 'paid',
      paidAt: at(-1).toISOString(),
      discount: 121.95,
      freight: 0,
      paymentMethod: 'card',
      paymentTerms: null,
      paymentDueOn: null,
      couponCode: 'Black10',
      poNumber: 'PO 7781/B',
      paymentRetref: '987654321098',
      erpSyncStatus: 'synced',
      erpSalesOrderId: 'SO-000007',
      // Synced before its time was kept: when is not known.
      erpSyncedAt: null,
      erpSyncError: null,
      erpSyncAttempts: 0,
      canRetrySync: false,
      shippedAt: null,
      erpShipmentNumber: null,
      invoicedAt: null,
      erpInvoiceNumber: null,
      erpStatusCheckedAt: null,
      // Embedded mode: the synced order may be marked shipped in the built-in ERP.
      canMarkShipped: true,
      canMarkInvoiced: false,
    } satisfies OrderHistoryEntry);
  });

  it('pages with limit, counting every order in total', async () => {
    const first = await historyOk('?limit=5');
    const second = await historyOk('?page=2&limit=5');
    const third = await historyOk('?page=3&limit=5');
    expect([first.total, second.total, third.total]).toEqual([
      ORDER_COUNT,
      ORDER_COUNT,
      ORDER_COUNT,
    ]);
    expect([first, second, third].map((page) => page.orders.length)).toEqual([5, 5, 4]);
    const all = numbers(await historyOk());
    expect([...numbers(first), ...numbers(second), ...numbers(third)]).toEqual(all);
    expect((await historyOk('?page=4&limit=5')).orders).toEqual([]);
    // The default page size.
    expect(ORDER_HISTORY_DEFAULT_LIMIT).toBeGreaterThanOrEqual(ORDER_COUNT);
  });

  it('refuses a page or limit that is not a whole number in range (400, never 500)', async () => {
    for (const query of ['?page=0', '?page=x', '?limit=0', '?limit=101', '?limit=2.5']) {
      const response = await history(query);
      expect(response.status, query).toBe(400);
      expect(await errorOf(response), query).toEqual(expect.any(String));
    }
    const long = await history(`?search=${'a'.repeat(ORDER_HISTORY_SEARCH_MAX_LENGTH + 1)}`);
    expect(long.status).toBe(400);
    expect((await history('?search=a&search=b')).status).toBe(400);
    expect((await history('?search=%00')).status).toBe(400);
  });

  it('searches order number, customer number, name and e-mail, ignoring case', async () => {
    const search = async (text: string) => {
      const answer = await historyOk(`?search=${encodeURIComponent(text)}`);
      expect(answer.total, text).toBe(answer.orders.length);
      return numbers(answer);
    };
    expect(await search('web-100010')).toEqual(['WEB-100010']);
    expect(await search('c-0001')).toEqual(['WEB-100009']);
    expect(await search('BRIGHTLINE DENTAL')).toEqual(['WEB-100010']);
    expect(await search('office@brightline')).toEqual(['WEB-100010']);
    expect(await search('  navy.EXAMPLE ')).toEqual(['WEB-100008']);
    expect(await search('WEB-2000')).toHaveLength(10);
    expect(await search('nobody')).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect(await search('100%')).toEqual(['WEB-100008']);
    expect(await search('%')).toEqual(['WEB-100008']);
    expect(await search('r_Lab')).toEqual(['WEB-100008']);
    expect(await search('Grace_100')).toEqual([]);
    expect(await search('_')).toEqual(['WEB-100008']);
    expect(await search('\\')).toEqual([]);
    // The total counts every match, not just the page.
    const paged = await historyOk('?search=buyer&limit=3');
    expect(paged).toMatchObject({ total: 10 });
    expect(paged.orders).toHaveLength(3);
  });

  it('says when a synced order was synced: when the ERP took it', async () => {
    const syncedAt = new Date('2026-05-04T10:20:30.000Z');
    const order = eq(orders.number, 'WEB-100010');
    await shop.database.db.update(orders).set({ erpSyncedAt: syncedAt }).where(order);
    try {
      expect((await historyOk('?search=WEB-100010')).orders[0]).toMatchObject({
        erpSyncStatus: 'synced',
        erpSyncedAt: syncedAt.toISOString(),
      });
    } finally {
      await shop.database.db.update(orders).set({ erpSyncedAt: null }).where(order);
    }
  });

  it("shows a failed sync's error and attempts, and a dead job's last error when the order has none", async () => {
    const failed = (await historyOk('?search=WEB-100008')).orders[0];
    expect(failed).toMatchObject({
      erpSyncStatus: 'failed',
      erpSyncError: 'ErpUnavailable: connection refused',
      canRetrySync: true,
    });

    await shop.database.db
      .update(outbox)
      .set({ status: 'dead', attempts: 25, lastError: 'ErpUnavailable: gave up' })
      .where(eq(outbox.dedupeKey, `${erpSync}:WEB-100009`));
    const dead = (await historyOk('?search=WEB-100009')).orders[0];
    expect(dead).toMatchObject({
      erpSyncStatus: 'pending',
      erpSyncError: 'ErpUnavailable: gave up',
      erpSyncAttempts: 25,
      canRetrySync: true,
    });
    await shop.database.db
      .update(outbox)
      .set({ status: 'pending', attempts: 3, lastError: 'ErpUnavailable: timeout' })
      .where(eq(outbox.dedupeKey, `${erpSync}:WEB-100009`));
    expect((await historyOk('?search=WEB-100009')).orders[0]).toMatchObject({
      erpSyncError: 'ErpUnavailable: timeout',
      erpSyncAttempts: 3,
      // Still being retried on its own.
      canRetrySync: false,
    });
  });
});

describe('GET /api/order-history/export', () => {
  it('downloads orders_history.csv: the 16 columns, one line per order, quoted and formula-safe', async () => {
    const response = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="orders_history.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(ORDER_HISTORY_CSV_COLUMNS).toHaveLength(16);
    expect(text.startsWith(`${ORDER_HISTORY_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);

    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...ORDER_HISTORY_CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + ORDER_COUNT);
    for (const row of rows) expect(row).toHaveLength(16);
    // Newest first, as the screen.
    expect(rows.slice(1).map((row) => row[0])).toEqual(numbers(await historyOk()));

    const known = Object.fromEntries(
      ORDER_HISTORY_CSV_COLUMNS.map((column, index) => [column, rows[1]![index]]),
    );
    expect(known).toEqual({
      orderNumber: 'WEB-100010',
      createdAt: at(0).toISOString(),
      customerNumber: 'C-0042',
      customerName: 'Brightline Dental Lab, Inc.',
      customerType: 'Wholesale',
      email: 'Office@Brightline.example',
      // A leading + would be a formula.
      phone: "'+1 (419) 555-0199",
      amount: '1097.55',
      cart: 'Alloy Grinder, Pro x 1 @ 1099.50; =SUM(A1:A9) x 2 @ 60.00',
      shippingName: 'The "Smile" Studio',
      shippingAddress1: '12 Elm St\nBuilding B',
      shippingCity: 'Toledo',
      shippingState: 'OH',
      shippingPostCode: '43612',
      shippingCountry: 'US',
      shippingPhone: "'-5550100",
    });
    // The raw text: commas, quotes and line breaks inside quotes, quotes doubled.
    expect(text).toContain('"Brightline Dental Lab, Inc."');
    expect(text).toContain('"The ""Smile"" Studio"');
    expect(text).toContain('"12 Elm St\nBuilding B"');
    // An amount always has two decimals; an order without a customer number has an empty cell.
    const grace = rows.find((row) => row[0] === 'WEB-100008')!;
    expect(grace[7]).toBe('45.00');
    expect(grace[2]).toBe('');
    expect(grace[8]).toBe('Pipette & tips x 2 @ 15.00; Beaker x 1 @ 20.00');
  });

  it('escapes cells starting with =, +, - or @ (and a cart whose first title does)', async () => {
    await insertPaidOrder(shop.database.db, {
      number: 'WEB-900001',
      email: '@evil.example',
      order: {
        createdAt: at(5000),
        customerName: '=HYPERLINK("http://evil.example","Click")',
        customerNumber: '+C1',
        shipName: '@SUM(A1:A9)',
        shipCity: '-2+3',
      },
      lines: [{ productNumber: 'X-1', title: '=1+1', quantity: 1, unitPriceCents: 100 }],
    });
    try {
      const rows = parseCsv(await (await exportCsv('?search=WEB-900001')).text());
      expect(rows).toHaveLength(2);
      const cells = Object.fromEntries(
        ORDER_HISTORY_CSV_COLUMNS.map((column, index) => [column, rows[1]![index]]),
      );
      expect(cells).toMatchObject({
        customerName: `'=HYPERLINK("http://evil.example","Click")`,
        customerNumber: "'+C1",
        email: "'@evil.example",
        shippingName: "'@SUM(A1:A9)",
        shippingCity: "'-2+3",
        cart: "'=1+1 x 1 @ 1.00",
      });
    } finally {
      await shop.database.db.delete(orders).where(eq(orders.number, 'WEB-900001'));
    }
  });

  it('exports only the orders matching the search; refuses a bad search with 400', async () => {
    const rows = parseCsv(await (await exportCsv('?search=BUYER')).text());
    expect(rows).toHaveLength(1 + 10);
    const none = parseCsv(await (await exportCsv('?search=nobody')).text());
    expect(none).toEqual([[...ORDER_HISTORY_CSV_COLUMNS]]);
    const long = await exportCsv(`?search=${'a'.repeat(ORDER_HISTORY_SEARCH_MAX_LENGTH + 1)}`);
    expect(long.status).toBe(400);
  });
});

describe('one order and its sync retry (moved from the checkout)', () => {
  it('GET /api/admin/orders/:number answers the order as the history does; 404 unknown', async () => {
    const one = await call(shop, 'GET', '/api/admin/orders/WEB-100010', { token: adminToken });
    expect(one.headers.get('cache-control')).toBe('private, no-store');
    expect(await ok<OrderHistoryEntry>(one)).toEqual((await historyOk('?limit=1')).orders[0]);
    const missing = await call(shop, 'GET', '/api/admin/orders/WEB-1', { token: adminToken });
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toBe(ORDERS_MESSAGES.orderNotFound);
  });

  it('requeues a failed sync (pending again, fresh attempts); 404 unknown; 409 not paid', async () => {
    const key = `${erpSync}:WEB-100008`;
    await shop.database.db
      .update(outbox)
      .set({ status: 'dead', attempts: 25, runAt: sql`now() + interval '1 day'` })
      .where(eq(outbox.dedupeKey, key));
    const response = await call(shop, 'POST', '/api/admin/orders/WEB-100008/retry-sync', {
      token: adminToken,
    });
    const entry = await ok<OrderHistoryEntry>(response);
    expect(entry).toMatchObject({
      orderNumber: 'WEB-100008',
      erpSyncStatus: 'pending',
      erpSyncAttempts: 0,
      canRetrySync: false,
    });
    const [job] = await shop.database.db.select().from(outbox).where(eq(outbox.dedupeKey, key));
    expect(job).toMatchObject({ status: 'pending', attempts: 0 });
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const unknown = await call(shop, 'POST', '/api/admin/orders/WEB-1/retry-sync', {
      token: adminToken,
    });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe(ORDERS_MESSAGES.orderNotFound);
    const unpaid = await call(shop, 'POST', '/api/admin/orders/WEB-100007/retry-sync', {
      token: adminToken,
    });
    expect(unpaid.status).toBe(409);
    expect(await errorOf(unpaid)).toBe(CHECKOUT_MESSAGES.orderNotPaid);
  });

  it('writes the sync job of a paid order that has none', async () => {
    const response = await call(shop, 'POST', '/api/admin/orders/WEB-200003/retry-sync', {
      token: adminToken,
    });
    expect(await ok<OrderHistoryEntry>(response)).toMatchObject({ erpSyncStatus: 'pending' });
    const jobs = await shop.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `${erpSync}:WEB-200003`));
    expect(jobs).toHaveLength(1);
  });
});

describe('API description', () => {
  it('documents the order history, its export, one order, its retry and the dashboard', async () => {
    const document = (await (await call(shop, 'GET', '/api/docs/json')).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(document.paths['/api/order-history']?.get?.tags).toEqual(['orders']);
    expect(document.paths['/api/order-history/export']).toHaveProperty('get');
    expect(document.paths['/api/admin/orders/{number}']).toHaveProperty('get');
    expect(document.paths['/api/admin/orders/{number}/retry-sync']).toHaveProperty('post');
    expect(document.paths['/api/admin/dashboard']?.get?.tags).toEqual(['admin']);
    // Replaced: the paged list by the order history, the overview by the dashboard.
    expect(document.paths).not.toHaveProperty(['/api/admin/orders']);
    expect(document.paths).not.toHaveProperty(['/api/admin/overview']);
  });
});

describe('an export larger than one read', () => {
  let big: TestApp;
  const COUNT = 1_234;

  beforeAll(async () => {
    big = await startShop();
    // Many orders share one instant, and others differ by a microsecond only: the batches
    // must neither skip nor repeat an order at their seams.
    await big.database.db.insert(orders).values(
      Array.from({ length: COUNT }, (_, index) => ({
        number: `BULK-${String(index).padStart(5, '0')}`,
        status: 'paid' as const,
        customerName: `Bulk ${index}`,
        customerType: 'Retail' as const,
        email: `bulk${index}@lab.example`,
        subtotalCents: 100,
        amountCents: 100,
        shipName: 'Bulk',
        shipAddress1: '1 Main St',
        shipCity: 'Toledo',
        shipState: 'OH',
        shipPostCode: '43604',
        shipCountry: 'US',
        createdAt: sql`timestamptz '2025-01-01 12:00:00+00' + ${index % 3}::int * interval '1 microsecond'`,
      })),
    );
  });
  afterAll(async () => {
    await big?.close();
  });

  it('exports every order exactly once, newest first', async () => {
    const response = await call(big, 'GET', '/api/order-history/export', { token: adminToken });
    const rows = parseCsv(await response.text()).slice(1);
    expect(rows).toHaveLength(COUNT);
    const exported = rows.map((row) => row[0]!);
    expect(new Set(exported).size).toBe(COUNT);
    // created_at desc (the microseconds), then number desc.
    const expected = Array.from({ length: COUNT }, (_, index) => index).sort(
      (a, b) => (b % 3) - (a % 3) || b - a,
    );
    expect(exported).toEqual(expected.map((index) => `BULK-${String(index).padStart(5, '0')}`));
  });
});
