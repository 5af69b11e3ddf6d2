import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { createRateLimitCounter } from '../db/rate-limit-counter.ts';
import { AppError } from '../core/app-error.ts';

/**
 * Per-client request limits on the routes that ask for one (`config.rateLimit`, made with
 * `perClientLimit`); nothing else is limited (global: false). The counters live in PostgreSQL
 * (`rate_limit_counters`), so every instance behind a load balancer counts the same requests.
 * The client is the request's IP (X-Forwarded-For only with TRUST_PROXY; IPv6 by /56 prefix,
 * as the plugin does by default). A refused request gets 429 `{ error }` with Retry-After.
 */
export const rateLimits = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    await app.register(rateLimit, {
      global: false,
      store: databaseStore(options.db),
      // Counting and refusing happen before the body is read.
      hook: 'onRequest',
    });
  },
  { name: 'rate-limits' },
);

/** Route config for "at most `max` requests per client in `windowMs`", refused with `message`. */
export function perClientLimit(limit: {
  max: number;
  windowMs: number;
  message: string;
}): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: () => new AppError('too_many_requests', limit.message),
  };
}

/**
 * CSV exports of personal data (customers, orders, subscribers, the audit log) per client: an
 * administrator needs a few; a burst is a script or a stolen session scraping, and gets 429.
 */
export const exportLimit = () =>
  perClientLimit({
    max: 30,
    windowMs: 10 * 60 * 1000,
    message: 'Too many exports. Please wait a few minutes and try again.',
  });

/**
 * A lab's order PDFs per client: made on the server (or fetched from Business Central) at each
 * download; a lab needs a few, a burst is a script.
 */
export const documentLimit = () =>
  perClientLimit({
    max: 60,
    windowMs: 10 * 60 * 1000,
    message: 'Too many downloads. Please wait a few minutes and try again.',
  });

/** A store for @fastify/rate-limit on the `rate_limit_counters` table: one upsert per request. */
function databaseStore(db: Database) {
  const count = createRateLimitCounter(db);

  /** The plugin makes one store, then a child per limited route; the route keeps counters apart. */
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _pluginOptions: unknown,
      private readonly scope = 'global',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      count(`${this.scope} ${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { url: string; routeInfo?: { method?: unknown; url?: unknown } }) {
      const route = routeOptions.routeInfo;
      return new DatabaseRateLimitStore(
        null,
        `${String(route?.method ?? '')} ${String(route?.url ?? routeOptions.url)}`,
      );
    }
  };
}
