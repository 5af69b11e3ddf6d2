/**
 * Answers kept in memory for a few seconds (catalogue reads, anonymous pages): browsing is
 * nearly all reads, and the same few lists and pages are asked for again and again. clear()
 * (a write on this instance) empties it at once; other instances see a write within the time
 * to live, since nothing here is shared between processes.
 */
export interface ReadCache {
  /**
   * The cached value for `key`, or `load()`'s; concurrent misses share one load. A value for
   * which `keep` says false is returned but not stored.
   */
  get<T>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  clear(): void;
}

export function createReadCache(options: { ttlMs: number; maxEntries: number }): ReadCache {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
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
      if (hit && hit.expiresAt > now) return hit.value as T;
      if (hit) entries.delete(key);
      const pending = loading.get(key);
      if (pending) return pending as Promise<T>;

      const startedIn = generation;
      const promise = load().then(
        (value) => {
          loading.delete(key);
          if (startedIn === generation && options.ttlMs > 0 && keep(value)) {
            // Oldest first in a Map: drop the oldest entry when full.
            if (entries.size >= options.maxEntries) {
              const oldest = entries.keys().next().value;
              if (oldest !== undefined) entries.delete(oldest);
            }
            entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
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
    clear() {
      generation++;
      entries.clear();
      loading.clear();
    },
  };
}
