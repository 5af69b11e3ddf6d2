import type { ErpSyncDetail } from '@labshop/shared/schemas/erp';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { erpSyncKeys } from './keys.ts';

const RUNNING_POLL_MS = 1000;

/** GET /api/erp-syncs/{id}: one sync with its per-product results, in order. */
export function getErpSync(id: string, signal?: AbortSignal): Promise<ErpSyncDetail> {
  return apiJson<ErpSyncDetail>(`/api/erp-syncs/${encodeURIComponent(id)}`, { signal });
}

export function useErpSync(id: string) {
  return useQuery({
    queryKey: erpSyncKeys.detail(id),
    queryFn: ({ signal }) => getErpSync(id, signal),
    staleTime: 0,
    // A running sync fills in as it goes.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUNNING_POLL_MS : false),
  });
}
