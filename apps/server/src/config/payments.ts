import { z } from 'zod';
import {
  attemptLimit,
  enumField,
  numberField,
  requireAlongside,
  secretField,
  urlField,
  type VarsOf,
} from './fields.ts';

/** The card gateway and the checkout's defences against card testing. */
export const paymentsFields = {
  PAYMENT_GATEWAY: enumField(['sandbox', 'cardpointe'], { default: 'sandbox' }),
  CARDPOINTE_URL: urlField({
    error: 'must be the gateway site URL such as https://fts-uat.cardconnect.com',
  }),
  CARDPOINTE_MERCHANT_ID: z.string().regex(/^\d+$/, 'must be the merchant id (digits)').optional(),
  CARDPOINTE_USERNAME: z.string().optional(),
  CARDPOINTE_PASSWORD: secretField(),
  CARDPOINTE_TOKENIZER_URL: urlField({
    example: 'https://fts-uat.cardconnect.com/itoke/ajax-tokenizer.html',
  }),
  CARDPOINTE_TIMEOUT_SECONDS: numberField({
    of: 'a number of seconds',
    min: 1,
    max: 120,
    default: 40,
  }),
  CHECKOUT_CAPTCHA_RATE_LIMIT_MAX: numberField({
    integer: true,
    min: 1,
    max: 100_000,
    default: 30,
  }),
  PAYMENT_LIMIT_WINDOW_SECONDS: numberField({
    of: 'a number of seconds',
    integer: true,
    min: 1,
    max: 7 * 24 * 60 * 60,
    maxMeans: '7 days',
    default: 3600,
  }),
  PAYMENT_LIMIT_PER_IP: attemptLimit(20),
  PAYMENT_LIMIT_PER_EMAIL: attemptLimit(10),
  PAYMENT_LIMIT_PER_CARD: attemptLimit(5),
  PAYMENT_DECLINE_ALERT_THRESHOLD: attemptLimit(10),
  PAYMENT_DECLINE_ALERT_WINDOW_SECONDS: numberField({
    of: 'a number of seconds',
    integer: true,
    min: 60,
    max: 7 * 24 * 60 * 60,
    maxMeans: '7 days',
    default: 3600,
  }),
};

/** The card gateway: the sandbox (embedded) or CardPointe's REST API and hosted tokenizer. */
export type PaymentsConfig =
  | { kind: 'sandbox' }
  | {
      kind: 'cardpointe';
      /** The site, e.g. https://fts-uat.cardconnect.com; the REST base is <url>/cardconnect/rest. */
      url: string;
      merchantId: string;
      username: string;
      password: string;
      /** The hosted iFrame tokenizer page (default <url>/itoke/ajax-tokenizer.html). */
      tokenizerUrl: string;
      /** Above the gateway's own 32 s processor timeout. */
      timeoutMs: number;
    };

/**
 * Payment attempts (charges the gateway is asked for) allowed per client IP, per billing e-mail
 * and per card token within `windowMs`; declines shop-wide that mail the staff once per window.
 */
export interface PaymentLimitsConfig {
  windowMs: number;
  perIp: number;
  perEmail: number;
  perCard: number;
  declineAlertThreshold: number;
  declineAlertWindowMs: number;
}

export interface PaymentsSettings {
  payments: PaymentsConfig;
  /** POST /api/checkout/verify-captcha: at most `max` nonces per client IP in 10 minutes. */
  checkoutCaptchaRateLimit: { max: number; windowMs: number };
  /** Card-testing defence on POST /api/process-payment (modules/checkout/payment-guard.ts). */
  paymentLimits: PaymentLimitsConfig;
}

export function paymentsSettings(vars: VarsOf<typeof paymentsFields>): PaymentsSettings {
  return {
    payments: paymentsConfig(vars),
    checkoutCaptchaRateLimit: { max: vars.CHECKOUT_CAPTCHA_RATE_LIMIT_MAX, windowMs: 600_000 },
    paymentLimits: {
      windowMs: vars.PAYMENT_LIMIT_WINDOW_SECONDS * 1000,
      perIp: vars.PAYMENT_LIMIT_PER_IP,
      perEmail: vars.PAYMENT_LIMIT_PER_EMAIL,
      perCard: vars.PAYMENT_LIMIT_PER_CARD,
      declineAlertThreshold: vars.PAYMENT_DECLINE_ALERT_THRESHOLD,
      declineAlertWindowMs: vars.PAYMENT_DECLINE_ALERT_WINDOW_SECONDS * 1000,
    },
  };
}

function paymentsConfig(vars: VarsOf<typeof paymentsFields>): PaymentsConfig {
  if (vars.PAYMENT_GATEWAY === 'sandbox') return { kind: 'sandbox' };
  requireAlongside(vars, 'PAYMENT_GATEWAY', [
    'CARDPOINTE_URL',
    'CARDPOINTE_MERCHANT_ID',
    'CARDPOINTE_USERNAME',
    'CARDPOINTE_PASSWORD',
  ]);
  const url = (vars.CARDPOINTE_URL ?? '').replace(/\/+$/, '');
  return {
    kind: 'cardpointe',
    url,
    merchantId: vars.CARDPOINTE_MERCHANT_ID ?? '',
    username: vars.CARDPOINTE_USERNAME ?? '',
    password: vars.CARDPOINTE_PASSWORD ?? '',
    tokenizerUrl: vars.CARDPOINTE_TOKENIZER_URL ?? `${url}/itoke/ajax-tokenizer.html`,
    timeoutMs: vars.CARDPOINTE_TIMEOUT_SECONDS * 1000,
  };
}
