import {
  DEFAULT_PRODUCT_SORT,
  readListTotal,
  type ProductDto,
  type ProductSort,
} from '@labshop/shared/schemas/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../admin/api/http.ts';
import { catalogKeys } from './keys.ts';

export interface ProductListParams {
  /** A case-insensitive substring of the title or the number; '' for all. */
  q: string;
  /** A category name; '' for all. */
  category: string;
  sort: ProductSort;
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

/** GET /api/products: one page of products, searched, filtered and sorted. */
export async function getProducts(
  params: ProductListParams,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const query = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.q) query.set('q', params.q);
  if (params.category) query.set('category', params.category);
  if (params.sort !== DEFAULT_PRODUCT_SORT) query.set('sort', params.sort);
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
