import { z } from 'zod';

/**
 * The catalogue's answers (SPEC.md section 3), each written once: the zod schema is the route's
 * response schema (and the OpenAPI document's), the type is inferred from it. Pages import the
 * types only (catalog-rules.ts re-exports them), so zod stays out of the shop's bundles.
 */

/** A product as the API answers it; prices are dollars with 2 decimals. */
export const ProductDtoSchema = z.object({
  _id: z.string(),
  number: z.string(),
  title: z.string(),
  description: z.string(),
  /** The category's name. */
  category: z.string(),
  /** Image URLs in display order; the last one is the main image. */
  images: z.array(z.string()),
  newPrice: z.number(),
  oldPrice: z.number().nullable(),
  /** Null for anonymous callers: partner prices are shown to signed-in users only. */
  wholesalePrice: z.number().nullable(),
  /** Null when unset, and for anonymous callers. */
  partnerPricex3: z.number().nullable(),
  /** Pounds, for freight (issue 37); null when unset. */
  shippingWeightLb: z.number().nullable(),
  /** As the admin entered it: a file name or a URL. */
  brochure: z.string().nullable(),
  /** Where the brochure downloads from, when a brochure is set. */
  brochureUrl: z.string().nullable(),
  createdAt: z.string(),
  guid: z.string(),
});
export type ProductDto = z.infer<typeof ProductDtoSchema>;

export const CategoryDtoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  thumbnail: z.string().nullable(),
});
export type CategoryDto = z.infer<typeof CategoryDtoSchema>;
