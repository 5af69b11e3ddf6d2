import {
  APP_TOKEN_HEADER,
  APP_TOKEN_VALUE,
  CAPTCHA_NONCE_HEADER,
  CHECKOUT_MESSAGES,
  type CheckCustomerAnswer,
  type CheckCustomerRequest,
  type CouponAnswer,
  type CreateSalesOrderAnswer,
  type CreateSalesOrderRequest,
  type PaymentAnswer,
  type PaymentRequest,
  type SalesOrdersLastIdAnswer,
  type VerifyCaptchaAnswer,
} from '@labshop/shared/schemas/checkout';
import type { z } from 'zod';

/** The checkout's calls (SPEC.md section 7, "Storefront checkout calls"), all under /api. */

/**
 * A failed call, with the text to show: the server's `error`, else the raw body, else the
 * message of what went wrong, else 'Unknown error' (SPEC.md section 8, Checkout).
 */
export class CheckoutCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'CheckoutCallError';
  }
}

/** The text to show for anything thrown during the checkout. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return CHECKOUT_MESSAGES.unknownError;
}

/** The text of a failed answer: its JSON `error`, else the raw body, else `fallback`. */
async function failureText(response: Response, fallback: string): Promise<string> {
  let body = '';
  try {
    body = await response.text();
  } catch {
    return fallback;
  }
  try {
    const json = JSON.parse(body) as { error?: unknown } | null;
    if (typeof json?.error === 'string' && json.error.trim()) return json.error;
  } catch {
    // Not JSON: the raw body is the best text there is (a proxy's message, say).
  }
  const raw = body.trim();
  // An HTML error page is no message for a shopper.
  if (raw && !raw.startsWith('<') && raw.length <= 300) return raw;
  return fallback;
}

interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  nonce?: string;
  /** The text when a failed answer has none of its own; else one naming the status. */
  fallback?: string;
}

/** The message of a failed answer without text of its own (as HTTP clients word it). */
function statusMessage(status: number): string {
  return `Request failed with status code ${status}`;
}

async function callJson<T>(path: string, options: CallOptions): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  if (options.nonce !== undefined) {
    headers[APP_TOKEN_HEADER] = APP_TOKEN_VALUE;
    headers[CAPTCHA_NONCE_HEADER] = options.nonce;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    // The network: the browser's own message ('Failed to fetch') is all there is.
    throw new CheckoutCallError(errorText(error), null);
  }
  if (!response.ok) {
    const fallback = options.fallback ?? statusMessage(response.status);
    throw new CheckoutCallError(await failureText(response, fallback), response.status);
  }
  try {
    return (await response.json()) as T;
  } catch {
    throw new CheckoutCallError(
      options.fallback ?? CHECKOUT_MESSAGES.unknownError,
      response.status,
    );
  }
}

/** GET /api/coupons/{code}: the coupon, or null for an unknown code (404). */
export async function fetchCoupon(code: string): Promise<CouponAnswer | null> {
  try {
    return await callJson<CouponAnswer>(`/api/coupons/${encodeURIComponent(code)}`, {});
  } catch (error) {
    if (error instanceof CheckoutCallError && error.status === 404) return null;
    throw error;
  }
}

/** POST /api/checkout/verify-captcha: the single-use nonce for the payment. */
export async function verifyCaptcha(captchaToken: string): Promise<string> {
  const answer = await callJson<VerifyCaptchaAnswer>('/api/checkout/verify-captcha', {
    method: 'POST',
    body: { captchaToken },
    fallback: CHECKOUT_MESSAGES.securityFailed,
  });
  if (!answer.success || !answer.nonce) {
    throw new CheckoutCallError(CHECKOUT_MESSAGES.securityFailed, 200);
  }
  return answer.nonce;
}

/** GET /api/salesOrdersLastID. */
export async function fetchLastSalesOrderId(): Promise<string> {
  const answer = await callJson<SalesOrdersLastIdAnswer>('/api/salesOrdersLastID', {});
  return answer.lastSalesOrderId;
}

/**
 * POST /api/process-payment with the spec's headers (JSON, the app token, the captcha nonce).
 * A declined card is an answer (ok false), not a failed call.
 */
export function processPayment(body: PaymentRequest, nonce: string): Promise<PaymentAnswer> {
  return callJson<PaymentAnswer>('/api/process-payment', {
    method: 'POST',
    body,
    nonce,
  });
}

/** POST /api/checkCustomer: the customer number the order is booked to. */
export function checkCustomer(
  body: z.input<typeof CheckCustomerRequest>,
  nonce: string,
): Promise<CheckCustomerAnswer> {
  return callJson<CheckCustomerAnswer>('/api/checkCustomer', {
    method: 'POST',
    body,
    nonce,
  });
}

/** POST /api/createSalesOrder. */
export function createSalesOrder(
  body: z.input<typeof CreateSalesOrderRequest>,
  nonce: string,
): Promise<CreateSalesOrderAnswer> {
  return callJson<CreateSalesOrderAnswer>('/api/createSalesOrder', {
    method: 'POST',
    body,
    nonce,
  });
}
