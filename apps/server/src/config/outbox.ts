import { booleanField, numberField, type VarsOf } from './fields.ts';

/** The outbox's job worker: whether it runs in this process, how often it looks, retries. */
export const outboxFields = {
  OUTBOX_WORKER: booleanField({ default: true }),
  OUTBOX_POLL_SECONDS: numberField({
    of: 'a number of seconds',
    min: 0.05,
    max: 3600,
    default: 2,
  }),
  OUTBOX_RETRY_BASE_SECONDS: numberField({
    of: 'a number of seconds',
    min: 0.01,
    max: 3600,
    default: 10,
  }),
  OUTBOX_RETRY_MAX_SECONDS: numberField({
    of: 'a number of seconds',
    min: 0.01,
    max: 7 * 24 * 3600,
    maxMeans: '7 days',
    default: 3600,
  }),
  ORDER_STATUS_POLL_SECONDS: numberField({
    of: 'a number of seconds',
    min: 1,
    max: 24 * 3600,
    maxMeans: 'a day',
    default: 600,
  }),
};

/** The durable job worker (ERP sync, order mail): how often it looks, how it backs off. */
export interface OutboxConfig {
  /** Off only for tests that drive the worker by hand. */
  enabled: boolean;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

export interface OutboxSettings {
  outbox: OutboxConfig;
  /** How often the ERP is asked which orders were shipped and invoiced (jobs/order-status.ts). */
  orderStatusPollMs: number;
}

export function outboxSettings(vars: VarsOf<typeof outboxFields>): OutboxSettings {
  return {
    outbox: {
      enabled: vars.OUTBOX_WORKER,
      pollMs: vars.OUTBOX_POLL_SECONDS * 1000,
      retryBaseMs: vars.OUTBOX_RETRY_BASE_SECONDS * 1000,
      retryMaxMs: vars.OUTBOX_RETRY_MAX_SECONDS * 1000,
    },
    orderStatusPollMs: vars.ORDER_STATUS_POLL_SECONDS * 1000,
  };
}
