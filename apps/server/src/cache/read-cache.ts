/**
 * Answers kept in memory for a while (catalogue reads, anonymous pages): browsing is nearly
 * all reads, and the same few lists and pages are asked for again and again. clear() empties
 * it at once; nothing here is shared between processes, so a write reaches the other
 * instances' caches through cache/invalidation.ts (decision 007), and the time to live bounds
 * what a lost notification could leave stale.
 */
export interface ReadCache {
  /**
   * The cached value for `key`, or `load()`'s; concurrent misses share one load. A value for
   * which `keep` says false is returned but not stored.
   */
  get<T>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  /** Whether get(key) would be answered without a load of its own: a fresh value, or one loading. */
  has(key: string): boolean;
  clear(): void;
}

export interface ReadCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /**
   * A bound on memory: entries' sizes (by `sizeOf`) add up to at most this; the oldest go
   * first. Without it only the entry count bounds the cache.
   */
  maxBytes?: number;
  sizeOf?: (value: unknown) => number;
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const entries = new Map<string, { value: unknown; expiresAt: number; bytes: number }>();
  let totalBytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.bytes;
    entries.delete(key);
  };
  const removeOldest = () => {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) remove(oldest);
  };
  const loading = new Map<string, Promise<unknown>>();
  // Bumped by clear(): a load that started before a write must not store its stale answer.
  let generation = 0;

  return {
    async get<T>(
      key: string,
      load: () => Promise<T>,
      keep: (value: T) => boolean = () => true,
    ): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) {
        // Used again: last in line to be dropped, so a flood of one-off answers (new searches)
        // drops each other, not the pages everybody asks for.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as T;
      }
      if (hit) remove(key);
      const pending = loading.get(key);
      if (pending) return pending as Promise<T>;

      const startedIn = generation;
      const promise = load().then(
        (value) => {
          loading.delete(key);
          const bytes = options.sizeOf?.(value) ?? 0;
          const fits = options.maxBytes === undefined || bytes <= options.maxBytes;
          if (startedIn === generation && options.ttlMs > 0 && fits && keep(value)) {
            remove(key);
            // Least recently used first in the Map: drop those until this one fits.
            while (
              entries.size >= options.maxEntries ||
              (options.maxBytes !== undefined && totalBytes + bytes > options.maxBytes)
            ) {
              removeOldest();
            }
            entries.set(key, { value, expiresAt: Date.now() + livesFor(options.ttlMs), bytes });
            totalBytes += bytes;
          }
          return value;
        },
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
    has(key: string): boolean {
      const hit = entries.get(key);
      return (hit !== undefined && hit.expiresAt > Date.now()) || loading.has(key);
    },
    clear() {
      generation++;
      entries.clear();
      totalBytes = 0;
      loading.clear();
    },
  };
}

/**
 * Between 90% and 100% of the time to live, at random: answers stored together (a warm-up, the
 * first visitors after a write) expire over a spread instead of all in one second, when every
 * one of them would be loaded again at once. Never longer: the time to live is the bound on
 * staleness that docs/PERFORMANCE.md and decision 007 promise.
 */
function livesFor(ttlMs: number): number {
  return ttlMs - Math.random() * ttlMs * TTL_SPREAD;
}

const TTL_SPREAD = 0.1;
