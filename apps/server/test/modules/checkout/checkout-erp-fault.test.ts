import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxConfig } from '../../../src/config/index.ts';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import {
  customers,
  erpSalesOrders,
  mailLog,
  orders,
  outbox,
} from '../../../src/db/schema/index.ts';
import { createBuiltInErp } from '../../../src/integrations/erp/built-in.ts';
import { ErpUnavailable, type Erp } from '../../../src/integrations/erp/port.ts';
import { createDatabaseMailer } from '../../../src/integrations/mail/database.ts';
import { createMailLogWriter } from '../../../src/integrations/mail/log.ts';
import { createOrderJobHandlers, ORDER_JOB_KINDS } from '../../../src/jobs/order-jobs.ts';
import { createOutboxWorker, type OutboxLog } from '../../../src/jobs/outbox.ts';
import { openTestDatabase } from '../../support/helper.ts';
import { insertPaidOrder } from '../../support/checkout-fixtures.ts';

/**
 * The fault test: the ERP is down when an order is paid. The order stays paid, the
 * customer still gets the confirmation, and once the ERP is back the outbox delivers the
 * customer and the sales order exactly once.
 */

const config: OutboxConfig = { enabled: false, pollMs: 20, retryBaseMs: 10, retryMaxMs: 1000 };
const quietLog = { info() {}, warn() {}, error() {} } as unknown as OutboxLog;

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** The real built-in ERP behind a switch: while `down`, every call fails as unreachable. */
function switchableErp(real: Erp) {
  const state = {
    down: true,
    calls: [] as string[],
    /** Calls that reach the ERP, do their work, and then lose the answer (a timeout). */
    loseAnswerOf: new Set<'createCustomer' | 'createSalesOrder'>(),
  };
  async function call<T>(name: string, run: () => Promise<T>): Promise<T> {
    state.calls.push(name);
    if (state.down) throw new ErpUnavailable('ERP unreachable: connect ECONNREFUSED');
    const result = await run();
    if (state.loseAnswerOf.delete(name as 'createCustomer' | 'createSalesOrder')) {
      throw new ErpUnavailable(`ERP timed out during ${name}`);
    }
    return result;
  }
  const erp: Erp = {
    kind: real.kind,
    findCustomer: (query) => call('findCustomer', () => real.findCustomer(query)),
    createCustomer: (input) => call('createCustomer', () => real.createCustomer(input)),
    findSalesOrder: (number) => call('findSalesOrder', () => real.findSalesOrder(number)),
    createSalesOrder: (input) => call('createSalesOrder', () => real.createSalesOrder(input)),
    updateCustomer: (customer, changes) =>
      call('updateCustomer', () => real.updateCustomer(customer, changes)),
    listCustomers: () => call('listCustomers', () => real.listCustomers()),
    listItemPrices: (sources) => call('listItemPrices', () => real.listItemPrices(sources)),
    salesOrderProgress: (salesOrder) =>
      call('salesOrderProgress', () => real.salesOrderProgress(salesOrder)),
    invoicePdf: (invoiceId) => call('invoicePdf', () => real.invoicePdf(invoiceId)),
  };
  return { erp, state };
}

/** What process-payment leaves behind for an approved charge: a paid order and its two jobs. */
function paidOrder(number: string, email: string, customerNumber: string | null = null) {
  return insertPaidOrder(database.db, {
    number,
    email,
    order: { customerNumber, shipAddress1: '1 <Analytical> St' },
    jobs: [ORDER_JOB_KINDS.erpSync, ORDER_JOB_KINDS.confirmationMail],
  });
}

async function order(number: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.number, number));
  if (!row) throw new Error(`no order ${number}`);
  return row;
}

async function jobsOf(number: string) {
  const rows = await database.db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload} ->> 'orderNumber' = ${number}`);
  return Object.fromEntries(rows.map((row) => [row.kind, row]));
}

async function makeDue() {
  await database.db
    .update(outbox)
    .set({ runAt: sql`now()` })
    .where(eq(outbox.status, 'pending'));
}

function setup() {
  const { erp, state } = switchableErp(createBuiltInErp(database.db));
  const mailer = createDatabaseMailer(createMailLogWriter(database.db), 'shop@labshop.test');
  const worker = createOutboxWorker({
    db: database.db,
    handlers: createOrderJobHandlers({ db: database.db, erp, mailer, log: quietLog }),
    config,
    log: quietLog,
  });
  return { erp, state, worker };
}

describe('checkout with the ERP down', () => {
  it('keeps the order paid, mails the customer, and syncs exactly once when the ERP is back', async () => {
    const { state, worker } = setup();
    await paidOrder('WEB-100001', 'ada@example.com');

    // The ERP is down: both jobs run; the sync fails, the mail does not wait for it.
    expect(await worker.runDue()).toBe(2);
    let paid = await order('WEB-100001');
    expect(paid).toMatchObject({
      status: 'paid',
      erpSyncStatus: 'failed',
      erpSyncError: 'ERP unreachable: connect ECONNREFUSED',
      erpSalesOrderId: null,
    });
    let jobs = await jobsOf('WEB-100001');
    expect(jobs[ORDER_JOB_KINDS.erpSync]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'ErpUnavailable: ERP unreachable: connect ECONNREFUSED',
    });
    expect(jobs[ORDER_JOB_KINDS.confirmationMail]).toMatchObject({ status: 'done' });

    const mails = await database.db
      .select()
      .from(mailLog)
      .where(eq(mailLog.relatedTo, 'order:WEB-100001'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      status: 'kept',
      toAddress: 'ada@example.com',
      subject: 'Your labshop order WEB-100001',
    });
    expect(mail?.textBody).toContain('WEB-100001');
    expect(mail?.textBody).toContain('Pipette & tips x 2: $15.00 each, $30.00');
    expect(mail?.textBody).toContain('Discount (Black10): -$5.00');
    expect(mail?.textBody).toContain('Total: $45.00');
    expect(mail?.textBody).toContain('Price does not include freight charges');
    expect(mail?.textBody).toContain('United Kingdom');
    expect(mail?.htmlBody).toContain('Pipette &amp; tips');
    expect(mail?.htmlBody).toContain('1 &lt;Analytical&gt; St');
    expect(mail?.htmlBody).not.toContain('<Analytical>');

    // Still down on the next attempt: still failed, nothing in the ERP, no second mail.
    await makeDue();
    expect(await worker.runDue()).toBe(1);
    expect((await jobsOf('WEB-100001'))[ORDER_JOB_KINDS.erpSync]).toMatchObject({
      status: 'pending',
      attempts: 2,
    });
    expect(await database.db.select().from(customers)).toHaveLength(0);
    expect(await database.db.select().from(erpSalesOrders)).toHaveLength(0);

    // The ERP comes back.
    state.down = false;
    await makeDue();
    expect(await worker.runDue()).toBe(1);
    // Run everything again, as a second worker or a requeue would: nothing new.
    await makeDue();
    expect(await worker.runDue()).toBe(0);

    paid = await order('WEB-100001');
    const customerRows = await database.db.select().from(customers);
    expect(customerRows).toHaveLength(1);
    expect(customerRows[0]).toMatchObject({
      displayName: 'Ada Lovelace',
      email: 'ada@example.com',
      type: 'Person',
      country: 'GB',
    });
    expect(customerRows[0]?.number).toMatch(/^WEB[A-Z]{3}$/);
    const salesOrders = await database.db
      .select()
      .from(erpSalesOrders)
      .where(eq(erpSalesOrders.externalDocumentNumber, 'WEB-100001'));
    expect(salesOrders).toHaveLength(1);
    expect(salesOrders[0]).toMatchObject({ customerNumber: customerRows[0]?.number });
    expect(salesOrders[0]?.document).toMatchObject({
      discountAmount: 5,
      lines: [
        { itemNumber: 'P-100', description: 'Pipette & tips', quantity: 2, unitPrice: 15 },
        { itemNumber: 'P-200', description: 'Beaker', quantity: 1, unitPrice: 20 },
      ],
    });
    expect(paid).toMatchObject({
      status: 'paid',
      erpSyncStatus: 'synced',
      erpSyncError: null,
      erpSalesOrderId: salesOrders[0]?.id,
      customerNumber: customerRows[0]?.number,
    });
    jobs = await jobsOf('WEB-100001');
    expect(jobs[ORDER_JOB_KINDS.erpSync]).toMatchObject({ status: 'done', attempts: 3 });
    expect(
      await database.db.select().from(mailLog).where(eq(mailLog.relatedTo, 'order:WEB-100001')),
    ).toHaveLength(1);
  });

  it('a create whose answer is lost is found on the retry, not made twice', async () => {
    const { state, worker } = setup();
    state.down = false;
    state.loseAnswerOf.add('createCustomer');
    state.loseAnswerOf.add('createSalesOrder');
    await paidOrder('WEB-100002', 'grace@example.com', 'WEBGRC');

    // Attempt 1: the customer is stored, then the call times out.
    await worker.runDue();
    expect((await order('WEB-100002')).erpSyncStatus).toBe('failed');
    // Attempt 2: the customer is found; the sales order is stored, then the call times out.
    await makeDue();
    await worker.runDue();
    expect(await order('WEB-100002')).toMatchObject({
      erpSyncStatus: 'failed',
      erpSyncError: 'ERP timed out during createSalesOrder',
    });
    // Attempt 3: both are found; nothing is created again.
    await makeDue();
    await worker.runDue();

    const grace = await database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'grace@example.com'));
    expect(grace).toHaveLength(1);
    expect(grace[0]?.number).toBe('WEBGRC');
    const salesOrders = await database.db
      .select()
      .from(erpSalesOrders)
      .where(eq(erpSalesOrders.externalDocumentNumber, 'WEB-100002'));
    expect(salesOrders).toHaveLength(1);
    expect(await order('WEB-100002')).toMatchObject({
      status: 'paid',
      erpSyncStatus: 'synced',
      erpSyncError: null,
      customerNumber: 'WEBGRC',
      erpSalesOrderId: salesOrders[0]?.id,
    });
    expect(state.calls.filter((name) => name === 'createCustomer')).toHaveLength(1);
    expect(state.calls.filter((name) => name === 'createSalesOrder')).toHaveLength(1);
    expect((await jobsOf('WEB-100002'))[ORDER_JOB_KINDS.erpSync]).toMatchObject({
      status: 'done',
      attempts: 3,
    });
  });

  it('a returning customer is found by e-mail and not created again', async () => {
    const { state, worker } = setup();
    state.down = false;
    await paidOrder('WEB-100003', 'ADA@example.com');
    await worker.runDue();
    const adas = await database.db
      .select()
      .from(customers)
      .where(sql`lower(${customers.email}) = 'ada@example.com'`);
    expect(adas).toHaveLength(1);
    expect(await order('WEB-100003')).toMatchObject({
      erpSyncStatus: 'synced',
      customerNumber: adas[0]?.number,
    });
    expect(state.calls).not.toContain('createCustomer');
  });

  it('the confirmation is not mailed again when the mail log already has it', async () => {
    const { worker } = setup();
    await paidOrder('WEB-100004', 'alan@example.com');
    await database.db.insert(mailLog).values({
      toAddress: 'alan@example.com',
      fromAddress: 'shop@labshop.test',
      subject: 'Your labshop order WEB-100004',
      textBody: 'sent before the job was recorded as done',
      status: 'kept',
      transport: 'database',
      relatedTo: 'order:WEB-100004',
    });
    await worker.runDue();
    expect(
      await database.db.select().from(mailLog).where(eq(mailLog.relatedTo, 'order:WEB-100004')),
    ).toHaveLength(1);
    expect((await jobsOf('WEB-100004'))[ORDER_JOB_KINDS.confirmationMail]).toMatchObject({
      status: 'done',
    });
  });

  it('a job for an order that is not paid is dead at once', async () => {
    const { worker } = setup();
    await paidOrder('WEB-100005', 'kurt@example.com');
    await database.db
      .update(orders)
      .set({ status: 'voided' })
      .where(eq(orders.number, 'WEB-100005'));
    await worker.runDue();
    const jobs = await jobsOf('WEB-100005');
    expect(jobs[ORDER_JOB_KINDS.erpSync]).toMatchObject({
      status: 'dead',
      lastError: 'PermanentJobError: Order WEB-100005 is voided, not paid',
    });
    expect(jobs[ORDER_JOB_KINDS.confirmationMail]?.status).toBe('dead');
  });
});
