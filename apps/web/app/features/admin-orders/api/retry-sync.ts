import type { AdminOrderDto } from '@labshop/shared/schemas/checkout';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import type { AdminOrdersPage } from './get-orders.ts';
import { orderKeys } from './keys.ts';

/** POST /api/admin/orders/{number}/retry-sync: queues a failed ERP sync again. */
export function retryOrderSync(orderNumber: string): Promise<AdminOrderDto> {
  return apiJson<AdminOrderDto>(`/api/admin/orders/${encodeURIComponent(orderNumber)}/retry-sync`, {
    method: 'POST',
  });
}

export function useRetryOrderSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOrderSync,
    onSuccess: (order) => {
      // The row shows its new state at once; the refetch then brings the worker's progress.
      queryClient.setQueriesData<AdminOrdersPage>({ queryKey: orderKeys.all }, (page) =>
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
