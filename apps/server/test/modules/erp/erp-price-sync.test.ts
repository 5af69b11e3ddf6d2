import type { ProductDto } from '@labshop/shared/schemas/catalog';
import {
  ERP_MESSAGES,
  type ErpSyncDetail,
  type ErpSyncList,
  type ErpSyncSummary,
  type PricePreview,
  type PriceSyncResult,
} from '@labshop/shared/schemas/erp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpItems, erpSyncs, products } from '../../../src/db/schema/index.ts';
import { seedProducts } from '../../../src/db/seed/catalog-data.ts';
import {
  ERP_MISSING_PRODUCT,
  ERP_ONLY_ITEMS,
  ERP_RAISED_PRODUCTS,
  raisedPriceCents,
} from '../../../src/db/seed/erp-data.ts';
import {
  PRICE_SYNC_REASONS,
  planPrices,
  roundHalfUpToCents,
} from '../../../src/modules/erp/price-sync-service.ts';
import type { Database } from '../../../src/db/client.ts';
import type { Erp } from '../../../src/integrations/erp/port.ts';
import { call, errorOf } from '../../support/checkout-fixtures.ts';
import {
  controllableErp,
  seedDemoCatalogue,
  type ControllableErp,
} from '../../support/erp-fixtures.ts';
import { TEST_ADMIN_EMAIL } from '../../fakes/oidc-issuer.ts';
import { startSignedInTestApp, type SignedInTestApp, type TestApp } from '../../support/helper.ts';

/**
 * 'Sync All Prices from BC' (SPEC.md "Price refresh result") against the built-in ERP's demo
 * items: the preview, the sync, its ledger, the one-at-a-time rule, the price mapping, and the
 * ERP out of reach.
 */

let shop: SignedInTestApp;
let adminToken: string;
let partnerToken: string;

const TOTAL = seedProducts.length;
const seeded = new Map(seedProducts.map((product) => [product.number, product]));
const retail = (number: string) => seeded.get(number)!.newPriceCents / 100;
const raisedRetail = (number: string) => raisedPriceCents(seeded.get(number)!.newPriceCents) / 100;
const missingLine = `${ERP_MISSING_PRODUCT} (${PRICE_SYNC_REASONS.noItem})`;

/** A shop with the outbox worker off, trusting the first shop's provider (and so its tokens). */
const startShop = (extra: Record<string, string> = {}, erp?: (db: Database) => Erp) =>
  startSignedInTestApp({ OUTBOX_WORKER: 'false', ...extra }, undefined, {
    issuer: shop?.issuer,
    erp,
  });

beforeAll(async () => {
  shop = await startShop();
  ({ adminToken, partnerToken } = shop);
  await seedDemoCatalogue(shop.database.db);
});
afterAll(async () => {
  await shop?.close();
});

async function ok<T>(response: Response): Promise<T> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as T;
}

const sync = (app: TestApp) =>
  call(app, 'POST', '/api/products/update-prices', { token: adminToken });
const preview = (app: TestApp) =>
  call(app, 'POST', '/api/products/update-prices/preview', { token: adminToken });
const ledger = (app: TestApp, query = '') =>
  call(app, 'GET', `/api/erp-syncs${query}`, { token: adminToken }).then(ok<ErpSyncList>);
const current = (app: TestApp) =>
  call(app, 'GET', '/api/erp-syncs/current?kind=prices', { token: adminToken }).then(
    ok<{ sync: ErpSyncSummary | null }>,
  );
const product = (app: TestApp, number: string, token?: string) =>
  call(app, 'GET', `/api/products/${number}`, token ? { token } : {}).then(ok<ProductDto>);

async function storedPrices(app: TestApp) {
  return app.database.db
    .select({
      number: products.number,
      newPriceCents: products.newPriceCents,
      wholesalePriceCents: products.wholesalePriceCents,
      partnerPriceX3Cents: products.partnerPriceX3Cents,
    })
    .from(products)
    .orderBy(products.number);
}

describe('who may call', () => {
  const routes = [
    ['POST', '/api/products/update-prices'],
    ['POST', '/api/products/update-prices/preview'],
    ['GET', '/api/erp-syncs'],
    ['GET', '/api/erp-syncs/current?kind=prices'],
    ['GET', '/api/erp-syncs/00000000-0000-4000-8000-000000000000'],
  ] as const;
  for (const [method, url] of routes) {
    it(`${method} ${url}: 401 anonymous, 403 for a partner`, async () => {
      expect((await call(shop, method, url)).status).toBe(401);
      expect((await call(shop, method, url, { token: partnerToken })).status).toBe(403);
    });
  }
});

describe('the preview', () => {
  it('lists the changes, the failures and the items missing in the shop, and writes nothing', async () => {
    const before = await storedPrices(shop);
    const answer = await ok<PricePreview>(await preview(shop));

    expect(answer.changes.map((change) => change.number).sort()).toEqual(
      [...ERP_RAISED_PRODUCTS].sort(),
    );
    for (const change of answer.changes) {
      const seed = seeded.get(change.number)!;
      expect(change).toEqual({
        number: change.number,
        title: seed.title,
        before: {
          newPrice: retail(change.number),
          wholesalePrice: seed.wholesalePriceCents / 100,
          partnerPricex3: seed.partnerPriceX3Cents === null ? null : seed.partnerPriceX3Cents / 100,
        },
        after: {
          newPrice: raisedRetail(change.number),
          wholesalePrice: seed.wholesalePriceCents / 100,
          partnerPricex3: seed.partnerPriceX3Cents === null ? null : seed.partnerPriceX3Cents / 100,
        },
      });
    }
    expect(answer.failures).toEqual([
      {
        number: ERP_MISSING_PRODUCT,
        title: seeded.get(ERP_MISSING_PRODUCT)!.title,
        reason: PRICE_SYNC_REASONS.noItem,
      },
    ]);
    expect(answer.missingInShop).toEqual(
      ERP_ONLY_ITEMS.map((item) => ({ number: item.number, displayName: item.displayName })),
    );
    expect(answer.unchanged).toBe(TOTAL - ERP_RAISED_PRODUCTS.length - 1);
    expect(answer.mapping).toEqual({
      newPrice: 'unitPrice',
      wholesalePrice: 'keep',
      partnerPricex3: 'keep',
    });

    expect(await storedPrices(shop)).toEqual(before);
    expect(await shop.database.db.select().from(erpSyncs)).toHaveLength(0);
  });
});

describe('the price sync', () => {
  let firstSyncId: string;

  it('updates the changed products, counts the unchanged, and lists the failure with its reason', async () => {
    // Read first, so the catalogue's read cache holds the old prices.
    expect((await product(shop, 'VB-16')).newPrice).toBe(retail('VB-16'));
    const wholesaleBefore = (await product(shop, 'VB-16', partnerToken)).wholesalePrice;

    const result = await ok<PriceSyncResult>(await sync(shop));
    expect(result).toEqual({
      updated: ERP_RAISED_PRODUCTS.length,
      failed: 1,
      failures: [missingLine],
      unchanged: TOTAL - ERP_RAISED_PRODUCTS.length - 1,
      syncId: expect.any(String),
    });
    firstSyncId = result.syncId;

    for (const number of ERP_RAISED_PRODUCTS) {
      expect((await product(shop, number)).newPrice, number).toBe(raisedRetail(number));
    }
    // 'keep' (the default for the wholesale price) leaves it alone.
    expect((await product(shop, 'VB-16', partnerToken)).wholesalePrice).toBe(wholesaleBefore);
    expect((await product(shop, ERP_MISSING_PRODUCT)).newPrice).toBe(retail(ERP_MISSING_PRODUCT));
    expect((await product(shop, 'AG-210')).newPrice).toBe(retail('AG-210'));
  });

  it('keeps the sync in the ledger: who, when, the counts, and each product before and after', async () => {
    const list = await ledger(shop, '?kind=prices');
    expect(list.total).toBe(1);
    expect(list.syncs[0]).toEqual({
      id: firstSyncId,
      kind: 'prices',
      status: 'succeeded',
      startedBy: TEST_ADMIN_EMAIL,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      total: TOTAL,
      processed: TOTAL,
      updated: ERP_RAISED_PRODUCTS.length,
      unchanged: TOTAL - ERP_RAISED_PRODUCTS.length - 1,
      failed: 1,
      error: null,
    });
    expect((await ledger(shop, '?kind=customers')).total).toBe(0);

    const detail = await ok<ErpSyncDetail>(
      await call(shop, 'GET', `/api/erp-syncs/${firstSyncId}`, { token: adminToken }),
    );
    expect(detail).toMatchObject({ id: firstSyncId, status: 'succeeded' });
    expect(detail.items).toHaveLength(TOTAL);
    expect(new Set(detail.items.map((item) => item.number))).toEqual(new Set(seeded.keys()));
    const item = (number: string) => detail.items.find((entry) => entry.number === number);
    expect(item('VB-16')).toMatchObject({
      title: seeded.get('VB-16')!.title,
      outcome: 'updated',
      before: { newPrice: retail('VB-16') },
      after: { newPrice: raisedRetail('VB-16') },
      error: null,
    });
    expect(item(ERP_MISSING_PRODUCT)).toMatchObject({
      outcome: 'failed',
      before: { newPrice: retail(ERP_MISSING_PRODUCT) },
      after: null,
      error: PRICE_SYNC_REASONS.noItem,
    });
    const unchanged = item('AG-210')!;
    expect(unchanged.outcome).toBe('unchanged');
    expect(unchanged.after).toEqual(unchanged.before);

    expect(await current(shop)).toEqual({ sync: null });
  });

  it('finds everything up to date on a second run', async () => {
    const result = await ok<PriceSyncResult>(await sync(shop));
    expect(result).toMatchObject({
      updated: 0,
      failed: 1,
      failures: [missingLine],
      unchanged: TOTAL - 1,
    });
    const list = await ledger(shop);
    expect(list.total).toBe(2);
    expect(list.syncs.map((entry) => entry.id)).toEqual([result.syncId, firstSyncId]);
  });

  it('refuses a second sync while one runs; a sync whose server died does not block', async () => {
    const [running] = await shop.database.db
      .insert(erpSyncs)
      .values({ kind: 'prices', startedBy: 'other@lab.example' })
      .returning();
    const refused = await sync(shop);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(ERP_MESSAGES.syncRunning);
    expect((await current(shop)).sync).toMatchObject({
      id: running!.id,
      status: 'running',
      startedBy: 'other@lab.example',
    });

    // Its heartbeat stopped three minutes ago: the process that ran it is gone.
    await shop.database.db
      .update(erpSyncs)
      .set({ heartbeatAt: sql`now() - interval '3 minutes'` })
      .where(eq(erpSyncs.id, running!.id));
    const result = await ok<PriceSyncResult>(await sync(shop));
    expect(result.unchanged).toBe(TOTAL - 1);
    const [interrupted] = await shop.database.db
      .select()
      .from(erpSyncs)
      .where(eq(erpSyncs.id, running!.id));
    expect(interrupted).toMatchObject({ status: 'interrupted', error: ERP_MESSAGES.interrupted });
    expect(interrupted?.finishedAt).not.toBeNull();
  });

  it('answers bad ledger requests with a clear 4xx, never a 500', async () => {
    const cases: [string, number, RegExp][] = [
      ['/api/erp-syncs?kind=orders', 400, /kind must be one of: prices, customers/],
      ['/api/erp-syncs?page=0', 400, /page must be a whole number from 1/],
      ['/api/erp-syncs?page=two', 400, /page must be a whole number from 1/],
      ['/api/erp-syncs?page=1.5', 400, /page must be a whole number from 1/],
      ['/api/erp-syncs/current?kind=nope', 400, /kind must be one of/],
      ['/api/erp-syncs/not-a-uuid', 404, /^Sync not found\.$/],
      ['/api/erp-syncs/00000000-0000-4000-8000-000000000000', 404, /^Sync not found\.$/],
      [`/api/erp-syncs/${'x'.repeat(300)}`, 404, /^Sync not found\.$/],
    ];
    for (const [url, status, message] of cases) {
      const response = await call(shop, 'GET', url, { token: adminToken });
      expect(response.status, url).toBe(status);
      expect(await errorOf(response), url).toMatch(message);
    }
    // A page past the end is empty, not an error.
    expect((await ledger(shop, '?page=99')).syncs).toEqual([]);
  });
});

describe('a sync the admin confirmed on a preview', () => {
  let confirmedShop: TestApp;

  beforeAll(async () => {
    confirmedShop = await startShop();
    await seedDemoCatalogue(confirmedShop.database.db);
  });
  afterAll(async () => {
    await confirmedShop?.close();
  });

  const syncConfirming = (confirmation: unknown) =>
    call(confirmedShop, 'POST', '/api/products/update-prices', {
      token: adminToken,
      body: { confirmation },
    });

  it("writes nothing when the changes are no longer the preview's (409), and then only what was confirmed", async () => {
    const seen = await ok<PricePreview>(await preview(confirmedShop));
    expect(seen.changes).toHaveLength(ERP_RAISED_PRODUCTS.length);
    expect(seen.confirmation).toMatch(/^[\w-]{20,}$/);
    // The same changes give the same confirmation.
    expect((await ok<PricePreview>(await preview(confirmedShop))).confirmation).toBe(
      seen.confirmation,
    );

    // After the preview, the office raises one more item's price in the ERP.
    const before = await storedPrices(confirmedShop);
    await confirmedShop.database.db
      .update(erpItems)
      .set({ unitPriceCents: sql`${erpItems.unitPriceCents} + 100` })
      .where(eq(erpItems.number, 'AG-210'));

    const syncsBefore = (await ledger(confirmedShop, '?kind=prices')).syncs;
    const refused = await syncConfirming(seen.confirmation);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(
      ERP_MESSAGES.pricesChangedSinceConfirm(ERP_RAISED_PRODUCTS.length + 1),
    );
    expect(await storedPrices(confirmedShop)).toEqual(before);
    // A refused request writes nothing at all, not even a Sync History row.
    expect((await ledger(confirmedShop, '?kind=prices')).syncs).toEqual(syncsBefore);

    // Confirmed on the new preview, the sync makes exactly its changes.
    const again = await ok<PricePreview>(await preview(confirmedShop));
    expect(again.confirmation).not.toBe(seen.confirmation);
    const result = await ok<PriceSyncResult>(await syncConfirming(again.confirmation));
    expect(result.updated).toBe(again.changes.length);
    expect((await product(confirmedShop, 'AG-210')).newPrice).toBe(retail('AG-210') + 1);
  });

  it('answers a confirmation that is not text with a clear 400', async () => {
    const response = await syncConfirming(42);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatch(/confirmation/);
  });
});

describe('the price mapping', () => {
  let mapped: TestApp;

  beforeAll(async () => {
    mapped = await startShop({
      ERP_PRICE_NEW: 'keep',
      ERP_PRICE_WHOLESALE: 'priceList:WHOLESALE',
      ERP_PRICE_PARTNER_X3: 'priceList:PARTNER:3',
    });
    await seedDemoCatalogue(mapped.database.db);
    const { db } = mapped.database;
    const lines = async (number: string, edit: (item: typeof erpItems.$inferSelect) => object) => {
      const [item] = await db.select().from(erpItems).where(eq(erpItems.number, number));
      await db.update(erpItems).set(edit(item!)).where(eq(erpItems.number, number));
    };
    // The office raised PL-30's wholesale and partner prices.
    await lines('PL-30', () => ({
      priceListLines: [
        { code: 'WHOLESALE', minimumQuantity: 1, unitPriceCents: 150_000 },
        { code: 'PARTNER', minimumQuantity: 3, unitPriceCents: 142_500 },
        { code: 'PARTNER', minimumQuantity: 10, unitPriceCents: 139_000 },
      ],
    }));
    // HP-20 has no partner price any more.
    await lines('HP-20', (item) => ({
      priceListLines: item.priceListLines.filter((line) => line.code !== 'PARTNER'),
    }));
    // SC-4 is blocked; BR-B2's wholesale price is 0; BT-A18 has no wholesale line.
    await lines('SC-4', () => ({ blocked: true }));
    await lines('BR-B2', (item) => ({
      priceListLines: item.priceListLines.map((line) =>
        line.code === 'WHOLESALE' ? { ...line, unitPriceCents: 0 } : line,
      ),
    }));
    await lines('BT-A18', (item) => ({
      priceListLines: item.priceListLines.filter((line) => line.code !== 'WHOLESALE'),
    }));
  });
  afterAll(async () => {
    await mapped?.close();
  });

  it("takes the mapped price lists, leaves 'keep' alone, and clears a partner price the ERP lacks", async () => {
    const planned = await ok<PricePreview>(await preview(mapped));
    expect(planned.mapping).toEqual({
      newPrice: 'keep',
      wholesalePrice: 'priceList:WHOLESALE',
      partnerPricex3: 'priceList:PARTNER:3',
    });
    expect(planned.changes.map((change) => change.number).sort()).toEqual(['HP-20', 'PL-30']);

    const result = await ok<PriceSyncResult>(await sync(mapped));
    expect(result.updated).toBe(2);
    expect(result.failures.sort()).toEqual(
      [
        missingLine,
        `SC-4 (${PRICE_SYNC_REASONS.blocked})`,
        `BR-B2 (${PRICE_SYNC_REASONS.outOfRange('wholesalePrice', 'priceList:WHOLESALE', 0)})`,
        `BT-A18 (${PRICE_SYNC_REASONS.noPrice('wholesalePrice', 'priceList:WHOLESALE')})`,
      ].sort(),
    );
    expect(result.failed).toBe(4);
    expect(result.unchanged).toBe(TOTAL - 6);

    // Partners see the new wholesale and partner prices; the retail price is kept.
    expect(await product(mapped, 'PL-30', partnerToken)).toMatchObject({
      newPrice: retail('PL-30'),
      wholesalePrice: 1500,
      partnerPricex3: 1425,
    });
    expect((await product(mapped, 'HP-20', partnerToken)).partnerPricex3).toBeNull();
    // The raised unit prices are not mapped to anything here.
    expect((await product(mapped, 'VB-16')).newPrice).toBe(retail('VB-16'));
  });
});

describe('with the ERP slow or out of reach', () => {
  let faulty: TestApp;
  let fake: ControllableErp;

  beforeAll(async () => {
    faulty = await startShop({}, (db) => {
      fake = controllableErp(db);
      return fake.erp;
    });
    await seedDemoCatalogue(faulty.database.db);
  });
  afterAll(async () => {
    fake?.state.release();
    await faulty?.close();
  });

  it('answers 503 with the reason, records the failed sync, and changes no price', async () => {
    const before = await storedPrices(faulty);
    fake.state.down = true;
    try {
      const refused = await sync(faulty);
      expect(refused.status).toBe(503);
      expect(await errorOf(refused)).toBe(ERP_MESSAGES.erpUnavailable(fake.state.reason));
      const dryRun = await preview(faulty);
      expect(dryRun.status).toBe(503);
      expect(await errorOf(dryRun)).toBe(ERP_MESSAGES.erpUnavailable(fake.state.reason));
    } finally {
      fake.state.down = false;
    }
    const list = await ledger(faulty, '?kind=prices');
    expect(list.syncs).toHaveLength(1);
    expect(list.syncs[0]).toMatchObject({
      status: 'failed',
      error: fake.state.reason,
      startedBy: TEST_ADMIN_EMAIL,
      finishedAt: expect.any(String),
      processed: 0,
    });
    expect(await storedPrices(faulty)).toEqual(before);
    expect(await current(faulty)).toEqual({ sync: null });
  });

  it('shows a running sync as current and refuses a second click until it ends', async () => {
    fake.hold();
    const first = sync(faulty);
    let running: ErpSyncSummary | null = null;
    for (let attempt = 0; attempt < 100 && !running; attempt += 1) {
      running = (await current(faulty)).sync;
      if (!running) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(running).toMatchObject({ status: 'running', startedBy: TEST_ADMIN_EMAIL, total: 0 });

    const second = await sync(faulty);
    expect(second.status).toBe(409);
    expect(await errorOf(second)).toBe(ERP_MESSAGES.syncRunning);

    fake.state.release();
    const result = await ok<PriceSyncResult>(await first);
    expect(result).toMatchObject({ updated: ERP_RAISED_PRODUCTS.length, failed: 1 });
    expect(result.syncId).toBe(running!.id);
    expect(await current(faulty)).toEqual({ sync: null });
  });

  it('rounds ERP prices half up to cents and refuses prices out of range', async () => {
    const item = (number: string, unitPrice: number) => ({
      number,
      displayName: seeded.get(number)!.title,
      blocked: false,
      prices: { unitPrice },
    });
    fake.state.itemPrices = [
      item('VB-8', 305.005),
      item('PL-10', 671.004),
      item('DC-50', 1_000_000.01),
      item('MT-7D', -1),
    ];
    try {
      const result = await ok<PriceSyncResult>(await sync(faulty));
      expect(result.updated).toBe(1);
      // PL-10 is already 671.00 (raised by the previous test's sync).
      expect(result.unchanged).toBe(1);
      expect(result.failures).toContain(
        `DC-50 (${PRICE_SYNC_REASONS.outOfRange('newPrice', 'unitPrice', 1_000_000.01)})`,
      );
      expect(result.failures).toContain(
        `MT-7D (${PRICE_SYNC_REASONS.outOfRange('newPrice', 'unitPrice', -1)})`,
      );
      expect((await product(faulty, 'VB-8')).newPrice).toBe(305.01);
      expect((await product(faulty, 'PL-10')).newPrice).toBe(671);
    } finally {
      fake.state.itemPrices = null;
    }
  });
});

describe('planning one product', () => {
  const shopProduct = {
    id: 'p',
    number: 'X-1',
    title: 'X',
    prices: { newPriceCents: 1000, wholesalePriceCents: 900, partnerPriceX3Cents: 800 },
  };

  it('rounds half up, including binary near-halves', () => {
    expect(roundHalfUpToCents(1.005)).toBe(101);
    expect(roundHalfUpToCents(10.004)).toBe(1000);
    expect(roundHalfUpToCents(10.005)).toBe(1001);
    expect(roundHalfUpToCents(0.125)).toBe(13);
    expect(roundHalfUpToCents(1_000_000)).toBe(100_000_000);
  });

  it('takes only the mapped fields and fails on a missing retail price', () => {
    const item = {
      number: 'x-1',
      displayName: 'X',
      blocked: false,
      prices: { unitPrice: 12.5, 'priceList:P': 7 },
    } as const;
    expect(
      planPrices(shopProduct, item, {
        newPrice: 'unitPrice',
        wholesalePrice: 'keep',
        partnerPricex3: 'priceList:P',
      }),
    ).toEqual({
      ok: true,
      changes: { newPriceCents: 1250, partnerPriceX3Cents: 700 },
      after: { newPriceCents: 1250, wholesalePriceCents: 900, partnerPriceX3Cents: 700 },
    });
    expect(
      planPrices(shopProduct, item, {
        newPrice: 'priceList:NONE',
        wholesalePrice: 'keep',
        partnerPricex3: 'keep',
      }),
    ).toEqual({ ok: false, reason: PRICE_SYNC_REASONS.noPrice('newPrice', 'priceList:NONE') });
    expect(
      planPrices(shopProduct, undefined, {
        newPrice: 'keep',
        wholesalePrice: 'keep',
        partnerPricex3: 'keep',
      }),
    ).toEqual({ ok: false, reason: PRICE_SYNC_REASONS.noItem });
  });
});
