import { z } from 'zod';
import { dollarsToCents, formatCents } from '../money.ts';
import { isProtocolRelative, stopWith } from './field-checks.ts';
import { FREIGHT_LIMITS, FREIGHT_MESSAGES } from './freight.ts';

/**
 * The admin catalogue forms (SPEC.md section 5, "Admin forms"): one schema per form, used by
 * the admin screens in the browser and by the API on the server. Every field is a string, as a
 * form (and a multipart request) sends it; the server turns prices into cents afterwards. Every
 * field has a length limit, checked before any pattern and ending the field's checks when it
 * fails (field-checks.ts).
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
  // Beyond the spec (issue 34): a price of $0.00 is a typo, never a price.
  oldPriceZero: 'Old Price must be more than $0.00; leave it empty for none.',
  newPriceZero: 'New Price must be more than $0.00.',
  wholesalePriceZero: 'Wholesale Price must be more than $0.00.',
  partnerPricex3Zero: 'Partner Price must be more than $0.00.',
  brochure: 'Please enter a valid file name.',
  imagesRequired: 'Please upload at least one image.',
  jpegOnly: 'Only JPG files are accepted.',
  pdfOnly: 'Only PDF files are accepted for the brochure.',
  brochureTooLarge: 'The brochure must be at most 10 MB.',
  /** A typed file name with no uploaded file behind it: its link would answer 404. */
  brochureMissing: (name: string) =>
    `There is no brochure file named ${name}. Upload the PDF, or enter the brochure's full address (https://...).`,
  created: 'Product is created successfully!',
  notCreated: 'Product was not created due to error.',
  updated: 'Product updated successfully!',
  notUpdated: 'Product update failed. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this product?',
} as const;

/**
 * The message for one refused file, naming it so the admin knows which of several was refused:
 * `"photo.png" was refused: Only JPG files are accepted.` The name is the visitor's, so only its
 * last path segment is shown, without control characters and cut to a readable length. The
 * form in the browser and the API say it alike.
 */
export function fileRefusal(filename: string, reason: string): string {
  const last = filename.split(/[/\\]/).at(-1) ?? '';
  const clean = last.replace(/[\p{Cc}\p{Cf}"]/gu, '').trim();
  const name = clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
  return name ? `"${name}" was refused: ${reason}` : `A file was refused: ${reason}`;
}

/**
 * The orders GET /api/products lists in (`sort`), the admin's table's orders: a field, ascending, or with a leading '-'
 * descending. Newest first ('-createdAt') when not given.
 */
export const PRODUCT_SORTS = [
  '-createdAt',
  'createdAt',
  'number',
  '-number',
  'title',
  '-title',
  'category',
  '-category',
  'newPrice',
  '-newPrice',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const DEFAULT_PRODUCT_SORT: ProductSort = '-createdAt';

export function isProductSort(value: string): value is ProductSort {
  return (PRODUCT_SORTS as readonly string[]).includes(value);
}

export const CATEGORY_LIMITS = { name: 60 } as const;

export const CATEGORY_MESSAGES = {
  name: 'Category name is required.',
  nameTooLong: `Category name must be at most ${CATEGORY_LIMITS.name} characters.`,
  thumbnailRequired: 'Please choose a thumbnail image.',
  jpegOnly: PRODUCT_MESSAGES.jpegOnly,
  deleteConfirm: 'Are you sure you want to delete this category?',
} as const;

/** Digits with an optional 1 or 2 decimals (SPEC.md section 9). */
export const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
/** The longest text PRICE_PATTERN takes: 7 digits, a dot, 2 decimals. */
const PRICE_MAX_LENGTH = 10;
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
  /** Bytes of an uploaded brochure PDF (the multipart limit of any one file). */
  brochureBytes: 10 * 1024 * 1024,
} as const;

/** The multipart field of an uploaded brochure PDF (create and update). */
export const BROCHURE_FILE_FIELD = 'brochureFile';

/**
 * The update form's optional `imageOrder`: the final order of the images, as a JSON list whose
 * entries are kept image URLs (strings) and indexes into the new files (numbers).
 */
export const IMAGE_ORDER_FIELD = 'imageOrder';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
/** A well-formed price that is zero; a malformed one has its own message. */
const isZeroPrice = (value: string) => PRICE_PATTERN.test(value) && Number(value) === 0;
const price = (message: string, zeroMessage: string) =>
  z
    .string({ error: message })
    .trim()
    .max(PRICE_MAX_LENGTH, stopWith(message))
    .regex(PRICE_PATTERN, message)
    .refine((value) => !isZeroPrice(value), zeroMessage);

export const ProductInput = z.object({
  number: required(PRODUCT_MESSAGES.number)
    .max(PRODUCT_LIMITS.number, stopWith(PRODUCT_MESSAGES.numberTooLong))
    .regex(PRODUCT_NUMBER_PATTERN, PRODUCT_MESSAGES.number),
  title: required(PRODUCT_MESSAGES.title).max(
    PRODUCT_LIMITS.title,
    stopWith(PRODUCT_MESSAGES.titleTooLong),
  ),
  description: required(PRODUCT_MESSAGES.description).max(
    PRODUCT_LIMITS.description,
    stopWith(PRODUCT_MESSAGES.descriptionTooLong),
  ),
  // No category has a longer name.
  category: required(PRODUCT_MESSAGES.category).max(
    CATEGORY_LIMITS.name,
    stopWith(CATEGORY_MESSAGES.nameTooLong),
  ),
  // Optional: absent or empty means "no old price".
  oldPrice: z
    .string({ error: PRODUCT_MESSAGES.oldPrice })
    .trim()
    .max(PRICE_MAX_LENGTH, stopWith(PRODUCT_MESSAGES.oldPrice))
    .refine((value) => value === '' || PRICE_PATTERN.test(value), PRODUCT_MESSAGES.oldPrice)
    .refine((value) => !isZeroPrice(value), PRODUCT_MESSAGES.oldPriceZero)
    .optional(),
  newPrice: price(PRODUCT_MESSAGES.newPrice, PRODUCT_MESSAGES.newPriceZero),
  wholesalePrice: price(PRODUCT_MESSAGES.wholesalePrice, PRODUCT_MESSAGES.wholesalePriceZero),
  partnerPricex3: price(PRODUCT_MESSAGES.partnerPricex3, PRODUCT_MESSAGES.partnerPricex3Zero),
  // Beyond the spec (issue 37): pounds, for the freight table's weight bands; empty for none.
  shippingWeight: z
    .string({ error: FREIGHT_MESSAGES.productWeight })
    .trim()
    .max(12, stopWith(FREIGHT_MESSAGES.productWeight))
    .refine((value) => value === '' || isShippingWeight(value), FREIGHT_MESSAGES.productWeight)
    .optional(),
  brochure: z
    .string({ error: PRODUCT_MESSAGES.brochure })
    .trim()
    .max(PRODUCT_LIMITS.brochure, stopWith(PRODUCT_MESSAGES.brochure))
    // A file name or a URL: no control characters or line breaks, and no `//host/x`, which
    // the shop would link as an address on another host.
    .refine(
      (value) => !/\p{Cc}/u.test(value) && !isProtocolRelative(value),
      PRODUCT_MESSAGES.brochure,
    )
    .optional(),
});

export type ProductInput = z.infer<typeof ProductInput>;

/** Pounds above 0 and within the limit, two decimals at most: '42', '42.5', '0.25'. */
function isShippingWeight(value: string): boolean {
  return (
    /^\d{1,5}(?:\.\d{1,2})?$/.test(value) &&
    Number(value) > 0 &&
    Number(value) <= FREIGHT_LIMITS.weightLb
  );
}

/**
 * The multipart field that confirms prices `priceWarnings` warns about ('true'): without it the
 * API refuses a create, or an update that changes a price, whose partner prices exceed retail.
 */
export const CONFIRM_PRICES_FIELD = 'confirmPrices';

/** The three prices `priceWarnings` compares, as the form holds them (dollars as text). */
export type ComparedPrices = Pick<ProductInput, 'newPrice' | 'wholesalePrice' | 'partnerPricex3'>;

/**
 * Partner prices above the retail price: allowed (a price may be meant so), but almost always a
 * slip, so the admin is warned and asked to confirm. Empty when the prices are in order or not
 * all well-formed yet (their own messages come first).
 */
export function priceWarnings(prices: ComparedPrices): string[] {
  if (![prices.newPrice, prices.wholesalePrice, prices.partnerPricex3].every(isPrice)) return [];
  const retail = dollarsToCents(prices.newPrice);
  const above = (label: string, dollars: string) => {
    const cents = dollarsToCents(dollars);
    return cents > retail
      ? [`${label} (${formatCents(cents)}) is above the New Price (${formatCents(retail)}).`]
      : [];
  };
  return [
    ...above('Wholesale Price', prices.wholesalePrice),
    ...above('Partner Price QTY x3', prices.partnerPricex3),
  ];
}

function isPrice(value: string | undefined): value is string {
  return value !== undefined && PRICE_PATTERN.test(value.trim());
}

/** Whether two sets of prices are the same amounts ('5' and '5.00' are). */
export function samePrices(a: ComparedPrices, b: ComparedPrices): boolean {
  return (['newPrice', 'wholesalePrice', 'partnerPricex3'] as const).every(
    (name) =>
      isPrice(a[name]) && isPrice(b[name]) && dollarsToCents(a[name]) === dollarsToCents(b[name]),
  );
}

/** The API's refusal of unconfirmed `priceWarnings`. */
export function unconfirmedPricesMessage(warnings: readonly string[]): string {
  return `${warnings.join(' ')} Confirm these prices to save them.`;
}

/** The product form's field names in the order their errors are reported. */
export const PRODUCT_FIELDS = Object.keys(ProductInput.shape) as (keyof ProductInput)[];

export const CategoryInput = z.object({
  name: required(CATEGORY_MESSAGES.name).max(
    CATEGORY_LIMITS.name,
    stopWith(CATEGORY_MESSAGES.nameTooLong),
  ),
});

export type CategoryInput = z.infer<typeof CategoryInput>;
