import type { PaymentAnswer } from '@labshop/shared/schemas/checkout';
import { PAYMENT_TERMS_MESSAGES } from '@labshop/shared/schemas/payment-terms';
import { AppError } from '../../core/app-error.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { NewOrderLine, OrderRepo, OrderRow } from '../../db/orders-repo.ts';
import {
  GatewayUnavailable,
  type AuthorizeResult,
  type PaymentGateway,
} from '../../integrations/payments/port.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { ContactService } from '../contact/service.ts';
import type { FreightService } from '../freight/service.ts';
import type { QuotesService } from '../quotes/service.ts';
import type { OnAccountTerms, TermsService } from '../terms/service.ts';
import { invoiceCart } from './invoices-repo.ts';
import type { CouponsRepo } from './coupons-repo.ts';
import { FOLLOW_UP_SECONDS, requireNonceHash, securityFailed } from './nonces.ts';
import type { PaymentGuard } from './payment-guard.ts';
import { awaitOutcome } from './payment-outcome.ts';
import {
  checkRequest,
  orderOfRequest,
  priceOfQuote,
  priceOnServer,
  requireServerAmount,
  tierOf,
  type Billing,
  type PaymentFields,
  type Payer,
} from './payment-request.ts';
import {
  reconcile,
  settleDeclined,
  settleNoAnswer,
  settlePaid,
  settleUnavailable,
} from './payment-settlement.ts';
import type { PaymentRow, PaymentsRepo } from './payments-repo.ts';
import type { CheckoutRepo } from './repo.ts';
import type { SettlementRepo } from './settlement-repo.ts';

/**
 * POST /api/process-payment (ARCHITECTURE.md "Checkout, safely"; decision 004), in three parts:
 * the request's checks and the server's price (payment-request.ts), the charge here, and the
 * outcome written down with its compensation (payment-settlement.ts); what a request answers
 * is read back from the rows (payment-outcome.ts).
 *
 * It never trusts the browser's prices: the cart is priced again from the database for the
 * caller's tier and coupon, and any other amount is refused. A single-use nonce from the
 * captcha check starts one payment; the order is written 'pending' with its number and its
 * payment row (the charge's lock) before the gateway is called, and no transaction is held open
 * across that call (PGlite has one connection). A doubled request finds the order its nonce is
 * bound to and answers that order's outcome; it never charges again. A lost gateway answer is
 * settled by inquiring by the order number, and voided when it cannot be.
 */

/**
 * Two tabs, one cart: a payment from a browser's checkout (its checkout cookie, shared by its
 * tabs) of the same lines, amount, tier, coupon and e-mail within this long of a pending or paid
 * order that this same checkout made joins that order (its answer, no second charge). Nothing
 * else is joined: not another browser's order however alike (two people of one lab buying the
 * same things), not a failed order (another card after a decline charges normally), not API
 * callers without the cookie. A paid answer renews the browser's cookie (routes.ts), so its
 * next purchase is a new checkout; a browser that never heard the answer still holds the old
 * cookie, and its retry finds the order.
 */
const SAME_CHECKOUT_SECONDS = 10 * 60;

export interface PaymentProcessorDeps {
  /** The nonce and the pending order. */
  repo: CheckoutRepo;
  coupons: CouponsRepo;
  orders: Pick<OrderRepo, 'byId' | 'byNumber' | 'linesOf'>;
  payments: Pick<PaymentsRepo, 'paymentOf' | 'update'>;
  settlement: Pick<SettlementRepo, 'recordPaid' | 'recordUnpaid'>;
  catalog: Pick<CatalogService, 'productsForSale'>;
  /** The freight a cart pays to its ship-to, from the staff's freight table (issue 37). */
  freight: Pick<FreightService, 'freightOf'>;
  /** An accepted quote's stored lines and freight (process-payment with quoteNumber). */
  quotes: Pick<QuotesService, 'payable'>;
  /** Whether the payer's lab may order on account, and under which terms (issue 37). */
  terms: Pick<TermsService, 'requireOnAccount'>;
  gateway: PaymentGateway;
  /** Card-testing defence: attempt limits before the gateway, declines counted after it. */
  guard: PaymentGuard;
  /** The shop's contact data: a declined card's answer gives its phone number. */
  contact: Pick<ContactService, 'contactData'>;
  log: FastifyBaseLogger;
  /** How long a doubled process-payment waits for the first one's charge (default 45 s). */
  duplicateWaitMs?: number;
  /** How often it looks (default 200 ms). */
  duplicatePollMs?: number;
  /**
   * When a still-pending order is checked with the gateway (the payment-reconcile job): longer
   * than any charge can take, so only an order whose process died mid-charge is left by then.
   */
  reconcileAfterMs: number;
}

/** The deps with their defaults filled in, as the steps below take them. */
type Payment = PaymentProcessorDeps & { waitMs: number; pollMs: number };

/** Asks the gateway for the charge, and settles the order by its answer. */
async function charge(
  deps: Payment,
  order: OrderRow,
  payment: PaymentRow,
  lines: NewOrderLine[],
  input: PaymentFields,
  billing: Billing,
): Promise<PaymentAnswer> {
  const { gateway, log } = deps;
  let result: AuthorizeResult;
  try {
    result = await gateway.authorize({
      orderId: order.number,
      token: input.token,
      expiry: input.expiry,
      amountCents: order.amountCents,
      name: order.customerName,
      email: billing.email,
      phone: billing.phone,
      address: billing.address,
      city: billing.city,
      region: billing.state,
      postal: billing.zip,
      country: billing.country,
    });
  } catch (error) {
    if (error instanceof GatewayUnavailable) {
      log.error({ err: error, order: order.number }, 'the card gateway is unavailable');
      return settleUnavailable(deps, order, payment);
    }
    // GatewayNoAnswer, or anything unexpected: the charge may have happened.
    log.warn({ err: error, order: order.number }, 'no answer from the card gateway; inquiring');
    return settleNoAnswer(deps, order, payment, lines);
  }
  if (result.outcome === 'approved') {
    return settlePaid(deps, order, payment, lines, {
      retref: result.retref,
      responseCode: result.authCode || null,
      responseText: result.respText || null,
    });
  }
  log.info(
    { order: order.number, respCode: result.respCode, outcome: result.outcome },
    'card payment declined',
  );
  if (result.outcome === 'declined') {
    // The alert is a side matter: failing to count it must not change the buyer's answer.
    await deps.guard
      .recordDecline()
      .catch((error: unknown) =>
        log.error({ err: error, order: order.number }, 'could not count the decline'),
      );
  }
  return settleDeclined(deps, order, payment, result);
}

/** POST /api/process-payment (see the module comment). */
async function processPayment(
  deps: Payment,
  input: PaymentFields,
  nonce: string | undefined,
  payer: Payer,
): Promise<PaymentAnswer> {
  const { repo, log } = deps;
  const hash = requireNonceHash(nonce);
  const state = await repo.nonce(hash, FOLLOW_UP_SECONDS);
  if (!state) throw securityFailed();
  if (state.orderId) return awaitOutcome(deps, state.orderId);
  if (!state.live || state.usedAt) throw securityFailed();

  const billing = checkRequest(input);
  const tier = tierOf(payer.user);
  const price = input.quoteNumber
    ? await priceOfQuote(deps, input, payer.user)
    : await priceOnServer(deps, input, tier, billing);
  requireServerAmount(log, input, payer, price, tier);
  let onAccount: OnAccountTerms | null = null;
  if (input.paymentMethod === 'on_account') {
    // Only a lab with terms, within its credit, whatever else the request says (403, 409).
    onAccount = await deps.terms.requireOnAccount(payer.user, price.priced.totalCents);
    if (input.poNumber === '') {
      throw new AppError('bad_request', PAYMENT_TERMS_MESSAGES.poRequired);
    }
  } else {
    // Card testing: attempts per IP, e-mail and card are limited before anything is written.
    await deps.guard.checkAttempt({ ip: payer.ip, email: billing.email, token: input.token });
  }

  const { order, lines } = orderOfRequest(input, billing, price, tier, payer, onAccount);
  const created = await repo.createPendingOrderUnlessSameCheckout({
    order,
    lines,
    nonceHash: hash,
    gateway: onAccount ? ON_ACCOUNT_GATEWAY : deps.gateway.kind,
    reconcileAfterMs: deps.reconcileAfterMs,
    // A quote has one order: a double click, another tab or a retry finds it, from any browser.
    ...(price.quote
      ? { sameQuote: price.quote.id }
      : { sameCheckout: { withinSeconds: SAME_CHECKOUT_SECONDS } }),
  });
  if (!created) {
    // Another request with this nonce got there first: answer what it comes to.
    const again = await repo.nonce(hash, FOLLOW_UP_SECONDS);
    if (again?.orderId) return awaitOutcome(deps, again.orderId);
    throw securityFailed();
  }
  if ('sameCartAs' in created) {
    // Two tabs, one cart: this nonce now belongs to the order this checkout started.
    log.info(
      { ip: payer.ip, quote: input.quoteNumber || undefined },
      'process-payment: the same cart or quote is being paid already',
    );
    return awaitOutcome(deps, created.sameCartAs);
  }
  if (onAccount) return placeOnAccount(deps, created.order, created.payment, lines);
  return charge(deps, created.order, created.payment, lines, input, billing);
}

/** The payment row's gateway of an order placed on account: nothing is charged. */
const ON_ACCOUNT_GATEWAY = 'on-account';

/**
 * An order on account is settled at once: paid in the shop's sense (confirmed, sent to the ERP,
 * confirmed by mail), with no charge; the ERP invoices it under the terms.
 */
async function placeOnAccount(
  deps: Payment,
  order: OrderRow,
  payment: PaymentRow,
  lines: NewOrderLine[],
): Promise<PaymentAnswer> {
  const saved = await deps.settlement.recordPaid({
    order,
    paymentId: payment.id,
    retref: null,
    responseCode: null,
    responseText: 'On account',
    invoiceCart: invoiceCart(lines),
  });
  if (!saved) deps.log.warn({ order: order.number }, 'an order on account was settled meanwhile');
  deps.log.info({ order: order.number, terms: order.paymentTerms }, 'order placed on account');
  return awaitOutcome(deps, order.id);
}

/**
 * The payment-reconcile job: an order still pending long after its charge began (the process
 * stopped mid-charge) is settled by asking the gateway, like a lost answer. An order on account
 * has no charge to ask about: its terms were checked before it was written, so it is placed.
 */
async function reconcilePendingOrder(deps: Payment, orderNumber: string): Promise<void> {
  const order = await deps.orders.byNumber(orderNumber);
  if (!order || order.status !== 'pending') return;
  const payment = await deps.payments.paymentOf(order.id);
  if (!payment) return;
  const lines: NewOrderLine[] = (await deps.orders.linesOf([order.id])).map((line) => ({
    position: line.position,
    productNumber: line.productNumber,
    title: line.title,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: line.lineTotalCents,
  }));
  if (payment.gateway === ON_ACCOUNT_GATEWAY) {
    deps.log.warn({ order: order.number }, 'an order on account was left pending; placing it');
    await placeOnAccount(deps, order, payment, lines);
    return;
  }
  deps.log.warn(
    { order: order.number },
    'an order was left pending mid-charge; asking the gateway',
  );
  await reconcile(deps, order, payment, lines);
}

export function createPaymentProcessor(deps: PaymentProcessorDeps) {
  const payment: Payment = {
    ...deps,
    waitMs: deps.duplicateWaitMs ?? 45_000,
    pollMs: deps.duplicatePollMs ?? 200,
  };
  return {
    processPayment: (input: PaymentFields, nonce: string | undefined, payer: Payer) =>
      processPayment(payment, input, nonce, payer),
    reconcilePendingOrder: (orderNumber: string) => reconcilePendingOrder(payment, orderNumber),
  };
}

export type PaymentProcessor = ReturnType<typeof createPaymentProcessor>;
