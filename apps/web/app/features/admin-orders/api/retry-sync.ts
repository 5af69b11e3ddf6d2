import type { OrderHistoryAnswer, OrderHistoryEntry } from '@labshop/shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { dashboardKeys } from '../../admin-dashboard/api/keys.ts';
import { orderKeys } from './keys.ts';

/** POST /api/admin/orders/{number}/retry-sync: queues a failed ERP sync again. */
export function retryOrderSync(orderNumber: string): Promise<OrderHistoryEntry> {
  return apiJson<OrderHistoryEntry>(
    `/api/admin/orders/${encodeURIComponent(orderNumber)}/retry-sync`,
    { method: 'POST' },
  );
}

export function useRetryOrderSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOrderSync,
    onSuccess: (order) => {
      // The row shows its new state at once; the refetch then brings the worker's progress.
      queryClient.setQueriesData<OrderHistoryAnswer>({ queryKey: orderKeys.all }, (page) =>
        page
          ? {
              ...page,
              orders: page.orders.map((row) =>
                row.orderNumber === order.orderNumber ? order : row,
              ),
            }
          : page,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      // The dashboard counts pending and failed syncs.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
