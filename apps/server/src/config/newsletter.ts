import { numberField, type VarsOf } from './fields.ts';

/** Newsletter sends (batches of the outbox) and the sign-up form's limits. */
export const newsletterFields = {
  NEWSLETTER_BATCH_SIZE: numberField({ integer: true, min: 1, max: 1000, default: 50 }),
  NEWSLETTER_SIGNUP_RATE_LIMIT_MAX: numberField({
    integer: true,
    min: 1,
    max: 100_000,
    default: 5,
  }),
  NEWSLETTER_CONFIRM_RATE_LIMIT_MAX: numberField({
    integer: true,
    min: 1,
    max: 100_000,
    default: 30,
  }),
};

export interface NewsletterSettings {
  newsletter: {
    /** Recipients per outbox job of a send. */
    batchSize: number;
    /** POST /api/newsletter/signup: at most `max` sign-ups per client IP in `windowMs`. */
    signupRateLimit: { max: number; windowMs: number };
    /** POST /api/newsletter/confirm: at most `max` confirmations per client IP in `windowMs`. */
    confirmRateLimit: { max: number; windowMs: number };
  };
}

export function newsletterSettings(vars: VarsOf<typeof newsletterFields>): NewsletterSettings {
  return {
    newsletter: {
      batchSize: vars.NEWSLETTER_BATCH_SIZE,
      signupRateLimit: { max: vars.NEWSLETTER_SIGNUP_RATE_LIMIT_MAX, windowMs: 600_000 },
      confirmRateLimit: { max: vars.NEWSLETTER_CONFIRM_RATE_LIMIT_MAX, windowMs: 600_000 },
    },
  };
}
