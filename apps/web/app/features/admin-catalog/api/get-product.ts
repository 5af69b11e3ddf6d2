import type { ProductDto } from '@labshop/shared/schemas/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { catalogKeys } from './keys.ts';

/** GET /api/products/{number}; a missing product is an ApiError with status 404. */
export function getProduct(number: string, signal?: AbortSignal): Promise<ProductDto> {
  return apiJson<ProductDto>(`/api/products/${encodeURIComponent(number)}`, { signal });
}

export function productQueryOptions(number: string) {
  return queryOptions({
    queryKey: catalogKeys.product(number),
    queryFn: ({ signal }) => getProduct(number, signal),
  });
}

export function useProduct(number: string) {
  return useQuery(productQueryOptions(number));
}
