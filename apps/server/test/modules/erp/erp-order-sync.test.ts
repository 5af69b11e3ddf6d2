import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { customers, erpSalesOrders, orders } from '../../../src/db/schema/index.ts';
import { createDatabaseMailer } from '../../../src/integrations/mail/database.ts';
import { createMailLogWriter } from '../../../src/integrations/mail/log.ts';
import { createBuiltInErp } from '../../../src/integrations/erp/built-in.ts';
import type { Erp } from '../../../src/integrations/erp/port.ts';
import { createOrderJobHandlers, ORDER_JOB_KINDS } from '../../../src/jobs/order-jobs.ts';
import type { OutboxJob, OutboxLog } from '../../../src/jobs/outbox.ts';
import { openTestDatabase } from '../../support/helper.ts';
import { insertPaidOrder } from '../../support/checkout-fixtures.ts';

/**
 * The order sync job with a customer the ERP already has: it fills the customer's blank phone
 * number and address from the order, never what the office typed, and stays exactly-once.
 */

let database: DatabaseHandle;
const warnings: string[] = [];
const log = {
  info() {},
  warn(_object: unknown, message: string) {
    warnings.push(message);
  },
  error() {},
} as unknown as OutboxLog;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The built-in ERP, counting updateCustomer calls, optionally refusing them. */
function countingErp() {
  const real = createBuiltInErp(database.db);
  const state = { updates: [] as Record<string, unknown>[], refuseUpdates: false };
  const erp: Erp = {
    ...real,
    kind: real.kind,
    async updateCustomer(customer, changes) {
      state.updates.push({ number: customer.number, ...changes });
      if (state.refuseUpdates) throw new Error('Business Central refused the change (400)');
      return real.updateCustomer(customer, changes);
    },
  };
  return { erp, state };
}

function paidOrder(number: string, email: string) {
  return insertPaidOrder(database.db, {
    number,
    email,
    order: {
      customerName: 'Maria Delgado',
      customerType: 'Wholesale',
      phone: '+1 (419) 555-0199',
      discountCents: 0,
      amountCents: 5000,
      couponCode: null,
      shipName: 'Maria Delgado',
      shipAddress1: '1250 Industrial Pkwy',
      shipCity: 'Toledo',
      shipState: 'OH',
      shipPostCode: '43612',
      shipCountry: 'US',
    },
    lines: [{ productNumber: 'P-100', title: 'Pipette', quantity: 2, unitPriceCents: 2500 }],
  });
}

async function existingCustomer(values: Partial<typeof customers.$inferInsert>) {
  await database.db.insert(customers).values({
    number: 'C-0000',
    displayName: 'Brightline Dental Lab',
    email: 'x@example.com',
    country: 'US',
    ...values,
  });
}

async function customer(number: string) {
  const [row] = await database.db.select().from(customers).where(eq(customers.number, number));
  return row;
}

async function runSync(erp: Erp, orderNumber: string) {
  const mailer = createDatabaseMailer(createMailLogWriter(database.db), 'shop@labshop.test');
  const handlers = createOrderJobHandlers({ db: database.db, erp, mailer, log });
  // The handler reads only the payload; the job row is the outbox's business.
  const job = { kind: ORDER_JOB_KINDS.erpSync } as OutboxJob;
  await handlers[ORDER_JOB_KINDS.erpSync]!({ orderNumber }, job);
}

async function salesOrdersOf(orderNumber: string) {
  return database.db
    .select()
    .from(erpSalesOrders)
    .where(eq(erpSalesOrders.externalDocumentNumber, orderNumber));
}

describe('the order sync with a customer the ERP already has', () => {
  it('fills a blank phone and address from the order, once, and changes nothing else', async () => {
    await existingCustomer({
      number: 'C-1001',
      email: 'blank@brightline.example',
      phoneNumber: '',
      addressLine1: '',
      website: 'https://brightline.example',
    });
    await paidOrder('WEB-300001', 'blank@brightline.example');
    const { erp, state } = countingErp();
    await runSync(erp, 'WEB-300001');

    expect(await customer('C-1001')).toMatchObject({
      displayName: 'Brightline Dental Lab',
      phoneNumber: '+1 (419) 555-0199',
      addressLine1: '1250 Industrial Pkwy',
      city: 'Toledo',
      state: 'OH',
      postalCode: '43612',
      website: 'https://brightline.example',
    });
    expect(state.updates).toHaveLength(1);
    const [order] = await database.db.select().from(orders).where(eq(orders.number, 'WEB-300001'));
    expect(order).toMatchObject({ erpSyncStatus: 'synced', customerNumber: 'C-1001' });

    // Run again (a retry): the fields are filled, nothing is updated or created twice.
    await database.db
      .update(orders)
      .set({ erpSyncStatus: 'failed', erpSalesOrderId: null })
      .where(eq(orders.number, 'WEB-300001'));
    await runSync(erp, 'WEB-300001');
    expect(state.updates).toHaveLength(1);
    expect(await salesOrdersOf('WEB-300001')).toHaveLength(1);
  });

  it('never overwrites what the office typed', async () => {
    await existingCustomer({
      number: 'C-1002',
      email: 'typed@lab.example',
      phoneNumber: '419-555-0000 ext. 12',
      addressLine1: '',
      city: '',
    });
    await paidOrder('WEB-300002', 'typed@lab.example');
    const { erp, state } = countingErp();
    await runSync(erp, 'WEB-300002');
    expect(state.updates).toEqual([
      {
        number: 'C-1002',
        addressLine1: '1250 Industrial Pkwy',
        city: 'Toledo',
        state: 'OH',
        postalCode: '43612',
      },
    ]);
    expect(await customer('C-1002')).toMatchObject({
      phoneNumber: '419-555-0000 ext. 12',
      addressLine1: '1250 Industrial Pkwy',
    });

    await existingCustomer({
      number: 'C-1003',
      email: 'complete@lab.example',
      phoneNumber: '419-555-0300',
      addressLine1: '3 Office Rd',
      city: 'Akron',
    });
    await paidOrder('WEB-300003', 'complete@lab.example');
    const complete = countingErp();
    await runSync(complete.erp, 'WEB-300003');
    expect(complete.state.updates).toEqual([]);
    expect(await customer('C-1003')).toMatchObject({
      phoneNumber: '419-555-0300',
      addressLine1: '3 Office Rd',
      city: 'Akron',
    });
  });

  it('does not update a customer it has just created', async () => {
    await paidOrder('WEB-300004', 'new@lab.example');
    const { erp, state } = countingErp();
    await runSync(erp, 'WEB-300004');
    expect(state.updates).toEqual([]);
    const [created] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'new@lab.example'));
    expect(created).toMatchObject({ phoneNumber: '+1 (419) 555-0199', city: 'Toledo' });
  });

  it('still creates the sales order when the ERP refuses the update', async () => {
    await existingCustomer({
      number: 'C-1005',
      email: 'refused@lab.example',
      phoneNumber: '',
    });
    await paidOrder('WEB-300005', 'refused@lab.example');
    const { erp, state } = countingErp();
    state.refuseUpdates = true;
    await runSync(erp, 'WEB-300005');
    expect(state.updates).toHaveLength(1);
    expect(warnings).toContain("could not fill the ERP customer's blank fields");
    expect(await salesOrdersOf('WEB-300005')).toHaveLength(1);
    expect((await customer('C-1005'))?.phoneNumber).toBe('');
  });
});
