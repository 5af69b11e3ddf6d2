import type { ProductListParams } from './get-products.ts';

/**
 * Query keys of the catalogue. Writes invalidate `productLists` (every page and search) or
 * `categories`; a product's own key is `product(number)`.
 */
export const catalogKeys = {
  products: ['products'] as const,
  productLists: ['products', 'list'] as const,
  productList: (params: ProductListParams) => ['products', 'list', params] as const,
  product: (number: string) => ['products', 'detail', number] as const,
  categories: ['categories'] as const,
};
