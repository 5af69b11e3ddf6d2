import type { Dashboard } from '@labshop/shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { dashboardKeys } from './keys.ts';

/** GET /api/admin/dashboard: the last 90 days of orders, best sellers and the shop's counts. */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiJson<Dashboard>('/api/admin/dashboard', { signal });
}

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboard(signal),
    // Orders come in all the time: each visit to the start page shows the counts as they are.
    staleTime: 0,
  });
}
