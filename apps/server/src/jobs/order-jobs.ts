import { FREIGHT_LINE_TITLE } from '@labshop/shared/schemas/quotes';
import { centsToDollars } from '@labshop/shared/money';
import { generatedCustomerNumber } from '@labshop/shared/schemas/checkout';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { createOrderRepo, type OrderLineRow, type OrderRow } from '../db/orders-repo.ts';
import type {
  Erp,
  ErpCustomer,
  ErpCustomerChanges,
  ErpSalesOrderInput,
} from '../integrations/erp/port.ts';
import { mailLogged } from '../integrations/mail/log.ts';
import type { Mailer } from '../integrations/mail/port.ts';
import {
  CONFIRMATION_SUBJECT_PREFIX,
  orderConfirmationMail,
  orderMailTopic,
} from './order-mail.ts';
import {
  enqueue,
  PermanentJobError,
  type OutboxHandlers,
  type OutboxLog,
  type OutboxWriter,
} from './outbox.ts';

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

/** An order's job of one kind, by the outbox dedupe key `<kind>:<order number>` (one each). */
export const orderJobKey = (kind: string, orderNumber: string) => `${kind}:${orderNumber}`;

export type OrderJobKind = (typeof ORDER_JOB_KINDS)[keyof typeof ORDER_JOB_KINDS];

/**
 * Writes the order's job of this kind (in the caller's transaction when given one); answers
 * false when it exists already: an order has at most one job of each kind, ever.
 */
export function enqueueOrderJob(
  db: OutboxWriter,
  kind: OrderJobKind,
  orderNumber: string,
  runAt?: Date,
): Promise<boolean> {
  return enqueue(db, {
    kind,
    payload: { orderNumber },
    dedupeKey: orderJobKey(kind, orderNumber),
    ...(runAt ? { runAt } : {}),
  });
}

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

/** The order's phone: the contact phone, else the shipping one. */
function orderPhone(order: OrderRow): string {
  return order.phone || order.shipPhone;
}

function salesOrderInput(
  order: OrderRow,
  lines: OrderLineRow[],
  customerNumber: string,
): ErpSalesOrderInput {
  return {
    externalDocumentNumber: order.number,
    poNumber: order.poNumber,
    customerNumber,
    customerName: order.customerName,
    orderDate: (order.paidAt ?? order.createdAt).toISOString().slice(0, 10),
    email: order.email,
    phoneNumber: orderPhone(order),
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
    onAccount:
      order.paymentMethod === 'on_account' && order.paymentTerms && order.paymentDueOn
        ? { terms: order.paymentTerms, dueOn: order.paymentDueOn }
        : null,
    freight:
      order.freightCents > 0
        ? { description: FREIGHT_LINE_TITLE, amount: centsToDollars(order.freightCents) }
        : null,
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
  const repo = createOrderRepo(deps.db);

  async function paidOrder(payload: unknown): Promise<OrderRow> {
    const parsed = OrderJobPayload.safeParse(payload);
    if (!parsed.success) {
      throw new PermanentJobError(`Invalid order job payload: ${JSON.stringify(payload)}`);
    }
    const order = await repo.byNumber(parsed.data.orderNumber);
    if (!order) throw new PermanentJobError(`Order ${parsed.data.orderNumber} does not exist`);
    if (order.status !== 'paid') {
      throw new PermanentJobError(`Order ${order.number} is ${order.status}, not paid`);
    }
    return order;
  }

  /**
   * The order's known number, else a customer with its e-mail, else a new customer; `found`
   * says it already existed.
   */
  async function erpCustomer(order: OrderRow): Promise<{ customer: ErpCustomer; found: boolean }> {
    if (order.customerNumber) {
      const known = await erp.findCustomer({ number: order.customerNumber });
      if (known) return { customer: known, found: true };
    }
    // Also what finds a customer an earlier attempt created before its answer was lost.
    const byEmail = await erp.findCustomer({ email: order.email });
    if (byEmail) return { customer: byEmail, found: true };
    const created = await erp.createCustomer({
      number: order.customerNumber ?? generatedCustomerNumber(),
      displayName: order.customerName,
      type: order.customerType === 'Wholesale' ? 'Company' : 'Person',
      email: order.email,
      phoneNumber: orderPhone(order),
      addressLine1: order.shipAddress1,
      city: order.shipCity,
      state: order.shipState,
      postalCode: order.shipPostCode,
      country: order.shipCountry,
    });
    return { customer: created, found: false };
  }

  /**
   * A found customer's blank phone number or address, filled from the order. Only blank ones:
   * what the office typed is never overwritten. The address goes as a whole (street, city,
   * state, postal code) when the customer has no street. A refused update is logged and does not
   * hold the sales order back; a retry finds the fields filled and changes nothing.
   */
  async function fillBlanks(customer: ErpCustomer, order: OrderRow): Promise<void> {
    const changes: ErpCustomerChanges = {};
    const phone = orderPhone(order).trim();
    if (!customer.phoneNumber.trim() && phone) changes.phoneNumber = phone;
    if (!customer.addressLine1.trim() && order.shipAddress1.trim()) {
      changes.addressLine1 = order.shipAddress1.trim();
      if (order.shipCity.trim()) changes.city = order.shipCity.trim();
      if (order.shipState.trim()) changes.state = order.shipState.trim();
      if (order.shipPostCode.trim()) changes.postalCode = order.shipPostCode.trim();
    }
    if (Object.keys(changes).length === 0) return;
    try {
      await erp.updateCustomer(customer, changes);
      log.info(
        { order: order.number, customer: customer.number, fields: Object.keys(changes) },
        "filled the ERP customer's blank fields from the order",
      );
    } catch (error) {
      log.warn(
        { err: error, order: order.number, customer: customer.number },
        "could not fill the ERP customer's blank fields",
      );
    }
  }

  return {
    async [ORDER_JOB_KINDS.erpSync](payload) {
      const order = await paidOrder(payload);
      if (order.erpSyncStatus === 'synced' && order.erpSalesOrderId) return;
      await repo.markSyncPending(order.id);
      try {
        const { customer, found } = await erpCustomer(order);
        if (found) await fillBlanks(customer, order);
        if (order.customerNumber !== customer.number) {
          await repo.setCustomerNumber(order.id, customer.number);
        }
        const salesOrder =
          (await erp.findSalesOrder(
            order.number,
            order.poNumber
              ? { poNumber: order.poNumber, customerNumber: customer.number }
              : undefined,
          )) ??
          (await erp.createSalesOrder(
            salesOrderInput(order, await repo.linesOf([order.id]), customer.number),
          ));
        await repo.markSynced(order.id, salesOrder);
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
      if (await mailLogged(deps.db, orderMailTopic(order.number), CONFIRMATION_SUBJECT_PREFIX)) {
        log.info({ order: order.number }, 'order confirmation already mailed; not sent again');
        return;
      }
      await mailer.send(orderConfirmationMail(order, await repo.linesOf([order.id])));
    },
  };
}
