import type { Database } from '../../db/client.ts';
import { createOrderRepo, type OrderRow, type OrderStatus } from '../../db/orders-repo.ts';
import { enqueueOrderJob, ORDER_JOB_KINDS } from '../../jobs/order-jobs.ts';
import { createInvoicesRepo, type InvoiceRow } from './invoices-repo.ts';
import { createPaymentsRepo, type PaymentUpdate } from './payments-repo.ts';

/**
 * A charge's outcome written as one change across its owners' tables (decision 017): the order
 * (db/orders-repo.ts), its payment (payments-repo.ts), its invoice (invoices-repo.ts) and the
 * order's jobs (jobs/order-jobs.ts). It holds no SQL of its own.
 */

/** What a paid order causes, each at most once by its dedupe key. */
const PAID_ORDER_JOBS = [ORDER_JOB_KINDS.erpSync, ORDER_JOB_KINDS.confirmationMail];

export function createSettlementRepo(db: Database) {
  return {
    /**
     * The approved charge, in one transaction: the order paid (its ERP sync pending), the
     * invoice, the payment approved, and the two order jobs (ERP sync, confirmation mail).
     * False, and nothing written, when the order was no longer pending (the reconcile job may
     * have settled it meanwhile).
     */
    async recordPaid(input: {
      order: OrderRow;
      paymentId: string;
      /** Null for an order placed on account (issue 37): no charge, the ERP invoices it. */
      retref: string | null;
      responseCode: string | null;
      responseText: string | null;
      invoiceCart: InvoiceRow['cart'];
    }): Promise<boolean> {
      const { order } = input;
      return db.transaction(async (tx) => {
        if (!(await createOrderRepo(tx).markPaid(order.id, input.retref))) return false;
        const invoice = await createInvoicesRepo(tx).forPaidOrder(
          order,
          input.retref,
          input.invoiceCart,
        );
        await createPaymentsRepo(tx).approve(input.paymentId, {
          retref: input.retref,
          responseCode: input.responseCode,
          responseText: input.responseText,
          invoiceId: invoice.id,
        });
        for (const kind of PAID_ORDER_JOBS) await enqueueOrderJob(tx, kind, order.number);
        return true;
      });
    },

    /**
     * A charge that did not happen or was undone: the payment's state and the order's. False,
     * and nothing written, when the order was no longer pending (it keeps its outcome).
     */
    async recordUnpaid(input: {
      orderId: string;
      paymentId: string;
      payment: PaymentUpdate;
      orderStatus: Exclude<OrderStatus, 'paid' | 'pending'>;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await createOrderRepo(tx).markUnpaid(input.orderId, input.orderStatus))) {
          return false;
        }
        await createPaymentsRepo(tx).update(input.paymentId, input.payment);
        return true;
      });
    },

    /**
     * Makes sure the paid order's ERP sync job exists (it is written with the payment; this
     * covers an order whose job was lost). Answers whether a new job was written.
     */
    async ensureSyncJob(orderNumber: string): Promise<boolean> {
      return enqueueOrderJob(db, ORDER_JOB_KINDS.erpSync, orderNumber);
    },
  };
}

export type SettlementRepo = ReturnType<typeof createSettlementRepo>;
