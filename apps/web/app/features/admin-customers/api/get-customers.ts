import type { CustomersAnswer } from '@labshop/shared/schemas/erp';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { customerKeys } from './keys.ts';

/** GET /api/customers: the shop's copy of the ERP's customers (fast: no ERP call). */
export function getCustomers(signal?: AbortSignal): Promise<CustomersAnswer> {
  return apiJson<CustomersAnswer>('/api/customers', { signal });
}

export function useCustomers() {
  return useQuery({
    queryKey: customerKeys.list,
    queryFn: ({ signal }) => getCustomers(signal),
    // Another admin may have refreshed the copy: a visit shows the newest.
    staleTime: 0,
  });
}
