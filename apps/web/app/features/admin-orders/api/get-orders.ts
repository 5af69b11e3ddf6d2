import type { AdminOrderDto } from '@labshop/shared/schemas/checkout';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { orderKeys } from './keys.ts';

/** Orders per page of GET /api/admin/orders. */
export const ADMIN_ORDERS_PAGE_SIZE = 25;

/** One page of GET /api/admin/orders: newest first, with the count of all orders. */
export interface AdminOrdersPage {
  orders: AdminOrderDto[];
  total: number;
}

/** GET /api/admin/orders?page=N (1-based). */
export function getOrdersPage(page: number, signal?: AbortSignal): Promise<AdminOrdersPage> {
  return apiJson<AdminOrdersPage>(`/api/admin/orders?page=${page}`, { signal });
}

export function ordersPageQueryOptions(page: number) {
  return queryOptions({
    queryKey: orderKeys.page(page),
    queryFn: ({ signal }) => getOrdersPage(page, signal),
    // Orders are paid and synced while the screen is open; a visit shows what is there now.
    staleTime: 0,
  });
}

export function useOrdersPage(page: number) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ ...ordersPageQueryOptions(page), placeholderData: keepPreviousData });
}
