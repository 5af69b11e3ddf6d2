import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { customers, erpItems, erpSalesOrders } from '../../../src/db/schema/index.ts';
import { createBuiltInErp } from '../../../src/integrations/erp/built-in.ts';
import { createErp } from '../../../src/integrations/erp/index.ts';
import type { ErpCustomerInput, ErpSalesOrderInput } from '../../../src/integrations/erp/port.ts';
import { openTestDatabase } from '../../support/helper.ts';

let database: DatabaseHandle;
const quietLog = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

function customerInput(overrides: Partial<ErpCustomerInput> = {}): ErpCustomerInput {
  return {
    number: 'WEBAAA',
    displayName: 'Ada Lovelace',
    type: 'Person',
    email: 'ada@example.com',
    phoneNumber: '555-0100',
    addressLine1: '1 Analytical St',
    city: 'London',
    state: 'LDN',
    postalCode: 'N1',
    country: 'GB',
    ...overrides,
  };
}

function salesOrderInput(externalDocumentNumber: string): ErpSalesOrderInput {
  return {
    externalDocumentNumber,
    customerNumber: 'WEBAAA',
    customerName: 'Ada Lovelace',
    orderDate: '2025-01-02',
    email: 'ada@example.com',
    phoneNumber: '555-0100',
    billTo: {
      addressLine1: '1 Analytical St',
      city: 'London',
      state: 'LDN',
      postalCode: 'N1',
      country: 'GB',
    },
    discountAmount: 1.5,
    lines: [{ itemNumber: 'P-1', description: 'Pipette', quantity: 2, unitPrice: 7.5 }],
  };
}

describe('the built-in ERP', () => {
  it('is what createErp answers by default', () => {
    expect(createErp({ kind: 'built-in' }, database.db, quietLog).kind).toBe('built-in');
  });

  // First in the file: the sequence starts at 1 in a fresh database.
  it('numbers sales orders SO-000001, SO-000002, ... and stores the document', async () => {
    const erp = createBuiltInErp(database.db);
    const first = await erp.createSalesOrder(salesOrderInput('WEB-100001'));
    const second = await erp.createSalesOrder(salesOrderInput('WEB-100002'));
    expect(first).toMatchObject({ number: 'SO-000001', externalDocumentNumber: 'WEB-100001' });
    expect(second).toMatchObject({ number: 'SO-000002', externalDocumentNumber: 'WEB-100002' });

    const [row] = await database.db
      .select()
      .from(erpSalesOrders)
      .where(eq(erpSalesOrders.id, first.id));
    expect(row).toMatchObject({ customerNumber: 'WEBAAA' });
    expect(row?.document).toMatchObject({
      discountAmount: 1.5,
      lines: [{ itemNumber: 'P-1', description: 'Pipette', quantity: 2, unitPrice: 7.5 }],
    });
  });

  it('creates a sales order exactly once per external document number', async () => {
    const erp = createBuiltInErp(database.db);
    const first = await erp.createSalesOrder(salesOrderInput('WEB-200001'));
    const again = await erp.createSalesOrder(salesOrderInput('WEB-200001'));
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => erp.createSalesOrder(salesOrderInput('WEB-200002'))),
    );

    expect(again).toEqual(first);
    expect(new Set(racing.map((order) => order.id)).size).toBe(1);
    for (const external of ['WEB-200001', 'WEB-200002']) {
      const rows = await database.db
        .select()
        .from(erpSalesOrders)
        .where(eq(erpSalesOrders.externalDocumentNumber, external));
      expect(rows).toHaveLength(1);
    }
    expect(await erp.findSalesOrder('WEB-200001')).toEqual(first);
    expect(await erp.findSalesOrder('WEB-999999')).toBeNull();
  });

  it('creates a customer and finds it by number or by e-mail in any case', async () => {
    const erp = createBuiltInErp(database.db);
    const created = await erp.createCustomer(customerInput());
    expect(created).toMatchObject({
      number: 'WEBAAA',
      displayName: 'Ada Lovelace',
      email: 'ada@example.com',
      phoneNumber: '555-0100',
      addressLine1: '1 Analytical St',
    });

    expect(await erp.findCustomer({ number: 'WEBAAA' })).toEqual(created);
    expect(await erp.findCustomer({ email: 'ADA@Example.COM' })).toEqual(created);
    expect(await erp.findCustomer({ number: 'WEBZZZ', email: 'ada@example.com' })).toEqual(created);
    expect(await erp.findCustomer({ number: 'WEBZZZ' })).toBeNull();
    expect(await erp.findCustomer({ email: 'nobody@example.com' })).toBeNull();
    expect(await erp.findCustomer({})).toBeNull();

    const [row] = await database.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row).toMatchObject({ type: 'Person', city: 'London', country: 'GB', postalCode: 'N1' });
  });

  it('gives a fresh WEB number when the asked-for one is taken', async () => {
    const picks = ['WEBAAA', 'WEBBBB'];
    const erp = createBuiltInErp(database.db, {
      freshCustomerNumber: () => picks.shift() ?? 'WEBCCC',
    });
    const other = await erp.createCustomer(
      customerInput({ number: 'WEBAAA', displayName: 'Grace Hopper', email: 'grace@example.com' }),
    );
    // WEBAAA belongs to Ada (previous test); the first fresh pick is taken too.
    expect(other.number).toBe('WEBBBB');

    const random = await createBuiltInErp(database.db).createCustomer(
      customerInput({ number: 'WEBBBB', email: 'alan@example.com' }),
    );
    expect(random.number).toMatch(/^WEB[A-Z]{3}$/);
    expect(random.number).not.toBe('WEBBBB');
  });

  it("updates only the given fields of a customer and leaves the office's others alone", async () => {
    const erp = createBuiltInErp(database.db);
    const created = await erp.createCustomer(
      customerInput({
        number: 'WEBUPD',
        email: 'blank@example.com',
        phoneNumber: '',
        addressLine1: '',
        city: 'Toledo',
      }),
    );
    expect(created).toMatchObject({ phoneNumber: '', addressLine1: '' });
    const updated = await erp.updateCustomer(created, { phoneNumber: '419-555-0123' });
    expect(updated).toMatchObject({ phoneNumber: '419-555-0123', addressLine1: '' });
    const again = await erp.updateCustomer(updated, {
      addressLine1: '9 Main St',
      postalCode: '43604',
      city: undefined,
    });
    expect(again).toMatchObject({ phoneNumber: '419-555-0123', addressLine1: '9 Main St' });
    const [row] = await database.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row).toMatchObject({
      city: 'Toledo',
      postalCode: '43604',
      displayName: 'Ada Lovelace',
      email: 'blank@example.com',
    });
    expect(await erp.updateCustomer(again, {})).toEqual(again);
    await expect(
      erp.updateCustomer({ ...again, id: '00000000-0000-0000-0000-000000000000' }, { city: 'X' }),
    ).rejects.toThrow(/no customer/);
  });

  it('lists every customer with the ten fields, its id, number and postal code', async () => {
    const erp = createBuiltInErp(database.db);
    await database.db.insert(customers).values({
      number: 'C-LIST',
      displayName: 'Listed Lab, Inc.',
      type: 'Company',
      addressLine1: '1 Lab Way',
      addressLine2: 'Suite 2',
      city: 'Toledo',
      state: 'OH',
      country: 'US',
      postalCode: '43604',
      phoneNumber: '419-555-0100',
      email: 'office@listed.example',
      website: 'https://listed.example',
    });
    const list = await erp.listCustomers();
    const listed = list.find((customer) => customer.number === 'C-LIST');
    expect(listed).toEqual({
      id: expect.any(String),
      number: 'C-LIST',
      displayName: 'Listed Lab, Inc.',
      type: 'Company',
      addressLine1: '1 Lab Way',
      addressLine2: 'Suite 2',
      city: 'Toledo',
      state: 'OH',
      country: 'US',
      postalCode: '43604',
      phoneNumber: '419-555-0100',
      email: 'office@listed.example',
      website: 'https://listed.example',
      paymentTerms: null,
      creditLimit: 0,
    });
    const rows = await database.db.select().from(customers);
    expect(list).toHaveLength(rows.length);
  });

  it('answers item prices from the unit price and the price list lines', async () => {
    const erp = createBuiltInErp(database.db);
    await database.db.insert(erpItems).values([
      {
        number: 'IT-1',
        displayName: 'Item one',
        unitPriceCents: 10_050,
        priceListLines: [
          { code: 'WHOLESALE', minimumQuantity: 5, unitPriceCents: 8_000 },
          { code: 'WHOLESALE', minimumQuantity: 1, unitPriceCents: 9_000 },
          { code: 'PARTNER', minimumQuantity: 3, unitPriceCents: 8_500 },
          { code: 'PARTNER', minimumQuantity: 10, unitPriceCents: 7_999 },
        ],
      },
      { number: 'IT-2', displayName: 'Item two', unitPriceCents: 1_999, blocked: true },
    ]);
    const items = await erp.listItemPrices([
      'unitPrice',
      'priceList:WHOLESALE',
      'priceList:wholesale:5',
      'priceList:PARTNER:3',
      'priceList:PARTNER:4',
      'priceList:PARTNER:10',
      'priceList:NOBODY',
    ]);
    expect(items.find((item) => item.number === 'IT-1')).toEqual({
      number: 'IT-1',
      displayName: 'Item one',
      blocked: false,
      prices: {
        unitPrice: 100.5,
        // The line with the lowest minimum quantity.
        'priceList:WHOLESALE': 90,
        // Exactly that minimum quantity (codes in any case).
        'priceList:wholesale:5': 80,
        'priceList:PARTNER:3': 85,
        'priceList:PARTNER:10': 79.99,
      },
    });
    expect(items.find((item) => item.number === 'IT-2')).toEqual({
      number: 'IT-2',
      displayName: 'Item two',
      blocked: true,
      prices: { unitPrice: 19.99 },
    });
    // Only the sources asked for.
    const unitOnly = await erp.listItemPrices(['unitPrice']);
    expect(unitOnly.find((item) => item.number === 'IT-1')?.prices).toEqual({ unitPrice: 100.5 });
  });
});
