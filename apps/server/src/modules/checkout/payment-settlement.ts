import type { PaymentAnswer } from '@labshop/shared/schemas/checkout';
import type { NewOrderLine, OrderRow } from '../../db/orders-repo.ts';
import type {
  AuthorizeResult,
  InquiryResult,
  PaymentGateway,
} from '../../integrations/payments/port.ts';
import { invoiceCart } from './invoices-repo.ts';
import {
  answerFor,
  failedAnswer,
  LOCAL_CODES,
  settledAnswer,
  type OutcomeDeps,
} from './payment-outcome.ts';
import type { PaymentRow, PaymentsRepo } from './payments-repo.ts';
import type { SettlementRepo } from './settlement-repo.ts';

/**
 * A charge's outcome written down, and the compensating half of the payment: a charge that was
 * approved but cannot be saved is voided, and a lost gateway answer is settled by asking the
 * gateway under the order number (and voiding when even that cannot say). Each settles a
 * 'pending' order only; one settled meanwhile keeps its outcome.
 */

export interface SettlementDeps extends OutcomeDeps {
  payments: Pick<PaymentsRepo, 'paymentOf' | 'update'>;
  settlement: Pick<SettlementRepo, 'recordPaid' | 'recordUnpaid'>;
  gateway: Pick<PaymentGateway, 'void' | 'voidByOrderId' | 'inquireByOrderId'>;
}

/** Voids by order id tried this many times when the gateway cannot even say what happened. */
const VOID_ATTEMPTS = 3;

/** The gateway's approval as the payment row keeps it. */
export interface Approval {
  retref: string;
  responseCode: string | null;
  responseText: string | null;
}

/** The charge went through: the order is paid, with its invoice and jobs, in one write. */
export async function settlePaid(
  deps: SettlementDeps,
  order: OrderRow,
  payment: PaymentRow,
  lines: NewOrderLine[],
  approval: Approval,
): Promise<PaymentAnswer> {
  const { log } = deps;
  try {
    const saved = await deps.settlement.recordPaid({
      order,
      paymentId: payment.id,
      retref: approval.retref,
      responseCode: approval.responseCode,
      responseText: approval.responseText,
      invoiceCart: invoiceCart(lines),
    });
    if (!saved) {
      // Settled meanwhile by the reconcile job: paid is the same outcome; anything else means
      // this charge has no order to belong to, so it is undone below.
      const current = await deps.orders.byId(order.id);
      // Awaited here, so that a failure to read it is caught below like any other.
      if (current?.status === 'paid') return await settledAnswer(deps, order);
      throw new Error(`order ${order.number} was settled as ${current?.status} meanwhile`);
    }
  } catch (error) {
    // Charged but not recorded: undo the charge rather than keep money without an order.
    log.error(
      { err: error, order: order.number, retref: approval.retref },
      'the charge was approved but the paid order could not be saved; voiding the charge',
    );
    let voided = false;
    try {
      voided = (await deps.gateway.void(approval.retref)).voided;
    } catch (voidError) {
      log.error({ err: voidError, order: order.number }, 'voiding the unsaved charge failed');
    }
    await deps.settlement
      .recordUnpaid({
        orderId: order.id,
        paymentId: payment.id,
        payment: {
          status: voided ? 'voided' : 'approved',
          retref: approval.retref,
          responseCode: LOCAL_CODES.noAnswer,
        },
        orderStatus: voided ? 'voided' : 'needs_attention',
      })
      .catch((saveError: unknown) =>
        log.error({ err: saveError, order: order.number }, 'could not record the voided charge'),
      );
    if (!voided) throw error;
    return failedAnswer(order);
  }
  const answer = await answerFor(deps, order.id);
  if (!answer) throw new Error(`order ${order.number} is still pending after it was paid`);
  return answer;
}

/** The gateway answered no (declined, or refused to retry): the order failed. */
export async function settleDeclined(
  deps: SettlementDeps,
  order: OrderRow,
  payment: PaymentRow,
  result: Exclude<AuthorizeResult, { outcome: 'approved' }>,
): Promise<PaymentAnswer> {
  await deps.settlement.recordUnpaid({
    orderId: order.id,
    paymentId: payment.id,
    payment: {
      status: 'declined',
      retref: result.retref,
      responseCode: result.respCode,
      responseText: result.respText || null,
    },
    orderStatus: 'failed',
  });
  return settledAnswer(deps, order);
}

/** The gateway refused the call before charging: the order failed, answered 503. */
export async function settleUnavailable(
  deps: SettlementDeps,
  order: OrderRow,
  payment: PaymentRow,
): Promise<PaymentAnswer> {
  await deps.settlement.recordUnpaid({
    orderId: order.id,
    paymentId: payment.id,
    payment: { status: 'declined', responseCode: LOCAL_CODES.unavailable },
    orderStatus: 'failed',
  });
  return settledAnswer(deps, order);
}

/** No answer to the authorization: the charge may have happened, so the gateway is asked. */
export async function settleNoAnswer(
  deps: SettlementDeps,
  order: OrderRow,
  payment: PaymentRow,
  lines: NewOrderLine[],
): Promise<PaymentAnswer> {
  await deps.payments.update(payment.id, { status: 'unknown', responseCode: LOCAL_CODES.noAnswer });
  return reconcile(deps, order, payment, lines);
}

/** Voids whatever the gateway may hold under the order number, a few times if need be. */
async function voidOrderCharge(deps: SettlementDeps, orderNumber: string): Promise<boolean> {
  for (let attempt = 1; attempt <= VOID_ATTEMPTS; attempt++) {
    try {
      const result = await deps.gateway.voidByOrderId(orderNumber);
      // 'Txn not found' is a void too: nothing is held.
      if (result.voided || /not found/i.test(result.respText)) return true;
      deps.log.warn({ order: orderNumber, attempt, respText: result.respText }, 'void refused');
    } catch (error) {
      deps.log.warn({ err: error, order: orderNumber, attempt }, 'void by order id failed');
    }
  }
  return false;
}

/**
 * The authorization's answer never came (or the process stopped mid-charge). Ask the gateway
 * what happened under the order number before anything else: approved -> the order is paid;
 * nothing there -> not charged; no answer to the question either -> void by order id and leave
 * the order for a person.
 */
export async function reconcile(
  deps: SettlementDeps,
  order: OrderRow,
  payment: PaymentRow,
  lines: NewOrderLine[],
): Promise<PaymentAnswer> {
  const { log } = deps;
  let inquiry: InquiryResult | null = null;
  try {
    inquiry = await deps.gateway.inquireByOrderId(order.number);
  } catch (error) {
    log.error({ err: error, order: order.number }, 'inquiry after a lost gateway answer failed');
  }
  if (inquiry?.found && inquiry.approved) {
    log.warn(
      { order: order.number, retref: inquiry.retref },
      'lost answer: the charge did go through',
    );
    if (inquiry.amountCents !== order.amountCents) {
      log.error(
        { order: order.number, charged: inquiry.amountCents, expected: order.amountCents },
        'the charge found by inquiry has another amount',
      );
    }
    return settlePaid(deps, order, payment, lines, {
      retref: inquiry.retref,
      responseCode: LOCAL_CODES.noAnswer,
      responseText: inquiry.settlementStatus,
    });
  }
  if (inquiry) {
    await deps.settlement.recordUnpaid({
      orderId: order.id,
      paymentId: payment.id,
      payment: {
        status: 'declined',
        retref: inquiry.found ? inquiry.retref : null,
        responseCode: LOCAL_CODES.noAnswer,
        responseText: inquiry.found ? inquiry.settlementStatus : 'Txn not found',
      },
      orderStatus: 'failed',
    });
  } else {
    const voided = await voidOrderCharge(deps, order.number);
    log.error(
      { order: order.number, voided },
      'the gateway could not say whether the order was charged; the order needs attention',
    );
    await deps.settlement.recordUnpaid({
      orderId: order.id,
      paymentId: payment.id,
      payment: { status: voided ? 'voided' : 'unknown', responseCode: LOCAL_CODES.noAnswer },
      orderStatus: 'needs_attention',
    });
  }
  return settledAnswer(deps, order);
}
