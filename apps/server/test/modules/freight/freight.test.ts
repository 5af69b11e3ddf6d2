import {
  FREIGHT_INCLUDED,
  FREIGHT_MESSAGES,
  FREIGHT_NOTE,
  type FreightEstimateAnswer,
  type FreightTable,
  type FreightTableAnswer,
} from '@labshop/shared/schemas/freight';
import { CHECKOUT_MESSAGES } from '@labshop/shared/schemas/checkout';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, freightTable, orders, products } from '../../../src/db/schema/index.ts';
import {
  call,
  errorOf,
  mailsAbout,
  newNonce,
  pay,
  paymentBody,
  payOk,
  PRODUCTS,
  seedCheckoutData,
} from '../../support/checkout-fixtures.ts';
import { TEST_ADMIN_EMAIL } from '../../fakes/oidc-issuer.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../../support/helper.ts';

/**
 * Freight on every order (issue 37) over HTTP: the staff's table (validated whole, audited), the
 * estimate the cart and checkout show, and process-payment charging the same freight, priced
 * again on the server: a cart that leaves it out is refused, a coupon takes nothing off it, and
 * where no rate applies the order has none.
 */

let shop: SignedInTestApp;

/** Ohio by weight (to 10 lb $12, to 50 lb $45, above: none); Texas flat $60. */
const TABLE: FreightTable = {
  zones: [
    {
      name: 'Midwest',
      states: ['OH', 'MI'],
      bands: [
        { upToLb: 10, price: 12 },
        { upToLb: 50, price: 45 },
      ],
    },
    { name: 'Texas', states: ['TX'], bands: [{ upToLb: null, price: 60 }] },
  ],
};

beforeAll(async () => {
  shop = await startSignedInTestApp({ CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: '1000' });
  await seedCheckoutData(shop);
  const weigh = (number: string, lb: number | null) =>
    shop.database.db
      .update(products)
      .set({ shippingWeightLb: lb })
      .where(eq(products.number, number));
  // A grinder 38 lb, a vibrator 6.5 lb; the bur has no weight.
  await weigh(PRODUCTS.grinder.number, 38);
  await weigh(PRODUCTS.vibrator.number, 6.5);
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

beforeEach(async () => {
  await shop.database.db.delete(freightTable);
});

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const saveTable = (body: unknown, token = shop.adminToken) =>
  call(shop, 'PUT', '/api/admin/freight', { token, body });

const estimate = async (query: string) =>
  json<FreightEstimateAnswer>(await call(shop, 'GET', `/api/freight-estimate?${query}`));

describe('the freight table', () => {
  it('is empty until the staff save one, then answers it as saved', async () => {
    const empty = await json<FreightTableAnswer>(
      await call(shop, 'GET', '/api/admin/freight', { token: shop.adminToken }),
    );
    expect(empty).toEqual({ zones: [], updatedAt: null });

    const saved = await json<FreightTableAnswer>(await saveTable(TABLE));
    expect(saved.zones).toEqual(TABLE.zones);
    expect(saved.updatedAt).not.toBeNull();
    const read = await json<FreightTableAnswer>(
      await call(shop, 'GET', '/api/admin/freight', { token: shop.adminToken }),
    );
    expect(read).toEqual(saved);
  });

  it('records each change in the audit log with the table before and after', async () => {
    await json(await saveTable(TABLE));
    const cheaper = structuredClone(TABLE);
    cheaper.zones[1]!.bands[0]!.price = 55;
    await json(await saveTable(cheaper));
    const [entry] = await shop.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'freight.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.actorEmail).toBe(TEST_ADMIN_EMAIL);
    expect(entry?.before).toEqual({ zones: TABLE.zones });
    expect(entry?.after).toEqual({ zones: cheaper.zones });
  });

  const refusals: [string, (table: FreightTable) => void, string][] = [
    [
      'a state in two zones',
      (table) => table.zones[1]!.states.push('OH'),
      FREIGHT_MESSAGES.stateTwice('OH', 'Midwest', 'Texas'),
    ],
    [
      'an unknown state',
      (table) => table.zones[0]!.states.push('XX'),
      FREIGHT_MESSAGES.unknownState('XX'),
    ],
    [
      'bands that do not go up',
      (table) => (table.zones[0]!.bands[1]!.upToLb = 10),
      FREIGHT_MESSAGES.bandsUp('Midwest'),
    ],
    [
      'an open band before the last',
      (table) => (table.zones[0]!.bands[0]!.upToLb = null),
      FREIGHT_MESSAGES.openBandLast('Midwest'),
    ],
    [
      'a rate in fractions of a cent',
      (table) => (table.zones[1]!.bands[0]!.price = 60.005),
      FREIGHT_MESSAGES.price,
    ],
    [
      'a zone without states',
      (table) => (table.zones[1]!.states = []),
      FREIGHT_MESSAGES.noStates('Texas'),
    ],
    [
      'a zone without rates',
      (table) => (table.zones[1]!.bands = []),
      FREIGHT_MESSAGES.noRates('Texas'),
    ],
    [
      'two zones of one name',
      (table) => (table.zones[1]!.name = 'midwest'),
      FREIGHT_MESSAGES.zoneNameTwice('midwest'),
    ],
  ];
  for (const [name, spoil, message] of refusals) {
    it(`refuses ${name} with its message, and keeps the table`, async () => {
      await json(await saveTable(TABLE));
      const table = structuredClone(TABLE);
      spoil(table);
      const response = await saveTable(table);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
      const [row] = await shop.database.db.select().from(freightTable);
      expect(row?.zones.map((zone) => zone.name)).toEqual(['Midwest', 'Texas']);
    });
  }

  it('is the staff’s alone: visitors get 401, signed-in labs 403', async () => {
    expect((await saveTable(TABLE, '')).status).toBe(401);
    expect((await saveTable(TABLE, shop.partnerToken)).status).toBe(403);
    const read = await call(shop, 'GET', '/api/admin/freight', { token: shop.partnerToken });
    expect(read.status).toBe(403);
  });
});

describe('the freight estimate', () => {
  const grinder = `item=${PRODUCTS.grinder.number}:1`;
  const vibrator = (quantity: number) => `item=${PRODUCTS.vibrator.number}:${quantity}`;

  it('takes the band the cart’s weight fits in the state’s zone', async () => {
    await json(await saveTable(TABLE));
    expect(await estimate(`state=OH&${vibrator(1)}`)).toEqual({
      freight: 12,
      zone: 'Midwest',
      weightLb: 6.5,
      reason: null,
    });
    // 38 + 2 x 6.5 = 51 lb: above the last band, so no estimate (truck freight, quoted).
    expect(await estimate(`state=OH&${grinder}&${vibrator(2)}`)).toMatchObject({
      freight: null,
      reason: 'too-heavy',
      weightLb: 51,
    });
    expect(await estimate(`state=mi&${grinder}&${vibrator(1)}`)).toMatchObject({ freight: 45 });
  });

  it('charges a flat zone its rate whatever the weight, even of unweighed products', async () => {
    await json(await saveTable(TABLE));
    const bur = `item=${PRODUCTS.bur.number}:3`;
    expect(await estimate(`state=TX&${bur}&${grinder}`)).toMatchObject({
      freight: 60,
      zone: 'Texas',
      weightLb: null,
    });
    expect(await estimate(`state=OH&${bur}&${grinder}`)).toMatchObject({
      freight: null,
      reason: 'no-weight',
      zone: 'Midwest',
    });
  });

  it('gives no estimate, with the reason, where no rate applies', async () => {
    expect(await estimate(`state=OH&${grinder}`)).toMatchObject({ reason: 'no-table' });
    await json(await saveTable(TABLE));
    expect(await estimate(grinder)).toMatchObject({ freight: null, reason: 'no-state' });
    expect(await estimate(`state=AK&${grinder}`)).toMatchObject({ reason: 'no-zone' });
    expect(await estimate(`country=CA&state=ON&${grinder}`)).toMatchObject({
      reason: 'outside-us',
    });
    expect(await estimate(`state=OH&item=NOPE-404:1`)).toMatchObject({ reason: 'no-weight' });
  });

  it('refuses malformed items with a message', async () => {
    for (const query of [
      'item=AG-210',
      'item=AG-210:0',
      'item=AG-210:1000',
      'item=:2',
      'item=AG-210:two',
      '',
    ]) {
      const response = await call(shop, 'GET', `/api/freight-estimate?state=OH&${query}`);
      expect(response.status, query).toBe(400);
      expect(await errorOf(response)).toBe(FREIGHT_MESSAGES.item);
    }
  });
});

describe('paying with freight', () => {
  /** Two vibrators, retail: $500.00, 13 lb, to Ohio: $45.00 freight. */
  const CART = [{ number: PRODUCTS.vibrator.number, quantity: 2 }];
  const GOODS = 50_000;
  const FREIGHT = 4_500;

  async function orderOf(email: string) {
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.email, email));
    return order;
  }

  it('charges the goods and the freight, and keeps the freight on the order', async () => {
    await json(await saveTable(TABLE));
    const email = 'freight.paid@lab.example';
    await payOk(shop, paymentBody(CART, GOODS + FREIGHT, { email }));
    const order = await orderOf(email);
    expect(order).toMatchObject({
      status: 'paid',
      subtotalCents: GOODS,
      freightCents: FREIGHT,
      amountCents: GOODS + FREIGHT,
    });
    // The confirmation has its Freight line, and no longer the note.
    const [mail] = await mailsAbout(shop, `order:${order!.number}`, email);
    expect(mail?.textBody).toContain('Freight: $45.00');
    expect(mail?.textBody).toContain(FREIGHT_INCLUDED);
    expect(mail?.textBody).not.toContain(FREIGHT_NOTE);
  });

  it('refuses the goods alone (409) when freight applies, and writes no order', async () => {
    await json(await saveTable(TABLE));
    const email = 'freight.left-out@lab.example';
    const response = await pay(shop, paymentBody(CART, GOODS, { email }), {
      nonce: await newNonce(shop),
    });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(CHECKOUT_MESSAGES.amountMismatch);
    expect(await orderOf(email)).toBeUndefined();
  });

  it('takes a coupon off the goods only', async () => {
    await json(await saveTable(TABLE));
    const email = 'freight.coupon@lab.example';
    // Black10: $50.00 off the $500.00 of goods; the $45.00 freight stays whole.
    await payOk(shop, paymentBody(CART, GOODS - 5_000 + FREIGHT, { email, couponCode: 'Black10' }));
    expect(await orderOf(email)).toMatchObject({
      discountCents: 5_000,
      freightCents: FREIGHT,
      amountCents: GOODS - 5_000 + FREIGHT,
    });
  });

  it('charges no freight where none applies: the order has no freight line', async () => {
    await json(await saveTable(TABLE));
    const email = 'freight.alaska@lab.example';
    const alaska = { address: '1 Harbor Rd', city: 'Juneau', state: 'AK', zip: '99801' };
    await payOk(
      shop,
      paymentBody(CART, GOODS, {
        email,
        billing: { ...paymentBody(CART, 0).billing, ...alaska },
      }),
    );
    expect(await orderOf(email)).toMatchObject({ freightCents: 0, amountCents: GOODS });
    const refused = await shop.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.email, email), eq(orders.status, 'failed')));
    expect(refused).toEqual([]);
  });
});
