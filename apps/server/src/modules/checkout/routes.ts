import { COOKIES, hostCookieName } from '@labshop/shared/constants';
import {
  CAPTCHA_NONCE_HEADER,
  CAPTCHA_NONCE_TTL_SECONDS,
  CartAnswerSchema,
  CheckCustomerAnswerSchema,
  CheckCustomerRequest,
  CouponAnswerSchema,
  CreateInvoiceAnswerSchema,
  CreateInvoiceRequest,
  CreateSalesOrderAnswerSchema,
  CreateSalesOrderRequest,
  PaymentAnswerSchema,
  PaymentRequest,
  RecordPaymentAnswerSchema,
  RecordPaymentRequest,
  SalesOrdersLastIdAnswerSchema,
  VerifyCaptchaAnswerSchema,
  VerifyCaptchaRequest,
} from '@labshop/shared/schemas/checkout';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perClientLimit } from '../../http/rate-limits.ts';
import { newCheckoutCookie } from './nonces.ts';
import { PaymentAttemptsLimited } from './payment-guard.ts';
import { CHECKOUT_SERVER_MESSAGES, type CheckoutService } from './service.ts';
import { ErrorSchema } from '../../http/errors.ts';

/**
 * SPEC.md section 7, storefront checkout calls (verify-captcha, salesOrdersLastID,
 * process-payment, checkCustomer, createSalesOrder, createInvoice, recordPayment), plus ours:
 * the cart and coupon lookups. The admin's orders are modules/orders.
 */

const CouponParams = z.object({ code: z.string() });

const NONCE_DESCRIPTION = `Send the nonce from POST /api/checkout/verify-captcha in the ${CAPTCHA_NONCE_HEADER} header.`;

/** The nonce header as sent (a repeated header counts by its first value). */
function nonceOf(request: FastifyRequest): string | undefined {
  const value = request.headers[CAPTCHA_NONCE_HEADER];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The cart cookie's value exactly as the browser sent it. The cookie plugin would decode it
 * already, and parseCartCookie decodes once more; a title with a '%' must survive that.
 */
function rawCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim();
    }
  }
  return undefined;
}

const BROWSER_ID = /^[A-Za-z0-9_-]{22}$/;

export async function checkoutRoutes(
  fastify: FastifyInstance,
  options: {
    checkout: CheckoutService;
    captchaRateLimit: { max: number; windowMs: number };
    /** https: the checkout cookie is Secure and named with the __Host- prefix. */
    secureCookies?: boolean;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { checkout } = options;
  const browserCookie = hostCookieName(COOKIES.checkout, options.secureCookies ?? false);
  const browserOf = (request: FastifyRequest): string | null => {
    const value = request.cookies[browserCookie];
    return value && BROWSER_ID.test(value) ? value : null;
  };
  /** Starts a new checkout for this browser (all its tabs): a new random checkout cookie. */
  const startCheckout = (reply: FastifyReply) => {
    reply.setCookie(browserCookie, newCheckoutCookie(), {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies === true,
      path: '/',
      maxAge: 24 * 60 * 60,
    });
  };
  const followUpErrors = {
    400: ErrorSchema,
    403: ErrorSchema,
    409: ErrorSchema,
  };

  app.get(
    '/api/cart',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: "The request's cart cookie resolved to products and prices for the caller",
        description: `Reads the ${COOKIES.cart} cookie; tier is wholesale for signed-in callers. Entries naming no live product are listed in removed; a malformed cookie is an empty cart.`,
        response: { 200: CartAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return checkout.cart(rawCookie(request, COOKIES.cart), await request.currentUser());
    },
  );

  app.get(
    '/api/coupons/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: "A coupon's percent (case-insensitive); 404 'Invalid coupon code'",
        params: CouponParams,
        response: { 200: CouponAnswerSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return checkout.coupon(request.params.code);
    },
  );

  app.post(
    '/api/checkout/verify-captcha',
    {
      config: {
        access: 'public',
        rateLimit: perClientLimit({
          ...options.captchaRateLimit,
          message: CHECKOUT_SERVER_MESSAGES.tooManyCaptchaChecks,
        }),
      },
      schema: {
        tags: ['checkout'],
        summary: 'The Pay Now captcha check; answers a single-use nonce',
        description: `captchaToken is a reCAPTCHA v3 token for action payment (empty when the captcha is off). The nonce starts one payment within ${CAPTCHA_NONCE_TTL_SECONDS} s. Refused: 403; verifier down: 503. Limited per client IP (429).`,
        body: VerifyCaptchaRequest,
        response: {
          200: VerifyCaptchaAnswerSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          429: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await checkout.verifyCaptcha(request.body.captchaToken, request.ip);
      if (!browserOf(request)) startCheckout(reply);
      return answer;
    },
  );

  app.get(
    '/api/salesOrdersLastID',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: 'The newest order number given out',
        response: { 200: SalesOrdersLastIdAnswerSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkout.lastSalesOrderId();
    },
  );

  app.post(
    '/api/process-payment',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: 'Charge the card for the cart',
        description: `${NONCE_DESCRIPTION} The amount (cents) must equal the server's price of the cart for the caller's tier and coupon (409 otherwise). A declined card answers 200 with ok false and the error; a repeated request with the same nonce answers the same order's outcome and never charges again. A new nonce from the same browser checkout (the ${COOKIES.checkout} cookie) for the same cart, e-mail, tier and coupon within 10 minutes of that checkout's pending or paid order answers that order too (two tabs, a lost answer); a paid answer sets a new checkout cookie, so the browser's next payment is a new order. With quoteNumber (issue 37), a signed-in lab pays its accepted, still valid quote: the lines, prices and freight are the stored quote's (the cart sent is not used), the amount must be its total (409), a coupon is refused (400), another lab's quote is 404, and the quote has one order: a repeat from any browser answers that order. Card testing: payment attempts per client IP, billing e-mail and card token are limited within a window (429 with Retry-After; the gateway is not called).`,
        body: PaymentRequest,
        response: {
          200: PaymentAnswerSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const browser = browserOf(request);
      try {
        const answer = await checkout.processPayment(request.body, nonceOf(request), {
          ip: request.ip,
          user: await request.currentUser(),
          browser,
        });
        // Paid: this checkout is over, and the browser's next payment is a new order. A browser
        // that never gets this answer keeps the old cookie, so its retry still finds the order.
        if (answer.ok && browser) startCheckout(reply);
        return answer;
      } catch (error) {
        if (error instanceof PaymentAttemptsLimited) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/checkCustomer',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: "The paid order's customer number (known, by e-mail, or new)",
        description: NONCE_DESCRIPTION,
        body: CheckCustomerRequest,
        response: {
          200: CheckCustomerAnswerSchema,
          ...followUpErrors,
        },
      },
    },
    async (request) => checkout.checkCustomer(request.body, nonceOf(request)),
  );

  app.post(
    '/api/createSalesOrder',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: "Records the paid order's sales order; the ERP gets it through the outbox",
        description: `${NONCE_DESCRIPTION} The order's lines and prices are the server's; the body's cart is not used. Idempotent.`,
        body: CreateSalesOrderRequest,
        response: {
          200: CreateSalesOrderAnswerSchema,
          ...followUpErrors,
        },
      },
    },
    async (request) => checkout.createSalesOrder(request.body, nonceOf(request)),
  );

  app.post(
    '/api/createInvoice',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: "The paid order's invoice (one per order)",
        description: `${NONCE_DESCRIPTION} Idempotent.`,
        body: CreateInvoiceRequest,
        response: {
          200: CreateInvoiceAnswerSchema,
          ...followUpErrors,
        },
      },
    },
    async (request) => checkout.createInvoice(request.body, nonceOf(request)),
  );

  app.post(
    '/api/recordPayment',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: "Links the paid order's payment to its invoice",
        description: `${NONCE_DESCRIPTION} Idempotent.`,
        body: RecordPaymentRequest,
        response: {
          200: RecordPaymentAnswerSchema,
          ...followUpErrors,
        },
      },
    },
    async (request) => checkout.recordPayment(request.body, nonceOf(request)),
  );
}
