import type { AccountOrder, AccountOrdersAnswer } from '@labshop/shared/schemas/account';
import { ACCOUNT_MESSAGES } from '@labshop/shared/schemas/account';
import type { AuditEntry } from '@labshop/shared/schemas/audit';
import { ORDERS_MESSAGES, type OrderHistoryEntry } from '@labshop/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders } from '../../../src/db/schema/index.ts';
import { createBuiltInErp } from '../../../src/integrations/erp/built-in.ts';
import {
  call,
  errorOf,
  insertPaidOrder,
  seedCheckoutData,
} from '../../support/checkout-fixtures.ts';
import { startSignedInTestApp, type SignedInTestApp } from '../../support/helper.ts';
import {
  OTHER_LAB,
  otherLabToken as otherLabTokenOf,
  PARTNER_LAB,
} from '../../support/lab-fixtures.ts';

/**
 * An order's way after payment in embedded mode (issue 36): the admin marks it shipped, then
 * invoiced, in the built-in ERP from Orders History; the lab sees both on the order's timeline
 * and downloads its receipt, then its invoice, as a PDF. Only the lab's own users may.
 */

let shop: SignedInTestApp;
let otherLabToken: string;

const LAB = PARTNER_LAB;

beforeAll(async () => {
  shop = await startSignedInTestApp({ OUTBOX_WORKER: 'false', TRUST_PROXY: 'true' });
  otherLabToken = await otherLabTokenOf(shop);
  await seedCheckoutData(shop);
  const { db } = shop.database;
  await db.insert(customers).values([LAB, OTHER_LAB]);
  const paidAt = new Date('2026-10-01T12:00:00Z');
  for (const number of ['WEB-200101', 'WEB-200102']) {
    await insertPaidOrder(db, {
      number,
      email: LAB.email,
      order: { createdAt: paidAt, paidAt, customerNumber: LAB.number, poNumber: 'PO 88/B' },
    });
  }
  // WEB-200101 is in the built-in ERP; WEB-200102 is not synced yet.
  const salesOrder = await createBuiltInErp(db).createSalesOrder({
    externalDocumentNumber: 'WEB-200101',
    customerNumber: LAB.number,
    customerName: LAB.displayName,
    orderDate: '2026-10-01',
    email: LAB.email,
    phoneNumber: LAB.phoneNumber,
    billTo: {
      addressLine1: '1 Analytical St',
      city: 'London',
      state: '',
      postalCode: 'N1',
      country: 'GB',
    },
    discountAmount: 5,
    lines: [{ itemNumber: 'P-100', description: 'Pipette & tips', quantity: 2, unitPrice: 15 }],
  });
  await db
    .update(orders)
    .set({
      erpSyncStatus: 'synced',
      erpSalesOrderId: salesOrder.id,
      erpSalesOrderNumber: salesOrder.number,
      erpSyncedAt: new Date('2026-10-01T12:01:00Z'),
    })
    .where(eq(orders.number, 'WEB-200101'));
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

async function accountOrder(number: string): Promise<AccountOrder> {
  const response = await call(shop, 'GET', `/api/account/orders/${number}`, {
    token: shop.partnerToken,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as AccountOrder;
}

/** The lab's order list: each order with how far the ERP has taken it. */
async function listedProgress() {
  const response = await call(shop, 'GET', '/api/account/orders', { token: shop.partnerToken });
  const { orders: listed } = (await response.json()) as AccountOrdersAnswer;
  return listed.map((order) => [order.number, order.progress]);
}

/** The order's PDF as the lab downloads it: its file name and its PDF title. */
async function download(number: string) {
  const response = await call(shop, 'GET', `/api/account/orders/${number}/document.pdf`, {
    token: shop.partnerToken,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('cache-control')).toContain('no-store');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  return {
    filename: /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1],
    title: pdf.getTitle(),
    pages: pdf.getPageCount(),
  };
}

const mark = (number: string, step: 'shipped' | 'invoiced', token = shop.adminToken) =>
  call(shop, 'POST', `/api/admin/orders/${number}/mark-${step}`, { token });

describe("an order's shipment and invoice in the built-in ERP", () => {
  it('shows a synced order as not yet known, with its receipt as the PDF', async () => {
    const order = await accountOrder('WEB-200101');
    expect(order.timeline.map((step) => [step.step, step.state, step.document])).toEqual([
      ['placed', 'done', null],
      ['sent', 'done', 'SO-000001'],
      ['shipped', 'unknown', null],
      ['invoiced', 'unknown', null],
    ]);
    expect(order.statusCheckedAt).toBeNull();
    expect(order.document).toEqual({ kind: 'receipt', number: 'WEB-200101' });
    expect(await download('WEB-200101')).toEqual({
      filename: 'receipt-WEB-200101.pdf',
      title: 'Receipt for order WEB-200101',
      pages: 1,
    });
  });

  it('refuses to mark an order invoiced before shipped, or one not in the ERP yet (409)', async () => {
    const early = await mark('WEB-200101', 'invoiced');
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toBe(ORDERS_MESSAGES.notShippedYet);
    const notSynced = await mark('WEB-200102', 'shipped');
    expect(notSynced.status).toBe(409);
    expect(await errorOf(notSynced)).toBe(ORDERS_MESSAGES.notInErpYet);
    const missing = await mark('WEB-999999', 'shipped');
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toBe(ORDERS_MESSAGES.orderNotFound);
  });

  it('lets only the admin mark an order (partner 403, anonymous 401)', async () => {
    expect((await mark('WEB-200101', 'shipped', shop.partnerToken)).status).toBe(403);
    const anonymous = await call(shop, 'POST', '/api/admin/orders/WEB-200101/mark-shipped');
    expect(anonymous.status).toBe(401);
    expect((await accountOrder('WEB-200101')).timeline[2]?.state).toBe('unknown');
  });

  it('marks it shipped once (a second mark changes nothing), logged, and the lab sees it', async () => {
    const first = await mark('WEB-200101', 'shipped');
    expect(first.status).toBe(200);
    const entry = (await first.json()) as OrderHistoryEntry;
    expect(entry).toMatchObject({
      erpShipmentNumber: 'SH-000001',
      invoicedAt: null,
      canMarkShipped: false,
      canMarkInvoiced: true,
    });
    const again = (await (await mark('WEB-200101', 'shipped')).json()) as OrderHistoryEntry;
    expect(again.shippedAt).toBe(entry.shippedAt);

    const audit = await call(shop, 'GET', '/api/admin/audit-log?action=order.mark-shipped', {
      token: shop.adminToken,
    });
    const { entries } = (await audit.json()) as { entries: AuditEntry[] };
    expect(entries.map((one) => [one.entityId, one.after])).toEqual([
      ['WEB-200101', { number: 'SH-000001', at: entry.shippedAt }],
    ]);

    const order = await accountOrder('WEB-200101');
    expect(order.timeline.slice(2)).toEqual([
      {
        step: 'shipped',
        label: 'Shipped',
        state: 'done',
        at: entry.shippedAt,
        dateOnly: false,
        document: 'SH-000001',
      },
      // The ERP has been asked: not invoiced yet, rather than not known.
      {
        step: 'invoiced',
        label: 'Invoiced',
        state: 'waiting',
        at: null,
        dateOnly: false,
        document: null,
      },
    ]);
    expect(order.statusCheckedAt).toEqual(expect.any(String));
    expect(order.document.kind).toBe('receipt');
    expect(await listedProgress()).toEqual([
      ['WEB-200102', null],
      ['WEB-200101', 'shipped'],
    ]);
  });

  it('marks it invoiced; the PDF is then the invoice', async () => {
    const response = await mark('WEB-200101', 'invoiced');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      erpInvoiceNumber: 'SI-000001',
      canMarkShipped: false,
      canMarkInvoiced: false,
    });
    const order = await accountOrder('WEB-200101');
    expect(order.timeline[3]).toMatchObject({ state: 'done', document: 'SI-000001' });
    expect(order.document).toEqual({ kind: 'invoice', number: 'SI-000001' });
    expect((await listedProgress())[1]).toEqual(['WEB-200101', 'invoiced']);
    expect(await download('WEB-200101')).toEqual({
      filename: 'invoice-SI-000001.pdf',
      title: 'Invoice SI-000001',
      pages: 1,
    });
  });

  it("never hands another lab, or a visitor, the order's PDF", async () => {
    const other = await call(shop, 'GET', '/api/account/orders/WEB-200101/document.pdf', {
      token: otherLabToken,
    });
    expect(other.status).toBe(404);
    expect(await errorOf(other)).toBe(ACCOUNT_MESSAGES.orderNotFound);
    const anonymous = await call(shop, 'GET', '/api/account/orders/WEB-200101/document.pdf');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).not.toBe('application/pdf');
  });

  it('refuses the 61st PDF from one client in 10 minutes (429), not another client', async () => {
    const pdfAs = (clientIp: string) =>
      fetch(`${shop.origin}/api/account/orders/WEB-200101/document.pdf`, {
        headers: { authorization: `Bearer ${shop.partnerToken}`, 'x-forwarded-for': clientIp },
      });
    for (let attempt = 1; attempt <= 60; attempt += 1) {
      const response = await pdfAs('203.0.113.9');
      expect(response.status, `download ${attempt}`).toBe(200);
      await response.arrayBuffer();
    }
    const refused = await pdfAs('203.0.113.9');
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe(
      'Too many downloads. Please wait a few minutes and try again.',
    );
    const other = await pdfAs('198.51.100.21');
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });
});
