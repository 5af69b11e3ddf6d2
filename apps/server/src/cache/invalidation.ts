import { randomUUID } from 'node:crypto';
import type { DatabaseNotifications } from '../db/client.ts';
import type { ReadCache } from './read-cache.ts';

/** The PostgreSQL channel every instance listens on for "what you cached may be stale". */
export const CACHE_INVALIDATION_CHANNEL = 'labshop_cache';

/**
 * Keeps the read caches of every instance (catalogue and content answers, anonymous pages)
 * honest after a write: the writing instance empties its caches at once and sends one
 * notification through the database; every other instance empties its caches when it hears it
 * (decision 007). Caches still expire on their own, which bounds staleness if a notification
 * is ever lost.
 */
export interface CacheInvalidation {
  /** A cache to empty on every invalidation, local or from another instance. */
  track(cache: Pick<ReadCache, 'clear'>): void;
  /**
   * `cache`, tracked, with clear() meaning "invalidate everywhere": a module that clears its
   * own cache after a write so tells every instance, whatever caused the write.
   */
  shared(cache: ReadCache): ReadCache;
  /** Empties every tracked cache here now and tells the other instances. */
  invalidate(): void;
  /** Starts listening; resolves once the first attempt to listen is done. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface CacheInvalidationDeps {
  notifications: DatabaseNotifications;
  log: {
    warn(object: unknown, message: string): void;
    info(object: unknown, message: string): void;
  };
}

export function createCacheInvalidation({
  notifications,
  log,
}: CacheInvalidationDeps): CacheInvalidation {
  // Our own notifications come back to us; the caches were emptied when they were sent.
  const instanceId = randomUUID();
  const caches = new Set<Pick<ReadCache, 'clear'>>();
  let listening: { stop(): Promise<void> } | null = null;

  const clearHere = () => {
    for (const cache of caches) cache.clear();
  };

  // One notification in flight at a time; invalidations while it is sent make one more after
  // it, so a burst of writes (a price sync) costs two notifications, not one per row.
  let sending: Promise<void> | null = null;
  let sendAgain = false;
  const notifyOthers = () => {
    if (sending) {
      sendAgain = true;
      return;
    }
    sending = notifications
      .notify(CACHE_INVALIDATION_CHANNEL, instanceId)
      .catch((error: unknown) => {
        log.warn({ err: error }, 'cache invalidation: other instances were not told of a write');
      })
      .finally(() => {
        sending = null;
        if (sendAgain) {
          sendAgain = false;
          notifyOthers();
        }
      });
  };

  const invalidation: CacheInvalidation = {
    track(cache) {
      caches.add(cache);
    },
    shared(cache) {
      caches.add(cache);
      return {
        get: cache.get.bind(cache),
        has: cache.has.bind(cache),
        clear: () => invalidation.invalidate(),
      };
    },
    invalidate() {
      clearHere();
      notifyOthers();
    },
    async start() {
      if (listening) return;
      listening = await notifications.listen(CACHE_INVALIDATION_CHANNEL, {
        onMessage(payload) {
          if (payload !== instanceId) clearHere();
        },
        onGap() {
          log.info({}, 'cache invalidation: listening again; caches emptied');
          clearHere();
        },
        onError(error, retryInMs) {
          log.warn(
            { err: error, retryInMs },
            'cache invalidation: not listening for other instances; caches expire on their own',
          );
        },
      });
    },
    async stop() {
      const current = listening;
      listening = null;
      await current?.stop();
      await sending;
    },
  };
  return invalidation;
}
