import {
  BROCHURE_FILE_FIELD,
  CategoryInput,
  CONFIRM_PRICES_FIELD,
  IMAGE_ORDER_FIELD,
  PRODUCT_LIMITS,
  ProductInput,
} from '@labshop/shared/schemas/catalog';
import { z } from 'zod';

/**
 * The admin's multipart forms. The routes check a form's text fields with its `*Fields` schema
 * (parseFormFields in http/validation.ts) and hand the service the result; the `*Form` schemas
 * describe the whole form, files included, for the OpenAPI document only.
 */

/** A product form's text fields: ProductInput, and whether the admin confirmed the prices. */
export const ProductFields = ProductInput.extend({
  // Anything but 'true' leaves partner prices above retail unconfirmed.
  [CONFIRM_PRICES_FIELD]: z
    .string()
    .optional()
    .transform((value) => value === 'true'),
});
export type ProductFields = z.output<typeof ProductFields>;

/**
 * The update form's text fields: also the images kept and their order, JSON text that the
 * service reads against the product's images (images.ts).
 */
export const ProductUpdateFields = ProductFields.extend({
  existingImages: z.string().optional(),
  [IMAGE_ORDER_FIELD]: z.string().optional(),
});
export type ProductUpdateFields = z.output<typeof ProductUpdateFields>;

/** The admin's product and category forms as the OpenAPI document shows them (multipart). */
const jpegFiles = (field: string) =>
  z
    .array(z.file())
    .max(PRODUCT_LIMITS.images)
    .optional()
    .describe(
      `JPEG pictures in \`${field}\`, at most ${PRODUCT_LIMITS.images} in all and 10 MB each`,
    );
const brochureFile = z
  .file()
  .optional()
  .describe(
    `A brochure PDF (checked by its bytes, at most ${PRODUCT_LIMITS.brochureBytes / (1024 * 1024)} MB); it replaces the brochure text`,
  );
const confirmPrices = z
  .enum(['true', 'false'])
  .optional()
  .describe(
    'true saves a wholesale or partner x3 price above the new (retail) price, which is refused ' +
      'without it (an update that keeps the prices it has needs none)',
  );
export const ProductCreateForm = ProductInput.extend({
  [CONFIRM_PRICES_FIELD]: confirmPrices,
  images: jpegFiles('images'),
  [BROCHURE_FILE_FIELD]: brochureFile,
});
export const ProductUpdateForm = ProductInput.extend({
  [CONFIRM_PRICES_FIELD]: confirmPrices,
  existingImages: z
    .string()
    .optional()
    .describe('The pictures to keep, in order: a JSON array of their URLs (absent: keep all)'),
  newImages: jpegFiles('newImages'),
  [IMAGE_ORDER_FIELD]: z
    .string()
    .optional()
    .describe(
      'The final order of all images (the last is the main one): a JSON array of kept image URLs and indexes (numbers) into newImages, each once (absent: kept images, then new ones)',
    ),
  [BROCHURE_FILE_FIELD]: brochureFile,
});
export const CategoryCreateForm = CategoryInput.extend({
  thumbnail: z.file().describe('The JPEG thumbnail'),
});
