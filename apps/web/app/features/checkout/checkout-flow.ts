import { centsToDollars } from '@labshop/shared/money';
import { amountProblem, type PricedCart } from '@labshop/shared/pricing';
import {
  CHECKOUT_MESSAGES,
  generatedCustomerNumber,
  nextOrderNumber,
  PAYMENT_CAPTCHA_ACTION,
  type Billing,
  type CheckCustomerAnswer,
  type CheckCustomerRequest,
  type CreateSalesOrderAnswer,
  type CreateSalesOrderRequest,
  type PaymentAnswer,
  type PaymentRequest,
} from '@labshop/shared/schemas/checkout';
import type { z } from 'zod';
import { PAYMENT_TERMS_MESSAGES, type PaymentMethod } from '@labshop/shared/schemas/payment-terms';
import { isSuspicious, type BehaviouralData } from './behavioural-score.ts';
import { orderCartLines, type AppliedCoupon } from './order.ts';

/**
 * Pay Now (SPEC.md section 4, "Checkout flow"): the client checks, the captcha check that
 * answers a nonce, the next order number, the payment, then the customer and the sales order.
 * The calls come in as dependencies, so the order of things is tested without a server.
 */

/** The overlay's progress messages. 'Verifying security...' is the spec's. */
export const PROGRESS_MESSAGES = {
  security: 'Verifying security...',
  orderNumber: 'Preparing your order...',
  payment: 'Processing payment...',
  order: 'Creating your order...',
  done: 'Payment complete. Opening your receipt...',
} as const;

/**
 * The second captcha action of the spec (section 7: contact_submit, payment, payment_confirm):
 * a fresh token goes with the payment as recaptcha_token2, since a token verifies only once.
 */
export const PAYMENT_CONFIRM_CAPTCHA_ACTION = 'payment_confirm';

export interface CheckoutInput {
  card: { token: string | null; expiry: string };
  billing: Billing;
  order: PricedCart;
  coupon: AppliedCoupon | null;
  /** Signed-in visitors order as Wholesale customers, others as Retail. */
  signedIn: boolean;
  behaviour: BehaviouralData;
  /** Paying an accepted quote (issue 37): the server charges its stored prices and freight. */
  quoteNumber?: string;
  /** 'on_account' (issue 37): no card; the server checks the lab's terms. */
  paymentMethod?: PaymentMethod;
}

export interface CheckoutCalls {
  /** A reCAPTCHA token for an action; null when the captcha is off for this shop. */
  captchaToken: ((action: string) => Promise<string | null>) | null;
  verifyCaptcha(captchaToken: string): Promise<string>;
  fetchLastSalesOrderId(): Promise<string>;
  processPayment(body: PaymentRequest, nonce: string): Promise<PaymentAnswer>;
  checkCustomer(
    body: z.input<typeof CheckCustomerRequest>,
    nonce: string,
  ): Promise<CheckCustomerAnswer>;
  createSalesOrder(
    body: z.input<typeof CreateSalesOrderRequest>,
    nonce: string,
  ): Promise<CreateSalesOrderAnswer>;
}

export interface CheckoutHooks {
  onProgress(message: string): void;
  /** The captcha nonce while the flow holds one; the page clears it on an error. */
  onNonce(nonce: string): void;
  newCustomerNumber?: () => string;
}

/** What the success page is handed as navigation state. */
export interface CheckoutResult {
  orderId: string;
  /** Cents charged (the server's figure). */
  amount: number;
  /** Placed on account: the day payment is due. */
  paymentDueOn: string | null;
  /** A quote was paid: the cart is not touched. */
  fromQuote: boolean;
  cart: { number: string; title: string; quantity: number; newPrice: number }[];
}

/** A problem the page shows as it is. */
export class CheckoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckoutError';
  }
}

/**
 * The checks before any call, in the server's order (SPEC.md section 5), so the browser says
 * what the server would; null when the payment may start.
 */
export function checkoutProblem(input: CheckoutInput): string | null {
  if (input.billing.companyFax?.trim()) return CHECKOUT_MESSAGES.companyFax;
  const onAccount = input.paymentMethod === 'on_account';
  if (!onAccount && !input.card.token) return CHECKOUT_MESSAGES.noCardToken;
  if (onAccount && !input.billing.poNumber.trim()) return PAYMENT_TERMS_MESSAGES.poRequired;
  if (input.order.lines.length === 0) return CHECKOUT_MESSAGES.emptyCart;
  const amount = amountProblem(input.order.totalCents);
  if (amount === 'not-positive') return CHECKOUT_MESSAGES.amountNotPositive;
  if (amount === 'below-minimum') return CHECKOUT_MESSAGES.amountBelowMinimum;
  if (isSuspicious(input.behaviour.score)) return CHECKOUT_MESSAGES.suspicious;
  return null;
}

export function fullNameOf(billing: Pick<Billing, 'firstName' | 'lastName'>): string {
  return `${billing.firstName} ${billing.lastName}`.trim();
}

/** The payment request the spec describes, with the amount in cents and prices in dollars. */
export function paymentRequest(
  input: CheckoutInput,
  salesOrderId: string,
  confirmToken: string,
): PaymentRequest {
  const { billing, order } = input;
  return {
    amount: order.totalCents,
    token: input.paymentMethod === 'on_account' ? '' : (input.card.token ?? ''),
    expiry: input.card.expiry,
    fullName: fullNameOf(billing),
    email: billing.email,
    phone: billing.phone,
    salesOrderId,
    billing: {
      address: billing.address,
      city: billing.city,
      state: billing.state,
      zip: billing.zip,
      country: billing.country,
      companyFax: billing.companyFax,
    },
    cart: orderCartLines(order),
    couponCode: input.coupon?.code ?? '',
    poNumber: billing.poNumber,
    quoteNumber: input.quoteNumber ?? '',
    paymentMethod: input.paymentMethod ?? 'card',
    discountAmount: centsToDollars(order.discountCents),
    behavioralScore: input.behaviour.score,
    behavioralData: input.behaviour,
    recaptcha_token2: confirmToken,
  };
}

/**
 * Runs Pay Now to a paid order; throws with the text to show otherwise. Once the payment is
 * approved nothing throws any more: the customer and sales-order calls only log a failure, as
 * the server's outbox brings the order to the ERP by itself.
 */
export async function runCheckout(
  input: CheckoutInput,
  calls: CheckoutCalls,
  hooks: CheckoutHooks,
): Promise<CheckoutResult> {
  const problem = checkoutProblem(input);
  if (problem) throw new CheckoutError(problem);

  hooks.onProgress(PROGRESS_MESSAGES.security);
  let captchaToken = '';
  if (calls.captchaToken) {
    const token = await calls.captchaToken(PAYMENT_CAPTCHA_ACTION);
    if (!token) throw new CheckoutError(CHECKOUT_MESSAGES.securityUnavailable);
    captchaToken = token;
  }
  const nonce = await calls.verifyCaptcha(captchaToken);
  hooks.onNonce(nonce);

  hooks.onProgress(PROGRESS_MESSAGES.orderNumber);
  const salesOrderId = nextOrderNumber(await calls.fetchLastSalesOrderId());

  hooks.onProgress(PROGRESS_MESSAGES.payment);
  // Only a signal for the server: a missing second token does not stop the payment.
  const confirmToken = calls.captchaToken
    ? ((await calls.captchaToken(PAYMENT_CONFIRM_CAPTCHA_ACTION)) ?? '')
    : '';
  const answer = await calls.processPayment(
    paymentRequest(input, salesOrderId, confirmToken),
    nonce,
  );
  if (!answer.ok) throw new CheckoutError(answer.error || CHECKOUT_MESSAGES.declined);
  const orderId = answer.orderNumber ?? salesOrderId;

  hooks.onProgress(PROGRESS_MESSAGES.order);
  await recordOrder(input, orderId, nonce, calls, hooks);

  hooks.onProgress(PROGRESS_MESSAGES.done);
  return {
    orderId,
    amount: answer.amount ?? input.order.totalCents,
    cart: orderCartLines(input.order),
    paymentDueOn: answer.paymentDueOn ?? null,
    fromQuote: Boolean(input.quoteNumber),
  };
}

/** checkCustomer then createSalesOrder; a failure is logged, never shown: the card is charged. */
async function recordOrder(
  input: CheckoutInput,
  orderId: string,
  nonce: string,
  calls: CheckoutCalls,
  hooks: CheckoutHooks,
): Promise<void> {
  const { billing } = input;
  const fullName = fullNameOf(billing);
  let customerNumber = (hooks.newCustomerNumber ?? generatedCustomerNumber)();
  try {
    const answer = await calls.checkCustomer(
      {
        fullName,
        number: customerNumber,
        paymentSuccessful: true,
        billing: {
          email: billing.email,
          phone: billing.phone,
          address: billing.address,
          city: billing.city,
          state: billing.state,
          zip: billing.zip,
          country: billing.country,
        },
      },
      nonce,
    );
    customerNumber = answer.customer.number || customerNumber;
  } catch (error) {
    console.error(`checkCustomer failed after the payment of ${orderId}:`, error);
  }
  try {
    await calls.createSalesOrder(
      {
        customerType: input.signedIn ? 'Wholesale' : 'Retail',
        newOrderNumber: orderId,
        cart: orderCartLines(input.order),
        phone: billing.phone,
        customerNumber,
        fullName,
        customerEmail: billing.email,
        billing: {
          fullName,
          addressLine1: billing.address,
          city: billing.city,
          state: billing.state,
          postalCode: billing.zip,
          country: billing.country,
          phone: billing.phone,
        },
        couponCode: input.coupon?.code ?? '',
        discountAmount: centsToDollars(input.order.discountCents),
      },
      nonce,
    );
  } catch (error) {
    console.error(`createSalesOrder failed after the payment of ${orderId}:`, error);
  }
}
