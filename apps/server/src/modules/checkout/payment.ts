import { setTimeout as sleep } from 'node:timers/promises';
import type { PriceTier } from '@labshop/shared/auth';
import { PAYMENT } from '@labshop/shared/constants';
import { amountProblem, priceCart, type PricingLine } from '@labshop/shared/pricing';
import {
  CHECKOUT_MESSAGES,
  PaymentBillingInput,
  type PaymentAnswer,
  type PaymentRequest,
} from '@labshop/shared/schemas/checkout';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { RequestUser } from '../../http/access.ts';
import { AppError } from '../../core/app-error.ts';
import {
  GatewayUnavailable,
  type AuthorizeResult,
  type InquiryResult,
  type PaymentGateway,
} from '../../integrations/payments/port.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { ContactService } from '../contact/service.ts';
import { checkoutIdOf, FOLLOW_UP_SECONDS, requireNonceHash, securityFailed } from './nonces.ts';
import type { PaymentGuard } from './payment-guard.ts';
import type { NewOrder, NewOrderLine, OrderRepo, OrderRow } from '../../db/orders-repo.ts';
import type { CouponsRepo } from './coupons-repo.ts';
import { invoiceCart } from './invoices-repo.ts';
import type { PaymentRow, PaymentsRepo } from './payments-repo.ts';
import type { CheckoutRepo } from './repo.ts';
import type { SettlementRepo } from './settlement-repo.ts';

export type PaymentFields = z.output<typeof PaymentRequest>;

/**
 * Our own response codes on a payment row, for outcomes the gateway did not answer with a code:
 * they let a doubled request answer exactly what the first one answered.
 */
const LOCAL_CODES = {
  /** The gateway refused the call before charging (GatewayUnavailable). */
  unavailable: 'labshop:unavailable',
  /** The authorization's answer was lost; the inquiry (or a void) settled it. */
  noAnswer: 'labshop:no-answer',
} as const;

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

/** Voids by order id tried this many times when the gateway cannot even say what happened. */
const VOID_ATTEMPTS = 3;

/** Who is paying: the client's IP and the signed-in user (wholesale prices), if any. */
export interface Payer {
  ip: string;
  user: RequestUser | null;
  /** The storefront browser's checkout cookie (all its tabs share it); null for API callers. */
  browser?: string | null;
}

/** Anonymous visitors pay retail; every signed-in user wholesale (SPEC.md section 6). */
export const tierOf = (user: RequestUser | null): PriceTier => (user ? 'wholesale' : 'retail');

export interface PaymentProcessorDeps {
  /** The nonce and the pending order. */
  repo: CheckoutRepo;
  coupons: CouponsRepo;
  orders: Pick<OrderRepo, 'byId' | 'byNumber' | 'linesOf'>;
  payments: Pick<PaymentsRepo, 'paymentOf' | 'update'>;
  settlement: Pick<SettlementRepo, 'recordPaid' | 'recordUnpaid'>;
  catalog: Pick<CatalogService, 'productsForSale'>;
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

/**
 * POST /api/process-payment (ARCHITECTURE.md "Checkout, safely"; decision 004).
 *
 * It never trusts the browser's prices: the cart is priced again from the database for the
 * caller's tier and coupon, and any other amount is refused. A single-use nonce from the
 * captcha check starts one payment; the order is written 'pending' with its number and its
 * payment row (the charge's lock) before the gateway is called, and no transaction is held open
 * across that call (PGlite has one connection). A doubled request finds the order its nonce is
 * bound to and answers that order's outcome; it never charges again. A lost gateway answer is
 * settled by inquiring by the order number, and voided when it cannot be.
 */
export function createPaymentProcessor(deps: PaymentProcessorDeps) {
  const { repo, coupons, orders, payments, settlement, catalog, gateway, guard, contact, log } =
    deps;
  const duplicateWaitMs = deps.duplicateWaitMs ?? 45_000;
  const duplicatePollMs = deps.duplicatePollMs ?? 200;

  /** SPEC.md section 5 (Checkout), in the plan's order; each failure is a 400 with its message. */
  function checkRequest(input: PaymentFields) {
    const refuse = (message: string) => new AppError('bad_request', message);
    if (input.billing.companyFax.trim() !== '') throw refuse(CHECKOUT_MESSAGES.companyFax);
    if (input.token === '') throw refuse(CHECKOUT_MESSAGES.noCardToken);
    if (input.cart.length === 0) throw refuse(CHECKOUT_MESSAGES.emptyCart);
    const amount = amountProblem(input.amount);
    if (amount === 'not-positive') throw refuse(CHECKOUT_MESSAGES.amountNotPositive);
    if (amount === 'below-minimum') throw refuse(CHECKOUT_MESSAGES.amountBelowMinimum);
    if (input.behavioralScore < PAYMENT.behaviouralScoreMinimum) {
      throw refuse(CHECKOUT_MESSAGES.suspicious);
    }
    if (input.fullName === '') throw refuse(CHECKOUT_MESSAGES.firstName);
    const billing = PaymentBillingInput.safeParse({
      email: input.email,
      phone: input.phone,
      address: input.billing.address,
      city: input.billing.city,
      state: input.billing.state,
      zip: input.billing.zip,
      country: input.billing.country,
    });
    if (!billing.success) {
      throw refuse(billing.error.issues[0]?.message ?? CHECKOUT_MESSAGES.unknownError);
    }
    return billing.data;
  }

  /** The cart priced from the database for the caller's tier, with the coupon from its table. */
  async function priceOnServer(input: PaymentFields, tier: PriceTier) {
    const products = await catalog.productsForSale(input.cart.map((line) => line.number));
    const lines: PricingLine[] = input.cart.map((line) => {
      const product = products.get(line.number);
      if (!product || !product.available) {
        const name = product?.title ?? (line.title?.trim() || line.number);
        throw new AppError('bad_request', CHECKOUT_MESSAGES.productUnavailable(name));
      }
      return {
        number: product.number,
        title: product.title,
        quantity: line.quantity,
        prices: product.prices,
      };
    });
    let coupon: { code: string; percent: number } | null = null;
    if (input.couponCode !== '') {
      coupon = await coupons.activeCoupon(input.couponCode);
      if (!coupon) throw new AppError('bad_request', CHECKOUT_MESSAGES.invalidCoupon);
    }
    return { priced: priceCart(lines, tier, coupon?.percent ?? null), coupon };
  }

  /**
   * What a settled order answers; null while it is still being charged. The first request and
   * any doubled one read the same rows, so they answer the same.
   */
  async function outcomeOf(
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
      };
    }
    if (payment?.responseCode === LOCAL_CODES.unavailable) {
      throw new AppError('unavailable', CHECKOUT_MESSAGES.gatewayUnavailable);
    }
    const declined =
      payment?.status === 'declined' && payment.responseCode !== LOCAL_CODES.noAnswer;
    return {
      ok: false,
      retref: null,
      error: declined
        ? CHECKOUT_MESSAGES.cardDeclined(payment.responseText, await shopPhone())
        : CHECKOUT_MESSAGES.gatewayNoAnswer,
      orderNumber: order.number,
      amount: null,
    };
  }

  /** The phone a declined buyer may call; null without one (the answer says "contact us"). */
  async function shopPhone(): Promise<string | null> {
    try {
      return (await contact.contactData()).phone.trim() || null;
    } catch (error) {
      // The decline is the answer; a phone number we cannot read must not turn it into a 500.
      log.error({ err: error }, 'could not read the contact phone for a declined card');
      return null;
    }
  }

  async function answerFor(orderId: string): Promise<PaymentAnswer | null> {
    const order = await orders.byId(orderId);
    if (!order) throw securityFailed();
    return outcomeOf(order, await payments.paymentOf(orderId));
  }

  /** A doubled or retried request: wait for the order's charge to settle, then answer it. */
  async function awaitOutcome(orderId: string): Promise<PaymentAnswer> {
    const deadline = Date.now() + duplicateWaitMs;
    for (;;) {
      const answer = await answerFor(orderId);
      if (answer) return answer;
      if (Date.now() >= deadline) {
        throw new AppError('conflict', CHECKOUT_MESSAGES.alreadyProcessing);
      }
      await sleep(duplicatePollMs);
    }
  }

  /** The charge went through: the order is paid, with its invoice and jobs, in one write. */
  async function completePaid(
    order: OrderRow,
    payment: PaymentRow,
    lines: NewOrderLine[],
    approval: { retref: string; responseCode: string | null; responseText: string | null },
  ): Promise<PaymentAnswer> {
    try {
      const saved = await settlement.recordPaid({
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
        const current = await orders.byId(order.id);
        if (current?.status === 'paid') return (await answerFor(order.id)) ?? failedAnswer(order);
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
        voided = (await gateway.void(approval.retref)).voided;
      } catch (voidError) {
        log.error({ err: voidError, order: order.number }, 'voiding the unsaved charge failed');
      }
      await settlement
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
      return {
        ok: false,
        retref: null,
        error: CHECKOUT_MESSAGES.gatewayNoAnswer,
        orderNumber: order.number,
        amount: null,
      };
    }
    const answer = await answerFor(order.id);
    if (!answer) throw new Error(`order ${order.number} is still pending after it was paid`);
    return answer;
  }

  /** Voids whatever the gateway may hold under the order number, a few times if need be. */
  async function voidOrderCharge(orderNumber: string): Promise<boolean> {
    for (let attempt = 1; attempt <= VOID_ATTEMPTS; attempt++) {
      try {
        const result = await gateway.voidByOrderId(orderNumber);
        // 'Txn not found' is a void too: nothing is held.
        if (result.voided || /not found/i.test(result.respText)) return true;
        log.warn({ order: orderNumber, attempt, respText: result.respText }, 'void refused');
      } catch (error) {
        log.warn({ err: error, order: orderNumber, attempt }, 'void by order id failed');
      }
    }
    return false;
  }

  /**
   * The authorization's answer never came. Ask the gateway what happened under the order
   * number before anything else: approved -> the order is paid; nothing there -> not charged;
   * no answer to the question either -> void by order id and leave the order for a person.
   */
  async function reconcile(
    order: OrderRow,
    payment: PaymentRow,
    lines: NewOrderLine[],
  ): Promise<PaymentAnswer> {
    let inquiry: InquiryResult | null = null;
    try {
      inquiry = await gateway.inquireByOrderId(order.number);
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
      return completePaid(order, payment, lines, {
        retref: inquiry.retref,
        responseCode: LOCAL_CODES.noAnswer,
        responseText: inquiry.settlementStatus,
      });
    }
    if (inquiry) {
      await settlement.recordUnpaid({
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
      const voided = await voidOrderCharge(order.number);
      log.error(
        { order: order.number, voided },
        'the gateway could not say whether the order was charged; the order needs attention',
      );
      await settlement.recordUnpaid({
        orderId: order.id,
        paymentId: payment.id,
        payment: { status: voided ? 'voided' : 'unknown', responseCode: LOCAL_CODES.noAnswer },
        orderStatus: 'needs_attention',
      });
    }
    return (await answerFor(order.id)) ?? failedAnswer(order);
  }

  function failedAnswer(order: OrderRow): PaymentAnswer {
    return {
      ok: false,
      retref: null,
      error: CHECKOUT_MESSAGES.gatewayNoAnswer,
      orderNumber: order.number,
      amount: null,
    };
  }

  async function charge(
    order: OrderRow,
    payment: PaymentRow,
    lines: NewOrderLine[],
    input: PaymentFields,
    billing: z.output<typeof PaymentBillingInput>,
  ): Promise<PaymentAnswer> {
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
        await settlement.recordUnpaid({
          orderId: order.id,
          paymentId: payment.id,
          payment: { status: 'declined', responseCode: LOCAL_CODES.unavailable },
          orderStatus: 'failed',
        });
        return (await answerFor(order.id)) ?? failedAnswer(order);
      }
      // GatewayNoAnswer, or anything unexpected: the charge may have happened.
      log.warn({ err: error, order: order.number }, 'no answer from the card gateway; inquiring');
      await payments.update(payment.id, {
        status: 'unknown',
        responseCode: LOCAL_CODES.noAnswer,
      });
      return reconcile(order, payment, lines);
    }
    if (result.outcome === 'approved') {
      return completePaid(order, payment, lines, {
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
      await guard
        .recordDecline()
        .catch((error: unknown) =>
          log.error({ err: error, order: order.number }, 'could not count the decline'),
        );
    }
    await settlement.recordUnpaid({
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
    return (await answerFor(order.id)) ?? failedAnswer(order);
  }

  return {
    /**
     * The payment-reconcile job: an order still pending long after its charge began (the
     * process stopped mid-charge) is settled by asking the gateway, like a lost answer.
     */
    async reconcilePendingOrder(orderNumber: string): Promise<void> {
      const order = await orders.byNumber(orderNumber);
      if (!order || order.status !== 'pending') return;
      const payment = await payments.paymentOf(order.id);
      if (!payment) return;
      log.warn({ order: order.number }, 'an order was left pending mid-charge; asking the gateway');
      const lines: NewOrderLine[] = (await orders.linesOf([order.id])).map((line) => ({
        position: line.position,
        productNumber: line.productNumber,
        title: line.title,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        lineTotalCents: line.lineTotalCents,
      }));
      await reconcile(order, payment, lines);
    },

    /** POST /api/process-payment (see the module comment). */
    async processPayment(
      input: PaymentFields,
      nonce: string | undefined,
      payer: Payer,
    ): Promise<PaymentAnswer> {
      const hash = requireNonceHash(nonce);
      const state = await repo.nonce(hash, FOLLOW_UP_SECONDS);
      if (!state) throw securityFailed();
      if (state.orderId) return awaitOutcome(state.orderId);
      if (!state.live || state.usedAt) throw securityFailed();

      const billing = checkRequest(input);
      const tier = tierOf(payer.user);
      const { priced, coupon } = await priceOnServer(input, tier);
      if (input.amount !== priced.totalCents) {
        log.info(
          { ip: payer.ip, sent: input.amount, priced: priced.totalCents, tier },
          'process-payment: the amount is not the server price',
        );
        throw new AppError('conflict', CHECKOUT_MESSAGES.amountMismatch);
      }
      // Card testing: attempts per IP, e-mail and card are limited before anything is written.
      await guard.checkAttempt({ ip: payer.ip, email: billing.email, token: input.token });

      const order: NewOrder = {
        customerName: input.fullName,
        customerType: tier === 'wholesale' ? 'Wholesale' : 'Retail',
        userSubject: payer.user?.subject ?? null,
        email: billing.email,
        phone: billing.phone,
        subtotalCents: priced.subtotalCents,
        discountCents: priced.discountCents,
        amountCents: priced.totalCents,
        couponCode: coupon?.code ?? null,
        shipName: input.fullName,
        shipAddress1: billing.address,
        shipCity: billing.city,
        shipState: billing.state,
        shipPostCode: billing.zip,
        shipCountry: billing.country,
        shipPhone: billing.phone,
        checkoutId: payer.browser ? checkoutIdOf(payer.browser) : null,
      };
      const lines: NewOrderLine[] = priced.lines.map((line, position) => ({
        position,
        productNumber: line.number,
        title: line.title,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        lineTotalCents: line.lineTotalCents,
      }));
      const created = await repo.createPendingOrderUnlessSameCheckout({
        order,
        lines,
        nonceHash: hash,
        gateway: gateway.kind,
        reconcileAfterMs: deps.reconcileAfterMs,
        sameCheckout: { withinSeconds: SAME_CHECKOUT_SECONDS },
      });
      if (!created) {
        // Another request with this nonce got there first: answer what it comes to.
        const again = await repo.nonce(hash, FOLLOW_UP_SECONDS);
        if (again?.orderId) return awaitOutcome(again.orderId);
        throw securityFailed();
      }
      if ('sameCartAs' in created) {
        // Two tabs, one cart: this nonce now belongs to the order this checkout started.
        log.info({ ip: payer.ip }, 'process-payment: the same cart is being paid already');
        return awaitOutcome(created.sameCartAs);
      }
      return charge(created.order, created.payment, lines, input, billing);
    },
  };
}

export type PaymentProcessor = ReturnType<typeof createPaymentProcessor>;
