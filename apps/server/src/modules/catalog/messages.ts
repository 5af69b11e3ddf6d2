import { IMAGE_ORDER_FIELD, PRODUCT_LIMITS } from '@labshop/shared/schemas/catalog';

/** The catalogue's answers to refused writes that the shared form schemas do not give. */
export const CATALOG_MESSAGES = {
  productNotFound: 'Product not found.',
  categoryNotFound: 'Category not found.',
  unknownCategory: 'Choose one of the existing categories.',
  duplicateNumber: (number: string) => `A product with number ${number} already exists.`,
  duplicateCategory: (name: string) => `A category named ${name} already exists.`,
  categoryInUse: (count: number) =>
    `This category still has ${count} ${count === 1 ? 'product' : 'products'}. Move or delete them first.`,
  tooManyImages: `A product can have at most ${PRODUCT_LIMITS.images} images.`,
  existingImagesInvalid: 'existingImages must be a JSON list of image URLs.',
  existingImagesUnknown: 'existingImages may only list images this product already has.',
  imageOrderInvalid: `${IMAGE_ORDER_FIELD} must list each kept image and each new file once.`,
} as const;
