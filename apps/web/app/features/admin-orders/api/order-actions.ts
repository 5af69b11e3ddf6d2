import type { OrderHistoryAnswer, OrderHistoryEntry } from '@labshop/shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { dashboardKeys } from '../../admin-dashboard/api/keys.ts';
import { orderKeys } from './keys.ts';

/**
 * What the admin may do to one order from Orders History, each a POST answered with the order
 * as the history shows it: queue a failed ERP sync again, or (built-in ERP) mark it shipped or
 * invoiced.
 */
export type OrderAction = 'retry-sync' | 'mark-shipped' | 'mark-invoiced';

export interface OrderActionCall {
  orderNumber: string;
  action: OrderAction;
}

/** POST /api/admin/orders/{number}/{action}. */
export function postOrderAction({
  orderNumber,
  action,
}: OrderActionCall): Promise<OrderHistoryEntry> {
  return apiJson<OrderHistoryEntry>(
    `/api/admin/orders/${encodeURIComponent(orderNumber)}/${action}`,
    { method: 'POST' },
  );
}

export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postOrderAction,
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
