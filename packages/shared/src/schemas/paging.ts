import { z } from 'zod';

/**
 * The paging query fields every list of the API takes, with messages a person can act on:
 * `?page=` (1-based) and `?limit=` (a page's size).
 */

const PAGE_MESSAGE = 'page must be a whole number from 1.';

/** `?page=`: a whole number from 1 to `maxPage`; 1 when absent. */
export function pageField(maxPage = 1_000_000) {
  return z.coerce
    .number({ error: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .max(maxPage, 'page is too large.')
    .default(1);
}

/** `?limit=`: a whole number from 1 to `max`; `fallback` when absent. */
export function limitField(max: number, fallback: number) {
  const message = `limit must be a whole number from 1 to ${max}.`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .default(fallback);
}

/** How many pages a list of `total` items fills, `pageSize` a page; an empty list is one page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
