import { readListTotal, type ProductDto } from '@labshop/shared/schemas/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../admin/api/http.ts';
import { catalogKeys } from './keys.ts';

export interface ProductListParams {
  /** A case-insensitive substring of the product number; '' for all. */
  number: string;
  /** 1-based. */
  page: number;
  limit: number;
}

export interface ProductPage {
  products: ProductDto[];
  /** All matches, not only this page's (at least this many when `totalCapped`). */
  total: number;
  totalCapped: boolean;
}

/** GET /api/products: one page of products whose number contains `number`. */
export async function getProducts(
  params: ProductListParams,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const query = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.number) query.set('number', params.number);
  const response = await apiRequest(`/api/products?${query}`, { signal });
  const products = (await response.json()) as ProductDto[];
  return { products, ...readListTotal(response.headers, products.length) };
}

export function productsQueryOptions(params: ProductListParams) {
  return queryOptions({
    queryKey: catalogKeys.productList(params),
    queryFn: ({ signal }) => getProducts(params, signal),
  });
}

export function useProducts(params: ProductListParams) {
  // The previous page stays on screen while the next search or page loads.
  return useQuery({ ...productsQueryOptions(params), placeholderData: keepPreviousData });
}
