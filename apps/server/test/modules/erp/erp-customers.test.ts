import {
  CUSTOMER_FIELDS,
  CUSTOMER_SEARCH_MAX_LENGTH,
  ERP_MESSAGES,
  type CustomersAnswer,
  type ErpSyncList,
} from '@labshop/shared/schemas/erp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, erpSyncs } from '../../../src/db/schema/index.ts';
import type { Database } from '../../../src/db/client.ts';
import type { Erp, ErpCustomerRecord } from '../../../src/integrations/erp/port.ts';
import { call, errorOf } from '../../support/checkout-fixtures.ts';
import { controllableErp, type ControllableErp } from '../../support/erp-fixtures.ts';
import { TEST_ADMIN_EMAIL } from '../../fakes/oidc-issuer.ts';
import { startSignedInTestApp, type SignedInTestApp, type TestApp } from '../../support/helper.ts';
import { parseCsv } from '../../support/csv-parse.ts';

/**
 * The admin's 'List of Customers' (SPEC.md): GET /api/customers from our copy, its refresh
 * from the ERP with the ledger, and the customers.csv export.
 */

let shop: SignedInTestApp;
let adminToken: string;
let partnerToken: string;

/** A shop with the outbox worker off, trusting the first shop's provider (and so its tokens). */
const startShop = (erp?: (db: Database) => Erp) =>
  startSignedInTestApp({ OUTBOX_WORKER: 'false' }, undefined, { issuer: shop?.issuer, erp });

/** Customers whose text a spreadsheet or a CSV reader could trip over. */
const TRICKY = [
  {
    number: 'C-001',
    displayName: 'Brightline Dental Lab, Inc.',
    addressLine1: '1250 Industrial Pkwy',
    city: 'Toledo',
    state: 'OH',
    phoneNumber: '+1 (419) 555-0199',
    email: 'office@brightline.example',
  },
  {
    number: 'C-002',
    displayName: 'The "Smile" Studio',
    addressLine1: '12 Elm St\nBuilding B',
    city: 'Columbus',
    state: 'OH',
    phoneNumber: '-5550100',
    email: 'hello@smile.example',
  },
  {
    number: 'C-003',
    displayName: '=HYPERLINK("http://evil.example","Click")',
    addressLine1: '@SUM(A1:A9)',
    city: 'Akron',
    state: 'OH',
    phoneNumber: '555-0123',
    email: 'formula@evil.example',
  },
  {
    number: 'C-004',
    displayName: 'anchor dental',
    addressLine1: '\tTabbed Rd',
    city: 'Dayton',
    state: 'OH',
    phoneNumber: '555-0144',
    email: 'anchor@dental.example',
    website: 'https://anchor.example',
  },
];

beforeAll(async () => {
  shop = await startShop();
  ({ adminToken, partnerToken } = shop);
  await shop.database.db
    .insert(customers)
    .values(TRICKY.map((customer) => ({ country: 'US', ...customer })));
});
afterAll(async () => {
  await shop?.close();
});

async function ok<T>(response: Response): Promise<T> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as T;
}

const list = (app: TestApp) =>
  call(app, 'GET', '/api/customers', { token: adminToken }).then(ok<CustomersAnswer>);
const refresh = (app: TestApp) =>
  call(app, 'POST', '/api/customers/refresh', { token: adminToken });
const exportCsv = (app: TestApp, query = '') =>
  call(app, 'GET', `/api/customers/export${query}`, { token: adminToken });
const customerSyncs = (app: TestApp) =>
  call(app, 'GET', '/api/erp-syncs?kind=customers', { token: adminToken }).then(ok<ErpSyncList>);

describe('who may call', () => {
  for (const [method, url] of [
    ['GET', '/api/customers'],
    ['POST', '/api/customers/refresh'],
    ['GET', '/api/customers/export'],
  ] as const) {
    it(`${method} ${url}: 401 anonymous, 403 for a partner`, async () => {
      expect((await call(shop, method, url)).status).toBe(401);
      expect((await call(shop, method, url, { token: partnerToken })).status).toBe(403);
    });
  }
});

describe('GET /api/customers', () => {
  it('answers the ten fields of every customer in value, by name, with where the copy came from', async () => {
    const asked = Date.now();
    const answer = await list(shop);
    // The built-in ERP's customers are this table: the copy is current without a refresh.
    expect(answer).toMatchObject({ source: 'built-in', refreshError: null });
    expect(Date.parse(answer.refreshedAt!)).toBeGreaterThanOrEqual(asked - 1000);
    expect(answer.value).toHaveLength(TRICKY.length);
    for (const customer of answer.value) {
      expect(Object.keys(customer)).toEqual([...CUSTOMER_FIELDS]);
    }
    expect(answer.value.map((customer) => customer.displayName)).toEqual([
      '=HYPERLINK("http://evil.example","Click")',
      'anchor dental',
      'Brightline Dental Lab, Inc.',
      'The "Smile" Studio',
    ]);
    expect(answer.value[2]).toEqual({
      displayName: 'Brightline Dental Lab, Inc.',
      type: 'Company',
      addressLine1: '1250 Industrial Pkwy',
      addressLine2: '',
      city: 'Toledo',
      state: 'OH',
      country: 'US',
      phoneNumber: '+1 (419) 555-0199',
      email: 'office@brightline.example',
      website: '',
    });
  });
});

describe('POST /api/customers/refresh', () => {
  it('records the refresh in the ledger and says when the copy was made', async () => {
    const response = await refresh(shop);
    const answer = await ok<CustomersAnswer>(response);
    expect(answer.value).toHaveLength(TRICKY.length);
    expect(answer.refreshedAt).toEqual(expect.any(String));
    expect(answer.refreshError).toBeNull();

    const syncs = await customerSyncs(shop);
    expect(syncs.total).toBe(1);
    expect(syncs.syncs[0]).toMatchObject({
      kind: 'customers',
      status: 'succeeded',
      startedBy: TEST_ADMIN_EMAIL,
      total: TRICKY.length,
      processed: TRICKY.length,
      error: null,
    });
    expect(Date.parse(answer.refreshedAt!)).toBeGreaterThanOrEqual(
      Date.parse(syncs.syncs[0]!.finishedAt!),
    );
  });

  it('refuses a second refresh while one runs; one whose server died does not block', async () => {
    const [running] = await shop.database.db
      .insert(erpSyncs)
      .values({ kind: 'customers', startedBy: 'other@lab.example' })
      .returning();
    const refused = await refresh(shop);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(ERP_MESSAGES.customersRefreshRunning);
    // A running customer refresh does not stop a price sync.
    expect(
      (await call(shop, 'POST', '/api/products/update-prices', { token: adminToken })).status,
    ).toBe(200);

    await shop.database.db
      .update(erpSyncs)
      .set({ heartbeatAt: sql`now() - interval '10 minutes'` })
      .where(eq(erpSyncs.id, running!.id));
    expect((await refresh(shop)).status).toBe(200);
    const [row] = await shop.database.db
      .select()
      .from(erpSyncs)
      .where(eq(erpSyncs.id, running!.id));
    expect(row).toMatchObject({ status: 'interrupted', error: ERP_MESSAGES.interrupted });
  });
});

describe('GET /api/customers/export', () => {
  it('downloads customers.csv with the ten columns, every customer, quoted and formula-safe', async () => {
    const response = await exportCsv(shop);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="customers.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(text.startsWith(`${CUSTOMER_FIELDS.join(',')}\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);

    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...CUSTOMER_FIELDS]);
    expect(rows).toHaveLength(1 + TRICKY.length);
    const byEmail = new Map(rows.slice(1).map((row) => [row[8], row]));
    // A comma, quotes and a line break survive quoting.
    expect(byEmail.get('office@brightline.example')?.[0]).toBe('Brightline Dental Lab, Inc.');
    expect(byEmail.get('hello@smile.example')?.slice(0, 3)).toEqual([
      'The "Smile" Studio',
      'Company',
      '12 Elm St\nBuilding B',
    ]);
    // Cells a spreadsheet would run start with an apostrophe.
    expect(byEmail.get('hello@smile.example')?.[7]).toBe("'-5550100");
    expect(byEmail.get('formula@evil.example')?.slice(0, 3)).toEqual([
      `'=HYPERLINK("http://evil.example","Click")`,
      'Company',
      "'@SUM(A1:A9)",
    ]);
    expect(byEmail.get('anchor@dental.example')?.[2]).toBe("'\tTabbed Rd");
    expect(byEmail.get('office@brightline.example')?.[7]).toBe("'+1 (419) 555-0199");
    // The raw text: quotes doubled inside a quoted cell.
    expect(text).toContain('"The ""Smile"" Studio"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
  });

  it('exports only the customers matching the search, as the screen shows them', async () => {
    const rows = parseCsv(await (await exportCsv(shop, '?search=%20OH%20')).text());
    expect(rows).toHaveLength(1 + TRICKY.length);
    const toledo = parseCsv(await (await exportCsv(shop, '?search=toLEDO')).text());
    expect(toledo.slice(1).map((row) => row[0])).toEqual(['Brightline Dental Lab, Inc.']);
    const web = parseCsv(await (await exportCsv(shop, '?search=anchor.example')).text());
    expect(web.slice(1).map((row) => row[0])).toEqual(['anchor dental']);
    const none = parseCsv(await (await exportCsv(shop, '?search=nobody')).text());
    expect(none).toEqual([[...CUSTOMER_FIELDS]]);
  });

  it('refuses a search that is too long or given twice, with a clear message', async () => {
    const long = await exportCsv(shop, `?search=${'a'.repeat(CUSTOMER_SEARCH_MAX_LENGTH + 1)}`);
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toBe(
      `The search must be at most ${CUSTOMER_SEARCH_MAX_LENGTH} characters.`,
    );
    const twice = await exportCsv(shop, '?search=a&search=b');
    expect(twice.status).toBe(400);
    expect(await errorOf(twice)).toBe('search must be given once, as text.');
    expect(
      (await exportCsv(shop, `?search=${'a'.repeat(CUSTOMER_SEARCH_MAX_LENGTH)}`)).status,
    ).toBe(200);
  });
});

describe('a copy of a remote ERP', () => {
  let remote: TestApp;
  let fake: ControllableErp;

  const record = (number: string, overrides: Partial<ErpCustomerRecord> = {}) => ({
    id: `bc-${number}`,
    number,
    displayName: `Lab ${number}`,
    type: 'Company',
    addressLine1: `${number} Main St`,
    addressLine2: '',
    city: 'Toledo',
    state: 'OH',
    country: 'US',
    postalCode: '43604',
    phoneNumber: '419-555-0100',
    email: `${number.toLowerCase()}@lab.example`,
    website: '',
    ...overrides,
  });

  beforeAll(async () => {
    remote = await startShop((db) => {
      fake = controllableErp(db, 'business-central');
      return fake.erp;
    });
  });
  afterAll(async () => {
    await remote?.close();
  });

  it('replaces the copy with the ERP list: new, changed and deleted customers', async () => {
    expect(await list(remote)).toMatchObject({
      value: [],
      source: 'business-central',
      refreshedAt: null,
    });
    fake.state.customers = [record('10000'), record('20000', { type: 'Person' }), record('30000')];
    const first = await ok<CustomersAnswer>(await refresh(remote));
    expect(first.value.map((customer) => customer.displayName)).toEqual([
      'Lab 10000',
      'Lab 20000',
      'Lab 30000',
    ]);
    expect(first.value[1]?.type).toBe('Person');

    // The office renamed one customer and deleted another in the ERP.
    fake.state.customers = [record('10000', { displayName: 'Renamed Lab' }), record('20000')];
    const second = await ok<CustomersAnswer>(await refresh(remote));
    expect(second.value.map((customer) => customer.displayName)).toEqual([
      'Lab 20000',
      'Renamed Lab',
    ]);
    const rows = await remote.database.db.select().from(customers);
    expect(rows.map((row) => [row.number, row.erpId]).sort()).toEqual([
      ['10000', 'bc-10000'],
      ['20000', 'bc-20000'],
    ]);
    expect((await customerSyncs(remote)).syncs[0]).toMatchObject({
      status: 'succeeded',
      total: 2,
      processed: 2,
      // 10000 renamed, 20000 changed type.
      updated: 2,
      unchanged: 0,
    });
  });

  it('keeps answering from the copy while the ERP is down, and says why the refresh failed', async () => {
    const before = await list(remote);
    fake.state.down = true;
    try {
      const refused = await refresh(remote);
      expect(refused.status).toBe(503);
      expect(await errorOf(refused)).toBe(ERP_MESSAGES.erpUnavailable(fake.state.reason));
      const answer = await list(remote);
      expect(answer.value).toEqual(before.value);
      expect(answer.refreshedAt).toBe(before.refreshedAt);
      expect(answer.refreshError).toEqual({ message: fake.state.reason, at: expect.any(String) });
      expect((await customerSyncs(remote)).syncs[0]).toMatchObject({
        status: 'failed',
        error: fake.state.reason,
      });
      expect((await exportCsv(remote)).status).toBe(200);
    } finally {
      fake.state.down = false;
    }
    // A later refresh that works clears the error.
    const after = await ok<CustomersAnswer>(await refresh(remote));
    expect(after.refreshError).toBeNull();
    expect(after.refreshedAt! > before.refreshedAt!).toBe(true);
  });
});
