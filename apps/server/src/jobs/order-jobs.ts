import { centsToDollars } from '@labshop/shared/money';
import { generatedCustomerNumber } from '@labshop/shared/schemas/checkout';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Erp, ErpCustomer, ErpSalesOrderInput } from '../integrations/erp/port.ts';
import type { Mailer } from '../integrations/mail/port.ts';
import { orderConfirmationMail } from './order-mail.ts';
import { createOrderJobRepo, type OrderLineRow, type OrderRow } from './order-repo.ts';
import { PermanentJobError, type OutboxHandlers, type OutboxLog } from './outbox.ts';

/** The outbox kinds the checkout enqueues when an order is paid (dedupe key `<kind>:<number>`). */
export const ORDER_JOB_KINDS = {
  erpSync: 'erp-order-sync',
  confirmationMail: 'order-confirmation-mail',
  /**
   * Enqueued with every pending order, due after the longest a charge can take: if the order
   * is still pending then (the process died mid-charge), the gateway is asked what happened.
   * Handled by the checkout module (app.ts wires it).
   */
  paymentReconcile: 'payment-reconcile',
} as const;

const OrderJobPayload = z.object({ orderNumber: z.string().min(1) });

export interface OrderJobDeps {
  db: Database;
  erp: Erp;
  mailer: Mailer;
  log: OutboxLog;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function salesOrderInput(
  order: OrderRow,
  lines: OrderLineRow[],
  customerNumber: string,
): ErpSalesOrderInput {
  return {
    externalDocumentNumber: order.number,
    customerNumber,
    customerName: order.customerName,
    orderDate: (order.paidAt ?? order.createdAt).toISOString().slice(0, 10),
    email: order.email,
    phoneNumber: order.phone || order.shipPhone,
    billTo: {
      addressLine1: order.shipAddress1,
      city: order.shipCity,
      state: order.shipState,
      postalCode: order.shipPostCode,
      country: order.shipCountry,
    },
    discountAmount: centsToDollars(order.discountCents),
    lines: lines.map((line) => ({
      itemNumber: line.productNumber,
      description: line.title,
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitPriceCents),
    })),
  };
}

/**
 * The jobs a paid order causes: its customer and sales order in the ERP, and the confirmation
 * mail. Both are safe to run again: the ERP sync finds what an earlier attempt created (by the
 * customer's number or e-mail, and the sales order by the shop's order number), and the mail is
 * skipped once the mail log has it.
 */
export function createOrderJobHandlers(deps: OrderJobDeps): OutboxHandlers {
  const { erp, mailer, log } = deps;
  const repo = createOrderJobRepo(deps.db);

  async function paidOrder(payload: unknown): Promise<OrderRow> {
    const parsed = OrderJobPayload.safeParse(payload);
    if (!parsed.success) {
      throw new PermanentJobError(`Invalid order job payload: ${JSON.stringify(payload)}`);
    }
    const order = await repo.orderByNumber(parsed.data.orderNumber);
    if (!order) throw new PermanentJobError(`Order ${parsed.data.orderNumber} does not exist`);
    if (order.status !== 'paid') {
      throw new PermanentJobError(`Order ${order.number} is ${order.status}, not paid`);
    }
    return order;
  }

  /** The order's known number, else a customer with its e-mail, else a new customer. */
  async function erpCustomer(order: OrderRow): Promise<ErpCustomer> {
    if (order.customerNumber) {
      const known = await erp.findCustomer({ number: order.customerNumber });
      if (known) return known;
    }
    // Also what finds a customer an earlier attempt created before its answer was lost.
    const byEmail = await erp.findCustomer({ email: order.email });
    if (byEmail) return byEmail;
    return erp.createCustomer({
      number: order.customerNumber ?? generatedCustomerNumber(),
      displayName: order.customerName,
      type: order.customerType === 'Wholesale' ? 'Company' : 'Person',
      email: order.email,
      phoneNumber: order.phone || order.shipPhone,
      addressLine1: order.shipAddress1,
      city: order.shipCity,
      state: order.shipState,
      postalCode: order.shipPostCode,
      country: order.shipCountry,
    });
  }

  return {
    async [ORDER_JOB_KINDS.erpSync](payload) {
      const order = await paidOrder(payload);
      if (order.erpSyncStatus === 'synced' && order.erpSalesOrderId) return;
      await repo.setSyncStatus(order.id, 'pending');
      try {
        const customer = await erpCustomer(order);
        if (order.customerNumber !== customer.number) {
          await repo.setCustomerNumber(order.id, customer.number);
        }
        const salesOrder =
          (await erp.findSalesOrder(order.number)) ??
          (await erp.createSalesOrder(
            salesOrderInput(order, await repo.orderLines(order.id), customer.number),
          ));
        await repo.markSynced(order.id, salesOrder.id);
        log.info(
          { order: order.number, customer: customer.number, salesOrder: salesOrder.number },
          'order synced to the ERP',
        );
      } catch (error) {
        // The order stays paid; the admin sees why, and the outbox tries again.
        await repo
          .markSyncFailed(order.id, messageOf(error).slice(0, 2000))
          .catch((saveError: unknown) =>
            log.error({ err: saveError, order: order.number }, 'could not record the sync error'),
          );
        throw error;
      }
    },

    async [ORDER_JOB_KINDS.confirmationMail](payload) {
      const order = await paidOrder(payload);
      if (await repo.confirmationMailed(order.number)) {
        log.info({ order: order.number }, 'order confirmation already mailed; not sent again');
        return;
      }
      await mailer.send(orderConfirmationMail(order, await repo.orderLines(order.id)));
    },
  };
}
