import type { CategoryDto } from '@labshop/shared/schemas/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { catalogKeys } from './keys.ts';

/** GET /api/categories. */
export function getCategories(signal?: AbortSignal): Promise<CategoryDto[]> {
  return apiJson<CategoryDto[]>('/api/categories', { signal });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.categories,
    queryFn: ({ signal }) => getCategories(signal),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
