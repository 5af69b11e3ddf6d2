import {
  ORDER_HISTORY_DEFAULT_LIMIT,
  type OrderHistoryAnswer,
} from '@labshop/shared/schemas/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { orderKeys } from './keys.ts';

/** Orders per page: the server's default page size. */
export const ORDER_HISTORY_PAGE_SIZE = ORDER_HISTORY_DEFAULT_LIMIT;

/** GET /api/order-history?page=N&search=: newest first, with the count of every match. */
export function getOrderHistory(
  page: number,
  search: string,
  signal?: AbortSignal,
): Promise<OrderHistoryAnswer> {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  return apiJson<OrderHistoryAnswer>(`/api/order-history?${params}`, { signal });
}

export function orderHistoryQueryOptions(page: number, search: string) {
  return queryOptions({
    queryKey: orderKeys.page(page, search),
    queryFn: ({ signal }) => getOrderHistory(page, search, signal),
    // Orders are paid and synced while the screen is open; a visit shows what is there now.
    staleTime: 0,
  });
}

export function useOrderHistory(page: number, search: string) {
  // The previous page (or search) stays on screen while the next one loads.
  return useQuery({ ...orderHistoryQueryOptions(page, search), placeholderData: keepPreviousData });
}
