import { CONFIRM_PRICES_FIELD, type ProductInput } from '@labshop/shared/schemas/catalog';

/** What the admin confirmed besides the fields. */
export interface ProductBodyOptions {
  /** The admin saw the warning about partner prices above retail and saves them anyway. */
  confirmPrices: boolean;
}

/**
 * The multipart body of a product create or update: the form's text fields as strings (an
 * empty old price or brochure means none), then the image files.
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
  body.set('brochure', values.brochure ?? '');
  return body;
}

/** POST /api/products: the fields and the images in the field `images`. */
export function createProductBody(
  values: ProductInput,
  images: readonly File[],
  options: ProductBodyOptions,
): FormData {
  const body = productFields(values, options);
  for (const image of images) body.append('images', image, image.name);
  return body;
}

/**
 * PUT /api/products/{number}: the fields, the current image URLs to keep (in order) and the
 * new files, which the server appends after the kept ones.
 */
export function updateProductBody(
  values: ProductInput,
  existingImages: readonly string[],
  newImages: readonly File[],
  options: ProductBodyOptions,
): FormData {
  const body = productFields(values, options);
  body.set('existingImages', JSON.stringify(existingImages));
  for (const image of newImages) body.append('newImages', image, image.name);
  return body;
}
