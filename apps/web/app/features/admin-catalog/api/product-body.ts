import {
  BROCHURE_FILE_FIELD,
  CONFIRM_PRICES_FIELD,
  IMAGE_ORDER_FIELD,
  type ProductInput,
} from '@labshop/shared/schemas/catalog';

/** What the admin confirmed besides the fields. */
export interface ProductBodyOptions {
  /** The admin saw the warning about partner prices above retail and saves them anyway. */
  confirmPrices: boolean;
}

/**
 * The multipart body of a product create or update: the form's text fields as strings (an
 * empty old price, shipping weight or brochure means none), then the image files.
 */
function productFields(values: ProductInput, { confirmPrices }: ProductBodyOptions): FormData {
  const body = new FormData();
  if (confirmPrices) body.set(CONFIRM_PRICES_FIELD, 'true');
  body.set('number', values.number);
  body.set('title', values.title);
  body.set('description', values.description);
  body.set('category', values.category);
  body.set('oldPrice', values.oldPrice ?? '');
  body.set('newPrice', values.newPrice);
  body.set('wholesalePrice', values.wholesalePrice);
  body.set('partnerPricex3', values.partnerPricex3);
  body.set('shippingWeight', values.shippingWeight ?? '');
  body.set('brochure', values.brochure ?? '');
  return body;
}

/** A brochure PDF to upload, which replaces the brochure text on the server. */
function appendBrochure(body: FormData, brochureFile: File | null | undefined): void {
  if (brochureFile) body.append(BROCHURE_FILE_FIELD, brochureFile, brochureFile.name);
}

/**
 * POST /api/products: the fields, the images in the field `images` (in display order, the last
 * the main image) and the brochure PDF, if one was chosen.
 */
export function createProductBody(
  values: ProductInput,
  images: readonly File[],
  options: ProductBodyOptions & { brochureFile?: File | null },
): FormData {
  const body = productFields(values, options);
  for (const image of images) body.append('images', image, image.name);
  appendBrochure(body, options.brochureFile);
  return body;
}

/**
 * PUT /api/products/{number}: the fields, the current image URLs to keep, the new files, the
 * final order of all of them (kept URLs and indexes into the new files; without it the server
 * appends the new files after the kept ones) and the brochure PDF, if one was chosen.
 */
export function updateProductBody(
  values: ProductInput,
  existingImages: readonly string[],
  newImages: readonly File[],
  options: ProductBodyOptions & {
    imageOrder?: readonly (string | number)[];
    brochureFile?: File | null;
  },
): FormData {
  const body = productFields(values, options);
  body.set('existingImages', JSON.stringify(existingImages));
  for (const image of newImages) body.append('newImages', image, image.name);
  if (options.imageOrder) body.set(IMAGE_ORDER_FIELD, JSON.stringify(options.imageOrder));
  appendBrochure(body, options.brochureFile);
  return body;
}
