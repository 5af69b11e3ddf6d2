import { z } from 'zod';

/**
 * The business system (ERP: Business Central, or the built-in one in embedded mode) as the admin
 * sees it: the customers list (SPEC.md "List of Customers", "Business-system customer"), the
 * price sync (SPEC.md "Price refresh result") and the sync ledger. Wording the spec does not
 * give is ours and marked so.
 */

export const ERP_MESSAGES = {
  // SPEC.md section 2 (List of Customers).
  customersLoading: 'Connecting with Business Central, Please wait...',
  // Ours.
  syncRunning: 'A price sync is already running. Wait for it to finish.',
  customersRefreshRunning: 'The customer list is already being refreshed. Wait for it to finish.',
  syncNotFound: 'Sync not found.',
  /**
   * `reason` is the ERP integration's own clear message; Business Central's already say so
   * ('Business Central did not answer within 30 s (GET items)').
   */
  erpUnavailable: (reason: string) =>
    reason.startsWith('Business Central') ? reason : `The ERP could not be reached: ${reason}`,
  interrupted: 'The sync was interrupted (the server stopped) before it finished.',
  /** A sync confirmed on a preview whose changes are no longer the ones it would make. */
  pricesChangedSinceConfirm: (changes: number) =>
    `Nothing was changed: the prices changed since you confirmed, and ${changes} ${
      changes === 1 ? 'product' : 'products'
    } would change now. Look at the changes again before syncing.`,
} as const;

/** SPEC.md "Business-system customer": exactly these ten fields, in this order (CSV columns). */
export const CUSTOMER_FIELDS = [
  'displayName',
  'type',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'country',
  'phoneNumber',
  'email',
  'website',
] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

export const CustomerDtoSchema = z.object(
  Object.fromEntries(CUSTOMER_FIELDS.map((field) => [field, z.string()])) as Record<
    CustomerField,
    z.ZodString
  >,
);
export type CustomerDto = z.infer<typeof CustomerDtoSchema>;

/** The admin list: 10 per page, at most 5 page links (SPEC.md section 9). */
export const CUSTOMERS_PAGE_SIZE = 10;
export const CUSTOMERS_MAX_PAGE_LINKS = 5;
/** Ours: the screen refreshes its copy from the ERP when the copy is older than this. */
export const CUSTOMERS_STALE_AFTER_MS = 15 * 60 * 1000;
export const CUSTOMER_SEARCH_MAX_LENGTH = 200;

/**
 * GET /api/customers and POST /api/customers/refresh: the spec's `{ value }` plus where the copy
 * came from and how old it is (the list is our cached copy of the ERP's).
 */
export const CustomersAnswerSchema = z.object({
  value: z.array(CustomerDtoSchema),
  source: z.enum(['built-in', 'business-central']),
  /** When the copy was last refreshed from the ERP; null before the first refresh. */
  refreshedAt: z.string().nullable(),
  /** The last refresh's failure, when it failed after the copy was made. */
  refreshError: z.object({ message: z.string(), at: z.string() }).nullable(),
});
export type CustomersAnswer = z.infer<typeof CustomersAnswerSchema>;

/** Case-insensitive match of `search` against any of the ten fields (the screen and the CSV). */
export function customerMatches(customer: CustomerDto, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return CUSTOMER_FIELDS.some((field) => customer[field].toLowerCase().includes(needle));
}

/**
 * The page links to show: a window of at most `max` consecutive page numbers around `page`, as
 * centred as the ends allow, with 'ellipsis' on each side where pages are left out
 * (page 7 of 20: ['ellipsis', 5, 6, 7, 8, 9, 'ellipsis']).
 */
export function pageLinks(page: number, pages: number, max = CUSTOMERS_MAX_PAGE_LINKS) {
  const links: (number | 'ellipsis')[] = [];
  if (pages <= max) {
    for (let n = 1; n <= pages; n += 1) links.push(n);
    return links;
  }
  // A window of `max` consecutive pages containing `page`, as centred as the ends allow.
  let start = Math.max(1, page - Math.floor(max / 2));
  const end = Math.min(pages, start + max - 1);
  start = Math.max(1, end - max + 1);
  if (start > 1) links.push('ellipsis');
  for (let n = start; n <= end; n += 1) links.push(n);
  if (end < pages) links.push('ellipsis');
  return links;
}

// ---------------------------------------------------------------------------------------------
// Price sync

/** The shop's three prices a sync may set (SPEC.md "Product"). */
export const SYNCED_PRICE_FIELDS = ['newPrice', 'wholesalePrice', 'partnerPricex3'] as const;
export type SyncedPriceField = (typeof SYNCED_PRICE_FIELDS)[number];

/** Dollars per field; null means "not set" (partnerPricex3 only). */
export const PriceSetSchema = z.object({
  newPrice: z.number().nullable(),
  wholesalePrice: z.number().nullable(),
  partnerPricex3: z.number().nullable(),
});
export type PriceSet = z.infer<typeof PriceSetSchema>;

/** POST /api/products/update-prices: the spec's three fields plus ours. */
export const PriceSyncResultSchema = z.object({
  updated: z.number().int(),
  failed: z.number().int(),
  failures: z.array(z.string()),
  /** Ours: products whose prices already matched the ERP's. */
  unchanged: z.number().int(),
  /** Ours: the ledger entry of this sync. */
  syncId: z.string(),
});
export type PriceSyncResult = z.infer<typeof PriceSyncResultSchema>;

/** POST /api/products/update-prices/preview: what a sync would do, changing nothing. */
export const PricePreviewSchema = z.object({
  changes: z.array(
    z.object({
      number: z.string(),
      title: z.string(),
      before: PriceSetSchema,
      after: PriceSetSchema,
    }),
  ),
  unchanged: z.number().int(),
  /** Shop products the ERP has no usable price for, with the reason. */
  failures: z.array(z.object({ number: z.string(), title: z.string(), reason: z.string() })),
  /** ERP items with no shop product of that number (not an error: not everything is sold online). */
  missingInShop: z.array(z.object({ number: z.string(), displayName: z.string() })),
  /** Which ERP price feeds each shop price ('keep': the sync leaves it alone). */
  mapping: z.record(z.enum(SYNCED_PRICE_FIELDS), z.string()),
  /**
   * Names exactly these changes: a sync sent with it (PriceSyncRequestSchema) writes only while
   * it would make the same changes, so a confirm never applies what the admin did not see.
   */
  confirmation: z.string(),
});
export type PricePreview = z.infer<typeof PricePreviewSchema>;

/**
 * POST /api/products/update-prices: the spec's call has an empty body, which still syncs. The
 * admin screen sends the preview's confirmation it asked the admin about; 409 when it no longer
 * matches.
 */
export const PriceSyncRequestSchema = z
  .object({
    confirmation: z
      .string({ error: "confirmation must be the preview's confirmation text." })
      .min(1)
      .max(200)
      .optional(),
  })
  // No body at all reaches the route as null.
  .nullish();
export type PriceSyncRequest = z.infer<typeof PriceSyncRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Sync ledger

export const ERP_SYNC_KINDS = ['prices', 'customers'] as const;
export type ErpSyncKind = (typeof ERP_SYNC_KINDS)[number];
export const ERP_SYNC_RUN_STATUSES = ['running', 'succeeded', 'failed', 'interrupted'] as const;
export type ErpSyncRunStatus = (typeof ERP_SYNC_RUN_STATUSES)[number];
export const ERP_SYNC_ITEM_OUTCOMES = ['updated', 'unchanged', 'failed'] as const;

export const ErpSyncSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(ERP_SYNC_KINDS),
  status: z.enum(ERP_SYNC_RUN_STATUSES),
  /** The admin's e-mail (or name) who started it. */
  startedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Products (prices) or customers (customers) to go through; 0 until known. */
  total: z.number().int(),
  processed: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** Why the whole sync failed (the ERP unreachable, ...); per-item reasons are on the items. */
  error: z.string().nullable(),
});
export type ErpSyncSummary = z.infer<typeof ErpSyncSummarySchema>;

export const ErpSyncItemSchema = z.object({
  number: z.string(),
  title: z.string(),
  outcome: z.enum(ERP_SYNC_ITEM_OUTCOMES),
  before: PriceSetSchema.nullable(),
  after: PriceSetSchema.nullable(),
  error: z.string().nullable(),
});
export type ErpSyncItem = z.infer<typeof ErpSyncItemSchema>;

export const ErpSyncDetailSchema = ErpSyncSummarySchema.extend({
  items: z.array(ErpSyncItemSchema),
});
export type ErpSyncDetail = z.infer<typeof ErpSyncDetailSchema>;

export const ERP_SYNCS_PAGE_SIZE = 20;

/** GET /api/erp-syncs?kind=&page= (newest first). */
export const ErpSyncListSchema = z.object({
  syncs: z.array(ErpSyncSummarySchema),
  total: z.number().int(),
});
export type ErpSyncList = z.infer<typeof ErpSyncListSchema>;

/** The failures line of the spec ('N failures: list'): one entry per product, with its reason. */
export function failureLine(number: string, reason: string): string {
  return `${number} (${reason})`;
}
