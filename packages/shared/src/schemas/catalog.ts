import { z } from 'zod';

/**
 * The admin catalogue forms (SPEC.md section 5, "Admin forms"): one schema per form, used by
 * the admin screens in the browser and by the API on the server. Every field is a string, as a
 * form (and a multipart request) sends it; the server turns prices into cents afterwards.
 */

export const PRODUCT_MESSAGES = {
  number: 'Product Number is required and must be alphanumeric.',
  numberTooLong: 'Product Number must be at most 50 characters.',
  title: 'Title is required.',
  titleTooLong: 'Title must be at most 200 characters.',
  description: 'Description is required.',
  descriptionTooLong: 'Description must be at most 20000 characters.',
  category: 'Category is required.',
  oldPrice: 'Please enter a valid Old Price.',
  newPrice: 'New Price is required and must be a valid number.',
  wholesalePrice: 'Wholesale Price is required and must be a valid number.',
  partnerPricex3: 'Partner Price is required and must be a valid number.',
  brochure: 'Please enter a valid file name.',
  imagesRequired: 'Please upload at least one image.',
  jpegOnly: 'Only JPG files are accepted.',
  created: 'Product is created successfully!',
  notCreated: 'Product was not created due to error.',
  updated: 'Product updated successfully!',
  notUpdated: 'Product update failed. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this product?',
} as const;

export const CATEGORY_MESSAGES = {
  name: 'Category name is required.',
  nameTooLong: 'Category name must be at most 60 characters.',
  thumbnailRequired: 'Please choose a thumbnail image.',
  jpegOnly: PRODUCT_MESSAGES.jpegOnly,
  deleteConfirm: 'Are you sure you want to delete this category?',
} as const;

/** Digits with an optional 1 or 2 decimals (SPEC.md section 9). */
export const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
/** Letters, digits, underscore and hyphen. */
export const PRODUCT_NUMBER_PATTERN = /^[A-Za-z0-9_-]+$/;

export const PRODUCT_LIMITS = {
  number: 50,
  title: 200,
  description: 20_000,
  brochure: 400,
  /** Images in one product (existing plus new). */
  images: 12,
  /** Bytes of one uploaded image. */
  imageBytes: 10 * 1024 * 1024,
} as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const price = (message: string) =>
  z.string({ error: message }).trim().regex(PRICE_PATTERN, message);

export const ProductInput = z.object({
  number: required(PRODUCT_MESSAGES.number)
    .regex(PRODUCT_NUMBER_PATTERN, PRODUCT_MESSAGES.number)
    .max(PRODUCT_LIMITS.number, PRODUCT_MESSAGES.numberTooLong),
  title: required(PRODUCT_MESSAGES.title).max(PRODUCT_LIMITS.title, PRODUCT_MESSAGES.titleTooLong),
  description: required(PRODUCT_MESSAGES.description).max(
    PRODUCT_LIMITS.description,
    PRODUCT_MESSAGES.descriptionTooLong,
  ),
  category: required(PRODUCT_MESSAGES.category),
  // Optional: absent or empty means "no old price".
  oldPrice: z
    .string({ error: PRODUCT_MESSAGES.oldPrice })
    .trim()
    .refine((value) => value === '' || PRICE_PATTERN.test(value), PRODUCT_MESSAGES.oldPrice)
    .optional(),
  newPrice: price(PRODUCT_MESSAGES.newPrice),
  wholesalePrice: price(PRODUCT_MESSAGES.wholesalePrice),
  partnerPricex3: price(PRODUCT_MESSAGES.partnerPricex3),
  brochure: z
    .string({ error: PRODUCT_MESSAGES.brochure })
    .trim()
    .max(PRODUCT_LIMITS.brochure, PRODUCT_MESSAGES.brochure)
    // A file name or a URL: no control characters or line breaks.
    .refine((value) => !/\p{Cc}/u.test(value), PRODUCT_MESSAGES.brochure)
    .optional(),
});

export type ProductInput = z.infer<typeof ProductInput>;

/** The product form's field names in the order their errors are reported. */
export const PRODUCT_FIELDS = Object.keys(ProductInput.shape) as (keyof ProductInput)[];

export const CategoryInput = z.object({
  name: required(CATEGORY_MESSAGES.name).max(60, CATEGORY_MESSAGES.nameTooLong),
});

export type CategoryInput = z.infer<typeof CategoryInput>;

/** A product as the API answers it (SPEC.md section 3); prices are dollars with 2 decimals. */
export interface ProductDto {
  _id: string;
  number: string;
  title: string;
  description: string;
  /** The category's name. */
  category: string;
  /** Image URLs in display order; the last one is the main image. */
  images: string[];
  newPrice: number;
  oldPrice: number | null;
  /** Null for anonymous callers: partner prices are shown to signed-in users only. */
  wholesalePrice: number | null;
  /** Null when unset, and for anonymous callers. */
  partnerPricex3: number | null;
  /** As the admin entered it: a file name or a URL. */
  brochure: string | null;
  /** Where the brochure downloads from, when a brochure is set. */
  brochureUrl: string | null;
  createdAt: string;
  guid: string;
}

export interface CategoryDto {
  _id: string;
  name: string;
  thumbnail: string | null;
}

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
} as const;

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
