import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentLimitsConfig } from '../../config/index.ts';
import { clientOfIp } from '../../core/client-address.ts';
import type { RateLimitCounter } from '../../db/rate-limit-counter.ts';
import { AppError } from '../../core/app-error.ts';
import type { Mailer } from '../../integrations/mail/port.ts';
import { PermanentJobError, type NewOutboxJob, type OutboxPayload } from '../../jobs/outbox.ts';

/**
 * Card-testing defence (issue 10, point 4). Someone holding a list of stolen card numbers tries
 * them one after another through a shop's payment form, from a few addresses, often with made-up
 * e-mails. Every charge POST /api/process-payment is about to ask the gateway for counts against
 * three limits within one window: per client IP (IPv6 by /56, as the route limits), per billing
 * e-mail (normalised, so Maria+1@ and maria@ are one buyer) and per card token. One over any
 * limit is refused with 429 and Retry-After before the gateway is called. The counters are the
 * route limits' table (`rate_limit_counters`), so every instance counts the same attempts.
 *
 * Declines are counted shop-wide: the request whose decline reaches the threshold in a window
 * writes one outbox job (at most one per window, by its dedupe key) that mails the shop's staff
 * address the counts. The mail names no card data, token or buyer.
 */

/** The outbox job that mails the staff about a burst of declines. */
export const DECLINE_ALERT_JOB = 'payment-decline-alert';

export const PAYMENT_GUARD_MESSAGES = {
  tooManyAttempts: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return `Too many payment attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or contact us.`;
  },
} as const;

/** 429 with the seconds the caller should wait (the route sends them as Retry-After). */
export class PaymentAttemptsLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('too_many_requests', PAYMENT_GUARD_MESSAGES.tooManyAttempts(retryAfterSeconds));
  }
}

/** What one payment attempt is counted by. */
export interface AttemptSource {
  ip: string;
  email: string;
  token: string;
}

export type LimitedBy = 'ip' | 'email' | 'card';

/**
 * The e-mail a buyer is counted under: trimmed and lower-cased, a "+tag" on the local part
 * dropped (nearly every provider delivers local+anything to local), and for Gmail the dots in
 * the local part too (Gmail ignores them; other providers do not, so they stay).
 */
export function normalizedEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** Counter keys never hold the token or the address themselves. */
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

export interface PaymentGuardDeps {
  count: RateLimitCounter;
  limits: PaymentLimitsConfig;
  /** Writes an outbox job (answers false when its dedupe key is taken). */
  enqueue: (job: NewOutboxJob) => Promise<boolean>;
  log: FastifyBaseLogger;
}

export function createPaymentGuard(deps: PaymentGuardDeps) {
  const { count, limits, log } = deps;

  return {
    /**
     * Counts one payment attempt against each limit; throws PaymentAttemptsLimited (429) when
     * any is over. Every attempt counts, refused ones too: trying harder does not help.
     */
    async checkAttempt(source: AttemptSource): Promise<void> {
      const checks: { by: LimitedBy; key: string; max: number }[] = [
        { by: 'ip', key: `payment:ip ${clientOfIp(source.ip)}`, max: limits.perIp },
        {
          by: 'email',
          key: `payment:email ${digest(normalizedEmail(source.email))}`,
          max: limits.perEmail,
        },
        { by: 'card', key: `payment:card ${digest(source.token)}`, max: limits.perCard },
      ];
      const hits = await Promise.all(
        checks.map(async (check) => ({ ...check, hit: await count(check.key, limits.windowMs) })),
      );
      const over = hits.filter((check) => check.hit.current > check.max);
      if (over.length === 0) return;
      const retryAfterSeconds = Math.max(
        1,
        ...over.map((check) => Math.ceil(check.hit.ttl / 1000)),
      );
      log.warn(
        {
          ip: source.ip,
          limitedBy: over.map((check) => check.by),
          attempts: Object.fromEntries(hits.map((check) => [check.by, check.hit.current])),
          retryAfterSeconds,
        },
        'process-payment: too many payment attempts; refused before the gateway',
      );
      throw new PaymentAttemptsLimited(retryAfterSeconds);
    },

    /**
     * Counts one declined charge shop-wide. The decline that reaches the threshold writes the
     * window's alert job (once per window, whichever instance counts it).
     */
    async recordDecline(): Promise<void> {
      const hit = await count('payment:declines', limits.declineAlertWindowMs);
      if (hit.current !== limits.declineAlertThreshold) return;
      const windowStarts = new Date(hit.resetsAt.getTime() - limits.declineAlertWindowMs);
      log.warn(
        { declines: hit.current, since: windowStarts.toISOString() },
        'card payments: a burst of declines; mailing the staff',
      );
      await deps.enqueue({
        kind: DECLINE_ALERT_JOB,
        payload: {
          declines: hit.current,
          threshold: limits.declineAlertThreshold,
          windowMinutes: Math.round(limits.declineAlertWindowMs / 60_000),
          windowStarts: windowStarts.toISOString(),
        },
        // The window's exact start, from the stored counter: windows a second apart are two
        // windows (cut to the second, two windows in one second shared one alert).
        dedupeKey: `${DECLINE_ALERT_JOB}:${windowStarts.toISOString()}`,
      });
    },
  };
}

export type PaymentGuard = ReturnType<typeof createPaymentGuard>;

/** The alert job's handler: mails the staff the counts (no card data, no buyer). */
export function declineAlertMailer(deps: {
  mailer: Mailer;
  /** SHOP_MAIL_TO, else the contact data's e-mail; null when the shop has none. */
  staffMailTo: () => Promise<string | null>;
  /** Declined payments since then, counted in the database at send time. */
  declinesSince: (since: Date) => Promise<number>;
  log: FastifyBaseLogger;
}) {
  return async (payload: OutboxPayload): Promise<void> => {
    const declines = Number(payload.declines);
    const threshold = Number(payload.threshold);
    const windowMinutes = Number(payload.windowMinutes);
    const since = new Date(String(payload.windowStarts));
    if (![declines, threshold, windowMinutes].every(Number.isFinite) || !since.getTime()) {
      throw new PermanentJobError('payment-decline-alert: bad payload');
    }
    const to = await deps.staffMailTo();
    if (!to) {
      deps.log.warn('a burst of card declines, but there is no shop e-mail to alert');
      return;
    }
    const recorded = await deps.declinesSince(since);
    await deps.mailer.send({
      to,
      subject: `Card payments: ${declines} declines in ${windowMinutes} minutes`,
      text: [
        `${declines} card payments were declined within ${windowMinutes} minutes (since ${since.toISOString()}); the alert threshold is ${threshold} per ${windowMinutes} minutes.`,
        `Declined payments recorded since then: ${recorded}.`,
        '',
        'Many declines in a short time often mean someone is testing stolen card numbers through the checkout.',
        'Payment attempts are limited per client address, per e-mail and per card, so they are slowed down already.',
        'The declined orders are in the admin order history (status failed). If this goes on, consider turning the checkout captcha on (RECAPTCHA_SECRET) or lowering PAYMENT_LIMIT_PER_IP.',
        '',
        '--',
        'Sent once per window by the shop when declines pass PAYMENT_DECLINE_ALERT_THRESHOLD.',
      ].join('\n'),
      relatedTo: `payments:declines:${since.toISOString()}`,
    });
  };
}
