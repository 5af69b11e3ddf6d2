import type { ProductDto } from './catalog-dto.ts';

/**
 * The catalogue's API types, list limits and product helpers: the part of schemas/catalog.ts
 * the shop pages use, without zod (the admin forms' schemas are in catalog-forms.ts, the
 * answers' schemas in catalog-dto.ts; their types are exported here as types only).
 */

export type { CategoryDto, ProductDto } from './catalog-dto.ts';

/** GET /api/products answers a list; the total of all matches is in this header. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/**
 * Set to 'true' when a search matched more than SEARCH_COUNT_CAP products: the total header then
 * says "at least this many" (counting every match of a broad search costs more than it tells).
 */
export const TOTAL_COUNT_CAPPED_HEADER = 'x-total-count-capped';
export const SEARCH_COUNT_CAP = 1000;

export const PRODUCT_LIST_LIMITS = {
  /** The demo catalogue (76 products) fits on one page. */
  defaultLimit: 100,
  maxLimit: 200,
  maxQueryLength: 100,
  /** The highest `?page=` the list answers (past the end it is an empty page). */
  maxPage: 100_000,
} as const;

/**
 * Cards on a shop page: six rows of four on a desktop. Every card is rendered on the server,
 * so the page size is what a page costs to make (issue 9: 100 cards took 25-30 ms).
 */
export const SHOP_PAGE_SIZE = 24;

/** The shop and product pages disable buying when the title says so (case-insensitive). */
export function isUnavailable(product: Pick<ProductDto, 'title'>): boolean {
  return /not available/i.test(product.title);
}

/** The main image is the last of the list (SPEC.md section 3). */
export function mainImage(product: Pick<ProductDto, 'images'>): string | null {
  return product.images.at(-1) ?? null;
}

/** The Save $ badge: old price minus new price, in dollars; null when there is no saving. */
export function savingDollars(product: Pick<ProductDto, 'oldPrice' | 'newPrice'>): number | null {
  if (product.oldPrice === null) return null;
  const cents = Math.round(product.oldPrice * 100) - Math.round(product.newPrice * 100);
  return cents > 0 ? cents / 100 : null;
}

/** The list total from GET /api/products' headers (the page's own length when absent). */
export function readListTotal(
  headers: Pick<Headers, 'get'>,
  pageLength: number,
): { total: number; totalCapped: boolean } {
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  return {
    total: Number.isSafeInteger(total) && total >= 0 ? total : pageLength,
    totalCapped: headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true',
  };
}

/** '1 product', '76 products', '1,000+ products' (a capped search total). */
export function productCountText(total: number, totalCapped: boolean): string {
  const number = `${total.toLocaleString('en-US')}${totalCapped ? '+' : ''}`;
  return `${number} ${total === 1 && !totalCapped ? 'product' : 'products'}`;
}
