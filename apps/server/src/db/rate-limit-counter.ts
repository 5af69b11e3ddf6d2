import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rateLimitCounters } from './schema/index.ts';

/**
 * The one owner of `rate_limit_counters` (decision 017): the counting below, and the two reads
 * and deletes a limit with waits of its own needs (the embedded provider's login throttle).
 */

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
 * upsert, and answers the hits so far. The route limits (http/rate-limits.ts) use it, and so does
 * any limit a service keeps itself (e.g. payment attempts per card). Keys of different users must
 * not clash: prefix them with what they count.
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

/** When the last of these keys' windows still running ends; null when none is. */
export async function runningUntil(
  db: Database,
  keys: readonly string[],
  now: Date,
): Promise<Date | null> {
  const rows = await db
    .select({ resetsAt: rateLimitCounters.resetsAt })
    .from(rateLimitCounters)
    .where(and(inArray(rateLimitCounters.key, [...keys]), gt(rateLimitCounters.resetsAt, now)));
  const until = Math.max(0, ...rows.map((row) => row.resetsAt.getTime()));
  return until > 0 ? new Date(until) : null;
}

/** Forgets these keys' counts (a success that wipes its failures). */
export async function clearCounters(db: Database, keys: readonly string[]): Promise<void> {
  await db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, [...keys]));
}
