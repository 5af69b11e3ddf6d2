import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tmpdir } from 'node:os';
import { loadConfig, type OutboxConfig } from '../../../src/config/index.ts';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { orders, outbox } from '../../../src/db/schema/index.ts';
import { retryAfterMs } from '../../../src/integrations/erp/bc-client.ts';
import {
  createBusinessCentralErp,
  dueDaysOf,
  type BusinessCentralConfig,
  type BusinessCentralOptions,
} from '../../../src/integrations/erp/business-central.ts';
import { createErp } from '../../../src/integrations/erp/index.ts';
import {
  ErpUnavailable,
  type ErpCustomerInput,
  type ErpSalesOrderInput,
} from '../../../src/integrations/erp/port.ts';
import type { Mailer } from '../../../src/integrations/mail/port.ts';
import { createOrderJobHandlers, ORDER_JOB_KINDS } from '../../../src/jobs/order-jobs.ts';
import {
  createOrderStatusHandlers,
  enqueueOrderStatusRound,
  ORDER_STATUS_JOB_KINDS,
} from '../../../src/jobs/order-status.ts';
import { createOutboxWorker, type OutboxLog } from '../../../src/jobs/outbox.ts';
import {
  FAKE_BC_NET30_ID,
  startFakeBusinessCentral,
  type FakeBusinessCentral,
} from '../../fakes/business-central.ts';
import { freePort, openTestDatabase } from '../../support/helper.ts';
import { insertPaidOrder } from '../../support/checkout-fixtures.ts';

/** The Business Central adapter (and its HTTP layer) against a local fake of BC and Entra ID. */
const SECRET = 'bc-Secret~Value.0123456789';

let bc: FakeBusinessCentral;
const lines: string[] = [];
const log = pino(
  { level: 'debug' },
  { write: (line: string) => void lines.push(line) },
) as unknown as FastifyBaseLogger;
/** The waits between retries, recorded instead of slept (unless a test sleeps for real). */
const waits: number[] = [];
const recordWait = async (ms: number) => {
  waits.push(ms);
};

beforeAll(async () => {
  bc = await startFakeBusinessCentral({ clientSecret: SECRET });
});
afterAll(() => bc.close());
beforeEach(() => {
  bc.reset();
  lines.length = 0;
  waits.length = 0;
});

function config(overrides: Partial<BusinessCentralConfig> = {}): BusinessCentralConfig {
  return {
    kind: 'business-central',
    tenantId: bc.tenantId,
    environment: bc.environment,
    company: bc.companyId,
    clientId: bc.clientId,
    clientSecret: bc.clientSecret,
    tokenUrl: bc.tokenUrl,
    apiUrl: bc.apiUrl,
    scope: 'https://api.businesscentral.dynamics.com/.default',
    timeoutMs: 2000,
    maxRetries: 2,
    pageSize: 10,
    priceListApi: bc.priceListApi,
    freightAccount: '6810',
    ...overrides,
  };
}

const adapter = (
  overrides: Partial<BusinessCentralConfig> = {},
  options: Partial<BusinessCentralOptions> = {},
) => createBusinessCentralErp(config(overrides), { log, sleep: recordWait, ...options });

const apiCalls = (entitySet: string, method = 'GET') =>
  bc.calls.filter((call) => call.entitySet === entitySet && call.method === method);

/** What rejects, as an ErpUnavailable, with its message. */
async function failure(promise: Promise<unknown>): Promise<ErpUnavailable> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ErpUnavailable);
  return error as ErpUnavailable;
}

function customerInput(overrides: Partial<ErpCustomerInput> = {}): ErpCustomerInput {
  return {
    number: 'WEBADA',
    displayName: 'Ada Lovelace',
    type: 'Person',
    email: 'ada@example.com',
    phoneNumber: '555-0100',
    addressLine1: '1 Analytical St',
    city: 'London',
    state: 'LDN',
    postalCode: 'N1 9GU',
    country: 'GB',
    ...overrides,
  };
}

function salesOrderInput(overrides: Partial<ErpSalesOrderInput> = {}): ErpSalesOrderInput {
  return {
    externalDocumentNumber: 'WEB-100001',
    customerNumber: 'C00010',
    customerName: 'Ada Lovelace',
    orderDate: '2026-11-20',
    email: 'ada@example.com',
    phoneNumber: '555-0100',
    billTo: {
      addressLine1: '1 Analytical St',
      city: 'London',
      state: 'LDN',
      postalCode: 'N1 9GU',
      country: 'GB',
    },
    discountAmount: 5,
    lines: [
      { itemNumber: 'P-100', description: 'Pipette & tips', quantity: 2, unitPrice: 15 },
      { itemNumber: 'P-200', description: 'Beaker', quantity: 1, unitPrice: 20 },
    ],
    ...overrides,
  };
}

function seedOrderData() {
  bc.seed({
    customers: [{ displayName: 'Ada Lovelace', type: 'Person', email: 'ada@example.com' }],
    items: [
      { number: 'P-100', displayName: 'Pipette', unitPrice: 14 },
      { number: 'P-200', displayName: 'Beaker', unitPrice: 21 },
    ],
  });
}

describe('Business Central paging', () => {
  it("reads each customer's payment terms (code and days) and credit limit", async () => {
    const [net15] = bc.paymentTerms().filter((terms) => terms.code === 'NET15');
    const [cod] = bc.paymentTerms().filter((terms) => terms.code === 'COD');
    bc.seed({
      customers: [
        { displayName: 'On terms', paymentTermsId: FAKE_BC_NET30_ID, creditLimit: 25_000 },
        { displayName: 'Fortnight', paymentTermsId: net15!.id },
        { displayName: 'Cash', paymentTermsId: cod!.id },
        { displayName: 'None' },
      ],
    });
    const customers = await adapter().listCustomers();
    expect(customers.map((customer) => [customer.paymentTerms, customer.creditLimit])).toEqual([
      [{ id: FAKE_BC_NET30_ID, code: 'NET30', dueDays: 30 }, 25_000],
      [{ id: net15!.id, code: 'NET15', dueDays: 15 }, 0],
      // Cash terms ('0D') give no days to pay: not credit.
      [{ id: cod!.id, code: 'COD', dueDays: null }, 0],
      [null, 0],
    ]);
  });

  it('reads the days of a date formula: days, weeks, months as 30 days; nothing else', () => {
    expect(['30D', '2W', '1M', '0D', 'CM+10D', ''].map(dueDaysOf)).toEqual([
      30,
      14,
      30,
      null,
      null,
      null,
    ]);
  });

  it('reads every customer across pages by following @odata.nextLink (3 GETs for 25 at 10 a page)', async () => {
    bc.seed({
      customers: Array.from({ length: 25 }, (_, index) => ({
        displayName: `Customer ${index + 1}`,
        type: index % 2 ? 'Person' : 'Company',
        addressLine1: `${index + 1} Main St`,
        city: 'Springfield',
        state: 'IL',
        country: 'US',
        postalCode: '62701',
        phoneNumber: `555-01${String(index).padStart(2, '0')}`,
        email: `c${index + 1}@example.com`,
        website: index === 0 ? 'https://example.com' : '',
      })),
    });
    // Business Central may send null for a blank text.
    bc.seed({ customers: [{ displayName: 'Null Website', website: null as unknown as string }] });

    const customers = await adapter().listCustomers();

    expect(customers).toHaveLength(26);
    expect(customers[0]).toEqual({
      id: bc.customers()[0]?.id,
      number: 'C00010',
      displayName: 'Customer 1',
      type: 'Company',
      addressLine1: '1 Main St',
      addressLine2: '',
      city: 'Springfield',
      state: 'IL',
      country: 'US',
      postalCode: '62701',
      phoneNumber: '555-0100',
      email: 'c1@example.com',
      website: 'https://example.com',
      paymentTerms: null,
      creditLimit: 0,
    });
    expect(customers.map((customer) => customer.number)).toEqual(
      bc.customers().map((customer) => customer.number),
    );
    expect(customers[25]).toMatchObject({ displayName: 'Null Website', website: '' });

    const gets = apiCalls('customers');
    expect(gets).toHaveLength(3);
    for (const call of gets) {
      expect(call.headers.prefer).toBe('odata.maxpagesize=10');
      expect(call.path).not.toMatch(/\$top|\$skip=/);
    }
    expect(gets[0]?.path).not.toContain('$skiptoken');
    expect(gets[1]?.path).toContain('$skiptoken=');
    expect(gets[2]?.path).toContain('$skiptoken=');
  });
});

describe('Business Central sign-in', () => {
  it('gets one token by client credentials and reuses it, also for concurrent calls', async () => {
    seedOrderData();
    const erp = adapter();
    await Promise.all([
      erp.findCustomer({ email: 'ada@example.com' }),
      erp.findSalesOrder('WEB-1'),
      erp.listCustomers(),
      erp.findCustomer({ number: 'C00010' }),
    ]);
    await erp.listItemPrices(['unitPrice']);

    expect(bc.tokenRequests).toBe(1);
    const [tokenCall] = apiCalls('token', 'POST');
    expect(tokenCall?.body).toEqual({
      grant_type: 'client_credentials',
      client_id: bc.clientId,
      client_secret: SECRET,
      scope: 'https://api.businesscentral.dynamics.com/.default',
    });
    expect(tokenCall?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const bearers = new Set(
      bc.calls
        .filter((call) => call.entitySet !== 'token')
        .map((call) => call.headers.authorization),
    );
    expect(bearers.size).toBe(1);
    expect([...bearers][0]).toMatch(/^Bearer fake-bc\./);
  });

  it('gets a new token when the cached one is about to expire', async () => {
    bc.tokenLifetimeSeconds = 1;
    const erp = adapter();
    await erp.findSalesOrder('WEB-1');
    await erp.findSalesOrder('WEB-1');
    expect(bc.tokenRequests).toBe(1);
    // Renewed at 90% of a short life: after 0.9 s.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await erp.findSalesOrder('WEB-1');
    expect(bc.tokenRequests).toBe(2);
    expect(bc.calls.every((call) => call.entitySet === 'token' || call.method === 'GET')).toBe(
      true,
    );
  });

  it('signs in again and repeats the call once when Business Central refuses the token (401)', async () => {
    const erp = adapter();
    await erp.findSalesOrder('WEB-1');
    bc.revokeTokens();
    await expect(erp.findSalesOrder('WEB-1')).resolves.toBeNull();
    expect(bc.tokenRequests).toBe(2);
    expect(apiCalls('salesOrders')).toHaveLength(3);

    // Refused again with the fresh token: a clear error, not a loop.
    bc.failNext(401, { times: 2 });
    const error = await failure(erp.findSalesOrder('WEB-1'));
    expect(error.message).toContain('Business Central refused the access token (HTTP 401');
    expect(error.message).toContain('Microsoft Entra Applications');
    expect(bc.tokenRequests).toBe(3);
  });

  it('says why sign-in failed for a wrong secret, without the secret', async () => {
    const wrongSecret = 'Wrong~Secret.value-42';
    const error = await failure(adapter({ clientSecret: wrongSecret }).findSalesOrder('WEB-1'));
    expect(error.message).toMatch(
      /^Business Central sign-in failed: invalid_client \(AADSTS7000215: Invalid client secret provided\./,
    );
    expect(error.message).not.toContain('Trace ID');
    expect(error.message).not.toContain(wrongSecret);
    expect(lines.join('\n')).not.toContain(wrongSecret);
    expect(apiCalls('salesOrders')).toHaveLength(0);

    const unknownApp = await failure(
      adapter({ clientId: '11111111-2222-3333-4444-555555555555' }).findSalesOrder('WEB-1'),
    );
    expect(unknownApp.message).toContain('Business Central sign-in failed: unauthorized_client');
    expect(unknownApp.message).not.toContain(SECRET);
  });

  it('never logs the secret or a token', async () => {
    seedOrderData();
    const erp = adapter();
    await erp.listCustomers();
    bc.revokeTokens();
    await erp.findSalesOrder('WEB-1');
    const logged = lines.join('\n');
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain('fake-bc.');
  });
});

describe('Business Central retries and failures', () => {
  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    seedOrderData();
    bc.failNext(429, { retryAfter: 1 });
    const started = Date.now();
    // Real sleeping here: the wait itself is what is tested.
    const erp = createBusinessCentralErp(config(), { log });
    const found = await erp.findCustomer({ email: 'ada@example.com' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(found).toMatchObject({ number: 'C00010' });
    expect(apiCalls('customers')).toHaveLength(2);
  });

  it('reads Retry-After as seconds or an HTTP date, and caps a wait at a minute', async () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Fri, 20 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Fri, 20 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();

    bc.failNext(503, { retryAfter: 3600 });
    await adapter().findSalesOrder('WEB-1');
    expect(waits).toEqual([60_000]);
  });

  it('retries a read after 5xx answers with a growing backoff, then succeeds', async () => {
    seedOrderData();
    bc.failNext(503);
    bc.failNext(502, { body: '<html><body>Bad gateway</body></html>' });
    const found = await adapter().findCustomer({ number: 'C00010' });
    expect(found).toMatchObject({ displayName: 'Ada Lovelace' });
    expect(apiCalls('customers')).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(400);
    expect(waits[0]).toBeLessThanOrEqual(600);
    expect(waits[1]).toBeGreaterThanOrEqual(800);
    expect(waits[1]).toBeLessThanOrEqual(1200);
  });

  it('gives up with a clear message when the retries run out', async () => {
    bc.failNext(503, { times: 3, when: { entitySet: 'customers' } });
    const error = await failure(adapter({ maxRetries: 2 }).listCustomers());
    expect(error.message).toBe(
      'Business Central: The service is temporarily unavailable. (Internal_ServiceUnavailable, HTTP 503, GET customers); gave up after 3 attempts',
    );
    expect(apiCalls('customers')).toHaveLength(3);

    // An answer that is not Business Central's JSON still says what happened.
    bc.failNext(502, { times: 3, body: '<html>Bad gateway</html>' });
    const proxy = await failure(adapter({ maxRetries: 2 }).findSalesOrder('WEB-1'));
    expect(proxy.message).toBe(
      'Business Central answered HTTP 502 (GET salesOrders); gave up after 3 attempts',
    );
  });

  it("maps Business Central's error body to the message, without retrying a 400", async () => {
    bc.failNext(400, {
      code: 'BadRequest_NotFound',
      message: 'Bad Request - Error in query syntax.',
    });
    const error = await failure(adapter().findSalesOrder('WEB-1'));
    expect(error.message).toBe(
      'Business Central: Bad Request - Error in query syntax. (BadRequest_NotFound, HTTP 400, GET salesOrders)',
    );
    expect(apiCalls('salesOrders')).toHaveLength(1);
  });

  it('says so when Business Central does not answer in time', async () => {
    bc.hangNext();
    const error = await failure(adapter({ timeoutMs: 300 }).listCustomers());
    expect(error.message).toBe('Business Central did not answer within 0.3 s (GET customers)');
    expect(apiCalls('customers')).toHaveLength(1);
  });

  it('says so when Business Central refuses the connection', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const error = await failure(adapter({ apiUrl: closed }).findSalesOrder('WEB-1'));
    expect(error.message).toMatch(
      /^Business Central refused the connection at 127\.0\.0\.1:\d+ \(GET salesOrders\)$/,
    );
    const signIn = await failure(
      adapter({ tokenUrl: `${closed}/tenant/oauth2/v2.0/token` }).findSalesOrder('WEB-1'),
    );
    expect(signIn.message).toMatch(/refused the connection at 127\.0\.0\.1:\d+ \(sign-in\)$/);
  });
});

describe('Business Central company', () => {
  it('finds the company by name once and uses its id', async () => {
    const erp = adapter({ company: bc.companyName });
    await erp.findSalesOrder('WEB-1');
    await erp.listCustomers();
    expect(apiCalls('companies')).toHaveLength(1);
    const salesOrders = apiCalls('salesOrders')[0];
    expect(salesOrders?.path).toContain(`/api/v2.0/companies(${bc.companyId})/salesOrders`);
    expect(salesOrders?.path).toContain(`/v2.0/${bc.tenantId}/${bc.environment}/`);
  });

  it('names the companies there are when BC_COMPANY matches none', async () => {
    const error = await failure(adapter({ company: 'Nope Inc.' }).listCustomers());
    expect(error.message).toBe(
      `Business Central has no company "Nope Inc." in environment ${bc.environment} (it has "My Company", "${bc.companyName}"); set BC_COMPANY to one of these names or a company id`,
    );
  });
});

describe('Business Central customers', () => {
  it('finds a customer by number or e-mail, doubling quotes in the filter', async () => {
    bc.seed({
      customers: [
        { number: "OB'1", displayName: "Pat O'Brien", email: "pat.o'brien@example.com" },
        { displayName: 'Ada Lovelace', email: 'ada@example.com', phoneNumber: '555-0100' },
      ],
    });
    const erp = adapter();
    const byNumber = await erp.findCustomer({ number: "OB'1" });
    expect(byNumber).toMatchObject({ number: "OB'1", displayName: "Pat O'Brien" });
    expect(byNumber?.etag).toMatch(/^W\/"/);
    expect(decodeURIComponent(apiCalls('customers')[0]?.path ?? '')).toContain(
      "$filter=number eq 'OB''1'",
    );

    await expect(erp.findCustomer({ email: "pat.o'brien@example.com" })).resolves.toMatchObject({
      number: "OB'1",
    });
    // A number that is not there falls back to the e-mail.
    await expect(
      erp.findCustomer({ number: 'C99999', email: 'ada@example.com' }),
    ).resolves.toMatchObject({
      number: 'C00010',
      displayName: 'Ada Lovelace',
      email: 'ada@example.com',
      phoneNumber: '555-0100',
      addressLine1: '',
    });
    // Typed in another case: found under the lower-case address.
    await expect(erp.findCustomer({ email: 'ADA@Example.com' })).resolves.toMatchObject({
      number: 'C00010',
    });
    await expect(erp.findCustomer({ email: 'nobody@example.com' })).resolves.toBeNull();
    await expect(erp.findCustomer({})).resolves.toBeNull();
  });

  it("creates a customer under Business Central's own number", async () => {
    const created = await adapter().createCustomer(
      customerInput({
        displayName: 'A'.repeat(120),
        city: 'Llanfairpwllgwyngyllgogerychwyrndrobwll',
      }),
    );
    expect(created).toMatchObject({ number: 'C00010', email: 'ada@example.com' });
    expect(apiCalls('customers', 'POST')).toHaveLength(1);
    const body = apiCalls('customers', 'POST')[0]?.body;
    expect(body).not.toHaveProperty('number');
    expect(body).toEqual({
      displayName: 'A'.repeat(100),
      type: 'Person',
      email: 'ada@example.com',
      phoneNumber: '555-0100',
      addressLine1: '1 Analytical St',
      city: 'Llanfairpwllgwyngyllgogerychwy',
      state: 'LDN',
      country: 'GB',
      postalCode: 'N1 9GU',
    });
    expect(bc.customers()).toMatchObject([
      { id: created.id, number: 'C00010', type: 'Person', country: 'GB', etag: created.etag },
    ]);
  });

  it('finds a customer whose create answer was lost instead of creating it twice', async () => {
    bc.hangNext({ store: true, when: { method: 'POST', entitySet: 'customers' } });
    const created = await adapter({ timeoutMs: 300 }).createCustomer(customerInput());
    expect(created.number).toBe('C00010');
    expect(bc.customers()).toHaveLength(1);
  });

  it('updates with the ETag, and once more with the new ETag when the record changed meanwhile', async () => {
    bc.seed({ customers: [{ displayName: 'Ada Lovelace', email: 'ada@example.com' }] });
    const erp = adapter();
    const found = await erp.findCustomer({ email: 'ada@example.com' });
    if (!found) throw new Error('not found');

    const updated = await erp.updateCustomer(found, { phoneNumber: '555-0199' });
    expect(updated).toMatchObject({ id: found.id, phoneNumber: '555-0199' });
    expect(updated.etag).not.toBe(found.etag);
    const [patch] = apiCalls('customers', 'PATCH');
    expect(patch?.headers['if-match']).toBe(found.etag);
    expect(patch?.body).toEqual({ phoneNumber: '555-0199' });
    expect(patch?.path).toContain(`customers(${found.id})`);

    // `found` is stale now: 409, read again, patched with the fresh ETag.
    const again = await erp.updateCustomer(found, { addressLine1: '2 Engine Rd', city: 'London' });
    expect(again).toMatchObject({ phoneNumber: '555-0199', addressLine1: '2 Engine Rd' });
    const patches = apiCalls('customers', 'PATCH');
    expect(patches).toHaveLength(3);
    expect(patches[1]?.headers['if-match']).toBe(found.etag);
    expect(patches[2]?.headers['if-match']).toBe(updated.etag);
    expect(bc.customers()[0]).toMatchObject({
      phoneNumber: '555-0199',
      addressLine1: '2 Engine Rd',
      city: 'London',
    });

    // Nothing to change: no call.
    const before = bc.calls.length;
    await erp.updateCustomer(again, {});
    expect(bc.calls.length).toBe(before);
  });

  it('reads the ETag first when the customer came without one', async () => {
    const [seeded] = bc.seed({
      customers: [{ displayName: 'Ada', email: 'ada@example.com' }],
    }).customers;
    if (!seeded) throw new Error('not seeded');
    const updated = await adapter().updateCustomer(
      {
        id: seeded.id,
        number: seeded.number,
        displayName: 'Ada',
        email: 'ada@example.com',
        phoneNumber: '',
        addressLine1: '',
      },
      { state: 'LDN' },
    );
    expect(updated.etag).toBeTruthy();
    expect(apiCalls('customers', 'PATCH')[0]?.headers['if-match']).toBe(seeded.etag);
    expect(bc.customers()[0]?.state).toBe('LDN');
  });
});

describe('Business Central item prices', () => {
  it('reads unit prices, blocked items and price list lines', async () => {
    bc.seed({
      items: [
        { number: 'AG-210', displayName: 'Alloy Grinder', unitPrice: 1099.5 },
        { number: 'VB-7', displayName: 'Vibrator', unitPrice: 250, blocked: true },
        { number: 'BUR-1', displayName: 'Bur', unitPrice: 4.1 },
      ],
      priceListLines: [
        { assignToNo: 'WHOLESALE', productNo: 'AG-210', unitPrice: 899, minimumQuantity: 0 },
        { assignToNo: 'WHOLESALE', productNo: 'AG-210', unitPrice: 850, minimumQuantity: 10 },
        { assignToNo: 'WHOLESALE', productNo: 'VB-7', unitPrice: 200, minimumQuantity: 1 },
        { assignToNo: 'PARTNER', productNo: 'AG-210', unitPrice: 860, minimumQuantity: 1 },
        { assignToNo: 'PARTNER', productNo: 'AG-210', unitPrice: 849.99, minimumQuantity: 3 },
        // Over: ignored.
        {
          assignToNo: 'WHOLESALE',
          productNo: 'BUR-1',
          unitPrice: 1,
          endingDate: '2020-12-31',
        },
        // Another group: not asked for.
        { assignToNo: 'RETAIL', productNo: 'BUR-1', unitPrice: 2 },
      ],
    });
    const items = await adapter().listItemPrices([
      'unitPrice',
      'priceList:WHOLESALE',
      'priceList:partner:3',
    ]);
    expect(items).toEqual([
      {
        number: 'AG-210',
        displayName: 'Alloy Grinder',
        blocked: false,
        prices: { unitPrice: 1099.5, 'priceList:WHOLESALE': 899, 'priceList:partner:3': 849.99 },
      },
      {
        number: 'VB-7',
        displayName: 'Vibrator',
        blocked: true,
        prices: { unitPrice: 250, 'priceList:WHOLESALE': 200 },
      },
      { number: 'BUR-1', displayName: 'Bur', blocked: false, prices: { unitPrice: 4.1 } },
    ]);
    const priceCalls = apiCalls('priceListLines');
    expect(priceCalls).toHaveLength(2);
    expect(priceCalls[0]?.path).toContain(
      `/api/${bc.priceListApi}/companies(${bc.companyId})/priceListLines`,
    );
    expect(decodeURIComponent(priceCalls[0]?.path ?? '')).toContain(
      "$filter=assignToNo eq 'WHOLESALE'",
    );

    // Only unit prices asked: the custom API is not called.
    bc.calls.length = 0;
    await adapter({ priceListApi: null }).listItemPrices(['unitPrice']);
    expect(apiCalls('priceListLines')).toHaveLength(0);
    const error = await failure(
      adapter({ priceListApi: null }).listItemPrices(['priceList:WHOLESALE']),
    );
    expect(error.message).toContain('BC_PRICE_LIST_API');
  });
});

describe('Business Central sales orders', () => {
  it('creates a sales order and its lines in one call, found afterwards by the shop order number', async () => {
    seedOrderData();
    const erp = adapter();
    const created = await erp.createSalesOrder(salesOrderInput());
    expect(created).toMatchObject({ number: '101001', externalDocumentNumber: 'WEB-100001' });

    const posts = apiCalls('salesOrders', 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      externalDocumentNumber: 'WEB-100001',
      customerNumber: 'C00010',
      orderDate: '2026-11-20',
      email: 'ada@example.com',
      phoneNumber: '555-0100',
      billToAddressLine1: '1 Analytical St',
      sellToAddressLine1: '1 Analytical St',
      shipToAddressLine1: '1 Analytical St',
      billToCity: 'London',
      sellToCity: 'London',
      shipToCity: 'London',
      billToState: 'LDN',
      sellToState: 'LDN',
      shipToState: 'LDN',
      billToCountry: 'GB',
      sellToCountry: 'GB',
      shipToCountry: 'GB',
      billToPostCode: 'N1 9GU',
      sellToPostCode: 'N1 9GU',
      shipToPostCode: 'N1 9GU',
      discountAmount: 5,
      salesOrderLines: [
        {
          lineType: 'Item',
          lineObjectNumber: 'P-100',
          description: 'Pipette & tips',
          quantity: 2,
          unitPrice: 15,
        },
        {
          lineType: 'Item',
          lineObjectNumber: 'P-200',
          description: 'Beaker',
          quantity: 1,
          unitPrice: 20,
        },
      ],
    });
    const [stored] = bc.salesOrders();
    expect(stored).toMatchObject({
      id: created.id,
      customerName: 'Ada Lovelace',
      totalAmountExcludingTax: 45,
      discountAmount: 5,
      salesOrderLines: [
        { sequence: 10000, lineObjectNumber: 'P-100', quantity: 2, amountExcludingTax: 30 },
        { sequence: 20000, lineObjectNumber: 'P-200', quantity: 1, amountExcludingTax: 20 },
      ],
    });

    await expect(erp.findSalesOrder('WEB-100001')).resolves.toEqual(created);
    await expect(erp.findSalesOrder("WEB-'1")).resolves.toBeNull();
  });

  it("sends a lab's PO number as externalDocumentNumber, the shop's number in a comment line, and finds each order by both", async () => {
    seedOrderData();
    const erp = adapter();
    // The lab uses one PO for two web orders: each is its own sales order.
    const first = await erp.createSalesOrder(salesOrderInput({ poNumber: 'PO 4471/B' }));
    const second = await erp.createSalesOrder(
      salesOrderInput({ externalDocumentNumber: 'WEB-100002', poNumber: 'PO 4471/B' }),
    );
    expect(first).toMatchObject({ externalDocumentNumber: 'PO 4471/B' });
    const [post] = apiCalls('salesOrders', 'POST');
    expect(post?.body).toMatchObject({
      externalDocumentNumber: 'PO 4471/B',
      salesOrderLines: [
        { lineType: 'Comment', description: 'Web order WEB-100001' },
        { lineType: 'Item', lineObjectNumber: 'P-100', quantity: 2 },
        { lineType: 'Item', lineObjectNumber: 'P-200', quantity: 1 },
      ],
    });
    expect(bc.salesOrders()[0]).toMatchObject({ totalAmountExcludingTax: 45 });

    const under = { poNumber: 'PO 4471/B', customerNumber: 'C00010' };
    await expect(erp.findSalesOrder('WEB-100001', under)).resolves.toEqual(first);
    await expect(erp.findSalesOrder('WEB-100002', under)).resolves.toEqual(second);
    await expect(erp.findSalesOrder('WEB-100003', under)).resolves.toBeNull();
    // Another customer's order under the same PO number is not this one.
    await expect(
      erp.findSalesOrder('WEB-100001', { ...under, customerNumber: 'C99999' }),
    ).resolves.toBeNull();
  });

  it("books a quote's freight as an Account line to BC_FREIGHT_ACCOUNT, and sends none without the setting", async () => {
    seedOrderData();
    const freight = { description: 'Freight', amount: 145.5 };
    await adapter().createSalesOrder(salesOrderInput({ freight }));
    expect(bc.salesOrders()[0]).toMatchObject({
      // 45 of goods (after the 5 discount) and the freight.
      totalAmountExcludingTax: 190.5,
      salesOrderLines: [
        { lineType: 'Item', lineObjectNumber: 'P-100', quantity: 2, unitPrice: 15 },
        { lineType: 'Item', lineObjectNumber: 'P-200', quantity: 1, unitPrice: 20 },
        {
          lineType: 'Account',
          lineObjectNumber: '6810',
          description: 'Freight',
          quantity: 1,
          unitPrice: 145.5,
          amountExcludingTax: 145.5,
        },
      ],
    });

    const unset = adapter({ freightAccount: null });
    const error = await failure(
      unset.createSalesOrder(salesOrderInput({ externalDocumentNumber: 'WEB-100002', freight })),
    );
    expect(error).toBeInstanceOf(ErpUnavailable);
    expect(error.message).toContain('BC_FREIGHT_ACCOUNT');
    expect(bc.salesOrders()).toHaveLength(1);
  });

  it('finds a PO order whose create answer was lost, and makes no second one', async () => {
    seedOrderData();
    bc.hangNext({ store: true, when: { method: 'POST', entitySet: 'salesOrders' } });
    const erp = adapter({ timeoutMs: 300 });
    const created = await erp.createSalesOrder(salesOrderInput({ poNumber: 'REF-88' }));
    expect(created).toMatchObject({ number: '101001', externalDocumentNumber: 'REF-88' });
    expect(bc.salesOrders()).toHaveLength(1);
    expect(lines.join('\n')).toContain('was made although its answer was lost');
  });

  it('creates no second sales order when the create times out after Business Central stored it', async () => {
    seedOrderData();
    bc.hangNext({ store: true, when: { method: 'POST', entitySet: 'salesOrders' } });
    const erp = adapter({ timeoutMs: 300 });
    const created = await erp.createSalesOrder(salesOrderInput());
    expect(created).toMatchObject({ number: '101001', externalDocumentNumber: 'WEB-100001' });
    expect(bc.salesOrders()).toHaveLength(1);
    expect(apiCalls('salesOrders', 'POST')).toHaveLength(1);
    expect(lines.join('\n')).toContain('was made although its answer was lost');
  });

  it('fails clearly when a lost create was not stored, and the next attempt creates exactly one', async () => {
    seedOrderData();
    bc.hangNext({ when: { method: 'POST', entitySet: 'salesOrders' } });
    const erp = adapter({ timeoutMs: 300 });
    const error = await failure(erp.createSalesOrder(salesOrderInput()));
    expect(error.message).toBe(
      'Business Central did not answer within 0.3 s (POST salesOrders); the sales order for WEB-100001 is not in Business Central',
    );
    expect(bc.salesOrders()).toHaveLength(0);

    // A 500 to a create is not repeated blindly either: looked up, then reported.
    bc.failNext(500, { when: { method: 'POST' } });
    const serverError = await failure(erp.createSalesOrder(salesOrderInput()));
    expect(serverError.message).toContain('(Internal_ServerError, HTTP 500, POST salesOrders)');
    expect(apiCalls('salesOrders', 'POST')).toHaveLength(2);

    // The outbox's next attempt looks up first, then creates.
    const again =
      (await erp.findSalesOrder('WEB-100001')) ?? (await erp.createSalesOrder(salesOrderInput()));
    expect(again.number).toBe('101001');
    expect(bc.salesOrders()).toHaveLength(1);
  });

  it('finds an order Business Central finished after the client gave up, on the next attempt', async () => {
    seedOrderData();
    // Still being processed when the client stops waiting, stored a little later.
    bc.delayNext(1000, { when: { method: 'POST', entitySet: 'salesOrders' } });
    const erp = adapter({ timeoutMs: 200 });
    const error = await failure(erp.createSalesOrder(salesOrderInput()));
    expect(error.message).toContain('is not in Business Central');
    await vi.waitFor(() => expect(bc.salesOrders()).toHaveLength(1), { timeout: 3000 });
    // The outbox's next attempt looks up first and finds it.
    await expect(erp.findSalesOrder('WEB-100001')).resolves.toMatchObject({ number: '101001' });
    expect(bc.salesOrders()).toHaveLength(1);
  });

  it('sends a create again after 429 and 503 (refused, not run)', async () => {
    seedOrderData();
    bc.failNext(429, { retryAfter: 0, when: { method: 'POST' } });
    bc.failNext(503, { when: { method: 'POST' } });
    await adapter().createSalesOrder(salesOrderInput());
    expect(apiCalls('salesOrders', 'POST')).toHaveLength(3);
    expect(bc.salesOrders()).toHaveLength(1);
  });

  it("reports Business Central's refusal of an order line", async () => {
    seedOrderData();
    const error = await failure(
      adapter().createSalesOrder(
        salesOrderInput({
          lines: [{ itemNumber: 'NOPE-1', description: 'Gone', quantity: 1, unitPrice: 1 }],
        }),
      ),
    );
    expect(error.message).toBe(
      "Business Central: The Item does not exist. Identification fields and values: No.='NOPE-1' (Internal_RecordNotFound, HTTP 400, POST salesOrders)",
    );
    expect(bc.salesOrders()).toHaveLength(0);
  });
});

describe('Business Central shipments, invoices and the invoice PDF', () => {
  const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

  it("reads the order's posted shipment and invoice by its number, dated as Business Central dates them", async () => {
    seedOrderData();
    const erp = adapter();
    const created = await erp.createSalesOrder(salesOrderInput());
    const ref = { id: created.id, number: created.number };
    await expect(erp.salesOrderProgress(ref)).resolves.toEqual({
      salesOrderNumber: '101001',
      shipment: null,
      invoice: null,
    });
    expect(decodeURIComponent(apiCalls('salesShipments').at(-1)?.path ?? '')).toContain(
      "$filter=orderNumber eq '101001'",
    );

    bc.post('101001', { ship: '2026-11-24', invoice: false });
    await expect(erp.salesOrderProgress(ref)).resolves.toEqual({
      salesOrderNumber: '101001',
      shipment: { number: '102001', at: midnight('2026-11-24') },
      invoice: null,
    });

    // Posting the invoice deletes the sales order in Business Central; its documents remain.
    const posted = bc.post('101001', { ship: '2026-11-25', invoice: '2026-11-26' });
    expect(bc.salesOrders()).toEqual([]);
    await expect(erp.salesOrderProgress(ref)).resolves.toEqual({
      salesOrderNumber: '101001',
      // The first shipment: a partly shipped order counts as shipped from then.
      shipment: { number: '102001', at: midnight('2026-11-24') },
      invoice: { id: posted.invoice?.id, number: '103001', at: midnight('2026-11-26') },
    });
  });

  it("passes over draft and cancelled invoices, and another order's documents", async () => {
    seedOrderData();
    const erp = adapter();
    const first = await erp.createSalesOrder(salesOrderInput());
    const second = await erp.createSalesOrder(salesOrderInput({ externalDocumentNumber: 'WEB-2' }));
    bc.post(second.number, { ship: '2026-11-20', invoice: '2026-11-21' });
    bc.post(first.number, { ship: '2026-11-22', invoice: '2026-11-23', invoiceStatus: 'Canceled' });
    const progress = await erp.salesOrderProgress({ id: first.id, number: first.number });
    expect(progress).toEqual({
      salesOrderNumber: first.number,
      shipment: { number: '102002', at: midnight('2026-11-22') },
      invoice: null,
    });
  });

  it('looks up the number of an order synced before the shop kept it, and knows nothing of one posted away', async () => {
    seedOrderData();
    const erp = adapter();
    const created = await erp.createSalesOrder(salesOrderInput());
    await expect(erp.salesOrderProgress({ id: created.id, number: null })).resolves.toMatchObject({
      salesOrderNumber: '101001',
    });
    expect(apiCalls('salesOrders').at(-1)?.path).toContain(`salesOrders(${created.id})`);
    bc.post('101001', {});
    await expect(erp.salesOrderProgress({ id: created.id, number: null })).resolves.toBeNull();
    await expect(erp.salesOrderProgress({ id: 'not-a-guid', number: null })).resolves.toBeNull();
  });

  it("fetches Business Central's own invoice PDF, and null for an invoice it does not have", async () => {
    seedOrderData();
    const erp = adapter();
    await erp.createSalesOrder(salesOrderInput());
    const { invoice } = bc.post('101001', {});
    const pdf = await erp.invoicePdf(invoice?.id ?? '');
    const text = Buffer.from(pdf ?? new Uint8Array()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('Business Central invoice 103001 for order 101001');
    const call = bc.calls.at(-1);
    expect(call?.path).toMatch(/salesInvoices\([0-9a-f-]+\)\/pdfDocument\/pdfDocumentContent$/);
    await expect(erp.invoicePdf(crypto.randomUUID())).resolves.toBeNull();
    const before = bc.calls.length;
    await expect(erp.invoicePdf('../customers')).resolves.toBeNull();
    expect(bc.calls.length).toBe(before);
  });

  it('fails as unavailable when Business Central is down, for the caller to keep the last known status', async () => {
    seedOrderData();
    const erp = adapter();
    const created = await erp.createSalesOrder(salesOrderInput());
    bc.failNext(503, { times: 10, when: { entitySet: 'salesShipments' } });
    const error = await failure(erp.salesOrderProgress({ id: created.id, number: '101001' }));
    expect(error.message).toContain('salesShipments');
  });
});

describe('createErp', () => {
  it("builds the Business Central adapter from the fake's environment variables", async () => {
    const { erp: erpConfig } = loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), ...bc.env() });
    expect(erpConfig).toMatchObject({
      kind: 'business-central',
      company: bc.companyName,
      tokenUrl: bc.tokenUrl,
      apiUrl: bc.apiUrl,
      priceListApi: 'labshop/pricing/v1.0',
    });
    const erp = createErp(erpConfig, null as never, log);
    expect(erp.kind).toBe('business-central');
    await expect(erp.findSalesOrder('WEB-1')).resolves.toBeNull();
  });

  it('warns at start when BC_FREIGHT_ACCOUNT is unset, and not when it is set', () => {
    const warnings = () =>
      lines.filter((line) => line.includes('BC_FREIGHT_ACCOUNT is not set')).length;
    const env = { NODE_ENV: 'test', DATA_DIR: tmpdir(), ...bc.env() };
    createErp(loadConfig({ ...env, BC_FREIGHT_ACCOUNT: '6810' }).erp, null as never, log);
    expect(warnings()).toBe(0);
    const { BC_FREIGHT_ACCOUNT: _unset, ...withoutAccount } = env as Record<string, string>;
    createErp(loadConfig(withoutAccount).erp, null as never, log);
    expect(warnings()).toBe(1);
  });
});

describe('the order sync job against Business Central', () => {
  const outboxConfig: OutboxConfig = {
    enabled: false,
    pollMs: 20,
    retryBaseMs: 10,
    retryMaxMs: 1000,
  };
  const quietLog = { info() {}, warn() {}, error() {} } as unknown as OutboxLog;
  const noMail: Mailer = {
    send: () => Promise.reject(new Error('no mail in this test')),
  } as unknown as Mailer;
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  function paidOrder(number: string, email: string) {
    return insertPaidOrder(database.db, {
      number,
      email,
      order: { paidAt: new Date('2026-11-20T12:00:00Z') },
      jobs: [ORDER_JOB_KINDS.erpSync],
    });
  }

  const orderRow = async (number: string) => {
    const [row] = await database.db.select().from(orders).where(eq(orders.number, number));
    if (!row) throw new Error(`no order ${number}`);
    return row;
  };

  function worker() {
    const erp = adapter({ timeoutMs: 500 });
    return createOutboxWorker({
      db: database.db,
      handlers: createOrderJobHandlers({ db: database.db, erp, mailer: noMail, log: quietLog }),
      config: outboxConfig,
      log: quietLog,
    });
  }

  it("sends a quote's order at its quoted prices, with the PO number and a freight line", async () => {
    bc.seed({
      items: [
        { number: 'P-100', displayName: 'Pipette', unitPrice: 14 },
        { number: 'P-200', displayName: 'Beaker', unitPrice: 21 },
      ],
    });
    // What paying a quote leaves: the quoted unit prices (not the items'), the freight within
    // the amount.
    await insertPaidOrder(database.db, {
      number: 'WEB-300009',
      email: 'grace@example.com',
      order: {
        paidAt: new Date('2026-11-20T12:00:00Z'),
        poNumber: 'PO-7781',
        discountCents: 0,
        subtotalCents: 4_250,
        freightCents: 14_550,
        amountCents: 18_800,
        couponCode: null,
      },
      lines: [
        { productNumber: 'P-100', title: 'Pipette', quantity: 2, unitPriceCents: 1_250 },
        { productNumber: 'P-200', title: 'Beaker', quantity: 1, unitPriceCents: 1_750 },
      ],
      jobs: [ORDER_JOB_KINDS.erpSync],
    });
    expect(await worker().runDue()).toBe(1);
    const [salesOrder] = bc.salesOrders();
    expect(salesOrder).toMatchObject({
      externalDocumentNumber: 'PO-7781',
      totalAmountExcludingTax: 188,
      salesOrderLines: [
        { lineType: 'Comment', description: 'Web order WEB-300009' },
        { lineType: 'Item', lineObjectNumber: 'P-100', quantity: 2, unitPrice: 12.5 },
        { lineType: 'Item', lineObjectNumber: 'P-200', quantity: 1, unitPrice: 17.5 },
        { lineType: 'Account', lineObjectNumber: '6810', description: 'Freight', unitPrice: 145.5 },
      ],
    });
    expect(await orderRow('WEB-300009')).toMatchObject({ erpSyncStatus: 'synced' });
  });

  it('sends a quote placed on account: the quoted prices, the freight line and the terms', async () => {
    bc.seed({ items: [{ number: 'P-100', displayName: 'Pipette', unitPrice: 14 }] });
    await insertPaidOrder(database.db, {
      number: 'WEB-300010',
      email: 'grace@example.com',
      order: {
        paidAt: new Date('2026-11-20T12:00:00Z'),
        poNumber: 'PO-ACCT-9',
        paymentMethod: 'on_account',
        paymentTerms: 'NET30',
        paymentDueOn: '2026-12-20',
        paymentRetref: null,
        discountCents: 0,
        couponCode: null,
        // The quote's price, not the item's $14, and its freight.
        subtotalCents: 2_500,
        freightCents: 4_000,
        amountCents: 6_500,
      },
      lines: [{ productNumber: 'P-100', title: 'Pipette', quantity: 2, unitPriceCents: 1_250 }],
      jobs: [ORDER_JOB_KINDS.erpSync],
    });
    expect(await worker().runDue()).toBe(1);
    const [salesOrder] = bc
      .salesOrders()
      .filter((order) => order.externalDocumentNumber === 'PO-ACCT-9');
    expect(salesOrder).toMatchObject({
      paymentTermsId: FAKE_BC_NET30_ID,
      salesOrderLines: [
        { lineType: 'Comment', description: 'Web order WEB-300010' },
        { lineType: 'Comment', description: 'On account (NET30), due 2026-12-20' },
        { lineType: 'Item', lineObjectNumber: 'P-100', quantity: 2, unitPrice: 12.5 },
        { lineType: 'Account', lineObjectNumber: '6810', description: 'Freight', unitPrice: 40 },
      ],
      totalAmountExcludingTax: 65,
    });
  });

  it('creates the customer and the sales order with its lines once, and marks the order synced', async () => {
    bc.seed({
      items: [
        { number: 'P-100', displayName: 'Pipette', unitPrice: 14 },
        { number: 'P-200', displayName: 'Beaker', unitPrice: 21 },
      ],
    });
    await paidOrder('WEB-300001', 'grace@example.com');
    // The create's answer is lost: the adapter looks the order up and the job carries on.
    bc.hangNext({ store: true, when: { method: 'POST', entitySet: 'salesOrders' } });
    expect(await worker().runDue()).toBe(1);

    const customers = bc.customers();
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      number: 'C00010',
      displayName: 'Ada Lovelace',
      email: 'grace@example.com',
      type: 'Person',
      phoneNumber: '555-0100',
      country: 'GB',
    });
    const salesOrders = bc.salesOrders();
    expect(salesOrders).toHaveLength(1);
    expect(salesOrders[0]).toMatchObject({
      externalDocumentNumber: 'WEB-300001',
      customerNumber: 'C00010',
      orderDate: '2026-11-20',
      discountAmount: 5,
      totalAmountExcludingTax: 45,
      salesOrderLines: [
        { lineObjectNumber: 'P-100', description: 'Pipette & tips', quantity: 2, unitPrice: 15 },
        { lineObjectNumber: 'P-200', description: 'Beaker', quantity: 1, unitPrice: 20 },
      ],
    });
    expect(await orderRow('WEB-300001')).toMatchObject({
      erpSyncStatus: 'synced',
      erpSyncError: null,
      customerNumber: 'C00010',
      erpSalesOrderId: salesOrders[0]?.id,
    });

    // Run it again (a requeue, or a second worker after a lost database write): nothing new.
    await database.db
      .update(orders)
      .set({ erpSyncStatus: 'pending', erpSalesOrderId: null })
      .where(eq(orders.number, 'WEB-300001'));
    await database.db
      .update(outbox)
      .set({ status: 'pending', runAt: new Date(0) })
      .where(eq(outbox.dedupeKey, `${ORDER_JOB_KINDS.erpSync}:WEB-300001`));
    expect(await worker().runDue()).toBe(1);
    expect(bc.customers()).toHaveLength(1);
    expect(bc.salesOrders()).toHaveLength(1);
    expect(apiCalls('customers', 'POST')).toHaveLength(1);
    expect(apiCalls('salesOrders', 'POST')).toHaveLength(1);
    expect(await orderRow('WEB-300001')).toMatchObject({
      erpSyncStatus: 'synced',
      erpSalesOrderId: salesOrders[0]?.id,
    });
  });

  it("records the order's shipment and invoice from a status round, and keeps them through an outage", async () => {
    seedOrderData();
    await paidOrder('WEB-300201', 'lin@example.com');
    expect(await worker().runDue()).toBe(1);
    const salesOrder = bc.salesOrders()[0];
    expect(await orderRow('WEB-300201')).toMatchObject({
      erpSalesOrderNumber: salesOrder?.number,
      shippedAt: null,
      erpStatusCheckedAt: null,
    });

    const pollMs = 60_000;
    const statusWorker = createOutboxWorker({
      db: database.db,
      handlers: createOrderStatusHandlers({
        db: database.db,
        erp: adapter({ timeoutMs: 500 }),
        log: quietLog,
        pollMs,
      }),
      config: outboxConfig,
      log: quietLog,
    });
    const rounds = () =>
      database.db
        .select()
        .from(outbox)
        .where(eq(outbox.kind, ORDER_STATUS_JOB_KINDS.round))
        .orderBy(outbox.id);
    /** The waiting round, due now (as if its period had come). */
    const nextRoundDue = async () => {
      const waiting = (await rounds()).filter((job) => job.status === 'pending');
      expect(waiting).toHaveLength(1);
      await database.db
        .update(outbox)
        .set({ runAt: new Date(0) })
        .where(eq(outbox.id, waiting[0]!.id));
    };

    // Asked before anything is posted: not yet shipped, and asked.
    expect(await enqueueOrderStatusRound(database.db, pollMs)).toBe(true);
    expect(await enqueueOrderStatusRound(database.db, pollMs)).toBe(false);
    expect(await statusWorker.runDue()).toBe(1);
    const asked = await orderRow('WEB-300201');
    expect(asked.shippedAt).toBeNull();
    expect(asked.erpStatusCheckedAt).toBeInstanceOf(Date);

    bc.post(salesOrder!.number, { ship: '2026-11-24', invoice: false });
    await nextRoundDue();
    expect(await statusWorker.runDue()).toBe(1);
    const shipped = await orderRow('WEB-300201');
    expect(shipped).toMatchObject({
      shippedAt: new Date('2026-11-24T00:00:00Z'),
      erpShipmentNumber: '102001',
      invoicedAt: null,
    });

    // Business Central is down: the round ends quietly, the order keeps what was known.
    bc.failNext(503, { times: 50 });
    await nextRoundDue();
    expect(await statusWorker.runDue()).toBe(1);
    const duringOutage = await orderRow('WEB-300201');
    expect(duringOutage).toMatchObject({
      shippedAt: shipped.shippedAt,
      erpShipmentNumber: '102001',
      erpStatusCheckedAt: shipped.erpStatusCheckedAt,
    });
    expect((await rounds()).filter((job) => job.status === 'dead')).toEqual([]);

    bc.reset();
    await database.db
      .update(orders)
      .set({ erpSalesOrderNumber: null })
      .where(eq(orders.number, 'WEB-300201'));
    // The fake forgot the order with its reset: an order it does not know keeps its status.
    await nextRoundDue();
    expect(await statusWorker.runDue()).toBe(1);
    expect(await orderRow('WEB-300201')).toMatchObject({
      shippedAt: shipped.shippedAt,
      erpShipmentNumber: '102001',
      invoicedAt: null,
    });
  });

  it('records the invoice with its id once Business Central posts it, and asks no more', async () => {
    seedOrderData();
    await paidOrder('WEB-300202', 'mae@example.com');
    expect(await worker().runDue()).toBe(1);
    const salesOrder = bc.salesOrders()[0]!;
    const { invoice } = bc.post(salesOrder.number, { ship: '2026-11-25', invoice: '2026-11-26' });
    const handlers = createOrderStatusHandlers({
      db: database.db,
      erp: adapter({ timeoutMs: 500 }),
      log: quietLog,
      pollMs: 60_000,
    });
    const round = handlers[ORDER_STATUS_JOB_KINDS.round]!;
    const job = {} as Parameters<typeof round>[1];
    await round({ slot: 1 }, job);
    expect(await orderRow('WEB-300202')).toMatchObject({
      shippedAt: new Date('2026-11-25T00:00:00Z'),
      invoicedAt: new Date('2026-11-26T00:00:00Z'),
      erpInvoiceNumber: invoice?.number,
      erpInvoiceId: invoice?.id,
    });
    const callsBefore = bc.calls.length;
    await round({ slot: 2 }, job);
    expect(bc.calls.slice(callsBefore).filter((call) => call.path.includes('WEB-300202'))).toEqual(
      [],
    );
    expect(bc.calls.slice(callsBefore).some((call) => call.path.includes(salesOrder.number))).toBe(
      false,
    );
  });
});
