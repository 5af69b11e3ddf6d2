import { cartCookieLines, parseCartCookie } from '@labshop/shared/cart-cookie';
import {
  CAPTCHA_NONCE_TTL_SECONDS,
  CHECKOUT_MESSAGES,
  generatedCustomerNumber,
  ORDER_NUMBER_PREFIX,
  PAYMENT_CAPTCHA_ACTION,
  type CartAnswer,
  type CheckCustomerAnswer,
  type CheckCustomerRequest,
  type CouponAnswer,
  type CreateInvoiceAnswer,
  type CreateInvoiceRequest,
  type CreateSalesOrderAnswer,
  type CreateSalesOrderRequest,
  type RecordPaymentAnswer,
  type RecordPaymentRequest,
  type SalesOrdersLastIdAnswer,
  type VerifyCaptchaAnswer,
} from '@labshop/shared/schemas/checkout';
import type { ProductDto } from '@labshop/shared/schemas/catalog';
import type { z } from 'zod';
import type { RequestUser } from '../../http/access.ts';
import { AppError } from '../../core/app-error.ts';
import type { CaptchaVerifier } from '../../integrations/captcha/port.ts';
import type { CatalogService } from '../catalog/service.ts';
import {
  FOLLOW_UP_SECONDS,
  newNonce,
  nonceHash,
  requireNonceHash,
  securityFailed,
} from './nonces.ts';
import type { OrderRepo, OrderRow } from '../../db/orders-repo.ts';
import type { CustomersService } from '../erp/customers-service.ts';
import { invoiceCart, type InvoicesRepo } from './invoices-repo.ts';
import { createPaymentProcessor, type PaymentProcessorDeps } from './payment.ts';
import { tierOf } from './payment-request.ts';
import type { PaymentsRepo } from './payments-repo.ts';
import type { SettlementRepo } from './settlement-repo.ts';

export type CheckCustomerFields = z.output<typeof CheckCustomerRequest>;
export type CreateSalesOrderFields = z.output<typeof CreateSalesOrderRequest>;
export type CreateInvoiceFields = z.output<typeof CreateInvoiceRequest>;
export type RecordPaymentFields = z.output<typeof RecordPaymentRequest>;

/** Wording the shared contract does not have (ours). */
export const CHECKOUT_SERVER_MESSAGES = {
  tooManyCaptchaChecks:
    'Too many payment attempts from your network. Please wait a few minutes and try again.',
  invoiceNotFound: 'Invoice not found for this order.',
} as const;

export interface CheckoutServiceDeps extends PaymentProcessorDeps {
  catalog: Pick<CatalogService, 'productsForSale' | 'cartProducts'>;
  captcha: CaptchaVerifier;
  orders: Pick<
    OrderRepo,
    | 'byId'
    | 'byNumber'
    | 'linesOf'
    | 'lastSequenceValue'
    | 'customerNumberUsedByOtherOrder'
    | 'settleCustomerNumber'
    | 'markSyncPending'
  >;
  payments: Pick<PaymentsRepo, 'paymentOf' | 'update' | 'recordOnInvoice'>;
  invoices: InvoicesRepo;
  settlement: SettlementRepo;
  /** The ERP module's customer copy: a paid order's customer number (checkCustomer). */
  customers: Pick<CustomersService, 'customerByNumber' | 'customerByEmail'>;
}

/**
 * The cart, coupons and the card checkout (SPEC.md sections 4, 5, 7, 8, 9; ARCHITECTURE.md
 * "Checkout, safely"). The admin's view of orders is modules/orders. The charge itself is
 * payment.ts; the spec's follow-up calls here only record, idempotently, on the order their
 * nonce paid for.
 */
export function createCheckoutService(deps: CheckoutServiceDeps) {
  const {
    repo,
    coupons,
    orders,
    payments,
    invoices,
    settlement,
    customers,
    catalog,
    captcha,
    log,
  } = deps;
  const processor = createPaymentProcessor(deps);

  // -------------------------------------------------------------------------------------------
  // Follow-up calls
  // -------------------------------------------------------------------------------------------

  /** The paid order the follow-up call's nonce is bound to. */
  async function paidOrderOf(nonce: string | undefined): Promise<OrderRow> {
    const hash = requireNonceHash(nonce);
    const state = await repo.nonce(hash, FOLLOW_UP_SECONDS);
    if (!state?.orderId || !state.recent) throw securityFailed();
    const order = await orders.byId(state.orderId);
    if (!order) throw securityFailed();
    if (order.status !== 'paid') throw new AppError('conflict', CHECKOUT_MESSAGES.orderNotPaid);
    return order;
  }

  const CUSTOMER_NUMBER = /^[A-Z0-9][A-Z0-9-]{2,19}$/;
  const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

  async function numberTaken(number: string, order: OrderRow): Promise<boolean> {
    const customer = await customers.customerByNumber(number);
    if (customer && !sameEmail(customer.email, order.email)) return true;
    return orders.customerNumberUsedByOtherOrder(number, order.id, order.email);
  }

  /**
   * The customer number for a paid order (SPEC.md checkCustomer): the order's own; a known
   * customer the browser names whose e-mail is the order's; the customer with the order's
   * e-mail; the browser's new 'WEB' + 3 letters; or a fresh one when that is someone else's.
   */
  async function customerNumberFor(order: OrderRow, requested: string): Promise<string> {
    if (order.customerNumber) return order.customerNumber;
    const wanted = requested.trim().toUpperCase();
    if (wanted) {
      const known = await customers.customerByNumber(wanted);
      if (known && sameEmail(known.email, order.email)) return known.number;
    }
    const byEmail = await customers.customerByEmail(order.email);
    if (byEmail) return byEmail.number;
    if (CUSTOMER_NUMBER.test(wanted) && !(await numberTaken(wanted, order))) return wanted;
    for (let attempt = 0; attempt < 50; attempt++) {
      const fresh = generatedCustomerNumber();
      if (!(await numberTaken(fresh, order))) return fresh;
    }
    throw new Error('no free customer number found');
  }

  /** Stores the customer number on the order when it has none yet (first one wins). */
  async function adoptCustomerNumber(order: OrderRow, requested: string): Promise<string | null> {
    if (order.customerNumber) return order.customerNumber;
    if (!requested.trim()) return null;
    return orders.settleCustomerNumber(order.id, await customerNumberFor(order, requested));
  }

  return {
    /** GET /api/cart: the cart cookie resolved for the caller's tier; unknown entries listed. */
    async cart(rawCookie: string | undefined, user: RequestUser | null): Promise<CartAnswer> {
      const lines = cartCookieLines(parseCartCookie(rawCookie));
      const numbers = lines.flatMap((line) => (line.number !== null ? [line.number] : []));
      const titles = lines.flatMap((line) =>
        line.number === null && line.title !== null ? [line.title] : [],
      );
      const found = await catalog.cartProducts(
        { numbers, titles },
        { seesPartnerPrices: user !== null },
      );
      const items: CartAnswer['items'] = [];
      const removed: CartAnswer['removed'] = [];
      const shown = new Set<string>();
      for (const line of lines) {
        const product: ProductDto | undefined =
          line.number !== null
            ? found.byNumber.get(line.number)
            : found.byTitle.get(line.title ?? '');
        if (!product) {
          removed.push({ number: line.number, title: line.title });
          continue;
        }
        // One product named twice (by number and by title) is one line.
        if (shown.has(product._id)) continue;
        shown.add(product._id);
        items.push({ product, quantity: line.quantity });
      }
      return { tier: tierOf(user), items, removed };
    },

    async coupon(code: string): Promise<CouponAnswer> {
      // A code no coupon can have is not worth a query (nor a database error for a NUL byte).
      const plausible = code.trim() !== '' && code.length <= 40 && !code.includes('\0');
      const coupon = plausible ? await coupons.activeCoupon(code) : null;
      if (!coupon) throw new AppError('not_found', CHECKOUT_MESSAGES.invalidCoupon);
      return coupon;
    },

    /** The Pay Now captcha check (action 'payment'); accepted -> a single-use nonce. */
    async verifyCaptcha(token: string, ip: string): Promise<VerifyCaptchaAnswer> {
      const verdict = await captcha.verify({
        token: token || undefined,
        action: PAYMENT_CAPTCHA_ACTION,
        remoteIp: ip,
      });
      if (verdict.outcome === 'unavailable') {
        log.warn({ ip, detail: verdict.detail }, 'checkout captcha: verifier unavailable');
        throw new AppError('unavailable', CHECKOUT_MESSAGES.securityUnavailable);
      }
      if (verdict.outcome === 'rejected') {
        log.info(
          { ip, reason: verdict.reason, score: verdict.score, detail: verdict.detail },
          'checkout captcha: refused',
        );
        throw securityFailed();
      }
      const nonce = newNonce();
      await repo.insertNonce(nonceHash(nonce), CAPTCHA_NONCE_TTL_SECONDS);
      return { success: true, nonce };
    },

    async lastSalesOrderId(): Promise<SalesOrdersLastIdAnswer> {
      const last = await orders.lastSequenceValue();
      // Before any order: one below the sequence's start, so "last plus one" is the first.
      return { lastSalesOrderId: `${ORDER_NUMBER_PREFIX}-${last ?? 100000}` };
    },

    /** POST /api/process-payment (see payment.ts). */
    processPayment: processor.processPayment,
    reconcilePendingOrder: processor.reconcilePendingOrder,

    async checkCustomer(
      input: CheckCustomerFields,
      nonce: string | undefined,
    ): Promise<CheckCustomerAnswer> {
      const order = await paidOrderOf(nonce);
      const number = order.customerNumber
        ? order.customerNumber
        : await orders.settleCustomerNumber(order.id, await customerNumberFor(order, input.number));
      return { customer: { number, fullName: order.customerName } };
    },

    /** Records the sales order locally; the ERP gets it from the outbox job, retried. */
    async createSalesOrder(
      input: CreateSalesOrderFields,
      nonce: string | undefined,
    ): Promise<CreateSalesOrderAnswer> {
      const order = await paidOrderOf(nonce);
      await adoptCustomerNumber(order, input.customerNumber);
      if (await settlement.ensureSyncJob(order.number)) {
        log.warn({ order: order.number }, 'a paid order had no ERP sync job; written now');
      }
      // A paid order whose sync never started shows 'pending' (its job is there now).
      await orders.markSyncPending(order.id, ['not_started']);
      const current = (await orders.byId(order.id)) ?? order;
      return { ok: true, orderNumber: current.number, erpSyncStatus: current.erpSyncStatus };
    },

    async createInvoice(
      input: CreateInvoiceFields,
      nonce: string | undefined,
    ): Promise<CreateInvoiceAnswer> {
      const order = await paidOrderOf(nonce);
      const customerNumber = await adoptCustomerNumber(order, input.customerNumber);
      const lines = await orders.linesOf([order.id]);
      const invoice = await invoices.ensure({ order, customerNumber, cart: invoiceCart(lines) });
      return { invoiceId: invoice.id, salesOrderId: order.number };
    },

    async recordPayment(
      input: RecordPaymentFields,
      nonce: string | undefined,
    ): Promise<RecordPaymentAnswer> {
      const order = await paidOrderOf(nonce);
      const invoice = await invoices.of(order.id);
      if (!invoice || invoice.id !== input.invoiceId.toLowerCase()) {
        throw new AppError('bad_request', CHECKOUT_SERVER_MESSAGES.invoiceNotFound);
      }
      const customerNumber = await adoptCustomerNumber(order, input.customerNumber);
      const payment = await payments.recordOnInvoice({
        orderId: order.id,
        invoiceId: invoice.id,
        customerNumber,
      });
      if (!payment) throw new AppError('conflict', CHECKOUT_MESSAGES.orderNotPaid);
      return { ok: true, paymentId: payment.id };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
