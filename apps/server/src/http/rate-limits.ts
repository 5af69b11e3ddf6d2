import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

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

/** Expired counters are swept at most this often (per instance). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** One counter's state after a hit: hits in its window, and ms until the window ends. */
export interface CounterHit {
  current: number;
  ttl: number;
  /** When the window ends, as stored: the same instant for every instance counting the key. */
  resetsAt: Date;
}

/**
 * Counting on the `rate_limit_counters` table, shared by every instance: `count(key, windowMs)`
 * adds one hit to the key's fixed window (a new window starts once the last has ended) in one
 * upsert, and answers the hits so far. The route limits below use it, and so does any limit a
 * service keeps itself (e.g. payment attempts per card). Keys of different users must not clash:
 * prefix them with what they count.
 */
export function createRateLimitCounter(db: Database) {
  let lastSweep = 0;
  const sweep = (now: Date) => {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    db.delete(rateLimitCounters)
      .where(lt(rateLimitCounters.resetsAt, now))
      .then(
        () => {},
        () => {},
      );
  };

  return async function count(key: string, windowMs: number): Promise<CounterHit> {
    const now = new Date();
    const resetsAt = new Date(now.getTime() + windowMs);
    const expired = sql`${rateLimitCounters.resetsAt} <= ${now.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key, hits: 1, resetsAt })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
          resetsAt: sql`case when ${expired} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
        },
      })
      .returning({ hits: rateLimitCounters.hits, resetsAt: rateLimitCounters.resetsAt });
    sweep(now);
    if (!row) throw new Error('rate limit counter upsert returned no row');
    return {
      current: row.hits,
      ttl: Math.max(0, row.resetsAt.getTime() - now.getTime()),
      resetsAt: row.resetsAt,
    };
  };
}

export type RateLimitCounter = ReturnType<typeof createRateLimitCounter>;

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
