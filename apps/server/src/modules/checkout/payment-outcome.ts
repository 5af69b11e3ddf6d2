import { setTimeout as sleep } from 'node:timers/promises';
import { CHECKOUT_MESSAGES, type PaymentAnswer } from '@labshop/shared/schemas/checkout';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../core/app-error.ts';
import type { OrderRepo, OrderRow } from '../../db/orders-repo.ts';
import type { ContactService } from '../contact/service.ts';
import { securityFailed } from './nonces.ts';
import type { PaymentRow, PaymentsRepo } from './payments-repo.ts';

/**
 * What a payment answers, read from the order and its payment row: the first request and any
 * doubled one read the same rows, so they answer the same.
 */

/**
 * Our own response codes on a payment row, for outcomes the gateway did not answer with a code:
 * they let a doubled request answer exactly what the first one answered.
 */
export const LOCAL_CODES = {
  /** The gateway refused the call before charging (GatewayUnavailable). */
  unavailable: 'labshop:unavailable',
  /** The authorization's answer was lost; the inquiry (or a void) settled it. */
  noAnswer: 'labshop:no-answer',
} as const;

export interface OutcomeDeps {
  orders: Pick<OrderRepo, 'byId'>;
  payments: Pick<PaymentsRepo, 'paymentOf'>;
  /** The shop's contact data: a declined card's answer gives its phone number. */
  contact: Pick<ContactService, 'contactData'>;
  log: FastifyBaseLogger;
}

/** The phone a declined buyer may call; null without one (the answer says "contact us"). */
async function shopPhone(deps: Pick<OutcomeDeps, 'contact' | 'log'>): Promise<string | null> {
  try {
    return (await deps.contact.contactData()).phone.trim() || null;
  } catch (error) {
    // The decline is the answer; a phone number we cannot read must not turn it into a 500.
    deps.log.error({ err: error }, 'could not read the contact phone for a declined card');
    return null;
  }
}

/** What a settled order answers; null while it is still being charged. */
export async function outcomeOf(
  deps: Pick<OutcomeDeps, 'contact' | 'log'>,
  order: OrderRow,
  payment: PaymentRow | null,
): Promise<PaymentAnswer | null> {
  if (order.status === 'pending') return null;
  if (order.status === 'paid') {
    return {
      ok: true,
      retref: order.paymentRetref,
      error: null,
      orderNumber: order.number,
      amount: order.amountCents,
      paymentDueOn: order.paymentDueOn,
    };
  }
  if (payment?.responseCode === LOCAL_CODES.unavailable) {
    throw new AppError('unavailable', CHECKOUT_MESSAGES.gatewayUnavailable);
  }
  const declined = payment?.status === 'declined' && payment.responseCode !== LOCAL_CODES.noAnswer;
  return {
    ok: false,
    retref: null,
    error: declined
      ? CHECKOUT_MESSAGES.cardDeclined(payment.responseText, await shopPhone(deps))
      : CHECKOUT_MESSAGES.gatewayNoAnswer,
    orderNumber: order.number,
    amount: null,
  };
}

/** The order's answer as its rows now say; null while it is still being charged. */
export async function answerFor(deps: OutcomeDeps, orderId: string): Promise<PaymentAnswer | null> {
  const order = await deps.orders.byId(orderId);
  if (!order) throw securityFailed();
  return outcomeOf(deps, order, await deps.payments.paymentOf(orderId));
}

/** The answer of an order whose charge failed without an answer of its own. */
export function failedAnswer(order: OrderRow): PaymentAnswer {
  return {
    ok: false,
    retref: null,
    error: CHECKOUT_MESSAGES.gatewayNoAnswer,
    orderNumber: order.number,
    amount: null,
  };
}

/** The order's answer now that it is settled (a failed one when the rows say nothing). */
export async function settledAnswer(deps: OutcomeDeps, order: OrderRow): Promise<PaymentAnswer> {
  return (await answerFor(deps, order.id)) ?? failedAnswer(order);
}

/**
 * A doubled or retried request: wait up to `waitMs` for the order's charge to settle, looking
 * every `pollMs`, then answer it (409 when it is still being charged).
 */
export async function awaitOutcome(
  deps: OutcomeDeps & { waitMs: number; pollMs: number },
  orderId: string,
): Promise<PaymentAnswer> {
  const deadline = Date.now() + deps.waitMs;
  for (;;) {
    const answer = await answerFor(deps, orderId);
    if (answer) return answer;
    if (Date.now() >= deadline) {
      throw new AppError('conflict', CHECKOUT_MESSAGES.alreadyProcessing);
    }
    await sleep(deps.pollMs);
  }
}
