/**
 * The cart, the checkout and the payment (SPEC.md sections 3, 4, 5, 7, 8 and 9): the billing
 * form, the calls' bodies and answers, and every message. This file has the messages, limits,
 * API types and helpers, without zod; the schemas of the forms and calls' bodies are in
 * checkout-forms.ts, those of their answers in checkout-dto.ts, whose types are exported here
 * as types only. Wording the spec does not give is ours and marked so.
 */

export type {
  CartAnswer,
  CheckCustomerAnswer,
  CouponAnswer,
  CreateInvoiceAnswer,
  CreateSalesOrderAnswer,
  PaymentAnswer,
  RecordPaymentAnswer,
  SalesOrdersLastIdAnswer,
  VerifyCaptchaAnswer,
} from './checkout-dto.ts';

export const CHECKOUT_MESSAGES = {
  // SPEC.md section 5 (Checkout).
  amountNotPositive: 'Invalid Request- Amount must be greater than zero.',
  amountBelowMinimum: 'Invalid Request',
  companyFax: 'Something went wrong, Invalid request.',
  noCardToken: 'Please enter card details first!',
  suspicious: 'Suspicious activity detected. Please try again.',
  emptyCart: 'Your cart is empty. Please add items first.',
  // SPEC.md section 8 (Checkout).
  securityFailed: 'Security verification failed',
  missingNonce: 'Missing captcha nonce',
  declined: 'Payment declined',
  invalidCoupon: 'Invalid coupon code',
  unknownError: 'Unknown error',
  // Ours.
  securityUnavailable:
    'Security verification is not available right now. Please try again in a moment.',
  amountMismatch: 'The prices in your cart have changed. Please review your order and try again.',
  productUnavailable: (title: string) =>
    `${title} is no longer available. Please remove it from your cart.`,
  alreadyProcessing: 'This payment is already being processed. Please wait a moment.',
  gatewayNoAnswer:
    'The card payment could not be completed and you have not been charged. Please try again.',
  gatewayUnavailable: 'Card payments are not available right now. Please try again later.',
  orderNotFound: 'Order not found.',
  orderNotPaid: 'This order has not been paid.',
  cartTooLarge: 'Your cart has too many items.',
  /**
   * A card the gateway declined: its reason as it gave it, that nothing was charged, and what
   * to do (issue 34); the phone is the shop's contact data, when it has one.
   */
  cardDeclined: (reason: string | null, phone: string | null) =>
    `Your card was declined${reason ? ` (${reason})` : ''}. You have not been charged. ` +
    `Please try another card${phone ? `, or call us at ${phone}` : ', or contact us'}.`,
  // Billing form (ours: the spec says these fields are required, not how it says so).
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  email: 'Email is required.',
  emailFormat: 'Invalid email format.',
  phoneFormat: 'Please enter a valid phone number (digits, spaces, +, (), -).',
  address: 'Address is required.',
  city: 'City is required.',
  state: 'State is required.',
  zip: 'ZIP code is required.',
  country: 'Country is required.',
  // Ours, in the style of the spec's phone message (issue 34): the United States by the USPS
  // rules, every other country a sane length and set of characters.
  usState: 'Please select a state.',
  usZip: 'Please enter a valid ZIP code (12345 or 12345-6789).',
  region: "Please enter a valid state or region (letters, digits, spaces, . , ' -).",
  postalCode: 'Please enter a valid ZIP or postal code (letters, digits, spaces, -).',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  // Ours (issue 36): the lab's own order reference, Business Central's externalDocumentNumber.
  poNumberFormat: 'PO number / reference may contain letters, digits, spaces and . , / - _ # only.',
} as const;

/** The spec's payment-success texts. */
export const PAYMENT_SUCCESS_TEXTS = {
  heading: 'Payment Successful!',
  thanks: 'Thank you for your purchase.',
  emailNote: 'A confirmation e-mail has been sent to you.',
  returnHome: 'Return Home',
} as const;

export const BILLING_LIMITS = {
  name: 60,
  email: 254,
  phone: 20,
  address: 200,
  city: 100,
  /** The longest region names are about 45 characters. */
  state: 60,
  /** ZIP+4 is 10; other countries' postal codes up to 11 (Iran's 12345-67890). */
  zip: 12,
  /** Business Central's externalDocumentNumber is 35 characters. */
  poNumber: 35,
} as const;

export { PO_NUMBER_LABEL } from './po-number.ts';

// ---------------------------------------------------------------------------------------------
// Calls (SPEC.md section 7, "Storefront checkout calls"), all under /api
// ---------------------------------------------------------------------------------------------

/** Header carrying the nonce from verify-captcha on process-payment and the later calls. */
export const CAPTCHA_NONCE_HEADER = 'x-captcha-nonce';
/**
 * The spec's fixed application token header. The storefront sends it as the spec does, but it
 * decides nothing: it is in every visitor's browser, so it cannot be a secret.
 */
export const APP_TOKEN_HEADER = 'x-app-token';
export const APP_TOKEN_VALUE = 'labshop-storefront';

/** The reCAPTCHA v3 action of the Pay Now check. */
export const PAYMENT_CAPTCHA_ACTION = 'payment';
/** How long a verify-captcha nonce may be used to start a payment. */
export const CAPTCHA_NONCE_TTL_SECONDS = 5 * 60;

/** The shop's order-number prefix: numbers look like WEB-100234. */
export const ORDER_NUMBER_PREFIX = 'WEB';

/** The next number after one like 'WEB-100234' (the spec's client-side "last plus one"). */
export function nextOrderNumber(last: string): string {
  const match = /^(.*-)(\d+)$/.exec(last);
  if (!match) return `${ORDER_NUMBER_PREFIX}-100001`;
  return `${match[1]}${String(Number(match[2]) + 1).padStart(match[2]!.length, '0')}`;
}

/** Ours: a line's quantity as the API refuses it (the pages never send another). */
export const QUANTITY_MESSAGE = 'Each quantity must be a whole number from 1 to 999.';

/** 'WEB' plus 3 random uppercase letters: the spec's customer number for a new customer. */
export function generatedCustomerNumber(random: () => number = Math.random): string {
  const letters = Array.from({ length: 3 }, () =>
    String.fromCharCode(65 + Math.floor(random() * 26)),
  ).join('');
  return `WEB${letters}`;
}

export const ERP_SYNC_STATUSES = ['not_started', 'pending', 'synced', 'failed'] as const;
export type ErpSyncStatus = (typeof ERP_SYNC_STATUSES)[number];

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'voided', 'needs_attention'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Browser state and the card tokenizer
// ---------------------------------------------------------------------------------------------

/** sessionStorage key set after a completed payment; the success page clears it. */
export const PAYMENT_COMPLETED_STORAGE_KEY = 'paymentCompleted';

/**
 * What the card tokenizer frame posts to the page (CardPointe's hosted iFrame format): a JSON
 * string with the token in `message`, the expiry when asked for, and `validationError` when the
 * input is not a valid card.
 */
export interface TokenizerMessage {
  message?: string;
  expiry?: string;
  validationError?: string;
}

/** Parses a tokenizer postMessage payload (a JSON string, or an object); null if not one. */
export function parseTokenizerMessage(data: unknown): TokenizerMessage | null {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const message = typeof record.message === 'string' ? record.message : undefined;
  const expiry = typeof record.expiry === 'string' ? record.expiry : undefined;
  const validationError =
    typeof record.validationError === 'string' ? record.validationError : undefined;
  if (message === undefined && validationError === undefined) return null;
  return {
    ...(message !== undefined ? { message } : {}),
    ...(expiry !== undefined ? { expiry } : {}),
    ...(validationError !== undefined ? { validationError } : {}),
  };
}

/**
 * The sandbox gateway's test cards (embedded mode; docs/CHECKOUT-AND-PAYMENTS.md lists them).
 * Any expiry in the future and any CVV work.
 */
export const SANDBOX_TEST_CARDS = {
  approves: '4111111111111111',
  declines: '4000000000000002',
  /** The gateway never answers; the shop inquires, finds no charge, and says so. */
  timesOut: '4999006200620062',
} as const;
