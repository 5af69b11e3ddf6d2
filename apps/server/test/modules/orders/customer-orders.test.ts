import type { CustomerOrdersAnswer } from '@labshop/shared/schemas/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, insertPaidOrder } from '../../support/checkout-fixtures.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../../support/helper.ts';

/**
 * The Customers cards' order counts (issue 36): paid orders per customer e-mail, ignoring case;
 * admin only.
 */

let shop: SignedInTestApp;

beforeAll(async () => {
  shop = await startSignedInTestApp({ OUTBOX_WORKER: 'false' });
  const { db } = shop.database;
  const paid = (number: string, email: string, day: number) =>
    insertPaidOrder(db, {
      number,
      email,
      order: { paidAt: new Date(Date.UTC(2026, 10, day, 12)) },
    });
  await paid('WEB-300001', 'orders@lab-one.example', 2);
  await paid('WEB-300002', 'Orders@Lab-One.example', 9);
  await paid('WEB-300003', 'buyer@lab-two.example', 5);
  // Never paid: not counted.
  await insertPaidOrder(db, {
    number: 'WEB-300004',
    email: 'buyer@lab-two.example',
    order: { status: 'failed', paidAt: null },
  });
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

const ask = (emails: string[], token = shop.adminToken) =>
  call(
    shop,
    'GET',
    `/api/admin/customer-orders?${new URLSearchParams(emails.map((email): [string, string] => ['email', email]))}`,
    { token },
  );

describe('GET /api/admin/customer-orders', () => {
  it('counts the paid orders of each asked e-mail, ignoring case, with the latest one', async () => {
    const response = await ask([
      'ORDERS@lab-one.example',
      'buyer@lab-two.example',
      'nobody@lab-three.example',
    ]);
    expect(response.status).toBe(200);
    expect((await response.json()) as CustomerOrdersAnswer).toEqual({
      customers: [
        {
          email: 'ORDERS@lab-one.example',
          orders: 2,
          lastOrderAt: '2026-11-09T12:00:00.000Z',
        },
        { email: 'buyer@lab-two.example', orders: 1, lastOrderAt: '2026-11-05T12:00:00.000Z' },
        { email: 'nobody@lab-three.example', orders: 0, lastOrderAt: null },
      ],
    });
  });

  it('refuses no e-mail, or more than 50, with the reason (400)', async () => {
    const none = await call(shop, 'GET', '/api/admin/customer-orders', {
      token: shop.adminToken,
    });
    expect(none.status).toBe(400);
    expect(await errorOf(none)).toEqual(expect.any(String));
    const many = await ask(Array.from({ length: 51 }, (_, index) => `a${index}@x.example`));
    expect(many.status).toBe(400);
    expect(await errorOf(many)).toContain('at most 50');
  });

  it('answers only the admin: 403 for a partner, 401 for a visitor', async () => {
    expect((await ask(['buyer@lab-two.example'], shop.partnerToken)).status).toBe(403);
    const anonymous = await call(
      shop,
      'GET',
      '/api/admin/customer-orders?email=buyer%40lab-two.example',
    );
    expect(anonymous.status).toBe(401);
  });
});
