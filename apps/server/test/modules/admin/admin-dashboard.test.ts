import {
  DASHBOARD_DAYS,
  DASHBOARD_TOP_PRODUCTS,
  type Dashboard,
} from '@labshop/shared/schemas/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, newsletterSubscribers, products } from '../../../src/db/schema/index.ts';
import { call, insertPaidOrder } from '../../support/checkout-fixtures.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../../support/helper.ts';

/**
 * GET /api/admin/dashboard: paid orders and revenue per day for the last 90 days, counted in
 * SHOP_TIME_ZONE (here Los Angeles, not the default New York, so that the setting is seen to
 * count), the best sellers, and the counts of the start page.
 */

const TIME_ZONE = 'America/Los_Angeles';

let shop: SignedInTestApp;
let adminToken: string;
let partnerToken: string;

/** YYYY-MM-DD of an instant in the shop's time zone. */
const localDate = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

/** A YYYY-MM-DD date `days` later (earlier when negative). */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** An instant on `date` at `time` UTC. */
const utc = (date: string, time: string) => new Date(`${date}T${time}Z`);

const today = localDate(new Date());
const firstDay = addDays(today, -(DASHBOARD_DAYS - 1));
const tenDaysAgo = addDays(today, -10);

const line = (productNumber: string, title: string, quantity: number, unitPriceCents: number) => ({
  productNumber,
  title,
  quantity,
  unitPriceCents,
});

let orderNumber = 100_000;
async function paidOrder(options: {
  paidAt: Date | null;
  amountCents: number;
  status?: 'paid' | 'failed' | 'pending';
  erpSyncStatus?: 'not_started' | 'pending' | 'synced' | 'failed';
  lines?: ReturnType<typeof line>[];
}) {
  orderNumber += 1;
  await insertPaidOrder(shop.database.db, {
    number: `WEB-${orderNumber}`,
    email: `buyer${orderNumber}@lab.example`,
    order: {
      status: options.status ?? 'paid',
      paidAt: options.paidAt,
      amountCents: options.amountCents,
      discountCents: 0,
      subtotalCents: options.amountCents,
      erpSyncStatus: options.erpSyncStatus ?? 'synced',
    },
    lines: options.lines ?? [line('MISC', 'Misc', 1, options.amountCents)],
  });
}

beforeAll(async () => {
  shop = await startSignedInTestApp({
    OUTBOX_WORKER: 'false',
    SHOP_TIME_ZONE: TIME_ZONE,
  });
  ({ adminToken, partnerToken } = shop);

  // Today: two orders, one still waiting for its ERP sync.
  await paidOrder({
    paidAt: new Date(),
    amountCents: 109_950,
    erpSyncStatus: 'pending',
    lines: [line('AG-210', 'Alloy Grinder Pro 210', 1, 109_950)],
  });
  await paidOrder({
    paidAt: new Date(),
    amountCents: 50_000,
    erpSyncStatus: 'not_started',
    lines: [line('VB-7', 'Heavy Vibrator', 2, 25_000)],
  });
  // 05:30 UTC the day after ten days ago: still the evening before in Los Angeles (it would be
  // the next day in New York or UTC). Its sync failed.
  await paidOrder({
    paidAt: utc(addDays(tenDaysAgo, 1), '05:30:00'),
    amountCents: 12_345,
    erpSyncStatus: 'failed',
    lines: [
      line('BUR-1', 'Carbide Bur', 30, 410),
      line('VB-7', 'Heavy Vibrator (old name)', 1, 45),
    ],
  });
  // 02:00 UTC: the previous day in Los Angeles too.
  await paidOrder({
    paidAt: utc(addDays(tenDaysAgo, 1), '02:00:00'),
    amountCents: 1_000,
    lines: [line('BUR-1', 'Carbide Bur', 2, 500)],
  });
  // The first day of the window, at noon there.
  await paidOrder({
    paidAt: utc(firstDay, '20:00:00'),
    amountCents: 7_000,
    lines: [line('LT-1', 'Lathe', 1, 7_000)],
  });
  // Outside the window: the day before its first, and long ago; their products do not rank.
  await paidOrder({
    paidAt: utc(addDays(firstDay, -1), '20:00:00'),
    amountCents: 900_000,
    lines: [line('OLD-1', 'Old Best Seller', 1, 900_000)],
  });
  await paidOrder({
    paidAt: utc(addDays(today, -200), '20:00:00'),
    amountCents: 800_000,
    erpSyncStatus: 'failed',
    lines: [line('OLD-2', 'Older Best Seller', 1, 800_000)],
  });
  // Not paid: not counted anywhere, whatever their sync says.
  await paidOrder({
    status: 'failed',
    paidAt: null,
    amountCents: 500_000,
    erpSyncStatus: 'failed',
    lines: [line('NP-1', 'Never Paid', 1, 500_000)],
  });
  await paidOrder({
    status: 'pending',
    paidAt: null,
    amountCents: 400_000,
    erpSyncStatus: 'not_started',
    lines: [line('NP-2', 'Pending Charge', 1, 400_000)],
  });

  const { db } = shop.database;
  await db.insert(newsletterSubscribers).values([
    { displayName: 'One', email: 'one@lab.example' },
    { displayName: 'Two', email: 'two@lab.example' },
    { displayName: 'Gone', email: 'gone@lab.example', subscribed: false },
  ]);
  const [category] = await db
    .insert(categories)
    .values([{ name: 'Lab Machines' }, { name: 'Old', deletedAt: new Date() }])
    .returning();
  await db.insert(products).values(
    ['P-1', 'P-2', 'P-3'].map((number, index) => ({
      number,
      title: number,
      description: '',
      categoryId: category!.id,
      images: [],
      newPriceCents: 100,
      wholesalePriceCents: 100,
      deletedAt: index === 2 ? new Date() : null,
    })),
  );
});
afterAll(async () => {
  await shop?.close();
});

async function dashboard(): Promise<Dashboard> {
  const response = await call(shop, 'GET', '/api/admin/dashboard', { token: adminToken });
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return body as Dashboard;
}

describe('GET /api/admin/dashboard', () => {
  it('refuses anonymous callers (401) and partners (403)', async () => {
    expect((await call(shop, 'GET', '/api/admin/dashboard')).status).toBe(401);
    expect((await call(shop, 'GET', '/api/admin/dashboard', { token: partnerToken })).status).toBe(
      403,
    );
  });

  it('has every one of the 90 days, oldest first, ending today in the shop time zone', async () => {
    const answer = await dashboard();
    expect(answer.timeZone).toBe(TIME_ZONE);
    expect(answer.days).toHaveLength(DASHBOARD_DAYS);
    expect(answer.days.map((day) => day.date)).toEqual(
      Array.from({ length: DASHBOARD_DAYS }, (_, index) => addDays(firstDay, index)),
    );
    expect(answer.days.at(-1)?.date).toBe(today);
  });

  it('counts each paid order on its day in the shop time zone, with its revenue', async () => {
    const answer = await dashboard();
    const byDate = new Map(answer.days.map((day) => [day.date, day]));
    expect(byDate.get(today)).toEqual({ date: today, orders: 2, revenue: 1599.5 });
    expect(byDate.get(tenDaysAgo)).toEqual({ date: tenDaysAgo, orders: 2, revenue: 133.45 });
    expect(byDate.get(addDays(tenDaysAgo, 1))).toEqual({
      date: addDays(tenDaysAgo, 1),
      orders: 0,
      revenue: 0,
    });
    expect(answer.days[0]).toEqual({ date: firstDay, orders: 1, revenue: 70 });
    const busy = answer.days.filter((day) => day.orders > 0).map((day) => day.date);
    expect(busy).toEqual([firstDay, tenDaysAgo, today]);
    expect(answer.totals).toEqual({ orders: 5, revenue: 1802.95 });
  });

  it('ranks the top products of the window by revenue, with their quantities', async () => {
    const answer = await dashboard();
    expect(answer.topProducts.length).toBeLessThanOrEqual(DASHBOARD_TOP_PRODUCTS);
    expect(answer.topProducts).toEqual([
      { number: 'AG-210', title: 'Alloy Grinder Pro 210', quantity: 1, revenue: 1099.5 },
      // The title it was last sold under.
      { number: 'VB-7', title: 'Heavy Vibrator', quantity: 3, revenue: 500.45 },
      { number: 'BUR-1', title: 'Carbide Bur', quantity: 32, revenue: 133 },
      { number: 'LT-1', title: 'Lathe', quantity: 1, revenue: 70 },
    ]);
  });

  it('counts subscribers, ERP syncs waiting or failed, products, categories and paid orders', async () => {
    const answer = await dashboard();
    expect(answer).toMatchObject({
      subscribers: 2,
      // Paid today: one pending, one not started.
      pendingErpSyncs: 2,
      // Paid ten days ago and 200 days ago; the unpaid one is not counted.
      failedErpSyncs: 2,
      products: 2,
      categories: 1,
      // Every paid order, not only the window's.
      paidOrders: 7,
    });
  });
});
