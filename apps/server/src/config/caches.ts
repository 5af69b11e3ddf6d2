import { numberField, type VarsOf } from './fields.ts';

/** Seconds a cached answer is reused, at most 5 minutes; 0 turns the cache off. */
const cacheSeconds = numberField({
  of: 'a number of seconds',
  min: 0,
  zeroMeans: 'off',
  max: 300,
  default: 300,
});

/** The in-memory read caches (src/cache/): how long an answer or a page is reused. */
export const cachesFields = {
  PAGE_CACHE_SECONDS: cacheSeconds,
  CATALOG_CACHE_SECONDS: cacheSeconds,
};

export interface CachesSettings {
  /**
   * How long catalogue answers are reused from memory. Writes on this instance clear them at
   * once; other instances see a write within this time. 0 turns the cache off.
   */
  catalogCacheMs: number;
  /** How long a page rendered for a visitor without cookies is reused; 0 turns it off. */
  pageCacheMs: number;
}

export function cachesSettings(vars: VarsOf<typeof cachesFields>): CachesSettings {
  return {
    catalogCacheMs: vars.CATALOG_CACHE_SECONDS * 1000,
    pageCacheMs: vars.PAGE_CACHE_SECONDS * 1000,
  };
}
