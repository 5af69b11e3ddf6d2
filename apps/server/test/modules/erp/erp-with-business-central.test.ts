import type { ProductDto } from '@labshop/shared/schemas/catalog';
import {
  ERP_MESSAGES,
  type CustomersAnswer,
  type ErpSyncList,
  type PricePreview,
  type PriceSyncResult,
} from '@labshop/shared/schemas/erp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../src/db/schema/index.ts';
import { seedProducts } from '../../../src/db/seed/catalog-data.ts';
import { ERP_MISSING_PRODUCT } from '../../../src/db/seed/erp-data.ts';
import { PRICE_SYNC_REASONS } from '../../../src/modules/erp/price-sync-service.ts';
import { call, errorOf } from '../../support/checkout-fixtures.ts';
import { seedDemoCatalogue } from '../../support/erp-fixtures.ts';
import {
  startFakeBusinessCentral,
  type FakeBcSeed,
  type FakeBusinessCentral,
} from '../../fakes/business-central.ts';
import { TEST_ADMIN_EMAIL } from '../../fakes/oidc-issuer.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../../support/helper.ts';

/**
 * The customer copy and the price sync with the app configured for Business Central, against
 * the fake Business Central server (the adapter's own tests: erp-business-central.test.ts).
 */

let bc: FakeBusinessCentral;
let shop: SignedInTestApp;
let adminToken: string;
let partnerToken: string;

const seeded = new Map(seedProducts.map((product) => [product.number, product]));
const retail = (number: string) => seeded.get(number)!.newPriceCents / 100;

const BC_CUSTOMERS: NonNullable<FakeBcSeed['customers']> = [
  {
    id: '5b4c6a3e-0000-4000-8000-000000010000',
    number: '10000',
    displayName: 'Adatum Dental Lab',
    type: 'Company',
    addressLine1: '192 Market Square',
    city: 'Atlanta',
    state: 'GA',
    country: 'US',
    postalCode: '31772',
    phoneNumber: '404-555-0110',
    email: 'robert.townes@adatum.example',
    website: 'https://adatum.example',
  },
  {
    id: '5b4c6a3e-0000-4000-8000-000000020000',
    number: '20000',
    displayName: 'Trey Research Prosthetics',
    type: 'Company',
    addressLine1: '153 Thomas Drive',
    city: 'Chicago',
    state: 'IL',
    country: 'US',
    postalCode: '61236',
    phoneNumber: '312-555-0120',
    email: 'helen.ray@treyresearch.example',
  },
  {
    id: '5b4c6a3e-0000-4000-8000-000000030000',
    number: '30000',
    displayName: 'School of Fine Art Dental Studio',
    type: 'Person',
    addressLine1: '10 High Tower Green',
    city: 'Miami',
    state: 'FL',
    country: 'US',
    postalCode: '37125',
    phoneNumber: '305-555-0130',
    email: 'meagan.bond@fineart.example',
  },
];

beforeAll(async () => {
  bc = await startFakeBusinessCentral();
  shop = await startSignedInTestApp({
    OUTBOX_WORKER: 'false',
    // Fail fast when the fake is told to fail.
    BC_MAX_RETRIES: '0',
    ...bc.env({
      ERP_PRICE_WHOLESALE: 'priceList:WHOLESALE',
      ERP_PRICE_PARTNER_X3: 'priceList:PARTNER:3',
    }),
  });
  ({ adminToken, partnerToken } = shop);
  await seedDemoCatalogue(shop.database.db);
});
afterAll(async () => {
  await shop?.close();
  await bc?.close();
});

async function ok<T>(response: Response): Promise<T> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as T;
}

const list = () =>
  call(shop, 'GET', '/api/customers', { token: adminToken }).then(ok<CustomersAnswer>);
const refresh = () => call(shop, 'POST', '/api/customers/refresh', { token: adminToken });

describe('the customer copy', () => {
  it("pulls Business Central's customers into the copy, and drops one deleted there", async () => {
    bc.seed({ customers: BC_CUSTOMERS });
    const empty = await list();
    expect(empty).toMatchObject({ source: 'business-central', refreshedAt: null });

    const first = await ok<CustomersAnswer>(await refresh());
    expect(first.value.map((customer) => customer.displayName)).toEqual([
      'Adatum Dental Lab',
      'School of Fine Art Dental Studio',
      'Trey Research Prosthetics',
    ]);
    expect(first.value[0]).toEqual({
      displayName: 'Adatum Dental Lab',
      type: 'Company',
      addressLine1: '192 Market Square',
      addressLine2: '',
      city: 'Atlanta',
      state: 'GA',
      country: 'US',
      phoneNumber: '404-555-0110',
      email: 'robert.townes@adatum.example',
      website: 'https://adatum.example',
    });
    expect(first.refreshedAt).toEqual(expect.any(String));
    const rows = await shop.database.db.select().from(customers);
    expect(rows.map((row) => [row.number, row.erpId, row.postalCode]).sort()).toEqual([
      ['10000', BC_CUSTOMERS[0]!.id, '31772'],
      ['20000', BC_CUSTOMERS[1]!.id, '61236'],
      ['30000', BC_CUSTOMERS[2]!.id, '37125'],
    ]);

    // The office deletes Trey Research in Business Central.
    bc.reset();
    bc.seed({ customers: BC_CUSTOMERS.filter((customer) => customer.number !== '20000') });
    const second = await ok<CustomersAnswer>(await refresh());
    expect(second.value.map((customer) => customer.displayName)).toEqual([
      'Adatum Dental Lab',
      'School of Fine Art Dental Studio',
    ]);
    const syncs = await call(shop, 'GET', '/api/erp-syncs?kind=customers', {
      token: adminToken,
    }).then(ok<ErpSyncList>);
    expect(syncs.syncs[0]).toMatchObject({
      status: 'succeeded',
      startedBy: TEST_ADMIN_EMAIL,
      total: 2,
      unchanged: 2,
    });
  });

  it('answers from the copy while Business Central is down, and says why the refresh failed', async () => {
    const before = await list();
    bc.failNext(503, { times: 5, message: 'Service temporarily unavailable' });
    const refused = await refresh();
    expect(refused.status).toBe(503);
    const message = await errorOf(refused);

    const answer = await list();
    expect(answer.value).toEqual(before.value);
    expect(answer.refreshedAt).toBe(before.refreshedAt);
    expect(answer.refreshError).toEqual({ message: expect.any(String), at: expect.any(String) });
    expect(message).toBe(ERP_MESSAGES.erpUnavailable(answer.refreshError!.message));
    expect(message).toMatch(/Business Central.*Service temporarily unavailable/);
    bc.reset();
    bc.seed({ customers: BC_CUSTOMERS });
  });
});

describe('the price sync', () => {
  beforeAll(() => {
    bc.reset();
    const items: NonNullable<FakeBcSeed['items']> = [];
    const priceListLines: NonNullable<FakeBcSeed['priceListLines']> = [];
    for (const product of seedProducts) {
      if (product.number === ERP_MISSING_PRODUCT) continue;
      const raised = product.number === 'VB-16';
      items.push({
        number: product.number,
        displayName: product.title,
        unitPrice: raised ? 484 : product.newPriceCents / 100,
        blocked: product.number === 'SC-4',
      });
      priceListLines.push({
        assignToNo: 'WHOLESALE',
        productNo: product.number,
        minimumQuantity: 1,
        // Business Central's decimals: rounded half up to cents.
        unitPrice: product.number === 'PL-30' ? 1499.995 : product.wholesalePriceCents / 100,
      });
      if (product.partnerPriceX3Cents !== null && product.number !== 'HP-20') {
        priceListLines.push({
          assignToNo: 'PARTNER',
          productNo: product.number,
          minimumQuantity: 3,
          unitPrice: product.partnerPriceX3Cents / 100,
        });
      }
    }
    // A spare part the shop does not sell.
    items.push({ number: 'RP-990', displayName: 'Service kit', unitPrice: 12 });
    bc.seed({ items, priceListLines });
  });

  it("previews and then takes Business Central's item prices", async () => {
    const planned = await ok<PricePreview>(
      await call(shop, 'POST', '/api/products/update-prices/preview', { token: adminToken }),
    );
    expect(planned.changes.map((change) => change.number).sort()).toEqual([
      'HP-20',
      'PL-30',
      'VB-16',
    ]);
    expect(planned.missingInShop).toEqual([{ number: 'RP-990', displayName: 'Service kit' }]);

    const result = await ok<PriceSyncResult>(
      await call(shop, 'POST', '/api/products/update-prices', { token: adminToken }),
    );
    expect(result).toMatchObject({ updated: 3, failed: 2, unchanged: seedProducts.length - 5 });
    expect(result.failures.sort()).toEqual(
      [
        `${ERP_MISSING_PRODUCT} (${PRICE_SYNC_REASONS.noItem})`,
        `SC-4 (${PRICE_SYNC_REASONS.blocked})`,
      ].sort(),
    );
    const product = (number: string) =>
      call(shop, 'GET', `/api/products/${number}`, { token: partnerToken }).then(ok<ProductDto>);
    expect((await product('VB-16')).newPrice).toBe(484);
    expect(await product('PL-30')).toMatchObject({
      newPrice: retail('PL-30'),
      wholesalePrice: 1500,
    });
    expect((await product('HP-20')).partnerPricex3).toBeNull();
  });

  it('answers 503 and records the failed sync when Business Central cannot be reached', async () => {
    bc.failNext(503, { times: 5 });
    const refused = await call(shop, 'POST', '/api/products/update-prices', { token: adminToken });
    expect(refused.status).toBe(503);
    const message = await errorOf(refused);
    expect(message).toMatch(/Business Central.*503/);
    const syncs = await call(shop, 'GET', '/api/erp-syncs?kind=prices', {
      token: adminToken,
    }).then(ok<ErpSyncList>);
    expect(syncs.syncs[0]).toMatchObject({ status: 'failed', error: expect.any(String) });
    expect(message).toBe(ERP_MESSAGES.erpUnavailable(syncs.syncs[0]!.error!));
    bc.reset();
  });
});
