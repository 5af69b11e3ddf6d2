import type { CustomersAnswer } from '@labshop/shared/schemas/erp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { erpSyncKeys } from '../../admin-erp-syncs/api/keys.ts';
import { customerKeys } from './keys.ts';

/**
 * POST /api/customers/refresh: reads every customer from the ERP into the shop's copy. 503 with
 * the reason when the ERP cannot be reached (the old copy stays); 409 while a refresh runs.
 */
export function refreshCustomers(): Promise<CustomersAnswer> {
  return apiJson<CustomersAnswer>('/api/customers/refresh', { method: 'POST' });
}

export function useRefreshCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshCustomers,
    onSuccess: (answer) => queryClient.setQueryData(customerKeys.list, answer),
    onError: () => queryClient.invalidateQueries({ queryKey: customerKeys.list }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: erpSyncKeys.all }),
  });
}
