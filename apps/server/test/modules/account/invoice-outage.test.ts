import { ACCOUNT_MESSAGES } from '@labshop/shared/schemas/account';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/app-error.ts';
import type { OrderRow } from '../../../src/db/orders-repo.ts';
import type { RequestUser } from '../../../src/http/access.ts';
import { ErpUnavailable } from '../../../src/integrations/erp/port.ts';
import { createAccountService } from '../../../src/modules/account/service.ts';

/**
 * A lab's invoice while Business Central is down: the order page still answers from what the
 * shop knows, and the invoice PDF says Business Central cannot be reached (503), never a 500.
 */

const user: RequestUser = {
  subject: 'p',
  email: 'lab@partner.example',
  emailVerified: true,
  name: 'Lab',
  isAdmin: false,
} as RequestUser;

const invoiced = {
  id: 'o1',
  number: 'WEB-100900',
  status: 'paid',
  paidAt: new Date('2026-11-20T12:00:00Z'),
  createdAt: new Date('2026-11-20T12:00:00Z'),
  email: 'lab@partner.example',
  amountCents: 1000,
  subtotalCents: 1000,
  discountCents: 0,
  freightCents: 0,
  erpSyncStatus: 'synced',
  erpSyncedAt: new Date('2026-11-20T12:01:00Z'),
  erpSalesOrderNumber: '101001',
  shippedAt: new Date('2026-11-24T00:00:00Z'),
  erpShipmentNumber: '102001',
  invoicedAt: new Date('2026-11-26T00:00:00Z'),
  erpInvoiceNumber: '103001',
  erpInvoiceId: '5fd8a1c5-bde4-ea11-bbf2-00155df3a615',
  erpStatusCheckedAt: new Date('2026-11-27T08:00:00Z'),
} as OrderRow;

const account = createAccountService({
  orders: {
    labPage: async () => ({ rows: [invoiced], total: 1 }),
    labOrder: async (_owner, number) => (number === invoiced.number ? invoiced : null),
    linesOf: async () => [],
  },
  customers: { customerRecordByEmail: async () => null },
  catalog: { productsForSale: async () => new Map() },
  erp: {
    kind: 'business-central',
    invoicePdf: () =>
      Promise.reject(new ErpUnavailable('Business Central did not answer within 30 s')),
  },
  timeZone: 'America/New_York',
});

describe('the account while Business Central is down', () => {
  it('shows the last known shipment and invoice, dated as Business Central dates them', async () => {
    const order = await account.order(user, invoiced.number);
    expect(order.timeline.slice(2)).toEqual([
      expect.objectContaining({ state: 'done', document: '102001', dateOnly: true }),
      expect.objectContaining({ state: 'done', document: '103001', dateOnly: true }),
    ]);
    expect(order.statusCheckedAt).toBe('2026-11-27T08:00:00.000Z');
    expect(order.document).toEqual({ kind: 'invoice', number: '103001' });
  });

  it("answers the invoice PDF with 503 and why, not the shop's own copy", async () => {
    const failure = await account.document(user, invoiced.number).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).statusCode).toBe(503);
    expect((failure as AppError).message).toBe(ACCOUNT_MESSAGES.invoiceUnavailable);
  });
});
